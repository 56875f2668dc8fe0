import { realpathSync } from 'node:fs';
import path from 'node:path';
import { ProjectAnalyzer, projectSyntaxProblems, type AnalysisUpdate, type ProjectAnalysis, type SyntaxProblem } from './analysis/analyzeProject.js';
import { checkRenamedSettings, type PreviousTool } from './analysis/checkRenamedSettings.js';
import type { ForeignTool } from './analysis/checkUniqueNames.js';
import { loadProject } from './backends/index.js';
import { ProjectConfigurationError, type BackendName, type Project, type ProjectChanges } from './host/Project.js';
import type { ToolsetModel } from './analysis/model.js';
import { budgetOf, checkTokenBudget, type BudgetReport } from './budget/budgetReport.js';
import { readTokenBudget } from './budget/tokenBudget.js';
import { checkPolicies, checkPolicyFiles, toolSurfaceOf } from './policy/checkPolicies.js';
import { findPolicyFiles, policyPatterns, type PolicySources } from './policy/policyFiles.js';
import { compareDiagnostics, type Diagnostic } from './diagnostics/Diagnostic.js';
import { OutputEmitter, sourcesWithErrors, type OutputFile, type OutputPieces } from './emit/OutputEmitter.js';
import { startsWithGeneratedHeader } from './io/generatedFiles.js';
import { readIfExists } from './io/writeFileAtomic.js';
import { keptEntriesOf, manifestFileName, modulePathFor, type KeptEntries, type Manifest, type OutputLayout } from './manifest/manifest.js';
import { readManifestText } from './manifest/readManifest.js';

export type { OutputFile, OutputPieces } from './emit/OutputEmitter.js';

/** What generation computes, before anything is written. */
export interface GenerationResult {
  readonly analysis: ProjectAnalysis;
  readonly manifest: Manifest;
  /** Every file this run produces: the modules, then the manifest. */
  readonly outputs: readonly OutputFile[];
  /** Generated modules on disk whose source no longer holds a toolset: to be removed. */
  readonly orphans: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
  /**
   * TypeScript syntax errors of the project's files. Outside the watcher, any of them means no
   * outputs and no orphans: the whole last good output stays as it is.
   */
  readonly syntaxErrors: readonly SyntaxProblem[];
  /** The policy files checked (`policies`); their diagnostics are among `diagnostics`. */
  readonly policyFiles: readonly string[];
  /** What the manifest's tools cost in a tool list, and the budget (TSH040 is among `diagnostics` when they exceed it); undefined when there are syntax errors. */
  readonly budget: BudgetReport | undefined;
}

/** What the one-shot CLI learns from a generation besides the files it was handed: orphans, diagnostics, and what the manifest counts. */
export interface OneShotGeneration {
  readonly orphans: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
  /** TypeScript syntax errors of the project's files: when there are any, nothing was printed (and nothing is to be written or removed). */
  readonly syntaxErrors: readonly SyntaxProblem[];
  /** Toolsets and tools in the manifest (those kept for source files with errors included). */
  readonly toolsets: number;
  readonly tools: number;
  /** The analyzed toolsets (those with errors too) and the tools of referenced projects: what policy files are checked against. */
  readonly analyzedToolsets: readonly ToolsetModel[];
  readonly referencedTools: readonly ForeignTool[];
  /** What the manifest's tools cost in a tool list, and the budget (TSH040 is among `diagnostics` when they exceed it). */
  readonly budget: BudgetReport | undefined;
  /** The policy files checked (`policies`); their diagnostics are among `diagnostics`. */
  readonly policyFiles: readonly string[];
}

