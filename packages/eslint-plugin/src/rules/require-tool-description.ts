import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'require-tool-description',
  code: 'TSH009',
  description: 'Require a TSDoc summary or withDescription for every tool',
});
