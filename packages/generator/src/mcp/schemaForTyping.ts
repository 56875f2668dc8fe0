import { commentText, pascalCase, words } from './serverText.js';

/*
 * An MCP server's schema, made into one json-schema-to-typescript can type and cannot be steered
 * by. That tool prints some keywords as code: `tsType` verbatim as a type, `tsEnumNames` as enum
 * members, `extends` as supertypes, `title`, `$id`/`id` and definition keys as declaration
 * names, descriptions, pattern keys and `minItems`/`maxItems` into comments. So the copy keeps
 * only JSON Schema's own keywords, with values of the kind the keyword takes, and none of the
 * naming ones; every description and pattern key is escaped for a comment; every definition
 * is renamed after the declaration (`<name><Key>`), its `$ref`s with it.
 */

export type SchemaObject = { [keyword: string]: unknown };

/** The schema cannot be typed safely: the declaration is `unknown`, with this as the reason. */
export class UntypableSchema extends Error {
  override readonly name = 'UntypableSchema';
}

/** How deep schemas (and the JSON values in `enum`, `const`, `default`) may nest: deeper is typed `unknown`. */
export const maxSchemaDepth = 64;

const schemaMaps = new Set(['properties', 'patternProperties', 'dependentSchemas']);
const definitionMaps = new Set(['$defs', 'definitions']);
const schemaValues = new Set(['additionalProperties', 'additionalItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'contentSchema']);
const schemaLists = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords json-schema-to-typescript does not print, kept (as JSON) so a schema's shape reads as before. */
const inertKeywords = new Set([
  'default', 'examples', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern',
  'format', 'minProperties', 'maxProperties', 'uniqueItems', 'minContains', 'maxContains', 'dependentRequired', 'readOnly', 'writeOnly',
  'contentEncoding', 'contentMediaType',
]);

/**
 * The copy of `schema` that `compile` gets for the declaration `name` (see above), with 2020-12
 * `prefixItems` written as the tuple form json-schema-to-typescript reads; `undefined` when
 * `schema` is not a JSON Schema object. Throws `UntypableSchema` for a schema nested deeper than
 * `maxSchemaDepth`, one that contains itself (only an object built in code can), or one whose `$ref`s
 * come back to a schema through `anyOf`, `oneOf`, `allOf` and `$ref` alone (`A: { anyOf: [{ $ref: A }] }`),
 * which json-schema-to-typescript prints as an alias of itself (`type A = A`, TS2456).
 *
 * ```ts
 * schemaForTyping({ type: 'object', title: 'x', properties: { a: { tsType: 'never' } } }, 'GithubListArguments');
 * // { type: 'object', properties: { a: {} } }
 * ```
 */
export function schemaForTyping(schema: unknown, name: string): SchemaObject | undefined {
  if (!isSchemaObject(schema)) return undefined;
  const copier = new SchemaCopier(name);
  const copy = copier.schema(schema, '', '', 0) as SchemaObject;
  copier.relinkReferences();
  if (refersToItself(copy)) {
    throw new UntypableSchema('its $ref comes back to itself through anyOf, oneOf or allOf alone, which no TypeScript type can say');
  }
  return copy;
}

/**
 * Whether a schema of `root` reaches itself through what json-schema-to-typescript prints as the same type: a union
 * (`anyOf`, `oneOf`), an intersection (`allOf`) or a `$ref` within `root`. Through an object's members or an array's items
 * recursion is a type TypeScript can say (`type Node = { next: Node | null }`).
 */
function refersToItself(root: SchemaObject): boolean {
  const state = new Map<object, 'open' | 'done'>();
  const same = (node: SchemaObject): unknown[] => {
    const members = ['anyOf', 'oneOf', 'allOf'].flatMap((keyword) => (Array.isArray(node[keyword]) ? (node[keyword] as unknown[]) : []));
    const reference = node['$ref'];
    return typeof reference === 'string' && reference.startsWith('#') ? [...members, resolvePointer(root, reference.slice(1))] : members;
  };
  const cycles = (node: unknown): boolean => {
    if (!isSchemaObject(node) || state.get(node) === 'done') return false;
    if (state.get(node) === 'open') return true;
    state.set(node, 'open');
    const found = same(node).some(cycles);
    state.set(node, 'done');
    return found;
  };
  const every = (node: unknown): boolean => {
    if (Array.isArray(node)) return node.some(every);
    if (!isSchemaObject(node)) return false;
    return cycles(node) || Object.values(node).some(every);
  };
  return every(root);
}

/** The value at a JSON pointer (`/$defs/A`) of the copy, whose `$ref`s point within it. */
function resolvePointer(root: SchemaObject, pointer: string): unknown {
  let node: unknown = root;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    node = typeof node === 'object' && node !== null && Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

class SchemaCopier {
  /** The JSON pointer of each copied schema in the server's schema, to its pointer in the copy. */
  private readonly pointers = new Map<string, string>();
  private readonly references: SchemaObject[] = [];
  private readonly definitionNames = new Set<string>();
  private readonly open = new Set<object>();

  constructor(private readonly name: string) {}

  schema(value: unknown, from: string, to: string, depth: number): unknown {
    if (typeof value === 'boolean') return value;
    if (!isSchemaObject(value)) return undefined;
    this.enter(value, depth);
    this.pointers.set(from, to);
    const copy: SchemaObject = {};
    for (const [keyword, child] of Object.entries(value)) {
      const at = `${from}/${escapeToken(keyword)}`;
      if (schemaMaps.has(keyword)) {
        if (!isSchemaObject(child)) continue;
        const map: SchemaObject = {};
        for (const [key, member] of Object.entries(child)) {
          // json-schema-to-typescript prints a pattern key in a comment and nowhere else
          const printed = keyword === 'patternProperties' ? commentText(key) : key;
          setOwn(map, printed, this.schema(member, `${at}/${escapeToken(key)}`, `${to}/${keyword}/${escapeToken(printed)}`, depth + 1));
        }
        setOwn(copy, keyword, map);
      } else if (definitionMaps.has(keyword)) {
        if (!isSchemaObject(child)) continue;
        const definitions = isSchemaObject(copy['$defs']) ? copy['$defs'] : {};
        for (const [key, member] of Object.entries(child)) {
          const renamed = this.definitionName(key);
          setOwn(definitions, renamed, this.schema(member, `${at}/${escapeToken(key)}`, `${to}/$defs/${renamed}`, depth + 1));
        }
        copy['$defs'] = definitions;
      } else if (schemaValues.has(keyword)) {
        setOwn(copy, keyword, this.schema(child, at, `${to}/${keyword}`, depth + 1));
      } else if (schemaLists.has(keyword) || (keyword === 'items' && Array.isArray(child))) {
        if (!Array.isArray(child)) continue;
        const target = keyword === 'prefixItems' ? 'items' : keyword;
        setOwn(copy, target, child.map((member, index) => this.schema(member, `${at}/${index}`, `${to}/${target}/${index}`, depth + 1)));
      } else if (keyword === 'items') {
        // after `prefixItems`, `items` is the schema of the items after the tuple's
        const target = Array.isArray(value['prefixItems']) ? 'additionalItems' : 'items';
        setOwn(copy, target, this.schema(child, at, `${to}/${target}`, depth + 1));
      } else {
        setOwn(copy, keyword, this.annotation(keyword, child, depth));
      }
    }
    if (Array.isArray(value['prefixItems']) && value['items'] === undefined) copy['additionalItems'] = true;
    // a required member the server left out of `properties` must be sent all the same: json-schema-to-typescript would drop it
    if (Array.isArray(copy['required'])) {
      const properties = isSchemaObject(copy['properties']) ? copy['properties'] : {};
      const missing = (copy['required'] as string[]).filter((key) => !Object.hasOwn(properties, key));
      for (const key of missing) setOwn(properties, key, {});
      if (missing.length > 0) copy['properties'] = properties;
    }
    if (typeof copy['$ref'] === 'string') this.references.push(copy);
    this.open.delete(value);
    return copy;
  }

  /** Points each `$ref` into the copy, where definitions have other names; a `$ref` to anything else is left as it is. */
  relinkReferences(): void {
    for (const node of this.references) {
      const reference = node['$ref'] as string;
      const shown = JSON.stringify(reference.length > 80 ? `${reference.slice(0, 80)}…` : reference);
      // json-schema-to-typescript would fetch another document, or fail in its own words
      if (!reference.startsWith('#')) throw new UntypableSchema(`its $ref ${shown} is another document, which import-mcp does not fetch`);
      const pointer = decodedFragment(reference.slice(1));
      const moved = pointer === undefined ? undefined : this.pointers.get(pointer);
      if (moved === undefined) throw new UntypableSchema(`its $ref ${shown} points at no schema of it`);
      node['$ref'] = `#${moved}`;
    }
  }

  /** The value a keyword other than a subschema keeps, or `undefined` to drop it. */
  private annotation(keyword: string, value: unknown, depth: number): unknown {
    switch (keyword) {
      case 'description':
        return typeof value === 'string' ? commentText(value) : undefined;
      case '$ref':
        return typeof value === 'string' ? value : undefined;
      case 'type':
        if (typeof value === 'string') return value;
        return Array.isArray(value) && value.every((type) => typeof type === 'string') ? [...value] : undefined;
      case 'required':
        return value === true || (Array.isArray(value) && value.every((key) => typeof key === 'string')) ? jsonValue(value, depth) : undefined;
      case 'deprecated':
      case 'nullable':
        return typeof value === 'boolean' ? value : undefined;
      case 'minItems':
      case 'maxItems':
        return Number.isSafeInteger(value) && (value as number) >= 0 ? value : undefined;
      case 'enum':
        return Array.isArray(value) ? jsonValue(value, depth) : undefined;
      case 'const':
        return jsonValue(value, depth);
      default:
        // the extensions (`tsType`, `tsEnumNames`, `extends`), the names (`title`, `$id`, `id`,
        // `$anchor`), `$schema`, `$comment`, `x-…` and whatever else a server sends
        return inertKeywords.has(keyword) ? jsonValue(value, depth) : undefined;
    }
  }

  /** `<name><Key>`, unique in the schema: `Label` of `GithubGetIssueResult` → `GithubGetIssueResultLabel`. */
  private definitionName(key: string): string {
    const base = `${this.name}${pascalCase(words(key)) || 'Def'}`;
    let unique = base;
    for (let suffix = 2; this.definitionNames.has(unique); suffix += 1) unique = `${base}${suffix}`;
    this.definitionNames.add(unique);
    return unique;
  }

  private enter(value: object, depth: number): void {
    if (depth > maxSchemaDepth) throw new UntypableSchema(`its schemas nest deeper than ${maxSchemaDepth} levels`);
    if (this.open.has(value)) throw new UntypableSchema('it contains itself');
    this.open.add(value);
  }
}

/** A copy of a JSON value, `undefined` for anything JSON cannot say. Throws `UntypableSchema` past `maxSchemaDepth`. */
function jsonValue(value: unknown, depth: number): unknown {
  if (depth > maxSchemaDepth) throw new UntypableSchema(`its values nest deeper than ${maxSchemaDepth} levels`);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) return value.map((member) => jsonValue(member, depth + 1) ?? null);
  if (!isSchemaObject(value)) return undefined;
  const copy: SchemaObject = {};
  for (const [key, member] of Object.entries(value)) setOwn(copy, key, jsonValue(member, depth + 1));
  return copy;
}

/** Sets `key` as an own property (a key `__proto__` too), unless `value` is `undefined`. */
function setOwn(object: SchemaObject, key: string, value: unknown): void {
  if (value !== undefined) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapeToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The JSON pointer of a `$ref`'s fragment, percent-decoded; `undefined` when it is not one. */
function decodedFragment(fragment: string): string | undefined {
  try {
    const decoded = decodeURIComponent(fragment);
    return decoded === '' || decoded.startsWith('/') ? decoded : undefined;
  } catch {
    return undefined;
  }
}
