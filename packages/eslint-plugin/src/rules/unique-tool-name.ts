import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'unique-tool-name',
  code: 'TSH007',
  description: 'Require tool names and qualified names to be unique across the project and its references',
});
