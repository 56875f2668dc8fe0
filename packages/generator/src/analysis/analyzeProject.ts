import path from 'node:path';
import type { Diagnostic } from '../diagnostics/Diagnostic.js';
import { compareDiagnostics } from '../diagnostics/Diagnostic.js';
import { analyzeSourceFile, type SourceFileAnalysis } from './analyzeSourceFile.js';
import { checkUniqueNames, collectReferencedTools, relativePlace, type ForeignTool, type ReferencedProject } from './checkUniqueNames.js';
import { loadProject } from '../backends/index.js';
import type { BackendName, LoadedProject, Project, ProjectChanges, SyntaxProblem } from '../host/Project.js';
import type { SourceFile } from '../host/syntax.js';
import type { ToolsetModel } from './model.js';
import { absolutePath } from '../io/absolutePath.js';

/** Everything the analysis found in a project: every toolset (with or without errors) and every diagnostic. */
export interface ProjectAnalysis {
  readonly project: LoadedProject;
  /** Sorted by source file, then position. */
  readonly toolsets: readonly ToolsetModel[];
  readonly diagnostics: readonly Diagnostic[];
}

export type { SyntaxProblem } from '../host/Project.js';

/** What one `ProjectAnalyzer.update` did. */
export interface AnalysisUpdate {
  /** Files analyzed again, sorted. */
  readonly analyzed: readonly string[];
  /** Files whose toolsets kept their previous analysis: they or a file they import have syntax errors. */
  readonly held: readonly string[];
}

/**
 * Loads and analyzes a project and the projects its tsconfig references (for name uniqueness), once:
 * a one-shot program, as `generate` loads, which shares the declaration files it parses with the other
 * one-shot programs of the process (`ProjectAnalyzer` keeps a project to analyze again after changes).
 */
export function analyzeProject(tsconfigPath: string, backend: BackendName = 'ts6'): ProjectAnalysis {
  return new ProjectAnalyzer(loadProject(tsconfigPath, { backend, oneShot: true })).result();
}

/**
 * The analysis of a project, kept per source file across changes. `analyzeSourceFile` is pure
 * per file; what ties files together is the project-wide name check (TSH007), run again on
 * every `result()`, and the types a toolset borrows from the files it imports, which decide
 * what `update` analyzes again: the changed files and every file importing them, transitively.
 */
export class ProjectAnalyzer {
  readonly project: Project;
  readonly incremental: boolean;
  readonly #foreign: readonly ForeignTool[];
  readonly #results = new Map<string, SourceFileAnalysis>();
  readonly #syntax = new Map<string, readonly SyntaxProblem[]>();
  /** Files whose results predate a change they depend on (held back by a syntax error). */
  readonly #stale = new Set<string>();
  #imports = new Map<string, ReadonlySet<string>>();
  /** Scripts and module augmentations: a change to one, its deletion included, can reach any file. */
  readonly #globals = new Set<string>();
  #sortedFiles: readonly string[] = [];

  /**
   * Analyzes every file of `project`. With `incremental` (the watcher), it also keeps the import
   * graph for `update`, and updates leave a file that has syntax errors, or imports one that
   * has, at its last good analysis; without (the one-shot CLI), every file is analyzed as parsed.
   * `foreign` are the tools of referenced projects, collected from the tsconfig when not given.
   */
  constructor(project: Project, options: { readonly incremental?: boolean; readonly foreign?: readonly ForeignTool[] } = {}) {
    this.project = project;
    this.incremental = options.incremental === true;
    const loaded = project.snapshot();
    this.#foreign = options.foreign ?? collectReferencedTools(loaded.references.map((reference) => referencedProject(project, reference)), new Set([loaded.tsconfigPath]));
    this.#sortedFiles = sortedNames(loaded.sourceFiles);
    for (const sourceFile of loaded.sourceFiles) {
      this.#analyze(loaded, sourceFile);
    }
    if (this.incremental) {
      this.#imports = loaded.importGraph();
      for (const file of this.#imports.keys()) {
        if (loaded.affectsEveryFile(file)) {
          this.#globals.add(file);
        }
      }
      for (const sourceFile of loaded.sourceFiles) {
        this.#syntax.set(path.resolve(sourceFile.fileName), loaded.syntaxProblemsOf(sourceFile));
      }
      for (const file of this.#blocked(loaded)) {
        this.#stale.add(file);
      }
    }
  }

  /** The tools of the projects the tsconfig references, transitively. */
  get referencedTools(): readonly ForeignTool[] {
    return this.#foreign;
  }

