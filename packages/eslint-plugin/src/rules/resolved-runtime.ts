import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'resolved-runtime',
  code: 'TSH026',
  description: 'Require the Toolset a class extends to resolve to the installed @toolgen/runtime package',
});
