import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'json-result-type',
  code: 'TSH006',
  description: 'Require tool results that serialize to JSON',
});