  /** Re-analyzes what `changes` (from `Project.refresh`) can affect. */
  update(changes: ProjectChanges): AnalysisUpdate {
    const loaded = this.project.snapshot();
    const byName = new Map(loaded.sourceFiles.map((sourceFile) => [absolutePath(sourceFile.fileName), sourceFile]));
    const previousImports = this.#imports;
    // resolutions of unchanged files only change when files come or go
    this.#imports = loaded.importGraph(changes.membershipChanged ? undefined : { previous: previousImports, changed: changes.files });
    this.#sortedFiles = sortedNames(loaded.sourceFiles);
    for (const file of [...this.#results.keys()]) {
      if (!byName.has(file)) {
        this.#results.delete(file);
        this.#syntax.delete(file);
        this.#stale.delete(file);
      }
    }
    for (const file of changes.files) {
      const sourceFile = byName.get(file);
      if (sourceFile !== undefined) {
        this.#syntax.set(file, loaded.syntaxProblemsOf(sourceFile));
      }
    }

    let global = false;
    for (const file of changes.files) {
      global ||= this.#globals.has(file);
      if (loaded.affectsEveryFile(file)) {
        this.#globals.add(file);
        global = true;
      } else {
        this.#globals.delete(file);
      }
    }
    const affected = global ? new Set(byName.keys()) : importersOf(changes.files, [previousImports, this.#imports]);
    for (const file of this.#stale) {
      affected.add(file);
    }
    const blocked = this.incremental ? this.#blocked(loaded) : new Set<string>();
    const analyzed: string[] = [];
    const held: string[] = [];
    for (const file of [...affected].sort()) {
      const sourceFile = byName.get(file);
      if (sourceFile === undefined) {
        continue;
      }
      if (blocked.has(file)) {
        this.#stale.add(file);
        held.push(file);
        if (this.#results.has(file)) {
          continue;
        }
      } else {
        this.#stale.delete(file);
      }
      this.#analyze(loaded, sourceFile);
      analyzed.push(file);
    }
    return { analyzed, held };
  }

  /** The toolsets and diagnostics of every file, with the project-wide name check applied. */
  result(): ProjectAnalysis {
    const loaded = this.project.snapshot();
    const toolsets: ToolsetModel[] = [];
    const diagnostics: Diagnostic[] = [];
    for (const file of this.#sortedFiles) {
      const result = this.#results.get(file);
      if (result !== undefined) {
        toolsets.push(...result.toolsets);
        diagnostics.push(...result.diagnostics);
      }
    }
    const unique = checkUniqueNames(toolsets, this.#foreign, relativePlace(loaded.rootDir));
    return {
      project: loaded,
      toolsets: unique.toolsets,
      diagnostics: [...diagnostics, ...unique.diagnostics].sort(compareDiagnostics),
    };
  }

  /** Syntax errors of the project's own files, by file then position (only when `incremental`). */
  syntaxProblems(): readonly SyntaxProblem[] {
    return this.#sortedFiles.flatMap((file) => this.#syntax.get(file) ?? []);
  }

  /**
   * Files whose toolsets are held at an older analysis because they or a file they import have
   * syntax errors (at start, analyzed despite them). Only when `incremental`.
   */
  get heldFiles(): ReadonlySet<string> {
    return this.#stale;
  }

  /**
   * Files with syntax errors and every file importing one, transitively; every file when one of
   * them is a script or augments a module, since what it declares reaches files that do not import it.
   */
  #blocked(loaded: LoadedProject): Set<string> {
    const broken = new Set<string>();
    for (const sourceFile of loaded.sourceFiles) {
      const file = absolutePath(sourceFile.fileName);
      if ((this.#syntax.get(file) ?? []).length > 0) {
        broken.add(file);
      }
    }
    if ([...broken].some((file) => this.#globals.has(file))) {
      return new Set(loaded.sourceFiles.map((sourceFile) => absolutePath(sourceFile.fileName)));
    }
    return broken.size === 0 ? broken : importersOf(broken, [this.#imports]);
  }

  #analyze(loaded: LoadedProject, sourceFile: SourceFile): void {
    // only a class that extends something can be a toolset: skip the checker for every other file
    const result = sourceFile.text.includes('extends') ? analyzeSourceFile(loaded.host, sourceFile) : { toolsets: [], diagnostics: [] };
    this.#results.set(path.resolve(sourceFile.fileName), result);
  }
}

function sortedNames(sourceFiles: readonly SourceFile[]): string[] {
  return sourceFiles.map((sourceFile) => absolutePath(sourceFile.fileName)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** `files` and every file that imports one of them, transitively, following any of `graphs`. */
function importersOf(files: Iterable<string>, graphs: readonly ReadonlyMap<string, ReadonlySet<string>>[]): Set<string> {
  const importers = new Map<string, string[]>();
  for (const graph of graphs) {
    for (const [file, imports] of graph) {
      for (const imported of imports) {
        const list = importers.get(imported);
        if (list === undefined) {
          importers.set(imported, [file]);
        } else {
          list.push(file);
        }
      }
    }
  }
  const found = new Set(files);
  const pending = [...found];
  while (pending.length > 0) {
    for (const importer of importers.get(pending.pop()!) ?? []) {
      if (!found.has(importer)) {
        found.add(importer);
        pending.push(importer);
      }
    }
  }
  return found;
}

/** The syntax errors of the project's own files (see `LoadedProject.syntaxProblems`). */
export function projectSyntaxProblems(loaded: LoadedProject): readonly SyntaxProblem[] {
  return loaded.syntaxProblems();
}

/** A referenced project, loaded from its tsconfig and analyzed (without the tools of its own references) when first asked for. */
function referencedProject(referrer: Project, tsconfigPath: string): ReferencedProject {
  let analyzer: ProjectAnalyzer | undefined;
  const load = () => (analyzer ??= new ProjectAnalyzer(referrer.loadReference(tsconfigPath), { foreign: [] }));
  return {
    tsconfigPath,
    toolsets: () => load().result().toolsets,
    references: () => load().project.config.references.map((reference) => referencedProject(load().project, reference)),
  };
}
