import { createDiagnosticRule } from '../util/index.js';

export default createDiagnosticRule({
  name: 'no-conflicting-confidentiality',
  code: 'TSH018',
  description: 'Disallow marking a tool or toolset both confidentialOnly and nonConfidentialOnly',
});
