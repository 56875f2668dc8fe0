import type { JsonValue } from '@toolgen/runtime';
import { describe, drop, dropUnlisted, keep, loseMap, tupleAsItems, walkAnyOf, walkItems, walkProperties } from './handlers.js';
import { isSchema, ownValue, setOwn, type MutableSchema } from './json.js';
import { inlineRef, sameType } from './refs.js';
import type { KeywordHandler, SchemaNode, VariantRules } from './walker.js';

const constAsEnum: KeywordHandler = (_keyword, value, node) => node.out.set('enum', [value]);

function isNullSchema(schema: JsonValue): boolean {
  return isSchema(schema) && ownValue(schema, 'type') === 'null';
}

// OpenAPI 3.0 has no null type and `nullable` only counts beside a `type`: the null member moves into the others.
function nullAsFlag(node: SchemaNode): void {
  const members = node.out.get('anyOf');
  if (!Array.isArray(members)) {
    return;
  }
  const others = (members as readonly JsonValue[]).filter((member) => !isNullSchema(member));
  const [only] = others;
  if (only === undefined || others.length === members.length) {
    return;
  }
  node.out.delete('anyOf');
  if (others.length === 1 && isSchema(only)) {
    node.out.set('nullable', true);
    node.out.merge(only);
    return;
  }
  const flagged = others.map(withNullable);
  node.out.set('anyOf', flagged);
  if (flagged.every((member, index) => member === others[index])) {
    node.out.set('nullable', true);
  }
}

function withNullable(schema: JsonValue): JsonValue {
  if (!isSchema(schema) || typeof ownValue(schema, 'type') !== 'string') {
    return schema;
  }
  const flagged: MutableSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    setOwn(flagged, keyword, value);
    if (keyword === 'type') {
      setOwn(flagged, 'nullable', true);
    }
  }
  return flagged;
}

/** Gemini's OpenAPI 3.0 subset: no `$ref`/`$defs`, tuples, exclusive bounds or `additionalProperties`; `nullable`, not a null type. */
export const gemini: VariantRules = {
  name: 'gemini',
  keywords: {
    $ref: inlineRef(sameType),
    type: keep,
    const: constAsEnum,
    enum: keep,
    properties: walkProperties(),
    required: keep,
    additionalProperties: loseMap(false),
    prefixItems: tupleAsItems,
    items: walkItems,
    minItems: keep,
    maxItems: keep,
    anyOf: walkAnyOf,
    minimum: keep,
    maximum: keep,
    minLength: keep,
    maxLength: keep,
    pattern: keep,
    format: keep,
    description: describe,
    default: keep,
    examples: drop,
    deprecated: drop,
    $defs: drop,
  },
  otherKeyword: dropUnlisted,
  finish: nullAsFlag,
};