export interface GenerateOptions {
  /** Absolute path of the project's tsconfig.json. */
  readonly project: string;
  /** Absolute folder for generated modules, or undefined to put them beside their sources. */
  readonly outDir?: string | undefined;
  /** `--token-budget`: wins over `"toolgen": { "tokenBudget" }` of the package.json beside the tsconfig. */
  readonly tokenBudget?: number | undefined;
  /**
   * Agent policy files to check against the project's tools and those of the projects it references
   * (SPEC §8): `--policy` globs and `"toolgen": { "policies" }`. Their diagnostics are among every
   * generation's, as the budget's are: the CLI, the watcher, the build plugins and `generate()` report the same.
   */
  readonly policies?: PolicySources | undefined;
  /** `--backend`: the compiler the analysis runs on (SPEC §8); `ts6` when not given. */
  readonly backend?: BackendName | undefined;
}

/** Analyzes a project and computes every output file and orphan. Writes nothing. */
export function generate(options: GenerateOptions): GenerationResult {
  return GenerationSession.open(options).generate();
}

/**
 * A project kept loaded between generations: `generate` once, or (the watcher) `update` with the
 * files that changed and `generate` again. Each generation prints again only the modules whose
 * toolsets were analyzed again (or changed state in the project-wide name check); the others
 * keep their text from the previous generation. A source file any of whose toolsets has errors
 * keeps its last good output: no module is printed for it (so none is written, and it is no
 * orphan) and the manifest keeps the entries the manifest on disk lists for it. Outside the
 * watcher, a project any of whose files has a syntax error produces nothing at all. Never lists
 * a module to write, or an orphan to remove, outside the project's folders (the tsconfig's, and
 * the out dir). Writes nothing.
 */
export class GenerationSession {
  readonly analyzer: ProjectAnalyzer;
  readonly layout: OutputLayout;
  readonly manifestPath: string;
  readonly #emitter: OutputEmitter;
  /** The manifest on disk when the session opened: what renames are checked against (TSH020). */
  readonly #previous: PreviousManifest | undefined;
  /** Files that may be generated modules: to check for orphans. */
  readonly #candidates = new Set<string>();
  /** The last entries read by `#keptEntries`, and the manifest text and sources they were read for. */
  #kept: { readonly text: string | undefined; readonly sources: string; readonly entries: KeptEntries } | undefined;

  /** The project's folders, real paths: nothing outside them is written or removed. */
  readonly #folders: readonly string[];

  /** What every generation checks besides the analysis: the policy files and the token budget. */
  readonly #checks: Pick<GenerateOptions, 'policies' | 'tokenBudget'>;

  private constructor(analyzer: ProjectAnalyzer, layout: OutputLayout, checks: Pick<GenerateOptions, 'policies' | 'tokenBudget'>, emitter = new OutputEmitter(layout)) {
    this.analyzer = analyzer;
    this.#checks = checks;
    this.layout = layout;
    this.manifestPath = path.join(layout.rootDir, manifestFileName);
    this.#emitter = emitter;
    this.#folders = [layout.rootDir, ...(layout.outDir === undefined ? [] : [layout.outDir])].map(realPath);
    this.#previous = readPreviousManifest(this.manifestPath);
    this.#addCandidates();
  }

  /**
   * Loads and analyzes the project. `incremental` (the watcher) keeps what `update` needs and
   * holds toolsets back while their files have syntax errors; `oneShot` loads a program that
   * cannot be refreshed, which is cheaper. Throws `ProjectConfigurationError`.
   */
  static open(options: GenerateOptions & { readonly incremental?: boolean; readonly oneShot?: boolean }): GenerationSession {
    return GenerationSession.#open(loadProject(options.project, { backend: options.backend ?? 'ts6', oneShot: options.oneShot === true && options.incremental !== true }), options);
  }

