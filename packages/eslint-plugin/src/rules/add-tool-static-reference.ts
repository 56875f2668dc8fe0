import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'add-tool-static-reference',
  code: 'TSH003',
  description: 'Require addTool to take a static method reference of its own class',
});
