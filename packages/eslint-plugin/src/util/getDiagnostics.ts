import { checkUniqueNames, collectReferencedTools, relativePlace, type Diagnostic, type DiagnosticCode } from '@toolgen/generator/analysis';
import { analyzeFile, lintedProject, type ProgramContext } from './program.js';

const uniqueNames = new WeakMap<object, ReadonlyMap<string, readonly Diagnostic[]>>();

/**
 * The diagnostics of `code` in the linted file, from the generator's own analysis. Every rule of a
 * lint run shares one analysis per file (and, for TSH007, one pass over the program's files).
 */
export function getDiagnostics(context: ProgramContext, code: DiagnosticCode): readonly Diagnostic[] {
  if (code === 'TSH007') {
    return getUniqueNameDiagnostics(context).get(context.sourceFile.fileName) ?? [];
  }
  return analyzeFile(context.host, context.sourceFile).diagnostics.filter((diagnostic) => diagnostic.code === code);
}

/**
 * TSH007 as the CLI decides it: the tools of the project's own files (the program's root files),
 * against those of the projects its tsconfig references.
 */
function getUniqueNameDiagnostics(context: ProgramContext): ReadonlyMap<string, readonly Diagnostic[]> {
  const cached = uniqueNames.get(context.program);
  if (cached !== undefined) {
    return cached;
  }
  const project = lintedProject(context);
  const foreign = collectReferencedTools(project.references, new Set(project.configFile === undefined ? [] : [project.configFile]));
  const byFile = new Map<string, Diagnostic[]>();
  for (const diagnostic of checkUniqueNames(project.own, foreign, relativePlace(project.rootDir)).diagnostics) {
    byFile.set(diagnostic.file, [...(byFile.get(diagnostic.file) ?? []), diagnostic]);
  }
  uniqueNames.set(context.program, byFile);
  return byFile;
}
