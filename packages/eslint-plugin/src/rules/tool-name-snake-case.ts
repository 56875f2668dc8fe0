import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'tool-name-snake-case',
  code: 'TSH008',
  description: 'Require lower_snake_case tool names',
});
