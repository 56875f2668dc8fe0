import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'no-duplicate-tool',
  code: 'TSH016',
  description: 'Disallow adding the same method as a tool twice',
});
