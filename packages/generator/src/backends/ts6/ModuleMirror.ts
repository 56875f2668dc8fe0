import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type ts from 'typescript';
import { writeFileAtomic } from '../../io/writeFileAtomic.js';
import { loadBundledCompiler } from './bundledCompiler.js';
import { contentHash, FileSystemProbes, freshStamp, mirrorMaker, writeStamp } from './mirrorStamp.js';

/** A module of the project that cannot be loaded: `toolgen mcp` says why and exits with 2. */
export class ModuleLoadError extends Error {
  override readonly name = 'ModuleLoadError';
}

/** The TypeScript the mirror transpiles with, and what it read of the project's tsconfig. */
interface Compiler {
  readonly ts: typeof ts;
  readonly options: ts.CompilerOptions;
  readonly host: ts.ModuleResolutionHost;
  readonly cache: ts.ModuleResolutionCache;
}

/**
 * Loads a project's TypeScript modules on plain Node (no TypeScript loader needed): each
 * module, and every module of the project it imports (as the project's tsconfig resolves
 * them, `paths` included), is transpiled with TypeScript's `transpileModule` into a mirror of
 * the source tree under `node_modules/.cache/toolgen/mcp/` beside the tsconfig, with the import
 * specifiers of those modules pointing at their mirrored files; packages are imported as
 * the sources import them, and resolve from the project's `node_modules`. Every mirrored file
 * is ESM (the mirror has its own `package.json`), written only when it changed, atomically, so
 * several servers of one project can start at once. A module outside the tsconfig's folder is
 * mirrored under `_outside/` by its absolute path, so each module has one mirrored file whatever
 * imports it.
 *
 * A later start imports the mirror as it is, without loading TypeScript, while its stamp holds
 * (`freshStamp`: the same sources and tsconfig, resolution finding what it found).
 *
 * Transpiling checks no types (run `tsc` for that), and a module reading files relative to its
 * own location (`import.meta.url`) reads them relative to the mirror.
 */
export class ModuleMirror {
  readonly cacheDir: string;
  readonly #tsconfigPath: string;
  readonly #rootDir: string;
  #compiler: Compiler | undefined;
  /** Every local module reached, with the local modules its specifiers resolve to. */
  readonly #graph = new Map<string, Map<string, string>>();
  /** What reading the tsconfig and resolving the imports asked of the file system: what the stamps record. */
  readonly #probes = new FileSystemProbes();

