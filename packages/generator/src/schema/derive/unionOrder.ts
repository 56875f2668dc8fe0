import { TypeFlag, type HostType, type HostTypeNode } from '../../host/TypeHost.js';
import { hasFlag, type Walk } from './Processor.js';

/*
 * Union order: the checker orders a union's members by type identity (so `'b' | 'a'` may come out
 * as `'a' | 'b'` when `'a'` was seen first); where the union was written, follow the source.
 */

/** A union's members in the order the type node (or the union's non-generic alias) writes them; the rest after, in the checker's order. */
export function writtenOrder(walk: Walk, union: HostType, typeNode: HostTypeNode | undefined): readonly HostType[] {
  const written: HostType[] = [];
  const seen = new Set<HostType>();
  const nodes = [typeNode, walk.host.aliasTypeNode(union)];
  for (const node of nodes) {
    if (node !== undefined) {
      collectWritten(walk, node, written, 0);
    }
  }
  const rank = new Map<HostType, number>();
  for (const type of written) {
    if (!seen.has(type)) {
      seen.add(type);
      rank.set(type, rank.size);
    }
  }
  const unranked = Number.MAX_SAFE_INTEGER;
  return walk.host
    .constituents(union)
    .map((type, index) => ({ type, index, rank: rank.get(type) ?? unranked }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.type);
}

function collectWritten(walk: Walk, node: HostTypeNode, into: HostType[], depth: number): void {
  if (depth > 16) {
    return;
  }
  const view = walk.host.typeNode(node);
  if (view.kind === 'parenthesized') {
    collectWritten(walk, view.inner, into, depth + 1);
    return;
  }
  if (view.kind === 'union') {
    view.members.forEach((member) => collectWritten(walk, member, into, depth + 1));
    return;
  }
  const type = walk.host.typeFromNode(node);
  if (!hasFlag(walk, type, TypeFlag.Union)) {
    into.push(type);
    return;
  }
  const aliased = walk.host.aliasTypeNode(type);
  if (aliased !== undefined && aliased !== node) {
    collectWritten(walk, aliased, into, depth + 1);
  }
  into.push(...walk.host.constituents(type));
}
