import { esSymbolLike, TypeFlag, type HostProperty, type HostSymbol, type HostType, type HostTypeNode } from '../../../host/TypeHost.js';
import type { PropertyShape, Shape } from '../../shape.js';
import { hasDocComment } from '../../tsdoc/readDocumentation.js';
import { faults } from '../faults.js';
import { hasFlag, isUndefined, type Processor, type Walk } from '../Processor.js';
import { propertyOrder } from '../unionOrder.js';
import { mappedMembers, recordKeyNode, recordValueNode } from '../writtenNodes.js';
import { aliasKeywordTags } from '../../tsdoc/readDocumentation.js';
import { isFunction } from './function.js';
import { caseRule, mapsCase, templatePattern } from './string.js';

/** Interfaces, object type aliases, class instances (data members only), mapped types, intersections. */
export const objectProcessor: Processor = {
  kind: 'object',
  applies: (type, walk) => hasFlag(walk, type, TypeFlag.Object),
  derive: (type, site, walk) =>
    walk.inScopeOf(type, site.typeNode, (instantiation) => walk.named(type, site.pointer, () => objectShape(type, site.pointer, walk, site.typeNode), instantiation)),
};

function objectShape(type: HostType, pointer: string, walk: Walk, typeNode: HostTypeNode | undefined): Shape {
  const members = propertyOrder(walk, type, typeNode, walk.host.properties(type));
  const hidden = members.filter((member) => member.hidden).map((member) => member.name);
  if (hidden.length > 0) {
    return walk.fail(type, pointer, faults.privateState(hidden));
  }
  const properties: PropertyShape[] = [];
  // a mapped type's members (`Record<'a' | 'b', Votes>`) have no declaration to read their type as written from, or that of
  // the property they map, which says it only where the template is that property's type (see mappedMembers)
  const mapped = mappedMembers(walk.host, type);
  const recordValue = recordValueNode(walk.host, typeNode);
  for (const member of members) {
    const declared = mapped === undefined || mapped.declared ? member.typeNode : undefined;
    const written = declared ?? recordValue ?? mapped?.template;
    // an inherited member in the scope of its base's arguments (`CodePage extends Page<Code>`)
    const property = walk.member(written, () => propertyOf(written === member.typeNode ? member : { ...member, typeNode: written }, type, pointer, walk));
    if (property !== undefined) {
      properties.push(property);
    }
  }
  const { values: additionalProperties, keyPattern: keys } = indexSignatureShape(type, pointer, walk, typeNode);
  // propertyNames applies to every key: the named members' too
  const names = properties.map((property) => property.name.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'));
  const keyPattern = keys === undefined || names.length === 0 ? keys : `^(?:${names.join('|')})$|${keys}`;
  const shape: Shape = { kind: 'object', properties, additionalProperties, ...(keyPattern === undefined ? {} : { keyPattern }) };
  return members.some((member) => member.classBehaviour) ? { ...shape, classBehaviour: true } : shape;
}

/**
 * One member's property, or nothing for what JSON never holds: a class's methods and accessors
 * (they live on the prototype), symbol-keyed members (JSON keys are strings), members that can
 * only be undefined (they are always absent), and, in output, functions (JSON.stringify leaves
 * them out).
 */
function propertyOf(member: HostProperty, object: HostType, objectPointer: string, walk: Walk): PropertyShape | undefined {
  if (member.classBehaviour) {
    return undefined;
  }
  const { type, typeNode } = member;
  const members = hasFlag(walk, type, TypeFlag.Union) ? walk.host.constituents(type) : [type];
  const defined = members.filter((candidate) => !isUndefined(walk, candidate));
  if (member.symbolKeyed || defined.length === 0 || (walk.purpose === 'output' && defined.every((candidate) => isFunction(candidate, walk)))) {
    return undefined;
  }
  const pointer = `${objectPointer}/${escapePointer(member.name)}`;
  // the type's text is only printed when a tag is wrong: typeToString is costly on every member
  const documented = documentedMember(walk, object, member.name, member.symbol, 0) ?? member.symbol;
  const shape = walk.documentation(documented, walk.derive(type, pointer, 'member', typeNode), pointer, () => walk.text(type), typeNode);
  const optional = member.optional || defined.length < members.length;
  // `name: string | undefined` requires the key: the method is handed one, with undefined in it, when the model sends none
  return { name: member.name, shape, optional, ...(optional && !member.optional ? { absentAsUndefined: true as const } : {}) };
}

/** How far up the bases a member's doc is looked for. */
const maxInheritedDocDepth = 16;

/**
 * The declaration whose doc a member reads: its own, or for a member a derived interface or class
 * declares again without a doc (`interface PullRef extends RepoRef { owner: Login }`), the
 * nearest base's, as TypeScript's checker inherits it.
 */
function documentedMember(walk: Walk, object: HostType, name: string, symbol: HostSymbol, depth: number): HostSymbol | undefined {
  if (hasDocComment(walk.host, symbol)) {
    return symbol;
  }
  if (depth >= maxInheritedDocDepth || !hasFlag(walk, object, TypeFlag.Object)) {
    return undefined;
  }
  for (const base of walk.host.baseTypes(object)) {
    const inherited = walk.host.properties(base).find((property) => property.name === name);
    const found = inherited === undefined ? undefined : documentedMember(walk, base, name, inherited.symbol, depth + 1);
    if (found !== undefined) {
      return found;
    }
  }
  return undefined;
}

/** One JSON Pointer segment (RFC 6901): `~` and `/` escaped. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * The keys of a number index signature (`{ [index: number]: T }`): TypeScript takes a key that is a number as JavaScript
 * writes it (`String(+key) === key`: not `-0`, `1.0`, `1e+5` or `9007199254740993`). The pattern takes those of them that
 * surely are: integers of up to 15 digits, decimals of up to 6 digits on each side of the point (no trailing zero),
 * `NaN` and `Infinity`; not the exponent forms (`1e+21`) nor longer numbers, which TypeScript takes only where they
 * round-trip.
 */
const numericName = '(?:0|-?[1-9]\\d{0,14}|-?(?:0|[1-9]\\d{0,5})\\.\\d{0,5}[1-9]|NaN|-?Infinity)';

/**
 * The value shape of a string (or number, or template) index signature, or `false`: no other
 * properties. `Record<string, never>` is the type of `{}` with nothing in it, so it is `false` too.
 * Keyed by template literal types or numbers only (`Record<\`ORD-${number}\`, T>`, `{ [index: number]: T }`), the
 * pattern its keys match; keyed by a case type (`Record<Uppercase<string>, T>`), in parameters, a problem.
 */
function indexSignatureShape(type: HostType, pointer: string, walk: Walk, typeNode: HostTypeNode | undefined): { values: Shape | false; keyPattern?: string } {
  const infos = walk.host.indexInfos(type).filter((info) => !hasFlag(walk, info.keyType, esSymbolLike));
  const differing = infos.find((candidate) => candidate.valueType !== infos[0]!.valueType);
  if (differing !== undefined) {
    // one schema for every other key: `additionalProperties` has one value schema, whatever the key
    const said = infos.map((candidate) => `${walk.text(candidate.keyType)} keys: ${walk.text(candidate.valueType)}`).join('; ');
    return { values: walk.fail(type, `${pointer}/*`, faults.mixedIndexSignatures(said)) };
  }
  const info = infos.find((candidate) => hasFlag(walk, candidate.keyType, TypeFlag.String)) ?? infos[0];
  if (info === undefined || hasFlag(walk, info.valueType, TypeFlag.Never)) {
    return { values: false };
  }
  const written = info.valueTypeNode ?? recordValueNode(walk.host, typeNode);
  const values = walk.member(written, () => walk.derive(info.valueType, `${pointer}/*`, 'value', written));
  const keys = infos.map((candidate) => candidate.keyType);
  if (!keys.every((key) => hasFlag(walk, key, TypeFlag.TemplateLiteral | TypeFlag.StringMapping | TypeFlag.Number))) {
    return { values, ...keyAliasPattern(type, pointer, walk, typeNode) };
  }
  if (walk.purpose === 'input' && keys.some((key) => mapsCase(key, walk))) {
    const cased = keys.find((key) => mapsCase(key, walk))!;
    return { values: walk.fail(cased, `${pointer}/*`, faults.stringCase(caseRule(cased, walk))) };
  }
  const patterns = keys.map((key) => (hasFlag(walk, key, TypeFlag.Number) ? numericName : templatePattern(key, walk)));
  return { values, keyPattern: patterns.length === 1 ? `^${patterns[0]!}$` : `^(?:${patterns.join('|')})$` };
}

/**
 * The keys' pattern a `Record<K, V>` gets from its key type's alias (`/** @pattern ^[A-Z] *\/ type CapName = string`):
 * the alias's `@pattern`; any other keyword tag of it is a problem, since a map's keys take a pattern only.
 */
function keyAliasPattern(type: HostType, pointer: string, walk: Walk, typeNode: HostTypeNode | undefined): { keyPattern?: string } {
  const written = recordKeyNode(walk.host, typeNode);
  const keyNode = written === undefined ? undefined : walk.resolve(written).node;
  const tags = keyNode === undefined ? [] : aliasKeywordTags(walk.host, keyNode);
  const others = tags.filter((tag) => tag.name !== 'pattern');
  if (others.length > 0) {
    const names = others.map((tag) => `@${tag.name}`).join(', ');
    walk.fail(type, `${pointer}/*`, { reason: `${names} on the alias of its keys cannot apply to a map's keys: only @pattern does`, fix: 'say the keys\' rule as a @pattern on that alias, or remove the tag' });
  }
  const pattern = tags.filter((tag) => tag.name === 'pattern').at(-1)?.text.trim();
  return pattern === undefined || pattern === '' ? {} : { keyPattern: pattern };
}
