import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'valid-settings',
  code: 'TSH012',
  description: 'Require withSettings last in the chain, and configurable/notConfigurable to select a writable settings member',
});
