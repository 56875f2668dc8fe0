import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'export-toolset',
  code: 'TSH001',
  description: 'Require toolset classes to be exported, so their generated modules can import them',
});
