// `@toolgen/generator/analysis`: the analysis of one type-checked program, and the diagnostics
// catalogue, without the CLI, watch mode, emission, bundler plugins or MCP (what the ESLint plugin
// loads). It imports no `typescript` value: the caller passes its own to ts6AnalysisHost.
export { analyzeSourceFile, type SourceFileAnalysis } from './analyzeSourceFile.js';
export type { AnalysisHost } from '../host/AnalysisHost.js';
export type { SourceFile } from '../host/syntax.js';
export { ts6AnalysisHost } from '../backends/ts6/analysisHost.js';
export { checkUniqueNames, collectReferencedTools, relativePlace, type ForeignTool, type ReferencedProject } from './checkUniqueNames.js';
export type { ParameterKind, ParameterModel, ResultKind, SettingsModel, ToolModel, ToolsetModel } from './model.js';
export { diagnosticCatalogue, renderMessage, type DiagnosticCode, type DiagnosticSeverity, type MessageId } from '../diagnostics/catalogue.js';
export type { Diagnostic, DiagnosticLocation } from '../diagnostics/Diagnostic.js';
