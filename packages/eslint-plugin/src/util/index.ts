export { createDiagnosticRule, diagnosticsDocsUrl, type DiagnosticRuleOptions } from './createDiagnosticRule.js';
export type { DiagnosticRule, TshCode, ToolgenRuleDocs } from './ruleTypes.js';
export { getDiagnostics } from './getDiagnostics.js';
export { analyzeFile, getProgramContext, getTypeScript, type ProgramContext } from './program.js';
export { ruleMessages } from './ruleMessages.js';
