import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'no-unknown-param-doc',
  code: 'TSH011',
  description: 'Disallow @param tags that name no parameter',
});
