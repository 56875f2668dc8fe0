import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'known-builder-calls',
  code: 'TSH021',
  description: 'Require every builder call and toolset call to be one toolgen knows',
});
