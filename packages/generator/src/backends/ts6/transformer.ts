import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type ts from 'typescript';
import { BuildSession, formatDiagnosticLines, ToolgenBuildError, type BuildModule } from '../../build/BuildSession.js';
import type { Diagnostic } from '../../diagnostics/Diagnostic.js';

/** Options of `createToolgenTransformer`; under ts-patch, the other members of the plugin's entry. */
export interface ToolgenTransformerOptions {
  /** The project's tsconfig.json, or a folder holding one. Default: the tsconfig the program was read from. */
  readonly project?: string;
  /** Receives each warning of an emitted toolset source, as the CLI prints it. Default: written to stderr. */
  readonly onWarning?: (line: string) => void;
}

/** What ts-patch passes a transformer as its third argument: the compiler it runs, and where to add diagnostics. */
export interface ToolgenTransformerExtras {
  readonly ts?: typeof ts;
  /** Adds a diagnostic to what `program.emit` returns, which tsc (`tspc`) prints with its own and fails the build on. */
  readonly addDiagnostic?: (diagnostic: ts.Diagnostic) => number;
}

/** The internal emit host of a transformation context, whose `writeFile` is the one `program.emit` was given. */
interface EmitHost {
  readonly writeFile: ts.WriteFileCallback;
}

const require = createRequire(import.meta.url);

/** Sessions by tsconfig path: a watch loop creates a transformer for each new program, and the analysis is kept between them. */
const sessions = new Map<string, BuildSession>();

/**
 * The toolgen transformer for TypeScript 6 emit pipelines: `program.emit(undefined, writeFile,
 * undefined, false, createToolgenTransformer(program))`, or ts-patch's
 * `{ "transform": "@toolgen/generator/transformer" }` plugin entry. When a source file holding
 * toolsets is emitted, the module the CLI would write beside it (`x.tools.ts`, byte for byte) is
 * compiled with the program's own options and emitted with it, through the same `writeFile`:
 * `x.tools.js` (and its `.d.ts` and maps, as the options say) lands where `x.js` does, so an
 * import of `./x.tools.js` works in the output while the source tree holds no generated file.
 * A source whose toolsets have errors throws a `ToolgenBuildError` whose message is the CLI's
 * lines for them; under ts-patch, which gives the transformer `addDiagnostic`, they are added to the
 * emit's diagnostics instead, which tsc prints as its own (`error TSH008: …`) and fails on, and the
 * module is not emitted. The source files themselves are emitted unchanged.
 */
export function createToolgenTransformer(program: ts.Program, options: ToolgenTransformerOptions = {}, extras: ToolgenTransformerExtras = {}): ts.CustomTransformers {
  const tsApi = extras.ts ?? (require('typescript') as typeof ts);
  const build = sharedSession(projectOf(program, options));
  const emitter = new ModuleEmitter(tsApi, program, build);
  const warn = options.onWarning ?? ((line: string) => process.stderr.write(`${line}\n`));
  const warned = new Set<string>();
  /** The modules whose errors went to ts-patch's `addDiagnostic`: each transformer pass meets the source again. */
  const reported = new Set<string>();
  /** The modules emitted in each `program.emit` (told apart by its emit host): the declaration pass emits only what the JavaScript pass did not. */
  const emitted = new WeakMap<object, Set<string>>();

  const handle = (context: ts.TransformationContext, node: ts.SourceFile | ts.Bundle, declarations: boolean) => {
    if (!tsApi.isSourceFile(node)) {
      return;
    }
    const module = build.moduleOfSource(node.fileName);
    if (module === undefined) {
      return;
    }
    if (module.content === undefined) {
      if (extras.addDiagnostic === undefined) {
        throw new ToolgenBuildError(module.errors);
      }
      if (!reported.has(module.path)) {
        reported.add(module.path);
        for (const error of module.errors) {
          extras.addDiagnostic(tsDiagnostic(tsApi, program, error));
        }
      }
      return;
    }
    if (!warned.has(module.path)) {
      warned.add(module.path);
      for (const warning of module.warnings) {
        warn(formatDiagnosticLines([warning]));
      }
    }
    const host = emitHostOf(context);
    if (host === undefined) {
      // without the emit host, the JavaScript pass emits everything and the declaration pass only runs alone under emitDeclarationOnly
      if (!declarations || program.getCompilerOptions().emitDeclarationOnly === true) {
        emitter.emit(module, undefined, declarations);
      }
      return;
    }
    let done = emitted.get(host);
    if (done === undefined) {
      done = new Set();
      emitted.set(host, done);
    }
    if (!done.has(module.path)) {
      done.add(module.path);
      emitter.emit(module, host, declarations);
    }
  };

  return {
    before: [
      (context) => (sourceFile) => {
        handle(context, sourceFile, false);
        return sourceFile;
      },
    ],
    afterDeclarations: [
      (context) => (node) => {
        handle(context, node, true);
        return node;
      },
    ],
  };
}

