import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'valid-workspace-path',
  code: 'TSH019',
  description: 'Require workspacePath to name a string parameter of the method',
});
