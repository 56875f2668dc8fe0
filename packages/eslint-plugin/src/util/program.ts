import { createRequire } from 'node:module';
import path from 'node:path';
import type { TSESLint } from '@typescript-eslint/utils';
import {
  analyzeSourceFile,
  ts6AnalysisHost,
  type AnalysisHost,
  type ReferencedProject,
  type SourceFile,
  type SourceFileAnalysis,
  type ToolsetModel,
} from '@toolgen/generator/analysis';
import type ts from 'typescript';

/*
 * The ESLint plugin's one adapter to the TypeScript program typescript-eslint hands it: which
 * `typescript` built it, the generator's TypeScript 6 analysis host over it, and the program-wide
 * questions TSH007 asks (the project's own files, the projects it references). Nothing else in the
 * plugin touches the compiler.
 */

type TypeScript = typeof ts;


const require = createRequire(import.meta.url);
const byProgram = new WeakMap<ts.Program, TypeScript>();
const sourceFileClassOf = new WeakMap<TypeScript, object>();
const loadedTypeScript = /[/\\]typescript[/\\]lib[/\\]typescript\.js$/;

/**
 * The `typescript` module that built `program`: the analysis must use the very namespace whose
 * `SyntaxKind`s and flags the program's nodes carry, not a second copy (ts-morph's bundled one, or
 * another version beside the plugin). Candidates are checked by identity: the module's own
 * `SourceFile` class must be the class of the program's source files. Throws when none is.
 *
 * @param cwd the folder ESLint runs in, from which the user's `@typescript-eslint/parser` resolves
 */
export function getTypeScript(program: ts.Program, cwd: string): TypeScript {
  const cached = byProgram.get(program);
  if (cached !== undefined) {
    return cached;
  }
  const probe = program.getSourceFiles()[0];
  const tried: string[] = [];
  if (probe !== undefined) {
    for (const { location, load } of candidates(cwd)) {
      let candidate: TypeScript;
      try {
        candidate = load();
      } catch {
        continue;
      }
      if (Object.getPrototypeOf(probe) === sourceFileClass(candidate)) {
        byProgram.set(program, candidate);
        return candidate;
      }
      tried.push(`${location} (TypeScript ${candidate.version})`);
    }
  }
  throw new Error(
    [
      '@toolgen/eslint-plugin: cannot find the TypeScript module that built the type-checked program, so the rules cannot analyze it safely.',
      `Looked at: ${tried.length > 0 ? tried.join('; ') : 'no loadable "typescript" module'}.`,
      'Install one copy of "typescript" (>=6.0.0 <6.1.0) beside @typescript-eslint/parser, so the parser and the plugin share it.',
    ].join(' '),
  );
}

interface Candidate {
  readonly location: string;
  readonly load: () => TypeScript;
}

/** The parser's TypeScript as the user's project resolves it, then as the plugin resolves it, then every copy already loaded. */
function* candidates(cwd: string): Generator<Candidate> {
  const fromProject = createRequire(path.join(cwd, 'package.json'));
  for (const [label, start] of [
    ['the project', fromProject],
    ['@toolgen/eslint-plugin', require],
  ] as const) {
    let location: string;
    try {
      const parser = start.resolve('@typescript-eslint/parser');
      const estree = createRequire(parser).resolve('@typescript-eslint/typescript-estree');
      location = createRequire(estree).resolve('typescript');
    } catch {
      continue;
    }
    yield { location: `${location}, the parser's from ${label}`, load: () => require(location) as TypeScript };
  }
  for (const id of Object.keys(require.cache)) {
    if (loadedTypeScript.test(id)) {
      yield { location: id, load: () => require.cache[id]!.exports as TypeScript };
    }
  }
}

function sourceFileClass(candidate: TypeScript): object {
  let found = sourceFileClassOf.get(candidate);
  if (found === undefined) {
    found = Object.getPrototypeOf(candidate.createSourceFile('probe.ts', '', candidate.ScriptTarget.Latest)) as object;
    sourceFileClassOf.set(candidate, found);
  }
  return found;
}

/** What a rule needs to analyze the file it lints: the analysis host and the file's source. */
export interface ProgramContext {
  readonly host: AnalysisHost;
  readonly sourceFile: SourceFile;
  readonly cwd: string;
  /** The program typescript-eslint built: the key of what is computed once per program. */
  readonly program: object;
}

/**
 * The type-checked program typescript-eslint's parser built for the linted file, with the
 * TypeScript namespace that built it. Throws when the file was parsed without type information.
 */
