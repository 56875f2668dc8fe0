import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'literal-chain-arguments',
  code: 'TSH013',
  description: 'Require builder-chain arguments to be literals with allowed values',
});
