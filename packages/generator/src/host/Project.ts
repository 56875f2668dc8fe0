import type { AnalysisHost } from './AnalysisHost.js';
import type { SourceFile } from './syntax.js';

/*
 * A project as a backend loads it: the tsconfig's files, a program over them, and (for the
 * watcher) the same program again after files changed. `analysis/analyzeProject.ts` and the CLI
 * depend on these interfaces alone; `backends/ts6` and `backends/ts7` implement them.
 */

/** The compiler a project is analysed with (`toolgen --backend`, SPEC §8). */
export type BackendName = 'ts6' | 'ts7';

export const backendNames: readonly BackendName[] = ['ts6', 'ts7'];

/** A tsconfig that is missing or does not parse: the CLI exits with 2. */
export class ProjectConfigurationError extends Error {
  override readonly name = 'ProjectConfigurationError';
}

/** The compiler process a backend runs on (TypeScript 7's `tsc --api`) stopped: the project must be loaded again. */
export class CompilerProcessError extends Error {
  override readonly name = 'CompilerProcessError';
}

/** What a tsconfig.json says, read once per load or reload. */
export interface ProjectConfig {
  /** Absolute paths of the files the tsconfig includes, generated modules left out. */
  readonly fileNames: readonly string[];
  /** Absolute paths of the project's files named like generated modules (`*.tools.ts`). */
  readonly generatedCandidates: readonly string[];
  /** Absolute tsconfig paths of the projects it references. */
  readonly references: readonly string[];
  /** Folders whose new files may join the project (tsconfig `include` wildcards). */
  readonly directories: readonly { readonly path: string; readonly recursive: boolean }[];
  /** The tsconfig.json and every file it extends. */
  readonly configFiles: readonly string[];
}

/** A TypeScript syntax error, reported as tsc would (`TS1005`); the file's toolsets keep their last good analysis. */
export interface SyntaxProblem {
  readonly code: string;
  readonly severity: 'error';
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** For each file of a program, the files it imports; a graph can be built again reusing the unchanged files' imports. */
export type ImportGraph = Map<string, ReadonlySet<string>>;

/** A loaded program: the analysis host, the project's folders and its source files. */
export interface LoadedProject {
  readonly host: AnalysisHost;
  /** Absolute folder of the tsconfig.json; the manifest goes here. */
  readonly rootDir: string;
  readonly tsconfigPath: string;
  /** Absolute tsconfig paths of the projects it references. */
  readonly references: readonly string[];
  /** The project's own source files, not declaration files and not generated modules. */
  readonly sourceFiles: readonly SourceFile[];
  /** Absolute paths of the project's files named like generated modules (`*.tools.ts`). */
  readonly generatedCandidates: readonly string[];
  /** The absolute paths of every file of the program, declaration files and libraries included. */
  programFiles(): readonly string[];
  /**
   * For each file of the program outside node_modules and the default libraries, the files its
   * import and export declarations, `import()` calls and `import('…')` types resolve to; the
   * imports of a file `reuse` knows and that did not change are taken from it.
   */
  importGraph(reuse?: { readonly previous: ReadonlyMap<string, ReadonlySet<string>>; readonly changed: ReadonlySet<string> }): ImportGraph;
  /** Whether a change to `file` can change any other file's types: a script, or a module that augments the globals or another module. */
  affectsEveryFile(file: string): boolean;
  /**
   * The syntax errors of every file of the program that is the project's own: not a default
   * library, no package's file, no generated module; sorted by file.
   */
  syntaxProblems(): readonly SyntaxProblem[];
  /** The syntax errors of one source file. */
  syntaxProblemsOf(sourceFile: SourceFile): readonly SyntaxProblem[];
}

/** Which files a refresh found changed; paths are absolute. */
export interface ProjectChanges {
  /** Source files whose text changed, appeared or disappeared. */
  readonly files: ReadonlySet<string>;
  /** True when the set of files the tsconfig includes changed. */
  readonly membershipChanged: boolean;
}

/** How a project is loaded. */
export interface ProjectLoadOptions {
  /** A program for one generation (the one-shot CLI), which cannot be refreshed: the backend may build it more cheaply. */
  readonly oneShot?: boolean;
}

/** A project kept across changes: the CLI loads it once; the watcher refreshes the files that changed on disk. */
export interface Project {
  readonly rootDir: string;
  readonly tsconfigPath: string;
  readonly config: ProjectConfig;
  /** The current program. */
  snapshot(): LoadedProject;
  /**
   * Re-reads `paths` from disk (and with `rescan`, the tsconfig's file list); the next
   * `snapshot()` is a program of the result. Throws `ProjectConfigurationError` when a rescan
   * finds the tsconfig broken; the project then stays as it was.
   */
  refresh(paths: Iterable<string>, rescan: boolean): ProjectChanges;
  /** Parses `file` again although its text did not change (the watcher's warm-up). */
  reparse(file: string): ProjectChanges;
  /** Lets go of the program, so its memory can be reclaimed; the project cannot be used again. Never throws. */
  release(): void;
  /** Resolves once the compiler process the project ran on, if any, has exited after `release()` (TypeScript 7's). */
  exited(): Promise<void>;
  /** False when the compiler process the project runs on has stopped (TypeScript 7's, killed or crashed): the watcher then loads the project again. */
  isAlive(): boolean;
  /** A project this one references (for TSH007), loaded the same way, by the same backend. */
  loadReference(tsconfigPath: string): Project;
}