  static #open(project: Project, options: GenerateOptions & { readonly incremental?: boolean }): GenerationSession {
    const analyzer = new ProjectAnalyzer(project, { incremental: options.incremental === true });
    return new GenerationSession(analyzer, { rootDir: project.rootDir, outDir: options.outDir }, { policies: options.policies, tokenBudget: options.tokenBudget });
  }

  /**
   * The one-shot CLI's generation, kept lean: the TypeScript program is let go once the analysis
   * is done, and each output goes to `onOutput` as soon as it is printed (the modules, then the
   * manifest) and is not kept, so that memory peaks with the program, not with the outputs.
   * A project with syntax errors is not analyzed: they are returned, and nothing is printed.
   * Throws `ProjectConfigurationError`.
   */
  static generateOnce(options: GenerateOptions, onOutput: (file: OutputFile | OutputPieces) => void): OneShotGeneration {
    // a policy glob that matches nothing, or a budget that does not parse, is a configuration error: found before anything is printed
    const policyFiles = options.policies === undefined ? [] : findPolicyFiles(policyPatterns(options.policies));
    const tokenBudget = readTokenBudget(options.project, options.tokenBudget);
    const project = loadProject(options.project, { backend: options.backend ?? 'ts6', oneShot: true });
    const syntaxErrors = projectSyntaxProblems(project.snapshot());
    if (syntaxErrors.length > 0) {
      return { orphans: [], diagnostics: [], syntaxErrors, toolsets: 0, tools: 0, analyzedToolsets: [], referencedTools: [], budget: undefined, policyFiles };
    }
    const session = GenerationSession.#open(project, options);
    const { toolsets, diagnostics } = session.analyzer.result();
    session.analyzer.project.release();
    session.#checkModulePaths(toolsets);
    const kept = session.#keptEntries(toolsets);
    const printed = session.#emitter.printOnce(toolsets, kept, onOutput);
    onOutput({ path: session.manifestPath, pieces: printed.pieces });
    const { orphans, diagnostics: all } = session.#complete(toolsets, kept, diagnostics, []);
    const budget = budgetOf(printed.counts, tokenBudget);
    const policies = checkPolicyFiles(policyFiles, toolSurfaceOf(toolsets, session.analyzer.referencedTools));
    return {
      orphans,
      diagnostics: [...all, ...checkTokenBudget(budget, tokenBudget), ...policies],
      syntaxErrors: [],
      toolsets: printed.toolsets,
      tools: printed.tools,
      analyzedToolsets: toolsets,
      referencedTools: session.analyzer.referencedTools,
      budget,
      policyFiles,
    };
  }

  /**
   * Refreshes the files at `paths` from disk (and the tsconfig's file list when `rescan`) and
   * analyzes again what the change can affect. Throws `ProjectConfigurationError` when a rescan
   * finds the tsconfig broken; the session then stays as it was.
   */
  update(paths: Iterable<string>, rescan: boolean): { readonly changes: ProjectChanges; readonly analysis: AnalysisUpdate } {
    const changes = this.analyzer.project.refresh(paths, rescan);
    if (changes.membershipChanged) {
      this.#addCandidates();
    }
    const analysis = changes.files.size === 0 ? { analyzed: [], held: [] } : this.analyzer.update(changes);
    return { changes, analysis };
  }

  /**
   * Computes every output file and orphan from the current analysis. `onModules`, when given,
   * receives the modules before the manifest is built (the watcher writes them first).
   */
  generate(onModules?: (modules: readonly OutputFile[]) => void): GenerationResult {
    const analysis = this.analyzer.result();
    this.#checkModulePaths(analysis.toolsets);
    const syntaxErrors = this.analyzer.incremental ? this.analyzer.syntaxProblems() : projectSyntaxProblems(analysis.project);
    if (syntaxErrors.length > 0 && !this.analyzer.incremental) {
      const { manifest } = this.#emitter.manifest(analysis.toolsets, this.#keptEntries(analysis.toolsets));
      return { analysis, manifest, outputs: [], orphans: [], diagnostics: [], syntaxErrors, policyFiles: [], budget: undefined };
    }
    const modules = this.#emitter.modules(analysis.toolsets);
    onModules?.(modules);
    // the watcher's manifest is assembled from per-toolset entries kept between generations
    const kept = this.#keptEntries(analysis.toolsets);
    const { manifest, file } = this.analyzer.incremental ? this.#emitter.manifestFromEntries(analysis.toolsets, kept, this.manifestPath) : this.#manifestFile(analysis.toolsets, kept);
    const outputs = [...modules, file];
    const completed = this.#complete(analysis.toolsets, kept, analysis.diagnostics, outputs);
    // the budget and the policy files, checked at every generation: either may have changed as much as the tools
    const tokenBudget = readTokenBudget(this.analyzer.project.tsconfigPath, this.#checks.tokenBudget);
    const budget = budgetOf(manifest, tokenBudget);
    const policies = this.#checks.policies === undefined ? { files: [], diagnostics: [] } : checkPolicies(this.#checks.policies, toolSurfaceOf(analysis.toolsets, this.analyzer.referencedTools));
    return {
      analysis,
      manifest,
      syntaxErrors,
      ...completed,
      diagnostics: [...completed.diagnostics, ...checkTokenBudget(budget, tokenBudget), ...policies.diagnostics],
      policyFiles: policies.files,
      budget,
    };
  }

  /**
   * What a generation would report, without printing a module or the manifest: the analysis, the
   * project's syntax errors and the diagnostics (the rename check included). `--types-only` writes
   * its declarations from it. Throws `ProjectConfigurationError` as `generate` does.
   */
  analyze(): { readonly analysis: ProjectAnalysis; readonly syntaxErrors: readonly SyntaxProblem[]; readonly diagnostics: readonly Diagnostic[] } {
    const analysis = this.analyzer.result();
    this.#checkModulePaths(analysis.toolsets);
    const syntaxErrors = this.analyzer.incremental ? this.analyzer.syntaxProblems() : projectSyntaxProblems(analysis.project);
    return { analysis, syntaxErrors, diagnostics: syntaxErrors.length > 0 && !this.analyzer.incremental ? [] : this.#diagnostics(analysis.toolsets, analysis.diagnostics) };
  }

  /** The analysis's diagnostics and the rename check (TSH020) against the manifest on disk before this run, sorted. */
  #diagnostics(toolsets: readonly ToolsetModel[], analysisDiagnostics: readonly Diagnostic[]): Diagnostic[] {
    const renames = checkRenamedSettings(
      toolsets.filter((toolset) => !toolset.hasErrors),
      this.#previous?.tools ?? [],
    );
    return [...analysisDiagnostics, ...renames].sort(compareDiagnostics);
  }

  /** The manifest of a generation that is not the watcher's, in one piece. */
  #manifestFile(toolsets: readonly ToolsetModel[], kept: KeptEntries): { manifest: Manifest; file: OutputFile } {
    const { manifest, text } = this.#emitter.manifest(toolsets, kept);
    return { manifest, file: { path: this.manifestPath, content: text } };
  }

  /**
   * Throws `ProjectConfigurationError` when a source file holding toolsets would get its module
   * outside the project's folders (the tsconfig includes a file from elsewhere): toolgen writes
   * only under the tsconfig's folder and the out dir.
   */
  #checkModulePaths(toolsets: readonly ToolsetModel[]): void {
    const folders = [this.layout.rootDir, ...(this.layout.outDir === undefined ? [] : [this.layout.outDir])];
    for (const source of new Set(toolsets.map((toolset) => toolset.source))) {
      const module = modulePathFor(source, this.layout);
      if (!folders.some((folder) => isWithin(module, folder))) {
        const shown = (file: string) => path.relative(this.layout.rootDir, file).split(path.sep).join('/');
        throw new ProjectConfigurationError(
          `${shown(source)} holds toolsets, but its module ${shown(module)} would be outside the project's folder${this.layout.outDir === undefined ? '' : ' and --out-dir'}, ` +
            `and toolgen writes only under the folder of ${this.analyzer.project.tsconfigPath}${this.layout.outDir === undefined ? '' : ' and under --out-dir'}. ` +
            'Move the file under that folder, or generate it from a tsconfig whose folder holds it.',
        );
      }
    }
  }

  /** Adds the orphans and the rename check (TSH020) to printed outputs. A module that `kept` entries list is no orphan. */
  #complete(
    toolsets: readonly ToolsetModel[],
    kept: KeptEntries,
    analysisDiagnostics: readonly Diagnostic[],
    outputs: readonly OutputFile[],
  ): { outputs: readonly OutputFile[]; orphans: string[]; diagnostics: Diagnostic[] } {
    const expected = new Set(toolsets.map((toolset) => modulePathFor(toolset.source, this.layout)));
    for (const entry of [...kept.values()].flat()) {
      if (typeof entry.module === 'string') {
        expected.add(path.resolve(this.layout.rootDir, entry.module));
      }
    }
    const orphans: string[] = [];
    for (const candidate of [...this.#candidates].sort()) {
      if (expected.has(candidate)) {
        continue;
      }
      if (this.#inFolders(candidate) && startsWithGeneratedHeader(candidate)) {
        orphans.push(candidate);
      } else {
        this.#candidates.delete(candidate);
      }
    }
    for (const file of expected) {
      this.#candidates.add(file);
    }
    return { outputs, orphans, diagnostics: this.#diagnostics(toolsets, analysisDiagnostics) };
  }

  /**
   * The entries the manifest on disk lists for the source files whose toolsets have errors: read
   * again at each generation (the watcher's last write), parsed again only when it changed.
   */
  #keptEntries(toolsets: readonly ToolsetModel[]): KeptEntries {
    const failing = sourcesWithErrors(toolsets);
    if (failing.size === 0) {
      return new Map();
    }
    const text = readIfExists(this.manifestPath);
    const sources = [...failing].join('\n');
    if (this.#kept === undefined || this.#kept.text !== text || this.#kept.sources !== sources) {
      this.#kept = { text, sources, entries: keptEntriesOf(text, failing, this.layout) };
    }
    return this.#kept.entries;
  }

  /** Whether `file`, symbolic links resolved, is inside the project's folders. */
  #inFolders(file: string): boolean {
    const real = path.join(realPath(path.dirname(file)), path.basename(file));
    return this.#folders.some((folder) => isWithin(real, folder));
  }

  /** The `*.tools.ts` files of the program and the modules the opening manifest lists, whatever it says: orphans are only ever removed inside the project's folders. */
  #addCandidates(): void {
    for (const file of this.analyzer.project.config.generatedCandidates) {
      this.#candidates.add(file);
    }
    for (const module of this.#previous?.modules ?? []) {
      this.#candidates.add(path.resolve(this.layout.rootDir, module));
    }
  }
}


