import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'add-tool-static-method',
  code: 'TSH002',
  description: 'Require addTool to name a static method, not an instance method',
});
