import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'valid-tsdoc',
  code: 'TSH025',
  description: 'Require doc comment text that TSDoc reads as toolgen does: escaped @ and braces, no unknown block tags',
});
