import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'single-chain',
  code: 'TSH015',
  description: 'Require each tool\'s builder chain to be one statement',
});
