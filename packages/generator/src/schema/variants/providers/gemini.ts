import type { JsonValue } from '@toolgen/runtime';
import {
  describe, drop, dropUnlisted, keep, loseKeyword, tupleAsItems, walkAnyOf, walkItems, walkProperties,
} from '../handlers.js';
import { copyJson, isSchema, ownValue, setOwn, type MutableSchema } from '../json.js';
import { mapAsEntries } from '../entries.js';
import type { SchemaVariantProvider } from '../provider.js';
import { inlineRef, sameType } from '../refs.js';
import type { KeywordHandler, SchemaNode, VariantRules } from '../walker.js';

// Gemini takes `enum` on strings only: other values are said in words (the validator still enforces them).
function stringEnum(toValues: (value: JsonValue) => JsonValue): KeywordHandler {
  return (keyword, value, node) => {
    const values = toValues(value);
    const type = ownValue(node.source, 'type');
    const strings = Array.isArray(values) && values.length > 0 && (values as readonly JsonValue[]).every((each) => typeof each === 'string');
    if (!strings || (type !== undefined && type !== 'string')) {
      return loseKeyword(keyword, value, node);
    }
    node.out.set('type', 'string');
    node.out.set('enum', copyJson(values));
  };
}

function isNullSchema(schema: JsonValue): boolean {
  return isSchema(schema) && ownValue(schema, 'type') === 'null';
}

// OpenAPI 3.0 has no null type: a lone one is said in words; a union's null member becomes `nullable` (nullAsFlag).
const typeButNull: KeywordHandler = (keyword, value, node) => (value === 'null' ? loseKeyword : keep)(keyword, value, node);

/** Union members without the null one, which `nullAsFlag` turns into `nullable`. */
const anyOfButNull: KeywordHandler = (keyword, value, node) => {
  const members = Array.isArray(value) ? (value as readonly JsonValue[]) : [];
  const others = members.filter((member) => !isNullSchema(member));
  if (others.length === 0 || others.length === members.length) {
    return walkAnyOf(keyword, value, node);
  }
  node.out.set('nullable', true);
  walkAnyOf(keyword, others, node);
};

// `nullable` only counts beside a `type`: it moves onto the members (or onto the one member, merged in).
function nullAsFlag(node: SchemaNode): void {
  const members = node.out.get('anyOf');
  if (node.out.get('nullable') !== true || !Array.isArray(members)) {
    return;
  }
  const [only] = members as readonly JsonValue[];
  node.out.delete('anyOf');
  if (members.length === 1 && isSchema(only)) {
    node.out.merge(only);
    // the one member a union of its own (`(string | integer) | null`): the flag moves onto its members in turn
    if (node.out.get('type') === undefined) nullAsFlag(node);
    return;
  }
  const flagged = (members as readonly JsonValue[]).map(withNullable);
  node.out.set('anyOf', flagged);
  if (!flagged.every((member, index) => member === members[index])) {
    node.out.delete('nullable');
  }
}

function withNullable(schema: JsonValue): JsonValue {
  const nested = isSchema(schema) ? ownValue(schema, 'anyOf') : undefined;
  if (isSchema(schema) && ownValue(schema, 'type') === undefined && Array.isArray(nested)) {
    // a member that is a union of its own: each of its members takes the flag
    const flagged: MutableSchema = {};
    for (const [keyword, value] of Object.entries(schema)) setOwn(flagged, keyword, keyword === 'anyOf' ? (nested as readonly JsonValue[]).map(withNullable) : value);
    return flagged;
  }
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

const rules: VariantRules = {
  keywords: {
    $ref: inlineRef(sameType),
    type: typeButNull,
    const: stringEnum((value) => [value]),
    enum: stringEnum((value) => value),
    properties: walkProperties(),
    required: keep,
    // OpenAPI 3.0 as Gemini takes it has no maps: a map is sent as { "entries": [...] }, which normalizeStrictArguments reads back.
    additionalProperties: mapAsEntries(false, false),
    // a map's key pattern is its entries' key's (mapAsEntries)
    propertyNames: drop,
    prefixItems: tupleAsItems,
    items: walkItems,
    minItems: keep,
    maxItems: keep,
    anyOf: anyOfButNull,
    minimum: keep,
    maximum: keep,
    minLength: keep,
    maxLength: keep,
    pattern: keep,
    format: keep,
    title: keep,
    description: describe,
    default: keep,
    examples: drop,
    deprecated: drop,
    $defs: drop,
  },
  otherKeyword: dropUnlisted,
  finish: nullAsFlag,
};

/**
 * Gemini's OpenAPI 3.0 subset (https://ai.google.dev/api/caching#Schema): no `$ref`/`$defs`, tuples, exclusive bounds,
 * `additionalProperties` or `const`; `enum` only on strings; `nullable`, not a null type.
 */
export const gemini: SchemaVariantProvider<'gemini'> = { name: 'gemini', rules };
