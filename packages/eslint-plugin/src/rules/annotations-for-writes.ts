import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'annotations-for-writes',
  code: 'TSH024',
  description: 'Disallow additive() and idempotent() on a readOnly() tool, and an empty withTitle',
});
