import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'known-schema-tags',
  code: 'TSH023',
  description: 'Require schema tags in the form and place toolgen reads them',
});
