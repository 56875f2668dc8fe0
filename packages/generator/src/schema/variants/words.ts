import type { JsonSchema, JsonValue } from '@toolgen/runtime';
import { isSchema, ownValue, refName } from './json.js';

/** What the model reads instead of a keyword a variant cannot express: one short sentence each. */
const keywordSentences: Readonly<Record<string, (value: JsonValue) => string>> = {
  minimum: (value) => `Must be at least ${literal(value)}.`,
  maximum: (value) => `Must be at most ${literal(value)}.`,
  exclusiveMinimum: (value) => `Must be greater than ${literal(value)}.`,
  exclusiveMaximum: (value) => `Must be less than ${literal(value)}.`,
  multipleOf: (value) => `Must be a multiple of ${literal(value)}.`,
  minLength: (value) => `At least ${count(value, 'character')}.`,
  maxLength: (value) => `At most ${count(value, 'character')}.`,
  minItems: (value) => `At least ${count(value, 'item')}.`,
  maxItems: (value) => `At most ${count(value, 'item')}.`,
  pattern: (value) => `Must match the regular expression ${String(value)}.`,
  propertyNames: (value) => {
    const pattern = isSchema(value) ? ownValue(value, 'pattern') : undefined;
    return typeof pattern === 'string' ? `Each key must match the regular expression ${pattern}.` : `Each key must also satisfy ${JSON.stringify(value)}.`;
  },
  format: (value) => `Must be in the ${String(value)} format.`,
  enum: (value) => `Must be one of ${(Array.isArray(value) ? (value as readonly JsonValue[]) : [value]).map((each) => JSON.stringify(each)).join(', ')}.`,
  const: (value) => `Must be ${JSON.stringify(value)}.`,
  type: (value) => `Must be ${noun({ type: value }, false)}.`,
};

/** The sentence for a dropped validation keyword; any keyword without its own wording gets a generic one. */
export function keywordSentence(keyword: string, value: JsonValue): string {
  const sentence = Object.hasOwn(keywordSentences, keyword) ? keywordSentences[keyword] : undefined;
  return sentence === undefined ? `Must also satisfy ${keyword}: ${JSON.stringify(value)}.` : sentence(value);
}

/** How the model sends an optional member that may be null in a variant where null stands for absent. */
export const wrapperSentence = 'Send null to leave it out, or {"value": ...} to set it; {"value": null} sets it to null.';

export function defaultSentence(value: JsonValue): string {
  return `Defaults to ${JSON.stringify(value)}.`;
}

/** For a map sent as its entries (`mapAsEntries`). */
export const entriesSentence = 'Send the map as {"entries": [{"key": ..., "value": ...}]}: one entry per key.';

/** For the `JsonValue` def of `openai-strict`: how an object is spelled where any value is allowed. */
export const anyJsonSentence = 'Any JSON value; send an object as {"entries": [{"key": ..., "value": ...}]}.';

/** For a map (schema-valued `additionalProperties`) a variant cannot express. */
export function mapSentence(values: JsonValue, schema: JsonSchema): string {
  const properties = ownValue(schema, 'properties');
  const named = isSchema(properties) && Object.keys(properties).length > 0;
  const plural = noun(values, true);
  return named ? `Other keys are also allowed, with ${plural} as values.` : `Any object whose values are ${plural}.`;
}

/** For a tuple (`prefixItems`): how many items, and what each one is, in order. */
export function tupleSentence(elements: readonly JsonValue[], schema: JsonSchema): string {
  const items = ownValue(schema, 'items');
  const rest = items === undefined ? true : items;
  const minItems = ownValue(schema, 'minItems');
  const required = typeof minItems === 'number' ? minItems : 0;
  const parts = elements.map((element, index) => `${index >= required ? 'optionally ' : ''}${noun(element, false)}`);
  if (rest !== false) {
    parts.push(`zero or more ${noun(rest, true)}`);
  }
  return `A list of ${tupleCount(elements.length, required, rest !== false)}: ${parts.join(', then ')}.`;
}

/** For a recursive `$ref` cut at the edge that would repeat an enclosing def. */
export function recursionSentence(name: string, enclosing: string): string {
  const where = enclosing === '' ? 'the arguments' : `the one at ${enclosing}`;
  return `Recursive: ${article(name)} ${name} with the same structure as ${where}.`;
}

function tupleCount(length: number, required: number, open: boolean): string {
  if (open) {
    return required > 0 ? `at least ${count(required, 'item')}` : 'any number of items';
  }
  if (required === length) {
    return `exactly ${count(length, 'item')}`;
  }
  return required === 0 ? `up to ${count(length, 'item')}` : `${required} to ${length} items`;
}

const typeNouns: Readonly<Record<string, readonly [singular: string, plural: string]>> = {
  string: ['a string', 'strings'],
  number: ['a number', 'numbers'],
  integer: ['an integer', 'integers'],
  boolean: ['a boolean', 'booleans'],
  null: ['null', 'nulls'],
  object: ['an object', 'objects'],
  array: ['a list', 'lists'],
};

/** A short noun phrase for what a schema accepts: `an integer`, `strings`, `one of "a", "b"`. */
export function noun(schema: JsonValue, plural: boolean): string {
  if (!isSchema(schema)) {
    return schema === false ? 'nothing' : anyValue(plural);
  }
  const ref = ownValue(schema, '$ref');
  if (ref !== undefined) {
    const name = refName(ref);
    return plural ? `${name} values` : `${article(name)} ${name}`;
  }
  const constant = ownValue(schema, 'const');
  if (constant !== undefined) {
    return JSON.stringify(constant);
  }
  const values = ownValue(schema, 'enum');
  if (Array.isArray(values)) {
    return `one of ${(values as readonly JsonValue[]).map((value) => JSON.stringify(value)).join(', ')}`;
  }
  const members = ownValue(schema, 'anyOf');
  if (Array.isArray(members)) {
    return (members as readonly JsonValue[]).map((member) => noun(member, plural)).join(' or ');
  }
  return typeNoun(ownValue(schema, 'type'), plural);
}

function typeNoun(type: JsonValue | undefined, plural: boolean): string {
  const types = Array.isArray(type) ? (type as readonly JsonValue[]) : type === undefined ? [] : [type];
  const nouns = types.map((name) => {
    const known = typeof name === 'string' && Object.hasOwn(typeNouns, name) ? typeNouns[name] : undefined;
    return known === undefined ? anyValue(plural) : known[plural ? 1 : 0];
  });
  return nouns.length === 0 ? anyValue(plural) : nouns.join(' or ');
}

function anyValue(plural: boolean): string {
  return plural ? 'values of any type' : 'any value';
}

function article(name: string): string {
  return /^[aeiou]/i.test(name) ? 'an' : 'a';
}

function count(value: JsonValue, unit: string): string {
  return `${literal(value)} ${unit}${value === 1 ? '' : 's'}`;
}

function literal(value: JsonValue): string {
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** Joins the original description and the appended sentences, each part ending as a sentence. */
export function joinDescription(parts: readonly string[]): string {
  const kept = parts.map((part) => part.trim()).filter((part) => part !== '');
  return kept.map((part, index) => (index < kept.length - 1 && !/[.!?]$/.test(part) ? `${part}.` : part)).join(' ');
}
