import type ts from 'typescript';
import type { TypeScriptApi } from '../TypeScriptApi.js';
import { hasFlag, type Walk } from './Processor.js';

/*
 * Union order: the checker orders a union's members by type identity (so `'b' | 'a'` may come out
 * as `'a' | 'b'` when `'a'` was seen first); where the union was written, follow the source.
 */

/** A union's members in the order the type node (or the union's non-generic alias) writes them; the rest after, in the checker's order. */
export function writtenOrder(walk: Walk, union: ts.UnionType, typeNode: ts.TypeNode | undefined): readonly ts.Type[] {
  const written: ts.Type[] = [];
  const seen = new Set<ts.Type>();
  const nodes = [typeNode, aliasTypeNode(walk.ts, union)];
  for (const node of nodes) {
    if (node !== undefined) {
      collectWritten(walk, node, written, 0);
    }
  }
  const rank = new Map<ts.Type, number>();
  for (const type of written) {
    if (!seen.has(type)) {
      seen.add(type);
      rank.set(type, rank.size);
    }
  }
  const unranked = Number.MAX_SAFE_INTEGER;
  return union.types
    .map((type, index) => ({ type, index, rank: rank.get(type) ?? unranked }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.type);
}

/** The union type node of a non-generic alias (`type Status = 'open' | 'closed'`). */
function aliasTypeNode(t: TypeScriptApi, type: ts.Type): ts.TypeNode | undefined {
  const declaration = type.aliasSymbol?.declarations?.find((candidate) => t.isTypeAliasDeclaration(candidate));
  const plain = declaration !== undefined && t.isTypeAliasDeclaration(declaration) && declaration.typeParameters === undefined;
  return plain ? declaration.type : undefined;
}

function collectWritten(walk: Walk, node: ts.TypeNode, into: ts.Type[], depth: number): void {
  const t = walk.ts;
  if (depth > 16) {
    return;
  }
  if (t.isParenthesizedTypeNode(node)) {
    collectWritten(walk, node.type, into, depth + 1);
    return;
  }
  if (t.isUnionTypeNode(node)) {
    node.types.forEach((member) => collectWritten(walk, member, into, depth + 1));
    return;
  }
  const type = walk.checker.getTypeFromTypeNode(node);
  if (!hasFlag(type, t.TypeFlags.Union)) {
    into.push(type);
    return;
  }
  const aliased = aliasTypeNode(t, type);
  if (aliased !== undefined && aliased !== node) {
    collectWritten(walk, aliased, into, depth + 1);
  }
  into.push(...(type as ts.UnionType).types);
}
