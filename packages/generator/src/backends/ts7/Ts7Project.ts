import { statSync } from 'node:fs';
import path from 'node:path';
import type { API, Diagnostic, Program, Project as ApiProject } from 'typescript7/sync';
import {
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

const generatedModuleName = /\.tools\.[cm]?ts$/;

/**
 * A project on TypeScript 7 (`toolgen --backend ts7`, experimental): one `tsgo --api` process
 * holds the program, for one generation. It cannot be refreshed (the watcher and the build
 * plugins run on TypeScript 6); `release()` ends the process.
 */
export class Ts7Project implements Project {
  readonly rootDir: string;
  readonly tsconfigPath: string;
  readonly config: ProjectConfig;
  readonly #modules: Ts7Modules;
  #api: API | undefined;
  #project: ApiProject | undefined;
  #snapshot: LoadedProject | undefined;

  private constructor(tsconfigPath: string, modules: Ts7Modules, api: API, config: ProjectConfig, project: ApiProject) {
    this.tsconfigPath = tsconfigPath;
    this.rootDir = path.dirname(tsconfigPath);
    this.#modules = modules;
    this.#api = api;
    this.config = config;
    this.#project = project;
  }

  /** Starts the API process and opens the tsconfig's project. Throws `ProjectConfigurationError` for a tsconfig that is missing or does not parse. */
  static load(tsconfigPath: string, modules: Ts7Modules): Ts7Project {
    if (!isFile(tsconfigPath)) {
      throw new ProjectConfigurationError(`${tsconfigPath} does not parse: there is no such file`);
    }
    const api = new modules.sync.API({ cwd: path.dirname(tsconfigPath) });
    try {
      const config = readConfig(api, tsconfigPath);
      const snapshot = api.createSnapshot({ openProjects: [tsconfigPath] });
      const project = snapshot.getConfiguredProject(tsconfigPath) ?? snapshot.getProjects()[0];
      if (project === undefined) {
        throw new ProjectConfigurationError(`${tsconfigPath}: TypeScript 7 opened no project for it`);
      }
      return new Ts7Project(tsconfigPath, modules, api, config, project);
    } catch (error) {
      api.close();
      throw error;
    }
  }

  snapshot(): LoadedProject {
    if (this.#project === undefined) {
      throw new Error('Ts7Project: used after release()');
    }
    if (this.#snapshot === undefined) {
      const host = ts7AnalysisHost({ modules: this.#modules, api: this.#api!, project: this.#project });
      this.#snapshot = ts7LoadedProject(host, this, this.#project.program);
    }
    return this.#snapshot;
  }

  refresh(): ProjectChanges {
    throw new Error('the TypeScript 7 backend generates once: watch mode and the build plugins run on TypeScript 6 (leave out --backend ts7)');
  }

  reparse(): ProjectChanges {
    return this.refresh();
  }

  release(): void {
    this.#snapshot = undefined;
    this.#project = undefined;
    this.#api?.close();
    this.#api = undefined;
  }

  loadReference(tsconfigPath: string): Project {
    return Ts7Project.load(tsconfigPath, this.#modules);
  }
}

function ts7LoadedProject(host: Ts7AnalysisHost, project: Ts7Project, program: Program): LoadedProject {
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
    importGraph: (): ImportGraph => {
      throw new Error('the TypeScript 7 backend keeps no import graph: it generates once');
    },
    affectsEveryFile: () => false,
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

/** What the tsconfig says, as TypeScript 7 parses it; the same checks and messages as the TypeScript 6 backend's. */
function readConfig(api: API, tsconfigPath: string): ProjectConfig {
  const rootDir = path.dirname(tsconfigPath);
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
  return {
    fileNames: all.filter((file) => !generatedModuleName.test(file)),
    generatedCandidates: all.filter((file) => generatedModuleName.test(file)),
    references: (parsed.projectReferences ?? []).map((reference) => {
      const target = path.resolve(rootDir, String(reference.path));
      return target.endsWith('.json') ? target : path.join(target, 'tsconfig.json');
    }),
    directories: [],
    configFiles: [tsconfigPath],
  };
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
