import type { JsonSchema, JsonValue } from '@toolgen/runtime';
import { copyJson, isSchema, ownValue, setOwn, type MutableSchema } from './json.js';
import { childPlace, lose, walkSchema, type KeywordHandler, type SchemaNode } from './walker.js';
import { keywordSentence, tupleSentence } from './words.js';

/** Keywords that only describe: a variant that cannot carry them drops them without a loss. */
const annotations: ReadonlySet<string> = new Set([
  'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment', '$schema', '$id',
]);

export const keep: KeywordHandler = (keyword, value, node) => node.out.set(keyword, copyJson(value));

export const drop: KeywordHandler = () => {};

export const describe: KeywordHandler = (_keyword, value, node) => node.out.describe(String(value));

/** Drops a validation keyword, recording the loss and saying it in words. */
export const loseKeyword: KeywordHandler = (keyword, value, node) => {
  lose(node, keyword, countSaidByTuple(keyword, node.source) ? null : keywordSentence(keyword, value));
};

/** What a variant does with keywords its table does not list: annotations go silently, the rest are losses. */
export const dropUnlisted: KeywordHandler = (keyword, value, node) => {
  if (!annotations.has(keyword)) {
    loseKeyword(keyword, value, node);
  }
};

// The tuple's own sentence already states its item count.
function countSaidByTuple(keyword: string, source: JsonSchema): boolean {
  return (keyword === 'minItems' || keyword === 'maxItems') && Array.isArray(ownValue(source, 'prefixItems'));
}

/** Prints each property at its own pointer; `wrap` may rewrite a property's printed schema. */
export function walkProperties(wrap?: (printed: JsonValue, optional: boolean, node: SchemaNode) => JsonValue): KeywordHandler {
  return (keyword, value, node) => {
    if (!isSchema(value)) {
      return dropUnlisted(keyword, value, node);
    }
    const required = requiredNames(node.source);
    const properties: MutableSchema = {};
    for (const [name, schema] of Object.entries(value)) {
      const printed = walkSchema(schema, childPlace(node.place, name), node.walk);
      setOwn(properties, name, wrap === undefined ? printed : wrap(printed, !required.has(name), node));
    }
    node.out.set(keyword, properties);
  };
}

export function requiredNames(schema: JsonSchema): ReadonlySet<string> {
  const required = ownValue(schema, 'required');
  return new Set(Array.isArray(required) ? (required as readonly JsonValue[]).filter((name) => typeof name === 'string') : []);
}

/** `items` of a plain array, at `/*`; a tuple's `items` (its rest) is printed by `tupleAsItems`. */
export const walkItems: KeywordHandler = (keyword, value, node) => {
  if (!Array.isArray(ownValue(node.source, 'prefixItems'))) {
    node.out.set(keyword, walkSchema(value, childPlace(node.place, '*'), node.walk));
  }
};

/** Union members sit at the same pointer as the union. */
export const walkAnyOf: KeywordHandler = (keyword, value, node) => {
  if (!Array.isArray(value)) {
    return dropUnlisted(keyword, value, node);
  }
  node.out.set(keyword, (value as readonly JsonValue[]).map((member) => walkSchema(member, node.place, node.walk)));
};

/** A tuple becomes an array of any of its distinct element schemas, the order said in words; elements at `/0`…, rest at `/*`. */
export const tupleAsItems: KeywordHandler = (keyword, value, node) => {
  if (!Array.isArray(value)) {
    return dropUnlisted(keyword, value, node);
  }
  const elements = value as readonly JsonValue[];
  const printed = elements.map((element, index) => walkSchema(element, childPlace(node.place, String(index)), node.walk));
  const rest = ownValue(node.source, 'items') ?? true;
  if (rest !== false) {
    printed.push(walkSchema(rest, childPlace(node.place, '*'), node.walk));
  }
  const distinct = distinctSchemas(printed);
  const [only] = distinct;
  if (only !== undefined) {
    node.out.set('items', distinct.length === 1 ? only : { anyOf: distinct });
  }
  lose(node, keyword, tupleSentence(elements, node.source));
};

function distinctSchemas(schemas: readonly JsonValue[]): JsonValue[] {
  const seen = new Map<string, JsonValue>();
  for (const schema of schemas) {
    const key = JSON.stringify(schema);
    if (!seen.has(key)) {
      seen.set(key, schema);
    }
  }
  return [...seen.values()];
}

/** `additionalProperties` where maps are supported: `false` stays, a value schema is printed at `/*`. */
export const walkMap: KeywordHandler = (keyword, value, node) => {
  node.out.set(keyword, walkSchema(value, childPlace(node.place, '*'), node.walk));
};
