import type { JsonSchema, JsonValue } from './AIFunction.js';

/** The Standard JSON Schema targets a tool's canonical schema converts to. */
export const supportedJsonSchemaTargets = ['draft-2020-12', 'draft-07'] as const;

/**
 * A fresh copy of the canonical (2020-12) schema in the dialect `target` names. `draft-07` gets
 * `definitions` for `$defs` (and its `$ref`s), `items`/`additionalItems` for `prefixItems`/`items`,
 * `dependencies` for `dependentRequired`/`dependentSchemas`. Throws for any other target, and
 * for keywords draft-07 cannot express.
 */
export function jsonSchemaForTarget(schema: JsonSchema, target: string): Record<string, unknown> {
  switch (target) {
    case 'draft-2020-12':
      return structuredClone(schema) as Record<string, unknown>;
    case 'draft-07':
      return toDraft07(schema, '') as Record<string, unknown>;
    default:
      throw new Error(
        `toolgen cannot convert a tool's JSON Schema to the target "${target}"; ` +
          `supported targets are ${supportedJsonSchemaTargets.map((name) => `"${name}"`).join(', ')}.`,
      );
  }
}

type SchemaNode = { readonly [keyword: string]: JsonValue };

const subschemaMaps = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const subschemas = new Set(['additionalProperties', 'additionalItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames']);
const subschemaLists = new Set(['allOf', 'anyOf', 'oneOf']);
const draft07Unsupported = new Set([
  'unevaluatedProperties',
  'unevaluatedItems',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
  'minContains',
  'maxContains',
]);

function toDraft07(schema: JsonValue, at: string): JsonValue {
  if (!isSchemaNode(schema)) return structuredClone(schema);
  const converted: { [keyword: string]: JsonValue } = {};
  const dependencies: { [property: string]: JsonValue } = {};
  for (const [keyword, value] of Object.entries(schema)) {
    const where = `${at}/${keyword}`;
    if (draft07Unsupported.has(keyword)) {
      throw new Error(`toolgen cannot convert the keyword "${keyword}" at "${where}" to JSON Schema draft-07.`);
    }
    if (keyword === '$schema') {
      converted[keyword] = 'http://json-schema.org/draft-07/schema#';
    } else if (keyword === '$ref' && typeof value === 'string') {
      converted[keyword] = value.replace(/^#\/\$defs\//, '#/definitions/');
    } else if (keyword === 'prefixItems' && Array.isArray(value)) {
      converted['items'] = value.map((item, index) => toDraft07(item, `${where}/${index}`));
    } else if (keyword === 'items' && 'prefixItems' in schema) {
      converted['additionalItems'] = toDraft07(value, where);
    } else if (keyword === 'dependentRequired' && isSchemaNode(value)) {
      for (const [property, required] of Object.entries(value)) define(dependencies, property, structuredClone(required));
    } else if (keyword === 'dependentSchemas' && isSchemaNode(value)) {
      for (const [property, subschema] of Object.entries(mapSubschemas(value, where))) define(dependencies, property, subschema);
    } else if (subschemaMaps.has(keyword) && isSchemaNode(value)) {
      const name = keyword === '$defs' ? 'definitions' : keyword;
      if (name in converted) throw new Error(`toolgen cannot convert "${at}" to JSON Schema draft-07: it has both "$defs" and "definitions".`);
      converted[name] = mapSubschemas(value, where);
    } else if (subschemas.has(keyword) || (keyword === 'items' && !Array.isArray(value))) {
      converted[keyword] = toDraft07(value, where);
    } else if ((subschemaLists.has(keyword) || keyword === 'items') && Array.isArray(value)) {
      converted[keyword] = value.map((item, index) => toDraft07(item, `${where}/${index}`));
    } else {
      converted[keyword] = structuredClone(value);
    }
  }
  if (Object.keys(dependencies).length > 0) converted['dependencies'] = dependencies;
  return converted;
}

function mapSubschemas(map: SchemaNode, at: string): { [name: string]: JsonValue } {
  const converted: { [name: string]: JsonValue } = {};
  for (const [name, subschema] of Object.entries(map)) {
    define(converted, name, toDraft07(subschema, `${at}/${name}`));
  }
  return converted;
}

// Property names are data: `__proto__` must become a member, not the prototype.
function define(target: { [key: string]: JsonValue }, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function isSchemaNode(value: JsonValue): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
