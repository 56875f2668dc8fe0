import type ts from 'typescript';
import type { TypeScriptApi } from '../TypeScriptApi.js';

/** A symbol's TSDoc: its summary (none when empty) and its block tags with their text. */
export function readDocumentation(
  t: TypeScriptApi,
  checker: ts.TypeChecker,
  symbol: ts.Symbol,
): { description: string | undefined; tags: { name: string; text: string }[] } {
  const summary = t.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  const tags = symbol.getJsDocTags(checker).map((tag) => ({ name: tag.name, text: t.displayPartsToString(tag.text).trim() }));
  return { description: summary === '' ? undefined : summary, tags };
}

/**
 * The TSDoc summary of the type a member or parameter is declared with (`priority?: Priority`
 * → the doc of `type Priority`), for a member or parameter without one of its own. Follows
 * `T | null | undefined` to `T`; the lib's own types (`Date`, `Record`) have docs about
 * JavaScript, not about the user's data, so they give none.
 */
export function typeDocumentation(
  t: TypeScriptApi,
  program: Pick<ts.Program, 'isSourceFileDefaultLibrary'>,
  checker: ts.TypeChecker,
  typeNode: ts.TypeNode | undefined,
): string | undefined {
  const named = namedTypeNode(t, typeNode);
  if (named === undefined) {
    return undefined;
  }
  let symbol = checker.getSymbolAtLocation(named.typeName);
  if (symbol !== undefined && (symbol.flags & t.SymbolFlags.Alias) !== 0) {
    symbol = checker.getAliasedSymbol(symbol);
  }
  const declarations = symbol?.declarations ?? [];
  if (symbol === undefined || declarations.length === 0 || declarations.every((declaration) => program.isSourceFileDefaultLibrary(declaration.getSourceFile()))) {
    return undefined;
  }
  const summary = t.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  return summary === '' ? undefined : summary;
}

/** The one type reference a type node names, through parentheses and `| null` / `| undefined`. */
function namedTypeNode(t: TypeScriptApi, node: ts.TypeNode | undefined): ts.TypeReferenceNode | undefined {
  if (node === undefined) {
    return undefined;
  }
  if (t.isParenthesizedTypeNode(node)) {
    return namedTypeNode(t, node.type);
  }
  if (t.isUnionTypeNode(node)) {
    const named = node.types.filter((member) => member.kind !== t.SyntaxKind.UndefinedKeyword && !isNullLiteralType(t, member));
    return named.length === 1 ? namedTypeNode(t, named[0]) : undefined;
  }
  return t.isTypeReferenceNode(node) ? node : undefined;
}

function isNullLiteralType(t: TypeScriptApi, node: ts.TypeNode): boolean {
  return node.kind === t.SyntaxKind.LiteralType && (node as ts.LiteralTypeNode).literal.kind === t.SyntaxKind.NullKeyword;
}
