import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'direct-toolset',
  code: 'TSH017',
  description: 'Require toolsets to extend Toolset directly, without type parameters',
});
