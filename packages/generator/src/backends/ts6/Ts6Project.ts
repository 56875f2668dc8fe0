import { statSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type ts from 'typescript';
import {
  ProjectConfigurationError,
  type LoadedProject,
  type Project,
  type ProjectChanges,
  type ProjectConfig,
  type ProjectLoadOptions,
} from '../../host/Project.js';
import { ts6AnalysisHost } from './analysisHost.js';
import { loadBundledCompiler, type BundledCompiler } from './bundledCompiler.js';
import { IncrementalProgram } from './incrementalProgram.js';
import { createProjectProgram, forgetParsedDeclarations } from './projectProgram.js';
import { ts6LoadedProject, type Ts6LoadedProject } from './programQueries.js';

/** What a tsconfig.json says, with the compiler options TypeScript 6 builds its program with. */
export interface Ts6ProjectConfig extends ProjectConfig {
  readonly options: ts.CompilerOptions;
}

/**
 * A project on TypeScript 6 (the compiler ts-morph bundles), kept across changes: the CLI loads it
 * once; the watcher refreshes the files that changed on disk, and each new program reuses the
 * unchanged files of the previous one (`IncrementalProgram`), so only changed files are parsed and
 * bound again. Its first program is built as the one-shot CLI builds its only one
 * (`createProjectProgram`, which shares the declaration files it parses with the other programs of
 * the process), so the CLI, the watcher, the bundler plugin and the transformer start from the
 * same program. Loaded `oneShot`, it keeps that program, and `refresh` throws.
 */
export class IncrementalProject implements Project {
  readonly rootDir: string;
  readonly tsconfigPath: string;
  readonly #ts: typeof ts;
  readonly #compiler: BundledCompiler;
  /** The program the project was loaded with: a one-shot project's only one, the watcher's until its first refresh. */
  #firstProgram: ts.Program | undefined;
  readonly #oneShot: boolean;
  #released = false;
  #config: Ts6ProjectConfig;
  #snapshot: Ts6LoadedProject | undefined;
  /** From the first `refresh` on (the watcher): the programs after the first. */
  #incremental: IncrementalProgram | undefined;

  private constructor(tsconfigPath: string, compiler: BundledCompiler, config: Ts6ProjectConfig, oneShot: boolean) {
    this.tsconfigPath = tsconfigPath;
    this.rootDir = path.dirname(tsconfigPath);
    this.#compiler = compiler;
    this.#ts = compiler.ts;
    this.#config = config;
    this.#oneShot = oneShot;
    this.#firstProgram = createProjectProgram(compiler, config.options, config.fileNames);
  }

  /** Reads the tsconfig and every file it includes. Throws `ProjectConfigurationError`. */
  static load(tsconfigPath: string, options: ProjectLoadOptions = {}): IncrementalProject {
    const compiler = loadBundledCompiler();
    return new IncrementalProject(tsconfigPath, compiler, readProjectConfig(compiler.ts, tsconfigPath), options.oneShot === true);
  }

  get config(): Ts6ProjectConfig {
    return this.#config;
  }

  /**
   * Lets go of the program and its checker, so that their memory can be reclaimed (the one-shot
   * CLI, once the analysis is done); the project cannot be used again. A one-shot project of a
   * large program is collected at once, with the declaration files project programs share
   * (see `collectGarbage`).
   */
  /** TypeScript 6 runs in this process: there is nothing to wait for. */
  exited(): Promise<void> {
    return Promise.resolve();
  }

  release(): void {
    const large = this.#oneShot && this.#firstProgram !== undefined && isLargeProgram(this.#firstProgram);
    this.#released = true;
    this.#firstProgram = undefined;
    this.#incremental = undefined;
    this.#snapshot = undefined;
    if (large) {
      forgetParsedDeclarations();
      collectGarbage();
    }
  }

  /** TypeScript 6 runs in this process. */
  isAlive(): boolean {
    return true;
  }

  get #program(): ts.Program {
    if (this.#released) {
      throw new Error('IncrementalProject: used after release()');
    }
    return this.#incremental?.program() ?? this.#firstProgram!;
  }

  loadReference(tsconfigPath: string): Project {
    return IncrementalProject.load(tsconfigPath, { oneShot: this.#oneShot });
  }

  /** The current program, its checker and the project's own source files. */
  snapshot(): Ts6LoadedProject {
    if (this.#snapshot === undefined) {
      const program = this.#program;
      const own = new Set(this.#config.fileNames);
      const sourceFiles = program.getSourceFiles().filter((file) => !file.isDeclarationFile && own.has(path.resolve(file.fileName)));
      this.#snapshot = ts6LoadedProject(ts6AnalysisHost(this.#ts, program), {
        rootDir: this.rootDir,
        tsconfigPath: this.tsconfigPath,
        references: this.#config.references,
        sourceFiles: sourceFiles as unknown as LoadedProject['sourceFiles'],
        generatedCandidates: this.#config.generatedCandidates,
      });
    }
    return this.#snapshot;
  }

  /**
   * Re-reads `paths` from disk: changed files are reparsed, deleted ones dropped, and when
   * `rescan` is set (files were added or removed) the tsconfig's file list is read again.
   * The next `snapshot()` builds a program from the result, reusing the unchanged files of the
   * last one (`IncrementalProgram`; the first program is let go once the next is built). Throws
   * `ProjectConfigurationError` when a rescan finds the tsconfig broken; the project then stays as it was.
   * A rescan that finds other compiler options (`strict`, `target`, …) starts over from a new first
   * program built with them, and every file of the project counts as changed: any type may differ.
   */
  refresh(paths: Iterable<string>, rescan: boolean): ProjectChanges {
    if (this.#oneShot) {
      throw new Error('IncrementalProject: a one-shot project cannot be refreshed');
    }
    const next = rescan ? readProjectConfig(this.#ts, this.tsconfigPath) : undefined;
    if (next !== undefined && JSON.stringify(next.options) !== JSON.stringify(this.#config.options)) {
      const files = new Set([...this.#config.fileNames, ...next.fileNames]);
      this.#config = next;
      this.#incremental = undefined;
      this.#snapshot = undefined;
      this.#firstProgram = createProjectProgram(this.#compiler, next.options, next.fileNames);
      return { files, membershipChanged: true };
    }
    const incremental = this.#incrementalProgram();
    const files = new Set<string>();
    let membershipChanged = false;
    if (next !== undefined) {
      const before = new Set(this.#config.fileNames);
      const after = new Set(next.fileNames);
      const removed = [...before].filter((fileName) => !after.has(fileName));
      const added = [...after].filter((fileName) => !before.has(fileName));
      if (removed.length > 0 || added.length > 0) {
        incremental.changeMembership(removed, added);
        removed.forEach((fileName) => files.add(fileName));
        added.forEach((fileName) => files.add(fileName));
        membershipChanged = true;
      }
      this.#config = next;
    }
    for (const fileName of paths) {
      const absolute = path.resolve(fileName);
      if (files.has(absolute)) {
        continue;
      }
      const known = incremental.textOf(absolute);
      if (known === undefined) {
        continue;
      }
      const text = this.#ts.sys.readFile(absolute);
      if (text === known) {
        continue;
      }
      incremental.update(absolute, text);
      files.add(absolute);
    }
    if (files.size > 0 || membershipChanged) {
      this.#snapshot = undefined;
    }
    return { files, membershipChanged };
  }

  /**
   * Parses `file` again although its text did not change, as a change would: the watcher's
   * warm-up runs one cycle through it (no output changes) so that the first real edit finds
   * the incremental path compiled and the first program let go. No change when the program does not hold `file`.
   */
  reparse(file: string): ProjectChanges {
    const incremental = this.#incrementalProgram();
    const absolute = path.resolve(file);
    const text = incremental.textOf(absolute);
    if (text === undefined) {
      return { files: new Set(), membershipChanged: false };
    }
    incremental.update(absolute, text);
    this.#snapshot = undefined;
    return { files: new Set([absolute]), membershipChanged: false };
  }

  /** The watcher's program source from the first refresh on, taking over the first program. */
  #incrementalProgram(): IncrementalProgram {
    if (this.#released) {
      throw new Error('IncrementalProject: used after release()');
    }
    if (this.#incremental === undefined) {
      const { libFolder, libFiles } = this.#compiler;
      this.#incremental = new IncrementalProgram(this.#ts, this.#config.options, this.#firstProgram!, libFolder, (fileName) => libFiles.get(fileName));
      // its checker, the first analysis's types included, goes once the next program is built
      this.#firstProgram = undefined;
    }
    return this.#incremental;
  }
}

/**
 * About 400 tools (the bench corpus has some 700 characters of source a tool): below it, the collection is not worth its
 * milliseconds, and the next program of the process (generate() for several projects, a test's) would parse the
 * declarations again. Counted in the project's own files, as what grows with its tools: a program's node count, which it
 * was, has the lib's and `@types/node`'s, over 250,000 nodes, and made every project with them "large".
 */
const largeProgramCharacters = 300_000;

/** Whether a one-shot project's program is large enough for a full collection once it is let go: its own files' characters. */
export function isLargeProgram(program: ts.Program): boolean {
  let characters = 0;
  for (const file of program.getSourceFiles()) {
    if (!file.isDeclarationFile) {
      characters += file.text.length;
    }
  }
  return characters >= largeProgramCharacters;
}

/**
 * A full garbage collection, right after the program is let go: V8 sizes the heap by what was
 * alive at its last full collection, which was while the program was, so without one the
 * printing that follows grows the heap to about twice the program before the program's memory
 * is reclaimed. Collected here, the live heap drops (to about half at 1000 tools) and the run's
 * peak with it (1000 tools: 325 → 259 MiB; 5000 tools: 627 → 557 MiB), for about the CPU time
 * the collection V8 would have run later anyway. Node 20 has no API for it without
 * `--expose-gc`, which is set for a new context only.
 */
function collectGarbage(): void {
  if (fullCollection === undefined) {
    const exposed = (globalThis as { gc?: unknown }).gc;
    if (typeof exposed === 'function') {
      fullCollection = exposed as () => void;
    } else {
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as unknown;
      setFlagsFromString('--no-expose-gc');
      fullCollection = typeof gc === 'function' ? (gc as () => void) : () => {};
    }
  }
  fullCollection();
}

let fullCollection: (() => void) | undefined;

const generatedModuleName = /\.tools\.[cm]?ts$/;

/** Reads and validates a tsconfig.json. Throws `ProjectConfigurationError`. */
export function readProjectConfig(tsApi: typeof ts, tsconfigPath: string): Ts6ProjectConfig {
  const rootDir = path.dirname(tsconfigPath);
  const read = tsApi.readConfigFile(tsconfigPath, (file) => tsApi.sys.readFile(file));
  if (read.error !== undefined) {
    throw new ProjectConfigurationError(`${tsconfigPath} does not parse: ${flatten(tsApi, read.error)}`);
  }
  // parsed from the source file (not read.config) so that it lists the files it extends
  const source = tsApi.readJsonConfigFile(tsconfigPath, (file) => tsApi.sys.readFile(file));
  const parsed = tsApi.parseJsonSourceFileConfigFileContent(source, tsApi.sys, rootDir, undefined, tsconfigPath);
  const errors = parsed.errors.filter((error) => error.category === tsApi.DiagnosticCategory.Error);
  if (errors.length > 0) {
    throw new ProjectConfigurationError(`${tsconfigPath} is not a valid tsconfig: ${errors.map((error) => flatten(tsApi, error)).join('; ')}`);
  }
  const all = parsed.fileNames.map((fileName) => path.resolve(fileName));
  // "include" only matches files that exist; "files" is taken as written, and TypeScript leaves a missing one to the program
  const missing = all.filter((file) => !isFile(file));
  if (missing.length > 0) {
    const named = missing.map((file) => path.relative(rootDir, file).split(path.sep).join('/')).join(', ');
    throw new ProjectConfigurationError(
      `${tsconfigPath} lists ${named} in "files", but ${missing.length === 1 ? 'there is no such file' : 'there are no such files'}. Create ${missing.length === 1 ? 'it' : 'them'}, or remove ${missing.length === 1 ? 'it' : 'them'} from "files".`,
    );
  }
  const extended = source.extendedSourceFiles ?? [];
  return {
    options: parsed.options,
    // generated modules stay out of the program unless a source imports one: they are large and never analyzed
    fileNames: all.filter((file) => !generatedModuleName.test(file)),
    generatedCandidates: all.filter((file) => generatedModuleName.test(file)),
    references: (parsed.projectReferences ?? []).map((reference) => {
      const target = path.resolve(rootDir, reference.path);
      return target.endsWith('.json') ? target : path.join(target, 'tsconfig.json');
    }),
    directories: Object.entries(parsed.wildcardDirectories ?? {}).map(([directory, flags]) => ({
      path: path.resolve(directory),
      recursive: (flags & tsApi.WatchDirectoryFlags.Recursive) !== 0,
    })),
    configFiles: [tsconfigPath, ...extended.map((file) => path.resolve(file))],
  };
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function flatten(tsApi: typeof ts, diagnostic: ts.Diagnostic): string {
  return tsApi.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
}
