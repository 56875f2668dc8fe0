import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'supported-parameter-form',
  code: 'TSH004',
  description: 'Disallow rest, this and extra destructured parameters on tool methods',
});
