import type { ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { API, Diagnostic, FileNotifications, Program, Project as ApiProject, Snapshot } from 'typescript7/sync';
import {
  CompilerProcessError,
  ProjectConfigurationError,
  type ImportGraph,
  type LoadedProject,
  type Project,
  type ProjectChanges,
  type ProjectConfig,
  type SyntaxProblem,
} from '../../host/Project.js';
import type { SourceFile } from '../../host/syntax.js';
import { ts7AnalysisHost, type Ts7AnalysisHost } from './analysisHost.js';
import type { Ts7Modules } from './loadTs7.js';
import { readIfExists } from '../../io/writeFileAtomic.js';
import { ts7AffectsEveryFile, ts7ImportGraph } from './programQueries.js';

const generatedModuleName = /\.tools\.[cm]?ts$/;

/**
 * A project on TypeScript 7 (`toolgen --backend ts7`, experimental): one `tsgo --api` process
 * holds the program. The watcher refreshes it through the API's snapshots: each refresh is a new
 * snapshot that re-reads the changed files and keeps the rest (tsgo reuses their parse), and the
 * previous snapshot is let go. `release()` ends the process.
 */
export class Ts7Project implements Project {
  readonly rootDir: string;
  readonly tsconfigPath: string;
  #config: ProjectConfig;
  /** The compiler options the tsconfig gave the program, as JSON: a rescan that finds others opens the project again. */
  #options: string;
  readonly #modules: Ts7Modules;
  #api: API | undefined;
  #apiSnapshot: Snapshot | undefined;
  #project: ApiProject | undefined;
  #snapshot: LoadedProject | undefined;

  private constructor(tsconfigPath: string, modules: Ts7Modules, api: API, { config, options }: TsconfigRead, apiSnapshot: Snapshot, project: ApiProject) {
    this.tsconfigPath = tsconfigPath;
    this.rootDir = path.dirname(tsconfigPath);
    this.#modules = modules;
    this.#api = api;
    this.#config = config;
    this.#options = options;
    this.#apiSnapshot = apiSnapshot;
    this.#project = project;
  }

  get config(): ProjectConfig {
    return this.#config;
  }

  /** Starts the API process and opens the tsconfig's project. Throws `ProjectConfigurationError` for a tsconfig that is missing or does not parse. */
  static load(tsconfigPath: string, modules: Ts7Modules): Ts7Project {
    if (!isFile(tsconfigPath)) {
      throw new ProjectConfigurationError(`${tsconfigPath} does not parse: there is no such file`);
    }
    const api = new modules.sync.API({ cwd: path.dirname(tsconfigPath) });
    try {
      const read = readConfig(api, tsconfigPath);
      const snapshot = api.createSnapshot({ openProjects: [tsconfigPath] });
      const project = projectOf(snapshot, tsconfigPath);
      return new Ts7Project(tsconfigPath, modules, api, { ...read, config: withConfigFiles(read.config, project) }, snapshot, project);
    } catch (error) {
      api.close();
      throw error;
    }
  }

  snapshot(): LoadedProject {
    const project = this.#live();
    if (this.#snapshot === undefined) {
      const host = ts7AnalysisHost({ modules: this.#modules, api: this.#api!, project });
      this.#snapshot = ts7LoadedProject(host, this, project, this.#modules.ast);
    }
    return this.#snapshot;
  }

  /**
   * Re-reads `paths` from disk (and with `rescan`, the tsconfig's file list) into a new API
   * snapshot: a file counts as changed when its text differs from the program's. The previous
   * snapshot is let go. Throws `ProjectConfigurationError` when a rescan finds the tsconfig
   * broken; the project then stays as it was. A rescan that finds other compiler options (`strict`,
   * `target`, …) opens the project again in a new snapshot, and every file counts as changed: any
   * type may differ (as TypeScript 6's IncrementalProject starts over from a new first program).
   */
  refresh(paths: Iterable<string>, rescan: boolean): ProjectChanges {
    this.#ensureAlive();
    const read = rescan ? readConfig(this.#api!, this.tsconfigPath) : undefined;
    if (read !== undefined && read.options !== this.#options) {
      return this.#reopen(read);
    }
    const program = this.#live().program;
    const files = new Set<string>();
    const notifications = { changed: [] as string[], created: [] as string[], deleted: [] as string[] };
    let membershipChanged = false;
    let config = this.#config;
    if (read !== undefined) {
      config = { ...read.config, configFiles: this.#config.configFiles };
      const before = new Set(this.#config.fileNames);
      const after = new Set(config.fileNames);
      for (const removed of [...before].filter((fileName) => !after.has(fileName))) {
        (isFile(removed) ? notifications.changed : notifications.deleted).push(removed);
        files.add(removed);
      }
      for (const added of [...after].filter((fileName) => !before.has(fileName))) {
        notifications.created.push(added);
        files.add(added);
      }
      membershipChanged = files.size > 0;
    }
    for (const fileName of paths) {
      const absolute = path.resolve(fileName);
      const known = files.has(absolute) ? undefined : program.getSourceFile(absolute);
      if (known === undefined) {
        continue;
      }
      const text = readIfExists(absolute);
      if (text === known.text) {
        continue;
      }
      (text === undefined ? notifications.deleted : notifications.changed).push(absolute);
      files.add(absolute);
    }
    this.#config = config;
    if (files.size > 0) {
      this.#update(notifications);
    }
    return { files, membershipChanged };
  }

  /** A new API snapshot of the project, opened afresh with the tsconfig's new compiler options; the previous one is let go. */
  #reopen({ config, options }: TsconfigRead): ProjectChanges {
    const files = new Set([...this.#config.fileNames, ...config.fileNames]);
    const previous = this.#apiSnapshot!;
    const next = this.#api!.createSnapshot({ openProjects: [this.tsconfigPath] });
    let project: ApiProject;
    try {
      project = projectOf(next, this.tsconfigPath);
    } catch (error) {
      next.dispose();
      throw error;
    }
    this.#project = project;
    this.#apiSnapshot = next;
    this.#snapshot = undefined;
    previous.dispose();
    this.#config = withConfigFiles(config, project);
    this.#options = options;
    return { files, membershipChanged: true };
  }

  /** Reads `file` again although its text did not change, as a change would (the watcher's warm-up). */
  reparse(file: string): ProjectChanges {
    this.#ensureAlive();
    const absolute = path.resolve(file);
    if (this.#live().program.getSourceFile(absolute) === undefined) {
      return { files: new Set(), membershipChanged: false };
    }
    this.#update({ changed: [absolute] });
    this.#snapshot = undefined;
    return { files: new Set([absolute]), membershipChanged: false };
  }

  /** A new API snapshot with `notifications` applied and its program built; the previous one is let go. */
  #update(notifications: FileNotifications): void {
    const previous = this.#apiSnapshot!;
    const next = previous.update({ ensurePrograms: true, fileNotifications: notifications });
    if (next === previous) {
      return;
    }
    this.#project = projectOf(next, this.tsconfigPath);
    this.#apiSnapshot = next;
    this.#snapshot = undefined;
    previous.dispose();
  }

  #live(): ApiProject {
    if (this.#project === undefined) {
      throw new Error('Ts7Project: used after release()');
    }
    return this.#project;
  }

  /** Resolves once the `tsc --api` process `release()` closed has exited: at once when it had, and at most 5 s on (then killed). */
  exited(): Promise<void> {
    return this.#exited;
  }

  #exited: Promise<void> = Promise.resolve();

  release(): void {
    const child = this.#child();
    if (child !== undefined && child.exitCode === null && child.signalCode === null) {
      this.#exited = new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 5_000);
        // the wait alone keeps no process alive (the CLI's one-shot run ends when its work does)
        timer.unref();
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const api = this.isAlive() ? this.#api : undefined;
    this.#snapshot = undefined;
    this.#project = undefined;
    this.#apiSnapshot = undefined;
    this.#api = undefined;
    try {
      api?.close();
    } catch {
      // it stopped meanwhile: there is nothing left to end
    }
  }

  /**
   * Whether the `tsc --api` process is still running. Asked of the child process itself, without a
   * request: once it has exited, Node has closed the pipes, and their descriptor numbers may already
   * belong to a file or to the next process, so nothing may be written to them. An API whose
   * process cannot be found this way counts as running.
   */
  isAlive(): boolean {
    if (this.#api === undefined) {
      return false;
    }
    const child = this.#child();
    return child === undefined || (child.exitCode === null && child.signalCode === null);
  }

  /** The `tsc --api` child process, where the API's client keeps it. */
  #child(): ChildProcess | undefined {
    return (this.#api as unknown as { client?: { channel?: { child?: ChildProcess } } } | undefined)?.client?.channel?.child;
  }

  /** Throws `CompilerProcessError` when the process has stopped, before anything is sent to it. */
  #ensureAlive(): void {
    if (!this.isAlive()) {
      throw new CompilerProcessError(`TypeScript 7's API process (tsc --api) for ${this.tsconfigPath} stopped; load the project again.`);
    }
  }

  loadReference(tsconfigPath: string): Project {
    return Ts7Project.load(tsconfigPath, this.#modules);
  }
}

function ts7LoadedProject(host: Ts7AnalysisHost, project: Ts7Project, apiProject: ApiProject, ast: Ts7Modules['ast']): LoadedProject {
  const { program, checker } = apiProject;
  const sourceFiles = project.config.fileNames
    .map((fileName) => program.getSourceFile(fileName) as unknown as SourceFile | undefined)
    .filter((file): file is SourceFile => file !== undefined && !file.isDeclarationFile);
  return {
    host,
    rootDir: project.rootDir,
    tsconfigPath: project.tsconfigPath,
    references: project.config.references,
    sourceFiles,
    generatedCandidates: project.config.generatedCandidates,
    programFiles: () => program.getSourceFileNames().map((fileName) => path.resolve(String(fileName))),
    importGraph: (reuse): ImportGraph => ts7ImportGraph(ast, program, checker, reuse),
    affectsEveryFile: (file) => ts7AffectsEveryFile(ast, program, file),
    syntaxProblems: () =>
      [...sourceFiles].sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0)).flatMap((sourceFile) => syntaxProblems(program, sourceFile)),
    syntaxProblemsOf: (sourceFile) => syntaxProblems(program, sourceFile),
  };
}

function syntaxProblems(program: Program, sourceFile: SourceFile): SyntaxProblem[] {
  return program.getSyntacticDiagnostics(sourceFile.fileName).map((diagnostic) => {
    const position = diagnostic.startPosition ?? lineAndColumn(sourceFile.text, diagnostic.pos);
    return {
      code: `TS${diagnostic.code}`,
      severity: 'error',
      file: path.resolve(sourceFile.fileName),
      line: position.line + 1,
      column: position.character + 1,
      message: flatten(diagnostic),
    };
  });
}

function lineAndColumn(text: string, position: number): { line: number; character: number } {
  const before = text.slice(0, position);
  const line = before.split('\n').length - 1;
  return { line, character: position - (before.lastIndexOf('\n') + 1) };
}

function flatten(diagnostic: Diagnostic): string {
  return [diagnostic.text, ...(diagnostic.messageChain ?? []).map(flatten)].join(' ');
}

/** What a tsconfig says: the project's configuration, and its compiler options as JSON (other options open the project again). */
interface TsconfigRead {
  readonly config: ProjectConfig;
  readonly options: string;
}

/** `config` with the tsconfig files the project's program read (the `extends` chain), where the program names them. */
function withConfigFiles(config: ProjectConfig, project: ApiProject): ProjectConfig {
  const configFiles = project.program.getConfigFileNames().map((file) => path.resolve(String(file)));
  return { ...config, configFiles: configFiles.length > 0 ? configFiles : config.configFiles };
}

/** What the tsconfig says, as TypeScript 7 parses it; the same checks and messages as the TypeScript 6 backend's. */
function readConfig(api: API, tsconfigPath: string): TsconfigRead {
  const rootDir = path.dirname(tsconfigPath);
  // a syntax error first, as TypeScript 6's readConfigFile reports it: what is parsed of the rest says little
  const read = api.readConfigFile(tsconfigPath);
  if (read.error !== undefined) {
    throw new ProjectConfigurationError(`${tsconfigPath} does not parse: ${flatten(read.error as Diagnostic)}`);
  }
  const parsed = api.parseConfigFile(tsconfigPath);
  const errors = parsed.errors.filter((error) => error.category === 1);
  if (errors.length > 0) {
    throw new ProjectConfigurationError(`${tsconfigPath} is not a valid tsconfig: ${errors.map(flatten).join('; ')}`);
  }
  const all = parsed.fileNames.map((fileName) => path.resolve(String(fileName)));
  const missing = all.filter((file) => !isFile(file));
  if (missing.length > 0) {
    const named = missing.map((file) => path.relative(rootDir, file).split(path.sep).join('/')).join(', ');
    throw new ProjectConfigurationError(`${tsconfigPath} lists ${named} in "files", but there is no such file. Create it, or remove it from "files".`);
  }
  const config = {
    fileNames: all.filter((file) => !generatedModuleName.test(file)),
    generatedCandidates: all.filter((file) => generatedModuleName.test(file)),
    references: (parsed.projectReferences ?? []).map((reference) => {
      const target = path.resolve(rootDir, String(reference.path));
      return target.endsWith('.json') ? target : path.join(target, 'tsconfig.json');
    }),
    directories: includeDirectories(parsed.raw, rootDir),
    configFiles: [tsconfigPath],
  };
  return { config, options: JSON.stringify(parsed.options) };
}

/**
 * The folders whose new files may join the project, from the tsconfig's own `include` (TypeScript
 * 7's API gives no wildcard directories): each pattern's folder before its first wildcard,
 * recursive when a folder part has a wildcard; a pattern without one names a folder (recursive)
 * or, with an extension, a file (its folder). No `include` and no `files` includes every file under the tsconfig's folder.
 */
export function includeDirectories(raw: unknown, rootDir: string): ProjectConfig['directories'] {
  const config = (typeof raw === 'object' && raw !== null ? raw : {}) as { include?: unknown; files?: unknown };
  const patterns = Array.isArray(config.include) ? config.include.filter((pattern): pattern is string => typeof pattern === 'string') : config.files === undefined ? ['**/*'] : [];
  const found = new Map<string, boolean>();
  for (const pattern of patterns) {
    const parts = pattern.split(/[/\\]/);
    const wildcard = parts.findIndex((part) => /[*?]/.test(part));
    const namesFile = /\.[^.]*$/.test(parts.at(-1)!);
    const folderParts = wildcard !== -1 ? parts.slice(0, wildcard) : namesFile ? parts.slice(0, -1) : parts;
    const recursive = wildcard !== -1 ? wildcard < parts.length - 1 : !namesFile;
    const folder = path.resolve(rootDir, ...folderParts);
    found.set(folder, (found.get(folder) ?? false) || recursive);
  }
  return [...found].map(([folder, recursive]) => ({ path: folder, recursive }));
}

/** The snapshot's project of the tsconfig (the one it opened). */
function projectOf(snapshot: Snapshot, tsconfigPath: string): ApiProject {
  const project = snapshot.getConfiguredProject(tsconfigPath) ?? snapshot.getProjects()[0];
  if (project === undefined) {
    throw new ProjectConfigurationError(`${tsconfigPath}: TypeScript 7 opened no project for it`);
  }
  return project;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
