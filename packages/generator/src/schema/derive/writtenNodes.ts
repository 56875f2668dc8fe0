import type { HostType, HostTypeNode, TypeHost } from '../../host/TypeHost.js';

/*
 * The node a part of a type was written as, read from the node of the whole: the element of `Tag[]`, the value of
 * `Record<string, Votes>`. The derivation passes these nodes down, so that a part written as a type alias gets the
 * alias's keyword tags (`type Votes = number` leaves no trace on the checker's type), as a member or parameter does.
 */

/** The node under parentheses and `readonly`. */
function unwrapped(host: TypeHost, node: HostTypeNode): HostTypeNode {
  let current = node;
  for (let depth = 0; depth < 16; depth++) {
    const view = host.typeNode(current);
    if (view.kind !== 'parenthesized') return current;
    current = view.inner;
  }
  return current;
}

/** A reference to one of the lib's generic types by name (`Record<K, V>`), with its type arguments as written; none for a user's own type of that name. */
function libReference(host: TypeHost, node: HostTypeNode, names: readonly string[], arity: number): readonly HostTypeNode[] | undefined {
  const view = host.typeNode(node);
  if (view.kind !== 'reference' || !names.includes(view.name) || view.typeArguments.length !== arity) return undefined;
  return host.referencedSymbol(node) === undefined ? view.typeArguments : undefined;
}

/** The node under parentheses, `readonly` and the lib's `Readonly<…>`, which JSON does not have either. */
function unwrappedReadonly(host: TypeHost, node: HostTypeNode): HostTypeNode {
  let current = unwrapped(host, node);
  for (let depth = 0; depth < 16; depth++) {
    const argument = libReference(host, current, ['Readonly'], 1)?.[0];
    if (argument === undefined) return current;
    current = unwrapped(host, argument);
  }
  return current;
}

/** The element type as written: `Tag` of `Tag[]`, `readonly Tag[]`, `Readonly<Tag[]>`, `Array<Tag>` and `ReadonlyArray<Tag>`. */
export function elementTypeNode(host: TypeHost, node: HostTypeNode | undefined): HostTypeNode | undefined {
  if (node === undefined) return undefined;
  const inner = unwrappedReadonly(host, node);
  const view = host.typeNode(inner);
  if (view.kind === 'array') return view.element;
  return libReference(host, inner, ['Array', 'ReadonlyArray'], 1)?.[0];
}

/** Each element's type as written of `[A, B?, ...C[]]` (and `readonly [...]`, `Readonly<[...]>`), when it has `count` elements. */
export function tupleElementNodes(host: TypeHost, node: HostTypeNode | undefined, count: number): readonly (HostTypeNode | undefined)[] {
  const view = node === undefined ? undefined : host.typeNode(unwrappedReadonly(host, node));
  return view?.kind === 'tuple' && view.elements.length === count ? view.elements : [];
}

/**
 * The value type as written of the lib's `Record<K, V>`, and of an inline index signature (`{ [key: string]: V }`),
 * also under `Readonly`, `Partial` and `Required`: a mapped type's members and index signature have no declaration of
 * their own to read it from.
 */
export function recordValueNode(host: TypeHost, node: HostTypeNode | undefined): HostTypeNode | undefined {
  let current = node;
  for (let depth = 0; current !== undefined && depth < 16; depth++) {
    const inner = unwrapped(host, current);
    const record = libReference(host, inner, ['Record'], 2);
    if (record !== undefined) return record[1];
    const view = host.typeNode(inner);
    if (view.kind === 'typeLiteral') return view.indexValue;
    if (view.kind === 'mapped') return keyFreeTemplate(host, view);
    current = libReference(host, inner, ['Readonly', 'Partial', 'Required'], 1)?.[0];
  }
  return undefined;
}

/** The key type as written of the lib's `Record<K, V>`, also under `Readonly`, `Partial` and `Required` (`CapName` of `Record<CapName, number>`). */
export function recordKeyNode(host: TypeHost, node: HostTypeNode | undefined): HostTypeNode | undefined {
  let current = node;
  for (let depth = 0; current !== undefined && depth < 16; depth++) {
    const inner = unwrapped(host, current);
    const record = libReference(host, inner, ['Record'], 2);
    if (record !== undefined) return record[0];
    current = libReference(host, inner, ['Readonly', 'Partial', 'Required'], 1)?.[0];
  }
  return undefined;
}

/**
 * How the members of a mapped type were written, when `type` is one. Each keeps the declaration of the property it maps,
 * whose node says how the member was written only where the template is that property's type (`T[K]`: `Pick`, `Partial`,
 * `Readonly`; also `T[K] | null`, whose `null` the member's type shows): `{ [K in keyof Person]: Name }` makes every
 * member a `Name`, whatever `Person` declares. Else the template says it, for every member alike, unless it names the key
 * (`Box<K>`, `T[K][]`), which makes each member a type of its own.
 */
export function mappedMembers(host: TypeHost, type: HostType): { readonly declared: boolean; readonly template: HostTypeNode | undefined } | undefined {
  const declaration = host.mappedDeclaration(type);
  const view = declaration === undefined ? undefined : host.typeNode(declaration);
  if (view?.kind !== 'mapped') return undefined;
  const accessNode = view.template === undefined ? undefined : withoutNullish(host, view.template);
  const access = accessNode === undefined ? undefined : host.typeNode(accessNode);
  const index = access?.kind === 'indexedAccess' ? host.typeNode(unwrapped(host, access.index)) : undefined;
  const declared = index?.kind === 'reference' && index.name === view.key && index.typeArguments.length === 0;
  return { declared, template: declared ? undefined : keyFreeTemplate(host, view) };
}

/** The type argument of the lib's `NonNullable<X>` as written, without its union's `null` and `undefined` members (`Name | null` → `Name`). */
export function nonNullableArgument(host: TypeHost, node: HostTypeNode | undefined): HostTypeNode | undefined {
  const argument = node === undefined ? undefined : libReference(host, unwrapped(host, node), ['NonNullable'], 1)?.[0];
  return argument === undefined ? undefined : withoutNullish(host, argument);
}

/** The one member of a written union besides `null` and `undefined` (`T[] | null` → `T[]`); none for a node that is no union, or a union of more. */
export function loneUnionMember(host: TypeHost, node: HostTypeNode): HostTypeNode | undefined {
  return host.typeNode(unwrapped(host, node)).kind === 'union' ? withoutNullish(host, node) : undefined;
}

/** The node under parentheses and a union's `null` and `undefined` members (`T[K] | null` → `T[K]`); none for a union of more. */
function withoutNullish(host: TypeHost, node: HostTypeNode): HostTypeNode | undefined {
  let current = node;
  for (let depth = 0; depth < 16; depth++) {
    const inner = unwrapped(host, current);
    const view = host.typeNode(inner);
    if (view.kind !== 'union') return inner;
    const rest = view.members.filter((member) => host.typeNode(member).kind !== 'null' && host.typeNode(member).kind !== 'undefined');
    if (rest.length !== 1) return undefined;
    current = rest[0]!;
  }
  return undefined;
}

/** A mapped type's template as written, unless it names the key parameter (read in the template's text: a name that only looks like it counts too). */
function keyFreeTemplate(host: TypeHost, view: { readonly key: string; readonly template: HostTypeNode | undefined }): HostTypeNode | undefined {
  if (view.template === undefined) return undefined;
  const key = new RegExp(`(?<![\\w$])${view.key.replace(/[$]/g, '\\$')}(?![\\w$])`);
  return key.test(host.typeNodeText(view.template)) ? undefined : view.template;
}
