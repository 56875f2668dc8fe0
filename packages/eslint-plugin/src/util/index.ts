export { analyzeFile } from './analyzeFile.js';
export { createDiagnosticRule, diagnosticsDocsUrl, type DiagnosticRule, type DiagnosticRuleOptions, type ToolgenRuleDocs } from './createDiagnosticRule.js';
export { getDiagnostics } from './getDiagnostics.js';
export { getProgramContext, type ProgramContext } from './getProgramContext.js';
export { getTypeScript } from './getTypeScript.js';
export { ruleMessages } from './ruleMessages.js';
