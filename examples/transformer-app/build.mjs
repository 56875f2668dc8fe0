// Compiles the project with TypeScript 6 and the toolgen transformer: dist/ gets weather.tools.js
// (and its .d.ts) beside weather.js, while src/ holds no generated module. Exits 1 on any error,
// a toolset's TSH errors included (printed as the toolgen CLI prints them).
import path from 'node:path';
import ts from 'typescript';
import { createToolgenTransformer } from '@toolgen/generator/transformer';

const project = path.resolve(process.argv[2] ?? import.meta.dirname, 'tsconfig.json');
const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => report([diagnostic]) };
const config = ts.getParsedCommandLineOfConfigFile(project, undefined, host);
if (config === undefined || config.errors.length > 0) {
  report(config?.errors ?? []);
  process.exit(2);
}
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences });
const diagnostics = [...ts.getPreEmitDiagnostics(program)];
try {
  diagnostics.push(...program.emit(undefined, undefined, undefined, false, createToolgenTransformer(program)).diagnostics);
} catch (error) {
  if (error instanceof Error && error.name === 'ToolgenBuildError') {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
report(diagnostics);
process.exit(diagnostics.some((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error) ? 1 : 0);

function report(list) {
  if (list.length > 0) {
    console.error(ts.formatDiagnostics(list, { getCanonicalFileName: (file) => file, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' }).trimEnd());
  }
}
