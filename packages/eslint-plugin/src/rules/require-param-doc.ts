import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'require-param-doc',
  code: 'TSH010',
  description: 'Require a @param doc for every parameter the model fills in',
});
