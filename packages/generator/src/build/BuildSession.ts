import path from 'node:path';
import type { Diagnostic } from '../diagnostics/Diagnostic.js';
import { formatDiagnosticText } from '../diagnostics/format.js';
import { GenerationSession, type GenerationResult } from '../generate.js';
import { modulePathFor } from '../manifest/manifest.js';

/** A generated module as a build sees it: where the CLI would write it, and what it would write. */
export interface BuildModule {
  /** Absolute path of the module (`src/tickets.tools.ts`), beside its source as the CLI writes it. */
  readonly path: string;
  /** Absolute path of the source file holding the toolsets. */
  readonly source: string;
  /** The module's text, byte for byte the CLI's; undefined when the source's toolsets have errors. */
  readonly content: string | undefined;
  /** The error diagnostics that keep the module from being generated (none when it is). */
  readonly errors: readonly Diagnostic[];
  /** The warnings of the source file. */
  readonly warnings: readonly Diagnostic[];
}

/** A build stops on a generated module whose toolsets have errors: the message is the CLI's lines for them. */
export class ToolgenBuildError extends Error {
  override readonly name = 'ToolgenBuildError';
  readonly diagnostics: readonly Diagnostic[];

  constructor(diagnostics: readonly Diagnostic[], cwd = process.cwd()) {
    super(formatDiagnosticLines(diagnostics, cwd));
    this.diagnostics = diagnostics;
    // the user's mistake, not toolgen's: bundlers print an error's stack, and toolgen's frames would say nothing to fix
    this.stack = `${this.name}: ${this.message}`;
  }
}

/** Diagnostics as the CLI prints them, one line each (`src/tickets.ts:12:5 - error TSH008: …`), relative to `cwd`. */
export function formatDiagnosticLines(diagnostics: readonly Diagnostic[], cwd = process.cwd()): string {
  return diagnostics.map((diagnostic) => formatDiagnosticText(diagnostic, cwd)).join('\n');
}

interface Generation {
  readonly result: GenerationResult;
  readonly byPath: ReadonlyMap<string, BuildModule>;
  readonly bySource: ReadonlyMap<string, BuildModule>;
}

/**
 * The generation a bundler plugin or a transformer runs inside a build: the CLI's own
 * `GenerationSession` (incremental, as the watcher's), opened on first use, generating every
 * module in memory and writing nothing. `update` takes in changed files and says which modules
 * changed, so that dev servers can invalidate exactly those.
 */
export class BuildSession {
  readonly tsconfigPath: string;
  #session: GenerationSession | undefined;
  #generation: Generation | undefined;

  constructor(tsconfigPath: string) {
    this.tsconfigPath = tsconfigPath;
  }

  /** Whether the project has been loaded (by a first `module` or `moduleOfSource`). */
  get opened(): boolean {
    return this.#session !== undefined;
  }

  /** The module the CLI would write at `modulePath` (absolute), or undefined when no source of the project holds toolsets for it. Throws `ProjectConfigurationError`. */
  module(modulePath: string): BuildModule | undefined {
    return this.#current().byPath.get(path.resolve(modulePath));
  }

  /** The module generated for the source file `source` (absolute), or undefined when it holds no toolset. Throws `ProjectConfigurationError`. */
  moduleOfSource(source: string): BuildModule | undefined {
    return this.#current().bySource.get(path.resolve(source));
  }

  /** Every module of the project, by path. */
  modules(): readonly BuildModule[] {
    return [...this.#current().byPath.values()];
  }

  /** The files the generation reads: the project's source files and its tsconfig files. Empty before the project is loaded. */
  watchFiles(): readonly string[] {
    const config = this.#session?.analyzer.project.config;
    return config === undefined ? [] : [...config.fileNames, ...config.configFiles];
  }

  /**
   * Takes in files that were created, changed or deleted, and returns the paths of the modules
   * whose text (or existence) changed. A change to a tsconfig file loads the project again.
   * Throws `ProjectConfigurationError` when the tsconfig no longer parses.
   */
  update(files: Iterable<string>, event: 'create' | 'update' | 'delete'): string[] {
    const session = this.#session;
    if (session === undefined) {
      return [];
    }
    const changed = [...files].map((file) => path.resolve(file));
    const config = session.analyzer.project.config;
    if (changed.some((file) => config.configFiles.includes(file))) {
      return this.#regenerate(() => {
        this.#session = undefined;
        return true;
      });
    }
    const known = new Set(config.fileNames);
    const relevant = changed.filter((file) => known.has(file) || (event !== 'update' && /\.[cm]?tsx?$/.test(file)));
    return relevant.length === 0 ? [] : this.#regenerate(() => hasChanges(session.update(relevant, event !== 'update')));
  }

  /**
   * Reads every file of the project again and the tsconfig's file list, for bundlers that say
   * nothing about what changed between rebuilds (esbuild). Returns the paths of the modules that changed.
   */
  refresh(): string[] {
    const session = this.#session;
    return session === undefined ? [] : this.#regenerate(() => hasChanges(session.update(session.analyzer.project.config.fileNames, true)));
  }

  /** Runs `change`; when it says something changed, generates again and returns the modules whose text changed. */
  #regenerate(change: () => boolean): string[] {
    const before = this.#current().byPath;
    if (!change()) {
      return [];
    }
    this.#generation = undefined;
    const after = this.#current().byPath;
    const paths = new Set([...before.keys(), ...after.keys()]);
    return [...paths].filter((file) => before.get(file)?.content !== after.get(file)?.content).sort();
  }

  #current(): Generation {
    if (this.#generation === undefined) {
      this.#session ??= GenerationSession.open({ project: this.tsconfigPath, incremental: true });
      this.#generation = describe(this.#session.generate(), this.#session);
    }
    return this.#generation;
  }
}

function hasChanges({ changes }: ReturnType<GenerationSession['update']>): boolean {
  return changes.files.size > 0 || changes.membershipChanged;
}

function describe(result: GenerationResult, session: GenerationSession): Generation {
  const contents = new Map(result.outputs.map((file) => [file.path, file.content]));
  const sources = new Set(result.analysis.toolsets.map((toolset) => toolset.source));
  const byPath = new Map<string, BuildModule>();
  const bySource = new Map<string, BuildModule>();
  for (const source of sources) {
    const modulePath = modulePathFor(source, session.layout);
    const content = contents.get(modulePath);
    // an error located outside any toolset's file (a settings class's, say) belongs to whichever toolset reached it
    const own = result.diagnostics.filter((diagnostic) => diagnostic.file === source || !sources.has(diagnostic.file));
    const errors = own.filter((diagnostic) => diagnostic.severity === 'error');
    const module: BuildModule = {
      path: modulePath,
      source,
      content,
      errors: content !== undefined ? [] : errors.length > 0 ? errors : result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
      warnings: result.diagnostics.filter((diagnostic) => diagnostic.file === source && diagnostic.severity === 'warning'),
    };
    byPath.set(modulePath, module);
    bySource.set(source, module);
  }
  return { result, byPath, bySource };
}
