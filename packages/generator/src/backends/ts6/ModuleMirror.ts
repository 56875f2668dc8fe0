import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type ts from 'typescript';
import { writeFileAtomic } from '../../io/writeFileAtomic.js';
import { loadBundledCompiler } from './bundledCompiler.js';

/** A module of the project that cannot be loaded: `toolgen mcp` says why and exits with 2. */
export class ModuleLoadError extends Error {
  override readonly name = 'ModuleLoadError';
}

/**
 * Loads a project's TypeScript modules on plain Node (no TypeScript loader needed): each
 * module, and every module of the project it imports (as the project's tsconfig resolves
 * them, `paths` included), is transpiled with TypeScript's `transpileModule` into a mirror of
 * the source tree under `node_modules/.cache/toolgen/mcp/` beside the tsconfig, with the import
 * specifiers of those modules pointing at their mirrored files; packages are imported as
 * the sources import them, and resolve from the project's `node_modules`. Every mirrored file
 * is ESM (the mirror has its own `package.json`), written only when it changed, atomically, so
 * several servers of one project can start at once.
 *
 * Transpiling checks no types (run `tsc` for that), and a module reading files relative to its
 * own location (`import.meta.url`) reads them relative to the mirror.
 */
export class ModuleMirror {
  readonly cacheDir: string;
  readonly #rootDir: string;
  readonly #ts: typeof ts;
  readonly #options: ts.CompilerOptions;
  readonly #host: ts.ModuleResolutionHost;
  readonly #cache: ts.ModuleResolutionCache;
  /** Every local module reached, with the local modules its specifiers resolve to. */
  readonly #graph = new Map<string, Map<string, string>>();

  constructor(tsconfigPath: string) {
    // the TypeScript 6 ts-morph bundles, as for the analysis: the project's own may be TypeScript 7, which has no such API
    this.#ts = loadBundledCompiler().ts;
    const tsc = this.#ts;
    const rootDir = path.dirname(tsconfigPath);
    const read = tsc.readConfigFile(tsconfigPath, tsc.sys.readFile);
    if (read.error !== undefined) throw new ModuleLoadError(`Cannot read ${tsconfigPath}: ${tsc.flattenDiagnosticMessageText(read.error.messageText, ' ')}`);
    this.#options = tsc.parseJsonConfigFileContent(read.config, tsc.sys, rootDir, undefined, tsconfigPath).options;
    this.#host = tsc.sys;
    this.#cache = tsc.createModuleResolutionCache(rootDir, (name) => (tsc.sys.useCaseSensitiveFileNames ? name : name.toLowerCase()), this.#options);
    this.#rootDir = rootDir;
    this.cacheDir = path.join(rootDir, 'node_modules', '.cache', 'toolgen', 'mcp');
  }

  /** Imports the project module at `file` (absolute), transpiling it and what it imports of the project first. */
  async import(file: string): Promise<Record<string, unknown>> {
    const entry = path.resolve(file);
    if (!existsSync(entry)) throw new ModuleLoadError(`Cannot find ${entry}.`);
    this.#collect(entry);
    const files = [...this.#graph.keys()];
    const mirrorRoot = commonFolder([this.#rootDir, ...files]);
    const outputOf = (source: string) => path.join(this.cacheDir, path.relative(mirrorRoot, emittedName(source)));
    writeFileAtomic(path.join(this.cacheDir, 'package.json'), '{ "type": "module", "private": true }\n');
    for (const [source, imports] of this.#graph) {
      const output = outputOf(source);
      const rewrites = new Map([...imports].map(([specifier, target]) => [specifier, relativeSpecifier(output, outputOf(target))]));
      writeFileAtomic(output, this.#emit(source, rewrites));
    }
    try {
      return (await import(pathToFileURL(outputOf(entry)).href)) as Record<string, unknown>;
    } catch (error) {
      throw new ModuleLoadError(`Cannot load ${entry}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  #collect(entry: string): void {
    const tsc = this.#ts;
    const pending = [entry];
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (this.#graph.has(file)) continue;
      const imports = new Map<string, string>();
      this.#graph.set(file, imports);
      if (file.endsWith('.json')) continue;
      const text = readFileSync(file, 'utf8');
      for (const { fileName: specifier } of tsc.preProcessFile(text, true, true).importedFiles) {
        const resolved = tsc.resolveModuleName(specifier, file, this.#options, this.#host, this.#cache).resolvedModule;
        if (resolved === undefined || resolved.isExternalLibraryImport === true || isDeclaration(resolved.resolvedFileName)) continue;
        if (resolved.resolvedFileName.split(/[\\/]/).includes('node_modules')) continue;
        const target = path.resolve(resolved.resolvedFileName);
        imports.set(specifier, target);
        pending.push(target);
      }
    }
  }

  #emit(source: string, rewrites: ReadonlyMap<string, string>): string {
    const text = readFileSync(source, 'utf8');
    if (source.endsWith('.json')) return text;
    const tsc = this.#ts;
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
        ...this.#options,
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

function commonFolder(paths: readonly string[]): string {
  const split = paths.map((file) => path.resolve(file).split(path.sep));
  const first = split[0]!;
  let length = 0;
  while (length < first.length && split.every((parts) => parts[length] === first[length])) length += 1;
  return first.slice(0, length).join(path.sep) || path.sep;
}
