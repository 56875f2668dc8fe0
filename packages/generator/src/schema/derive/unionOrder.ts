import { TypeFlag, type HostProperty, type HostType, type HostTypeNode } from '../../host/TypeHost.js';
import { hasFlag, type Walk, type Written } from './Processor.js';

/*
 * Union order. The checker's order of a union's members is its own: TypeScript 6 orders them by
 * type identity (so `'b' | 'a'` may come out as `'a' | 'b'` when `'a'` was seen first),
 * TypeScript 7 by a comparison of its own (string literals by value). Schemas must not depend on
 * either, so:
 *
 * 1. Where the source writes the union, follow it: the type node the member or parameter is
 *    declared with, else the union's non-generic alias (`type Status = 'open' | 'closed'`),
 *    through parentheses, nested unions and aliases (an aliased array, `type Tags = ('b' | 'a')[]`,
 *    writes its element); `keyof T` writes its keys in the order `T` declares its properties. A TS
 *    enum's values come from the host in declaration order; one with a computed member is a union
 *    ordered here.
 * 2. The rest come after, in an order neither compiler decides for literals: first the members
 *    that are no literal, in the checker's order (the one order left to the compiler: unions of
 *    non-literal types are written in practice), then string literals by value (code unit
 *    order), then number literals by value, then `false` before `true`.
 *
 * A mapped type's members over a union of keys (`Pick<T, K>`, `Omit<T, K>`, `Record<K, T>`) come
 * in the compiler's order of that union: they follow the keys as the object's type node (or its
 * non-generic alias) writes them in its type arguments, then the order of their declarations
 * (file, then position), then, for members made from literal keys, which have none, their names.
 * A homomorphic mapped type's (`Partial<T>`) come in `T`'s order, as `T`'s own do (the compilers
 * differ for `T`'s inherited members), and in the checker's order when its template is not `T[K]`.
 */

/** A union's members in the order the type node (or the union's non-generic alias) writes them; the rest after, by the fallback order above. */
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
    .map((type, index) => ({ type, index, rank: rank.get(type) ?? unranked, literal: fallbackKey(walk, type) }))
    .sort((a, b) => a.rank - b.rank || (a.rank === unranked ? compareFallback(a.literal, b.literal) : 0) || a.index - b.index)
    .map((entry) => entry.type);
}

/** Where an unwritten member goes: other members first, as the checker has them; then literals by kind (string, number, boolean) and value. */
type FallbackKey = { readonly kind: 0 } | { readonly kind: 1; readonly value: string } | { readonly kind: 2 | 3; readonly value: number };

function fallbackKey(walk: Walk, type: HostType): FallbackKey {
  const value = walk.host.literalValue(type);
  if (typeof value === 'string') {
    return { kind: 1, value };
  }
  if (typeof value === 'number') {
    return { kind: 2, value };
  }
  return typeof value === 'boolean' ? { kind: 3, value: value ? 1 : 0 } : { kind: 0 };
}

function compareFallback(a: FallbackKey, b: FallbackKey): number {
  if (a.kind !== b.kind) {
    return a.kind - b.kind;
  }
  if (a.kind === 0 || b.kind === 0) {
    return 0;
  }
  return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
}

/**
 * The nodes each member of a written union was written as (`Int` of `string | Int | null`), through
 * parentheses, nested unions and aliases: a member written as an alias then gets the alias's
 * keyword tags, as a member or an element does. A type written more than once has each of its nodes,
 * in order (`Count | Negative`, two aliases of `number` the checker makes one member of).
 */
export function unionMemberNodes(walk: Walk, typeNode: HostTypeNode | undefined): ReadonlyMap<HostType, readonly Written[]> {
  const nodes = new Map<HostType, Written[]>();
  if (typeNode !== undefined) {
    collectWritten(walk, typeNode, [], 0, nodes);
  }
  return nodes;
}

function collectWritten(walk: Walk, written: HostTypeNode, into: HostType[], depth: number, nodes?: Map<HostType, Written[]>): void {
  if (depth > 16) {
    return;
  }
  // a generic alias's `T | null`, derived for `Maybe<Votes>`: `T` is `Votes` as written, and what `Votes` is written of is
  // read where it was written
  const resolved = walk.resolve(written);
  if (resolved.node === undefined) {
    collectNode(walk, { node: written, scope: resolved.scope }, into, depth, nodes);
  } else {
    walk.within(resolved.scope, () => collectNode(walk, resolved, into, depth, nodes));
  }
}

function collectNode(walk: Walk, resolved: Written, into: HostType[], depth: number, nodes?: Map<HostType, Written[]>): void {
  const node = resolved.node!;
  const view = walk.host.typeNode(node);
  if (view.kind === 'parenthesized') {
    collectWritten(walk, view.inner, into, depth + 1, nodes);
    return;
  }
  if (view.kind === 'union') {
    view.members.forEach((member) => collectWritten(walk, member, into, depth + 1, nodes));
    return;
  }
  const type = walk.host.typeFromNode(node);
  if (view.kind === 'keyof') {
    into.push(...keysInDeclarationOrder(walk, type, walk.host.typeFromNode(view.target)));
    return;
  }
  if (!hasFlag(walk, type, TypeFlag.Union)) {
    into.push(type);
    if (nodes !== undefined) nodes.set(type, [...(nodes.get(type) ?? []), resolved]);
    return;
  }
  const aliased = walk.host.aliasTypeNode(type);
  if (aliased !== undefined && aliased !== node) {
    collectWritten(walk, aliased, into, depth + 1, nodes);
  }
  into.push(...walk.host.constituents(type));
}