export function getProgramContext(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>): ProgramContext {
  const services = context.sourceCode.parserServices;
  const program = services?.program ?? null;
  const sourceFile = program === null ? undefined : (services?.esTreeNodeToTSNodeMap?.get(context.sourceCode.ast) as ts.SourceFile | undefined);
  if (program === null || sourceFile === undefined) {
    throw new Error(
      `@toolgen/eslint-plugin: the rule "${context.id}" needs type information, but ${context.filename} was parsed without it. ` +
        'Lint TypeScript files with typescript-eslint\'s parser and set languageOptions.parserOptions.projectService: true ' +
        '(or parserOptions.project) in your ESLint config.',
    );
  }
  const host = ts6AnalysisHost(getTypeScript(program, context.cwd), program);
  return { host, sourceFile: sourceFile as unknown as SourceFile, cwd: context.cwd, program };
}

const analyses = new WeakMap<AnalysisHost, WeakMap<SourceFile, SourceFileAnalysis>>();
const noToolsets: SourceFileAnalysis = { toolsets: [], diagnostics: [] };

/**
 * The generator's analysis of one file, computed once per program and file: every rule of a lint
 * run (and TSH007's pass over the program) shares it. A new program (an edit in the editor) analyzes anew,
 * since a file's diagnostics may depend on types declared in others. A file whose text lacks `class`
 * or `extends` declares no class deriving from anything, so no toolset: it costs no checker work.
 */
export function analyzeFile(host: AnalysisHost, sourceFile: SourceFile): SourceFileAnalysis {
  if (!(sourceFile.text.includes('extends') && sourceFile.text.includes('class'))) {
    return noToolsets;
  }
  // one host per program (ts6AnalysisHost), so the host keys the program's analyses
  let byFile = analyses.get(host);
  if (byFile === undefined) {
    byFile = new WeakMap();
    analyses.set(host, byFile);
  }
  let analysis = byFile.get(sourceFile);
  if (analysis === undefined) {
    analysis = analyzeSourceFile(host, sourceFile);
    byFile.set(sourceFile, analysis);
  }
  return analysis;
}

const generatedModuleName = /\.tools\.[cm]?ts$/;

/** The project TSH007 checks: its folder, its tsconfig, its own toolsets and the projects it references. */
export interface LintedProject {
  readonly rootDir: string;
  readonly configFile: string | undefined;
  readonly own: readonly ToolsetModel[];
  readonly references: readonly ReferencedProject[];
}

/** The project of the linted file as the CLI sees it: the tools of the program's root files (and the file itself), and the projects its tsconfig references. */
export function lintedProject({ host, sourceFile, cwd }: ProgramContext): LintedProject {
  const { program } = tsHost(host);
  const configFile = program.getCompilerOptions()['configFilePath'];
  const ownNames = new Set(program.getRootFileNames());
  ownNames.add(sourceFile.fileName);
  return {
    rootDir: typeof configFile === 'string' ? path.dirname(configFile) : cwd,
    configFile: typeof configFile === 'string' ? configFile : undefined,
    own: toolsetsOf(host, ownNames),
    references: referencedProjects(host, program.getResolvedProjectReferences()),
  };
}

function tsHost(host: AnalysisHost): ReturnType<typeof ts6AnalysisHost> {
  return host as ReturnType<typeof ts6AnalysisHost>;
}

/** The toolsets of the named source files, in the CLI's order (by file name). */
function toolsetsOf(host: AnalysisHost, fileNames: Iterable<string>): ToolsetModel[] {
  const { program } = tsHost(host);
  return [...fileNames]
    .map((fileName) => program.getSourceFile(fileName))
    .filter((file): file is ts.SourceFile => file !== undefined && !file.isDeclarationFile && !generatedModuleName.test(file.fileName))
    .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0))
    .flatMap((file) => analyzeFile(host, file as unknown as SourceFile).toolsets);
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

const referencedHosts = new Map<string, { readonly version: string; readonly host: AnalysisHost; readonly ts: TypeScript }>();

/**
 * A host holding the referenced project's own sources: the program itself when it holds them all
 * (the project service reads referenced sources rather than their declarations), else a program of
 * the referenced project, kept while its files stay unchanged.
 */
function hostFor(host: AnalysisHost, reference: ts.ResolvedProjectReference): AnalysisHost {
  const { ts, program } = tsHost(host);
  const fileNames = reference.commandLine.fileNames.filter((fileName) => !generatedModuleName.test(fileName));
  if (fileNames.every((fileName) => program.getSourceFile(fileName)?.isDeclarationFile === false)) {
    return host;
  }
  const version = fileNames.map((fileName) => `${fileName}@${ts.sys.getModifiedTime?.(fileName)?.getTime() ?? ''}`).join('|');
  const cached = referencedHosts.get(reference.sourceFile.fileName);
  if (cached !== undefined && cached.version === version && cached.ts === ts) {
    return cached.host;
  }
  const own = ts.createProgram({ rootNames: fileNames, options: reference.commandLine.options, projectReferences: reference.commandLine.projectReferences ?? [] });
  const created = ts6AnalysisHost(ts, own);
  referencedHosts.set(reference.sourceFile.fileName, { version, host: created, ts });
  return created;
}
