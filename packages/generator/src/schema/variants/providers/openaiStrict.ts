import type { JsonValue } from '@toolgen/runtime';
import { acceptsAnyValue, anyJsonValue, mapAsEntries } from '../entries.js';
import {
  describe, drop, dropUnlisted, keep, loseKeyword, tupleAsItems, walkAnyOf, walkItems, walkProperties,
} from '../handlers.js';
import { isSchema, ownValue, refName } from '../json.js';
import type { SchemaVariantProvider } from '../provider.js';
import { keepRef } from '../refs.js';
import type { KeywordHandler, SchemaNode, VariantRules, Walk } from '../walker.js';
import { defaultSentence, joinDescription, wrapperSentence } from '../words.js';

const supportedFormats: ReadonlySet<string> = new Set([
  'date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid',
]);

const formatIfSupported: KeywordHandler = (keyword, value, node) =>
  (typeof value === 'string' && supportedFormats.has(value) ? keep : loseKeyword)(keyword, value, node);

const sayDefault: KeywordHandler = (_keyword, value, node) => node.out.say(defaultSentence(value));

/**
 * Strict mode requires every property, so an optional one is sent as null for absent; the normalizer maps that null
 * back to absent. A member that may itself be null is sent wrapped, `{ "value": … }`, so that null stays sayable.
 */
function nullForAbsent(printed: JsonValue, optional: boolean, node: SchemaNode): JsonValue {
  if (!optional || !isSchema(printed)) {
    return printed;
  }
  const { description, ...schema } = printed;
  const nullable = acceptsNull(printed, node.walk, new Set());
  const present = nullable ? { type: 'object', properties: { value: schema }, required: ['value'], additionalProperties: false } : schema;
  const said = joinDescription([typeof description === 'string' ? description : '', nullable ? wrapperSentence : '']);
  const anyOf = [present, { type: 'null' }];
  return said === '' ? { anyOf } : { anyOf, description: said };
}

function acceptsNull(schema: JsonValue, walk: Walk, seen: ReadonlySet<string>): boolean {
  if (!isSchema(schema)) {
    return schema === true;
  }
  const type = ownValue(schema, 'type');
  const values = ownValue(schema, 'enum');
  const members = ownValue(schema, 'anyOf');
  const ref = ownValue(schema, '$ref');
  if (type === 'null' || ownValue(schema, 'const') === null || (Array.isArray(values) && values.includes(null))) {
    return true;
  }
  if (Array.isArray(members)) {
    return (members as readonly JsonValue[]).some((member) => acceptsNull(member, walk, seen));
  }
  if (ref !== undefined) {
    const name = refName(ref);
    // A canonical def, or one this variant added (the `JsonValue` def of any-value positions).
    const def = ownValue(walk.defs, name) ?? walk.keptDefs.get(name) ?? false;
    return !seen.has(name) && acceptsNull(def, walk, new Set(seen).add(name));
  }
  return type === undefined && values === undefined && ownValue(schema, 'const') === undefined;
}

// Strict mode: every schema has a type (an any-value position is the `JsonValue` def), and every object lists
// all its properties in `required` and is closed.
function closeObject(node: SchemaNode): void {
  const { out } = node;
  if (acceptsAnyValue(node.source)) {
    anyJsonValue(node);
    return;
  }
  const properties = out.get('properties');
  if (out.get('type') !== 'object' && properties === undefined) {
    return;
  }
  const printed = isSchema(properties) ? properties : {};
  out.set('properties', printed);
  out.set('required', Object.keys(printed));
  if (out.get('additionalProperties') === undefined) {
    out.set('additionalProperties', false);
  }
}

const rules: VariantRules = {
  keywords: {
    $ref: keepRef,
    type: keep,
    const: keep,
    enum: keep,
    properties: walkProperties(nullForAbsent),
    required: drop,
    // Open objects are rejected: a map is sent as { "entries": [...] }, which the strict normalizer turns back into it.
    additionalProperties: mapAsEntries(true, true),
    // a map's key pattern is its entries' key's (mapAsEntries)
    propertyNames: drop,
    prefixItems: tupleAsItems,
    items: walkItems,
    minItems: keep,
    maxItems: keep,
    anyOf: walkAnyOf,
    minimum: keep,
    maximum: keep,
    exclusiveMinimum: keep,
    exclusiveMaximum: keep,
    multipleOf: keep,
    pattern: keep,
    format: formatIfSupported,
    description: describe,
    default: sayDefault,
    $defs: drop,
  },
  otherKeyword: dropUnlisted,
  finish: closeObject,
};

/** OpenAI Structured Outputs (strict function calling). */
export const openAiStrict: SchemaVariantProvider<'openai-strict'> = { name: 'openai-strict', rules };
