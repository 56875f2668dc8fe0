import type { JsonSchema, JsonValue } from '@toolgen/runtime';
import { isSchema, ownValue, type MutableSchema } from './json.js';
import { childPlace, lose, walkSchema, type KeywordHandler, type SchemaNode, type Walk } from './walker.js';
import { anyJsonSentence, entriesSentence, mapSentence } from './words.js';

/*
 * Maps and any-value positions in the variants that cannot say them (SPEC §3, docs/schema.md "Maps and
 * any value"). A map (`Record<string, T>`: an object with no named property and a schema for the other keys) is
 * sent as its entries, `{ "entries": [{ "key": …, "value": … }] }`; an any-value position in `openai-strict`,
 * whose schemas must each have a type, is the `JsonValue` def, where every object is spelled the same way. The
 * generated strict normalizer (emit/validator/printNormalization.ts) reads both back before validation. An
 * object with named properties *and* other keys has no encoding: its other keys stay a loss, and the analysis
 * reports TSH022 (analysis/unsendableValues.ts), by the same `isOpenMap` rule over shapes.
 */

/** Whether a canonical object schema is a map: no named property, and a schema (not `false`) for every other key. */
export function isOpenMap(source: JsonSchema): boolean {
  const properties = ownValue(source, 'properties');
  const values = ownValue(source, 'additionalProperties');
  return values !== undefined && values !== false && (!isSchema(properties) || Object.keys(properties).length === 0);
}

/**
 * `additionalProperties` where a map is sent as entries: a map becomes `{ "entries": [{ key, value }] }` (the value
 * printed at `/*`); other keys beside named properties are a loss, said in words, and the object stays closed
 * when `closed`. `closeEntries` closes each entry with `additionalProperties: false` (openai-strict).
 */
export function mapAsEntries(closed: boolean, closeEntries: boolean): KeywordHandler {
  return (keyword, value, node) => {
    if (closed) {
      node.out.set(keyword, false);
    }
    if (value === false) {
      return;
    }
    if (!isOpenMap(node.source)) {
      lose(node, keyword, mapSentence(value, node.source));
      return;
    }
    const printed = walkSchema(value, childPlace(node.place, '*'), node.walk);
    // the keys a template literal type allows (`propertyNames`): the entries' key says them
    const names = ownValue(node.source, 'propertyNames');
    const pattern = isSchema(names) ? ownValue(names, 'pattern') : undefined;
    node.out.set('properties', entriesProperties(printed, closeEntries, typeof pattern === 'string' ? pattern : undefined));
    node.out.set('required', ['entries']);
    node.out.say(entriesSentence);
  };
}

/** `{ "entries": [{ "key": string, "value": … }] }`'s properties; the key with the pattern the map's keys match, if any. */
function entriesProperties(value: JsonValue, closeEntries: boolean, keyPattern?: string): MutableSchema {
  const entry: MutableSchema = {
    type: 'object',
    properties: { key: keyPattern === undefined ? { type: 'string' } : { type: 'string', pattern: keyPattern }, value },
    required: ['key', 'value'],
  };
  if (closeEntries) {
    entry['additionalProperties'] = false;
  }
  return { entries: { type: 'array', items: entry } };
}

/** Whether a canonical schema accepts any value: no keyword that constrains it (`{}`, or annotations only). */
export function acceptsAnyValue(source: JsonSchema): boolean {
  return !['type', 'anyOf', '$ref', 'enum', 'const', 'properties', 'items', 'prefixItems'].some((keyword) => Object.hasOwn(source, keyword));
}

/** A def name for `JsonValue` that no def of the tool already has. */
function jsonValueDefName(walk: Walk): string {
  let name = 'JsonValue';
  for (let suffix = 2; Object.hasOwn(walk.defs, name); suffix++) {
    name = `JsonValue${suffix}`;
  }
  return name;
}

/**
 * `openai-strict`: an any-value node becomes a `$ref` to the `JsonValue` def (kept once per tool): a string, a
 * number, a boolean, null, an array of any values, or an object sent as `{ "entries": [{ "key", "value" }] }`.
 */
export function anyJsonValue(node: SchemaNode): void {
  const { walk } = node;
  const name = jsonValueDefName(walk);
  const ref = `#/$defs/${name}`;
  if (!walk.keptDefs.has(name)) {
    walk.keptDefs.set(name, jsonValueDef(ref));
  }
  node.out.set('$ref', ref);
}

function jsonValueDef(ref: string): MutableSchema {
  return {
    anyOf: [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'null' },
      { type: 'array', items: { $ref: ref } },
      { type: 'object', properties: entriesProperties({ $ref: ref }, true), required: ['entries'], additionalProperties: false },
    ],
    description: anyJsonSentence,
  };
}
