export { createDiagnosticRule, diagnosticsDocsUrl, type DiagnosticRule, type DiagnosticRuleOptions, type ToolgenRuleDocs } from './createDiagnosticRule.js';
export { getDiagnostics } from './getDiagnostics.js';
export { analyzeFile, getProgramContext, getTypeScript, type ProgramContext } from './program.js';
export { ruleMessages } from './ruleMessages.js';