export default createToolgenTransformer;

export { ToolgenBuildError } from '../../build/BuildSession.js';

/**
 * Compiles generated modules with the program's options, in a second program: the first one's
 * files and the modules as extra roots, with the first program's source files reused as they
 * are (only the modules are parsed). Its output for a module is what tsc writes for the CLI's file.
 */
class ModuleEmitter {
  readonly #ts: typeof ts;
  readonly #program: ts.Program;
  readonly #build: BuildSession;
  #withModules: ts.Program | undefined;

  constructor(tsApi: typeof ts, program: ts.Program, build: BuildSession) {
    this.#ts = tsApi;
    this.#program = program;
    this.#build = build;
  }

  /** Emits `module`'s outputs (only its declarations when `declarationsOnly`) through `host`'s writeFile, or the file system's. */
  emit(module: BuildModule, host: EmitHost | undefined, declarationsOnly: boolean): void {
    const program = this.#programWithModules();
    const sourceFile = program.getSourceFile(module.path);
    if (sourceFile === undefined) {
      throw new Error(`toolgen: ${module.path} is missing from the program that compiles generated modules`);
    }
    const writeFile: ts.WriteFileCallback | undefined = host === undefined ? undefined : (...args) => host.writeFile(...args);
    program.emit(sourceFile, writeFile, undefined, declarationsOnly);
  }

  #programWithModules(): ts.Program {
    if (this.#withModules === undefined) {
      const tsApi = this.#ts;
      const original = this.#program;
      const options = original.getCompilerOptions();
      const modules = new Map<string, string>();
      for (const module of this.#build.modules()) {
        if (module.content !== undefined) {
          modules.set(module.path, module.content);
        }
      }
      const base = tsApi.createCompilerHost(options);
      const host: ts.CompilerHost = {
        ...base,
        fileExists: (file) => modules.has(path.resolve(file)) || base.fileExists(file),
        readFile: (file) => modules.get(path.resolve(file)) ?? base.readFile(file),
        getSourceFile: (file, languageVersion, onError, shouldCreate) => {
          const text = modules.get(path.resolve(file));
          if (text !== undefined) {
            return tsApi.createSourceFile(file, text, languageVersion);
          }
          return original.getSourceFile(file) ?? base.getSourceFile(file, languageVersion, onError, shouldCreate);
        },
      };
      const projectReferences = original.getProjectReferences();
      this.#withModules = tsApi.createProgram({
        rootNames: [...original.getRootFileNames(), ...modules.keys()],
        options,
        host,
        ...(projectReferences === undefined ? {} : { projectReferences }),
      });
    }
    return this.#withModules;
  }
}

/**
 * A toolgen error as tsc reports its own: at its file and span, with its code. tsc prints `TS` and the code, so the code
 * is the part after `TS` (`H008`): the line reads `error TSH008: …`, as the CLI's does.
 */
function tsDiagnostic(tsApi: typeof ts, program: ts.Program, error: Diagnostic): ts.Diagnostic {
  return {
    file: program.getSourceFile(error.file),
    start: error.start,
    length: error.end - error.start,
    category: tsApi.DiagnosticCategory.Error,
    code: error.code.slice('TS'.length) as unknown as number,
    messageText: error.message,
  };
}

function emitHostOf(context: ts.TransformationContext): EmitHost | undefined {
  const host = (context as unknown as { getEmitHost?: () => Partial<EmitHost> | undefined }).getEmitHost?.();
  return typeof host?.writeFile === 'function' ? (host as EmitHost) : undefined;
}

function projectOf(program: ts.Program, options: ToolgenTransformerOptions): string {
  if (options.project !== undefined) {
    const resolved = path.resolve(options.project);
    return existsSync(resolved) && statSync(resolved).isDirectory() ? path.join(resolved, 'tsconfig.json') : resolved;
  }
  const configFilePath = program.getCompilerOptions()['configFilePath'];
  if (typeof configFilePath !== 'string') {
    throw new Error('toolgen: the program was not read from a tsconfig.json, so the transformer cannot tell which project to generate; pass { project: "<tsconfig.json>" }.');
  }
  return path.resolve(configFilePath);
}

/** The session of a project, taken again from the previous transformer when there was one (reading again the files that changed). */
function sharedSession(tsconfigPath: string): BuildSession {
  let session = sessions.get(tsconfigPath);
  if (session === undefined) {
    session = new BuildSession(tsconfigPath);
    sessions.set(tsconfigPath, session);
  } else {
    session.refresh();
  }
  return session;
}
