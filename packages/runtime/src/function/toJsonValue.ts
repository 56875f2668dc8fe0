import type { JsonValue } from './AIFunction.js';

/**
 * `value` as the JSON value `JSON.stringify` would send: `toJSON` honoured (so a `Date` becomes
 * its ISO string), `undefined`, functions and symbols dropped from objects and `null` in arrays,
 * non-finite numbers `null`. `undefined` when `JSON.stringify` would send nothing. Plain JSON
 * (ordinary objects and arrays) comes back as is, without a copy. Throws a `TypeError` for a
 * `bigint` or a cycle, as `JSON.stringify` does.
 */
export function toJsonValue(value: unknown): JsonValue | undefined {
  return serialize(value, '', []);
}

function serialize(input: unknown, key: string, ancestors: object[]): JsonValue | undefined {
  const value = applyToJson(input, key);
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? (Object.is(value, -0) ? 0 : value) : null;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null || typeof value !== 'object') return null;
  if (value instanceof Number) return serialize(Number(value), key, ancestors);
  if (value instanceof String) return String(value);
  if (value instanceof Boolean) return value.valueOf();
  if (ancestors.includes(value)) throw new TypeError('Converting circular structure to JSON');
  ancestors.push(value);
  try {
    return Array.isArray(value) ? serializeArray(value, ancestors) : serializeObject(value, ancestors);
  } finally {
    ancestors.pop();
  }
}

function applyToJson(value: unknown, key: string): unknown {
  if ((typeof value === 'object' && value !== null) || typeof value === 'bigint') {
    const toJSON: unknown = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return (toJSON as (this: unknown, key: string) => unknown).call(value, key);
  }
  return value;
}

function serializeArray(array: readonly unknown[], ancestors: object[]): JsonValue[] {
  let copy: JsonValue[] | undefined;
  for (let index = 0; index < array.length; index++) {
    const element = array[index];
    const json = serialize(element, String(index), ancestors) ?? null;
    // Object.is: a -0 inside (=== takes it for 0) becomes 0, as JSON sends it
    if (copy === undefined && !Object.is(json, element)) copy = array.slice(0, index) as JsonValue[];
    copy?.push(json);
  }
  // Only plain JSON reaches here uncopied, so the array is already a JsonValue[].
  return copy ?? (array as JsonValue[]);
}

function serializeObject(object: object, ancestors: object[]): { [key: string]: JsonValue } {
  const keys = Object.keys(object);
  // Class instances and null-prototype objects become ordinary objects, as JSON.parse would make them.
  let copy: { [key: string]: JsonValue } | undefined = Object.getPrototypeOf(object) === Object.prototype ? undefined : {};
  for (const [index, key] of keys.entries()) {
    const member = (object as Readonly<Record<string, unknown>>)[key];
    const json = serialize(member, key, ancestors);
    if (copy === undefined && (!Object.is(json, member) || json === undefined)) copy = pick(object, keys.slice(0, index));
    if (copy !== undefined && json !== undefined) define(copy, key, json);
  }
  return copy ?? (object as { [key: string]: JsonValue });
}

function pick(object: object, keys: readonly string[]): { [key: string]: JsonValue } {
  const copy: { [key: string]: JsonValue } = {};
  for (const key of keys) define(copy, key, (object as Readonly<Record<string, JsonValue>>)[key] ?? null);
  return copy;
}

// Assignment to `__proto__` would set the prototype instead of adding the member.
function define(target: { [key: string]: JsonValue }, key: string, value: JsonValue): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
