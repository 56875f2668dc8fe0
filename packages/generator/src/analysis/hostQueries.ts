import { readFileSync } from 'node:fs';
import type { AnalysisHost } from '../host/AnalysisHost.js';
import type { ClassDeclaration } from '../host/syntax.js';
import type { HostSymbol, HostType } from '../host/TypeHost.js';

// What the analysis asks of a host beyond its interface: whether a symbol is the runtime's, a type the lib's AbortSignal, a declaration exported.

const runtimePackageName = '@toolgen/runtime';
const packageNameByDirectory = new Map<string, string | null>();

/** Whether `symbol` is the export `name` of `@toolgen/runtime`, however it was imported or re-exported. */
export function isRuntimeSymbol(host: AnalysisHost, symbol: HostSymbol | undefined, name: string): boolean {
  const resolved = symbol === undefined ? undefined : host.resolveAlias(symbol);
  if (resolved === undefined || host.types.symbolName(resolved) !== name) {
    return false;
  }
  return host.declarationFiles(resolved).some((file) => owningPackage(file.fileName) === runtimePackageName);
}

/** Whether a type is the lib's (or @types/node's) `AbortSignal`. */
export function isAbortSignal(host: AnalysisHost, type: HostType): boolean {
  const symbol = host.types.symbolOf(type);
  if (symbol === undefined || host.types.symbolName(symbol) !== 'AbortSignal') {
    return false;
  }
  const files = host.declarationFiles(symbol);
  return files.length > 0 && files.every((file) => file.isDeclarationFile);
}

function owningPackage(fileName: string): string | null {
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
    const text = readPackageJson(`${directory}/package.json`);
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

function readPackageJson(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
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
export function isExported(host: AnalysisHost, declaration: ClassDeclaration): boolean {
  if (host.syntax.hasModifier(declaration, 'export')) {
    return true;
  }
  const classSymbol = host.classSymbol(declaration);
  let sourceFile = declaration.parent;
  while (!host.syntax.is(sourceFile, 'SourceFile')) {
    sourceFile = sourceFile.parent;
  }
  return classSymbol !== undefined && host.exportsOf(sourceFile).some((exported) => host.resolveAlias(exported) === classSymbol);
}