/** The string keys of `keyof target` in the order `target` declares its properties; its other keys are left to the fallback. */
function keysInDeclarationOrder(walk: Walk, keys: HostType, target: HostType): HostType[] {
  const members = hasFlag(walk, keys, TypeFlag.Union) ? walk.host.constituents(keys) : [keys];
  const byName = new Map<string, HostType>();
  for (const member of members) {
    const value = walk.host.literalValue(member);
    if (typeof value === 'string') {
      byName.set(value, member);
    }
  }
  if (byName.size === 0 || !hasFlag(walk, target, TypeFlag.Object | TypeFlag.Intersection)) {
    return [];
  }
  return [...readerOrder(walk, target).keys()].map((name) => byName.get(name)).filter((member) => member !== undefined);
}

/** A mapped type's members over keys in key order (written, then declared, then by name), a homomorphic one's in its source's order; any other object's as the host lists them. */
export function propertyOrder(walk: Walk, object: HostType, typeNode: HostTypeNode | undefined, properties: readonly HostProperty[]): readonly HostProperty[] {
  if (properties.length < 2) {
    return properties;
  }
  if (!walk.host.isMappedOverKeys(object)) {
    return sourceOrder(walk, object, properties);
  }
  const written: HostType[] = [];
  for (const node of [typeNode, walk.host.aliasTypeNode(object)]) {
    const view = node === undefined ? undefined : walk.host.typeNode(node);
    if (view?.kind === 'reference') {
      view.typeArguments.forEach((argument) => collectWritten(walk, argument, written, 0));
    }
  }
  const rank = new Map<string, number>();
  for (const key of written) {
    const value = walk.host.literalValue(key);
    if (typeof value === 'string' && !rank.has(value)) {
      rank.set(value, rank.size);
    }
  }
  const unranked = Number.MAX_SAFE_INTEGER;
  const byName = (a: HostProperty, b: HostProperty): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return [...properties].sort((a, b) => (rank.get(a.name) ?? unranked) - (rank.get(b.name) ?? unranked) || compareDeclared(a, b) || byName(a, b));
}

/** Declared members first, by file and position. */
function compareDeclared(a: HostProperty, b: HostProperty): number {
  const [first, second] = [a.declaredAt, b.declaredAt];
  if (first === undefined || second === undefined) {
    return first === second ? 0 : first === undefined ? 1 : -1;
  }
  return first.file < second.file ? -1 : first.file > second.file ? 1 : first.index - second.index;
}

/**
 * A homomorphic mapped type's members in the order of its source's properties; any other
 * object's in the order a reader sees them (`readerOrder`).
 */
function sourceOrder(walk: Walk, object: HostType, properties: readonly HostProperty[]): readonly HostProperty[] {
  const source = walk.host.mappedSource(object);
  const ordered = source === undefined ? object : source;
  if (!hasFlag(walk, ordered, TypeFlag.Object | TypeFlag.Intersection)) {
    return properties;
  }
  // the checker's order is the reader's for an object with no bases
  if (source === undefined && !hasFlag(walk, object, TypeFlag.Intersection) && walk.host.baseTypes(object).length === 0) {
    return properties;
  }
  const order = readerOrder(walk, ordered);
  const unranked = Number.MAX_SAFE_INTEGER;
  return [...properties].sort((a, b) => (order.get(a.name) ?? unranked) - (order.get(b.name) ?? unranked));
}

/** How deep `readerOrder` follows bases and intersections. */
const maxOrderDepth = 32;

/**
 * An object's property names in the order a reader sees them, each with its rank: a class's or
 * interface's bases' members first, in `extends` order, then its own; an intersection's members'
 * in the order it is written. A member a type declares again keeps its base's place. (The
 * checker lists a type's own members before its bases'.)
 */
export function readerOrder(walk: Walk, type: HostType): ReadonlyMap<string, number> {
  const order = new Map<string, number>();
  const visit = (current: HostType, depth: number): void => {
    if (depth > maxOrderDepth) {
      return;
    }
    if (hasFlag(walk, current, TypeFlag.Intersection)) {
      walk.host.constituents(current).forEach((member) => visit(member, depth + 1));
      return;
    }
    if (!hasFlag(walk, current, TypeFlag.Object)) {
      return;
    }
    walk.host.baseTypes(current).forEach((base) => visit(base, depth + 1));
    for (const property of walk.host.properties(current)) {
      if (!order.has(property.name)) {
        order.set(property.name, order.size);
      }
    }
  };
  visit(type, 0);
  return order;
}
