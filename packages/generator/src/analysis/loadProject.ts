import { createRequire } from 'node:module';
import path from 'node:path';
import type ts from 'typescript';
import type { AnalysisHost } from './AnalysisHost.js';

// createRequire instead of import: Node's ESM loader scans ts-morph's large CommonJS bundle for
// named exports, which costs about 0.2 s per start.
const require = createRequire(import.meta.url);
type TsMorph = typeof import('ts-morph');

/** A tsconfig that is missing or does not parse: the CLI exits with 2. */
export class ProjectConfigurationError extends Error {
  override readonly name = 'ProjectConfigurationError';
}

/** A loaded TypeScript project: the analysis host, its root folder and its source files. */
export interface LoadedProject {
  readonly host: AnalysisHost;
  /** Absolute folder of the tsconfig.json; the manifest goes here. */
  readonly rootDir: string;
  readonly tsconfigPath: string;
  /** Absolute tsconfig paths of the projects it references. */
  readonly references: readonly string[];
  /** The project's own source files, not declaration files and not generated modules. */
  readonly sourceFiles: readonly ts.SourceFile[];
  /** Absolute paths of the project's files named like generated modules (`*.tools.ts`). */
  readonly generatedCandidates: readonly string[];
}

/** Loads a tsconfig.json through ts-morph (whose bundled TypeScript the analysis then uses). */
export function loadProject(tsconfigPath: string): LoadedProject {
  const morph = require('ts-morph') as TsMorph;
  const tsApi = morph.ts as unknown as typeof ts;
  const rootDir = path.dirname(tsconfigPath);
  const read = tsApi.readConfigFile(tsconfigPath, (file) => tsApi.sys.readFile(file));
  if (read.error !== undefined) {
    throw new ProjectConfigurationError(`${tsconfigPath} does not parse: ${flatten(tsApi, read.error)}`);
  }
  const parsed = tsApi.parseJsonConfigFileContent(read.config, tsApi.sys, rootDir, undefined, tsconfigPath);
  const errors = parsed.errors.filter((error) => error.category === tsApi.DiagnosticCategory.Error);
  if (errors.length > 0) {
    throw new ProjectConfigurationError(`${tsconfigPath} is not a valid tsconfig: ${errors.map((error) => flatten(tsApi, error)).join('; ')}`);
  }
  const project = new morph.Project({
    compilerOptions: parsed.options as never,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: false,
  });
  for (const fileName of parsed.fileNames) {
    project.addSourceFileAtPath(fileName);
  }
  project.resolveSourceFileDependencies();
  const program = project.getProgram().compilerObject as unknown as ts.Program;
  const ownFiles = new Set(parsed.fileNames.map((fileName) => path.resolve(fileName)));
  const sourceFiles = program
    .getSourceFiles()
    .filter((file) => !file.isDeclarationFile && ownFiles.has(path.resolve(file.fileName)) && !generatedModuleName.test(file.fileName));
  return {
    host: { ts: tsApi, program, checker: program.getTypeChecker() },
    rootDir,
    tsconfigPath,
    references: (parsed.projectReferences ?? []).map((reference) => {
      const target = path.resolve(rootDir, reference.path);
      return target.endsWith('.json') ? target : path.join(target, 'tsconfig.json');
    }),
    sourceFiles,
    generatedCandidates: [...ownFiles].filter((file) => generatedModuleName.test(file)),
  };
}

const generatedModuleName = /\.tools\.[cm]?ts$/;

function flatten(tsApi: typeof ts, diagnostic: ts.Diagnostic): string {
  return tsApi.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
}
