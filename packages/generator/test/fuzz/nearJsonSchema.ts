import fc from 'fast-check';
import type { JsonSchema, JsonValue } from '@toolgen/runtime';
import { formatSamples } from '../emit/validator/arbitraries.js';

type Schema = Readonly<Record<string, JsonValue>>;

/** Now and then anything at all in place of a value. */
function sometimesWrong(arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) });
}

/**
 * Values near what a canonical JSON Schema (as toolgen prints it) accepts, read from the schema
 * alone: for tools whose shapes the test does not have, such as the examples' generated ones.
 * Mostly valid, with boundary values around each keyword and the odd value of the wrong type.
 */
export function nearJsonSchema(root: JsonSchema): fc.Arbitrary<unknown> {
  const defs = (root['$defs'] ?? {}) as Readonly<Record<string, Schema>>;
  const of = (schema: Schema, depth: number): fc.Arbitrary<unknown> => sometimesWrong(exact(schema, depth));
  const exact = (schema: Schema, depth: number): fc.Arbitrary<unknown> => {
    const ref = schema['$ref'];
    if (typeof ref === 'string') {
      return depth > 5 ? fc.jsonValue({ maxDepth: 0 }) : exact(defs[ref.slice('#/$defs/'.length)]!, depth + 1);
    }
    if (Array.isArray(schema['anyOf'])) {
      return fc.oneof(...(schema['anyOf'] as Schema[]).map((member) => exact(member, depth)));
    }
    if (schema['const'] !== undefined) {
      return fc.constant(schema['const']);
    }
    if (Array.isArray(schema['enum'])) {
      return fc.constantFrom(...(schema['enum'] as JsonValue[]));
    }
    switch (schema['type']) {
      case 'string':
        return strings(schema);
      case 'number':
      case 'integer':
        return numbers(schema);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return arrays(schema, depth);
      case 'object':
        return objects(schema, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };

  const strings = (schema: Schema): fc.Arbitrary<unknown> => {
    const samples = typeof schema['format'] === 'string' ? formatSamples[schema['format']] : undefined;
    if (samples !== undefined) {
      return fc.constantFrom(...samples);
    }
    if (typeof schema['pattern'] === 'string') {
      return fc.oneof(fc.stringMatching(new RegExp(schema['pattern'], 'u')), fc.string());
    }
    const minLength = Math.max(0, ((schema['minLength'] as number | undefined) ?? 0) - 1);
    const maxLength = ((schema['maxLength'] as number | undefined) ?? 8) + 1;
    return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'binary' }));
  };

  const numbers = (schema: Schema): fc.Arbitrary<unknown> => {
    const bounds = (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const).map((keyword) => schema[keyword]).filter((bound): bound is number => typeof bound === 'number');
    const low = Math.floor(Math.min(-5, ...bounds)) - 2;
    const high = Math.ceil(Math.max(5, ...bounds)) + 2;
    const near = bounds.flatMap((bound) => [bound - 1, bound - 0.5, bound, bound + 0.5, bound + 1]);
    return fc.oneof(fc.integer({ min: low, max: high }), fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true }), ...(near.length > 0 ? [fc.constantFrom(...near)] : []));
  };

  const arrays = (schema: Schema, depth: number): fc.Arbitrary<unknown> => {
    const prefix = Array.isArray(schema['prefixItems']) ? (schema['prefixItems'] as Schema[]) : [];
    const items = schema['items'];
    const minItems = (schema['minItems'] as number | undefined) ?? 0;
    const maxItems = depth > 3 ? 0 : ((schema['maxItems'] as number | undefined) ?? prefix.length + 3) + 1;
    const rest = items === false || items === undefined ? fc.jsonValue({ maxDepth: 1 }) : of(items as Schema, depth + 1);
    return fc
      .tuple(fc.tuple(...prefix.map((element) => of(element, depth + 1))), fc.array(rest, { maxLength: 3 }), fc.integer({ min: Math.max(0, minItems - 1), max: Math.max(minItems, maxItems) }))
      .map(([elements, extra, length]) => [...elements, ...extra].slice(0, length));
  };

  const objects = (schema: Schema, depth: number): fc.Arbitrary<unknown> => {
    const properties = (schema['properties'] ?? {}) as Readonly<Record<string, Schema>>;
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const name of Object.keys(properties)) {
      Object.defineProperty(model, name, { value: of(properties[name]!, depth + 1), enumerable: true });
    }
    const declared = fc.record(model, { requiredKeys: ((schema['required'] ?? []) as string[]).filter((name) => Object.hasOwn(properties, name)) });
    const additional = schema['additionalProperties'];
    const extraKeys = fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype', 'a/b', 'm~n', 'extra'));
    const values = additional === false || additional === undefined ? fc.jsonValue({ maxDepth: 1 }) : of(additional as Schema, depth + 1);
    // a closed object gets an extra key now and then, an open one its entries
    const entries = fc.dictionary(extraKeys, values, { maxKeys: depth > 3 ? 0 : additional === false ? 1 : 3 });
    const extra = additional === false ? fc.oneof({ weight: 5, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: entries }) : entries;
    return fc.tuple(declared, extra).map(([fixed, more]) => {
      const merged: Record<string, unknown> = {};
      for (const source of [more, fixed] as Record<string, unknown>[]) {
        for (const key of Object.keys(source)) {
          Object.defineProperty(merged, key, { value: source[key], enumerable: true, writable: true, configurable: true });
        }
      }
      return merged;
    });
  };

  return exact(root as Schema, 0);
}
