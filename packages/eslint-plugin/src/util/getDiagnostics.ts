import path from 'node:path';
import {
  checkUniqueNames,
  collectReferencedTools,
  relativePlace,
  ts6AnalysisHost,
  type AnalysisHost,
  type Diagnostic,
  type DiagnosticCode,
  type ReferencedProject,
  type ToolsetModel,
} from '@toolgen/generator/analysis';
import type ts from 'typescript';
import { analyzeFile } from './analyzeFile.js';
import type { ProgramContext } from './getProgramContext.js';

const uniqueNames = new WeakMap<ts.Program, ReadonlyMap<string, readonly Diagnostic[]>>();
const generatedModuleName = /\.tools\.[cm]?ts$/;

/**
 * The diagnostics of `code` in the linted file, from the generator's own analysis. Every rule of a
 * lint run shares one analysis per file (and, for TSH007, one pass over the program's files).
 */
export function getDiagnostics({ host, sourceFile, cwd }: ProgramContext, code: DiagnosticCode): readonly Diagnostic[] {
  if (code === 'TSH007') {
    return getUniqueNameDiagnostics(host, sourceFile, cwd).get(sourceFile.fileName) ?? [];
  }
  return analyzeFile(host, sourceFile).diagnostics.filter((diagnostic) => diagnostic.code === code);
}

/**
 * TSH007 as the CLI decides it: the tools of the project's own files (the program's root files),
 * against those of the projects its tsconfig references.
 */
function getUniqueNameDiagnostics(host: AnalysisHost, current: ts.SourceFile, cwd: string): ReadonlyMap<string, readonly Diagnostic[]> {
  const cached = uniqueNames.get(host.program);
  if (cached !== undefined) {
    return cached;
  }
  const { program } = host;
  const configFile = program.getCompilerOptions()['configFilePath'];
  const rootDir = typeof configFile === 'string' ? path.dirname(configFile) : cwd;
  const ownNames = new Set(program.getRootFileNames());
  ownNames.add(current.fileName);
  const own = toolsetsOf(host, ownNames);
  const references = referencedProjects(host, program.getResolvedProjectReferences());
  const foreign = collectReferencedTools(references, new Set(typeof configFile === 'string' ? [configFile] : []));
  const byFile = new Map<string, Diagnostic[]>();
  for (const diagnostic of checkUniqueNames(own, foreign, relativePlace(rootDir)).diagnostics) {
    byFile.set(diagnostic.file, [...(byFile.get(diagnostic.file) ?? []), diagnostic]);
  }
  uniqueNames.set(program, byFile);
  return byFile;
}

/** The toolsets of the named source files, in the CLI's order (by file name). */
function toolsetsOf(host: AnalysisHost, fileNames: Iterable<string>): ToolsetModel[] {
  return [...fileNames]
    .map((fileName) => host.program.getSourceFile(fileName))
    .filter((file): file is ts.SourceFile => file !== undefined && !file.isDeclarationFile && !generatedModuleName.test(file.fileName))
    .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0))
    .flatMap((file) => analyzeFile(host, file).toolsets);
}

/** The projects the program references, as the generator's TSH007 visits them (it follows their own references). */
function referencedProjects(host: AnalysisHost, references: readonly (ts.ResolvedProjectReference | undefined)[] | undefined): ReferencedProject[] {
  return (references ?? [])
    .filter((reference): reference is ts.ResolvedProjectReference => reference !== undefined)
    .map((reference) => ({
      tsconfigPath: reference.sourceFile.fileName,
      toolsets: () => toolsetsOf(hostFor(host, reference), reference.commandLine.fileNames),
      references: () => referencedProjects(host, reference.references),
    }));
}

const referencedHosts = new Map<string, { readonly version: string; readonly host: AnalysisHost }>();

/**
 * A host holding the referenced project's own sources: the program itself when it holds them all
 * (the project service reads referenced sources rather than their declarations), else a program of
 * the referenced project, kept while its files stay unchanged.
 */
function hostFor(host: AnalysisHost, reference: ts.ResolvedProjectReference): AnalysisHost {
  const { ts, program } = host;
  const fileNames = reference.commandLine.fileNames.filter((fileName) => !generatedModuleName.test(fileName));
  if (fileNames.every((fileName) => program.getSourceFile(fileName)?.isDeclarationFile === false)) {
    return host;
  }
  const version = fileNames.map((fileName) => `${fileName}@${ts.sys.getModifiedTime?.(fileName)?.getTime() ?? ''}`).join('|');
  const cached = referencedHosts.get(reference.sourceFile.fileName);
  if (cached !== undefined && cached.version === version && cached.host.ts === ts) {
    return cached.host;
  }
  const own = ts.createProgram({ rootNames: fileNames, options: reference.commandLine.options, projectReferences: reference.commandLine.projectReferences ?? [] });
  const created = ts6AnalysisHost(ts, own);
  referencedHosts.set(reference.sourceFile.fileName, { version, host: created });
  return created;
}
