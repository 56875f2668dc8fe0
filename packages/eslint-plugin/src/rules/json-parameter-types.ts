import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'json-parameter-types',
  code: 'TSH005',
  description: 'Require tool parameter and settings types that JSON Schema can represent',
});
