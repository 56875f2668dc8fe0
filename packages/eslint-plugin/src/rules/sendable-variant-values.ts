import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'sendable-variant-values',
  code: 'TSH022',
  description: 'Warn where a provider variant cannot let the model send a value',
});