/** What a generation needs of the manifest on disk before it: the modules it lists and its tools' names and settings schemas. */
interface PreviousManifest {
  readonly modules: readonly string[];
  readonly tools: readonly PreviousTool[];
}

/**
 * The manifest on disk before this run, or undefined when there is none or it does not parse
 * (it is then simply replaced). Only what is needed is kept, not the whole parsed document.
 */
function readPreviousManifest(manifestPath: string): PreviousManifest | undefined {
  const text = readIfExists(manifestPath);
  const reading = text === undefined ? undefined : readManifestText(text);
  if (reading?.kind !== 'object') {
    return undefined;
  }
  const toolsets = reading.toolsets ?? [];
  const tools = toolsets.flatMap((toolset) => (Array.isArray(toolset['tools']) ? (toolset['tools'] as unknown[]) : []));
  return {
    modules: toolsets.flatMap((toolset) => (typeof toolset['module'] === 'string' ? [toolset['module']] : [])),
    tools: tools.map((tool) => {
      const { name, settings } = (typeof tool === 'object' && tool !== null ? tool : {}) as { readonly name?: unknown; readonly settings?: { readonly schema?: unknown } | null };
      return { name: String(name), settingsSchema: settings?.schema ?? null };
    }),
  };
}


/** Whether `file` is `folder` or inside it. */
function isWithin(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** The real path of a file or folder; for one that does not exist (yet), its nearest existing parent's, joined with the rest. */
function realPath(file: string): string {
  try {
    return realpathSync.native(file);
  } catch {
    const parent = path.dirname(file);
    return parent === file ? file : path.join(realPath(parent), path.basename(file));
  }
}