  constructor(tsconfigPath: string) {
    this.#tsconfigPath = path.resolve(tsconfigPath);
    this.#rootDir = path.dirname(this.#tsconfigPath);
    this.cacheDir = path.join(this.#rootDir, 'node_modules', '.cache', 'toolgen', 'mcp');
  }

  /** Imports the project module at `file` (absolute), transpiling it and what it imports of the project first, unless its mirror is fresh. */
  async import(file: string): Promise<Record<string, unknown>> {
    const entry = path.resolve(file);
    if (!existsSync(entry)) throw new ModuleLoadError(`Cannot find ${entry}.`);
    const output = freshStamp(this.cacheDir, entry)?.entryOutput ?? this.#mirror(entry);
    try {
      return (await import(pathToFileURL(output).href)) as Record<string, unknown>;
    } catch (error) {
      throw new ModuleLoadError(`Cannot load ${entry}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  /** Transpiles `entry` and the project modules it reaches into the mirror, stamps it, and gives the mirrored entry. */
  #mirror(entry: string): string {
    const reached = this.#collect(entry);
    writeFileAtomic(path.join(this.cacheDir, 'package.json'), '{ "type": "module", "private": true }\n');
    const inputs = Object.fromEntries(this.#probes.inputs);
    const outputs: Record<string, string> = {};
    for (const source of reached) {
      const text = readFileSync(source, 'utf8');
      const output = this.#outputOf(source);
      const rewrites = new Map([...this.#graph.get(source)!].map(([specifier, target]) => [specifier, relativeSpecifier(output, this.#outputOf(target))]));
      const emitted = this.#emit(source, text, rewrites);
      writeFileAtomic(output, emitted);
      inputs[source] = contentHash(text);
      outputs[output] = contentHash(emitted);
    }
    const entryOutput = this.#outputOf(entry);
    const { files, folders, links } = this.#probes;
    const answers = { files: Object.fromEntries(files), folders: Object.fromEntries(folders), links: Object.fromEntries(links) };
    writeStamp(this.cacheDir, entry, { maker: mirrorMaker(), inputs, ...answers, outputs, entryOutput });
    return entryOutput;
  }

  /** The mirrored file of a project module: by its path from the tsconfig's folder, or its absolute path under `_outside/`. */
  #outputOf(source: string): string {
    const relative = path.relative(this.#rootDir, emittedName(source));
    if (!relative.startsWith('..') && !path.isAbsolute(relative)) return path.join(this.cacheDir, relative);
    const { root } = path.parse(source);
    return path.join(this.cacheDir, '_outside', root.replace(/[:\\/]/g, ''), path.relative(root, emittedName(source)));
  }

  #loadCompiler(): Compiler {
    if (this.#compiler !== undefined) return this.#compiler;
    // the TypeScript 6 ts-morph bundles, as for the analysis: the project's own may be TypeScript 7, which has no such API
    const tsc = loadBundledCompiler().ts;
    const configPath = this.#tsconfigPath;
    const host = this.#probes.recording(tsc.sys);
    const read = tsc.readConfigFile(configPath, host.readFile);
    if (read.error !== undefined) throw new ModuleLoadError(`Cannot read ${configPath}: ${tsc.flattenDiagnosticMessageText(read.error.messageText, ' ')}`);
    const { options } = tsc.parseJsonConfigFileContent(read.config, host, this.#rootDir, undefined, configPath);
    const cache = tsc.createModuleResolutionCache(this.#rootDir, (name) => (tsc.sys.useCaseSensitiveFileNames ? name : name.toLowerCase()), options);
    this.#compiler = { ts: tsc, options, host, cache };
    return this.#compiler;
  }

  /** Resolves the imports of `entry` and of every project module they reach; gives the modules reached. */
  #collect(entry: string): string[] {
    const { ts: tsc, options, host, cache } = this.#loadCompiler();
    const reached = new Set<string>();
    const pending = [entry];
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      let imports = this.#graph.get(file);
      if (imports === undefined) {
        imports = new Map();
        this.#graph.set(file, imports);
        const specifiers = file.endsWith('.json') ? [] : tsc.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles;
        for (const { fileName: specifier } of specifiers) {
          const resolved = tsc.resolveModuleName(specifier, file, options, host, cache).resolvedModule;
          if (resolved === undefined || resolved.isExternalLibraryImport === true || isDeclaration(resolved.resolvedFileName)) continue;
          if (resolved.resolvedFileName.split(/[\\/]/).includes('node_modules')) continue;
          imports.set(specifier, path.resolve(resolved.resolvedFileName));
        }
      }
      pending.push(...imports.values());
    }
    return [...reached];
  }

  #emit(source: string, text: string, rewrites: ReadonlyMap<string, string>): string {
    if (source.endsWith('.json')) return text;
    const { ts: tsc, options } = this.#loadCompiler();
    const rewrite: ts.TransformerFactory<ts.SourceFile> = (context) => (file) => {
      const specifier = (node: ts.Expression | undefined): ts.Expression | undefined =>
        node !== undefined && tsc.isStringLiteral(node) && rewrites.has(node.text) ? context.factory.createStringLiteral(rewrites.get(node.text)!) : node;
      const visit = (node: ts.Node): ts.Node => {
        if (tsc.isImportDeclaration(node)) {
          return context.factory.updateImportDeclaration(node, node.modifiers, node.importClause, specifier(node.moduleSpecifier)!, node.attributes);
        }
        if (tsc.isExportDeclaration(node) && node.moduleSpecifier !== undefined) {
          return context.factory.updateExportDeclaration(node, node.modifiers, node.isTypeOnly, node.exportClause, specifier(node.moduleSpecifier), node.attributes);
        }
        if (tsc.isCallExpression(node) && node.expression.kind === tsc.SyntaxKind.ImportKeyword && node.arguments.length > 0) {
          const [first, ...rest] = node.arguments;
          return context.factory.updateCallExpression(node, node.expression, node.typeArguments, [specifier(first)!, ...rest]);
        }
        return tsc.visitEachChild(node, visit, context);
      };
      return tsc.visitNode(file, visit) as ts.SourceFile;
    };
    const { outputText, diagnostics } = tsc.transpileModule(text, {
      fileName: source,
      reportDiagnostics: true,
      compilerOptions: {
        ...options,
        module: tsc.ModuleKind.ESNext,
        moduleResolution: tsc.ModuleResolutionKind.Bundler,
        target: tsc.ScriptTarget.ES2022,
        // imports only used as types are dropped, whatever the project says
        verbatimModuleSyntax: false,
        isolatedModules: true,
        noEmit: false,
        declaration: false,
        declarationMap: false,
        sourceMap: false,
        inlineSourceMap: false,
        composite: false,
      },
      transformers: { after: [rewrite] },
    });
    // the syntax errors of the file; the options were made for transpiling, whatever the project says
    const syntax = (diagnostics ?? []).find((diagnostic) => diagnostic.category === tsc.DiagnosticCategory.Error && diagnostic.file !== undefined);
    if (syntax !== undefined) throw new ModuleLoadError(`Cannot transpile ${source}: ${tsc.flattenDiagnosticMessageText(syntax.messageText, ' ')}`);
    return outputText;
  }
}

function isDeclaration(file: string): boolean {
  return /\.d\.[cm]?ts$/.test(file) || /\.d\.[^.]+\.ts$/.test(file);
}

/** The file a source becomes in the mirror: `.ts` and `.tsx` → `.js`, `.mts` → `.mjs`, `.cts` → `.cjs`. */
function emittedName(source: string): string {
  return source.replace(/\.tsx?$/, '.js').replace(/\.mts$/, '.mjs').replace(/\.cts$/, '.cjs').replace(/\.jsx$/, '.js');
}

function relativeSpecifier(from: string, to: string): string {
  const relative = path.relative(path.dirname(from), to).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}
