import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'add-tool-in-constructor',
  code: 'TSH014',
  description: 'Require addTool to be a statement directly in the constructor',
});
