import type ts from 'typescript';
import type { DiagnosticLocation } from '../diagnostics/Diagnostic.js';
import type { HostType, HostTypeNode, TypeHost } from '../host/TypeHost.js';

/**
 * The one seam between toolgen's analysis and a TypeScript implementation: the `ts` namespace
 * the caller owns (the CLI passes ts-morph's bundled TypeScript, the ESLint plugin the user's),
 * a program and its checker. Nothing in the analysis imports `typescript` as a value.
 */
export interface AnalysisHost {
  readonly ts: typeof ts;
  readonly program: ts.Program;
  readonly checker: ts.TypeChecker;
  /** The same checker seen through the type host, which schema derivation asks. */
  readonly types: TypeHost;
}

const runtimePackageName = '@toolgen/runtime';
const packageNameByDirectory = new Map<string, string | null>();

/** Follows import/export aliases to the declared symbol. */
export function resolveAlias(host: AnalysisHost, symbol: ts.Symbol | undefined): ts.Symbol | undefined {
  if (symbol !== undefined && (symbol.flags & host.ts.SymbolFlags.Alias) !== 0) {
    return host.checker.getAliasedSymbol(symbol);
  }
  return symbol;
}

/** Whether `symbol` is the export `name` of `@toolgen/runtime`, however it was imported or re-exported. */
export function isRuntimeSymbol(host: AnalysisHost, symbol: ts.Symbol | undefined, name: string): boolean {
  const resolved = resolveAlias(host, symbol);
  if (resolved === undefined || resolved.getName() !== name) {
    return false;
  }
  return (resolved.declarations ?? []).some((declaration) => owningPackage(host, declaration.getSourceFile().fileName) === runtimePackageName);
}

/** Whether a type is the lib's (or @types/node's) `AbortSignal`. */
export function isAbortSignal(type: ts.Type): boolean {
  const symbol = type.getSymbol();
  return (
    symbol !== undefined &&
    symbol.getName() === 'AbortSignal' &&
    (symbol.declarations ?? []).length > 0 &&
    (symbol.declarations ?? []).every((declaration) => declaration.getSourceFile().isDeclarationFile)
  );
}

function owningPackage(host: AnalysisHost, fileName: string): string | null {
  const separator = fileName.lastIndexOf('/');
  let directory = separator < 0 ? '' : fileName.slice(0, separator);
  const visited: string[] = [];
  let found: string | null = null;
  while (directory !== '') {
    const cached = packageNameByDirectory.get(directory);
    if (cached !== undefined) {
      found = cached;
      break;
    }
    visited.push(directory);
    const text = host.ts.sys.readFile(`${directory}/package.json`);
    if (text !== undefined) {
      found = readPackageName(text);
      break;
    }
    const parent = directory.slice(0, Math.max(0, directory.lastIndexOf('/')));
    directory = parent === directory ? '' : parent;
  }
  for (const seen of visited) {
    packageNameByDirectory.set(seen, found);
  }
  return found;
}

function readPackageName(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as { name?: unknown };
    return typeof parsed.name === 'string' ? parsed.name : null;
  } catch {
    return null;
  }
}

/** Whether a class is exported from its module, by a modifier or by an export statement, so generated code can import it. */
export function isExported(host: AnalysisHost, declaration: ts.ClassDeclaration): boolean {
  const { ts, checker } = host;
  if (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Export) {
    return true;
  }
  const moduleSymbol = checker.getSymbolAtLocation(declaration.getSourceFile());
  const classSymbol = declaration.name === undefined ? undefined : checker.getSymbolAtLocation(declaration.name);
  if (moduleSymbol === undefined || classSymbol === undefined) {
    return false;
  }
  return checker.getExportsOfModule(moduleSymbol).some((exported) => resolveAlias(host, exported) === classSymbol);
}

/** The 1-based line and column, and the span, of a node. */
export function locate(node: ts.Node): DiagnosticLocation {
  const sourceFile = node.getSourceFile();
  const start = node.getStart(sourceFile);
  const position = sourceFile.getLineAndCharacterOfPosition(start);
  return { file: sourceFile.fileName, line: position.line + 1, column: position.character + 1, start, end: node.getEnd() };
}

/** A TypeScript 6 type as the type host's handle (the TS6 host's handles are the compiler's own objects). */
export const hostType = (type: ts.Type): HostType => type as unknown as HostType;

/** A TypeScript 6 type node as the type host's handle. */
export const hostTypeNode = (node: ts.TypeNode | undefined): HostTypeNode | undefined => node as unknown as HostTypeNode | undefined;
