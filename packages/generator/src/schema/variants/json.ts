import type { JsonSchema, JsonValue } from '@toolgen/runtime';
import { defsPointer } from '../toJsonSchema.js';

export type MutableSchema = { [keyword: string]: JsonValue };

/** A schema object (not a boolean schema, not an array). */
export function isSchema(value: JsonValue | undefined): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets an own property even for keys like `__proto__`, which plain assignment would not. */
export function setOwn(target: MutableSchema, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A fresh copy, so that variants never share objects with the canonical schema. */
export function copyJson(value: JsonValue): JsonValue {
  if (Array.isArray(value)) {
    return (value as readonly JsonValue[]).map(copyJson);
  }
  if (isSchema(value)) {
    const copy: MutableSchema = {};
    for (const [key, item] of Object.entries(value)) {
      setOwn(copy, key, copyJson(item));
    }
    return copy;
  }
  return value;
}

export function ownValue(schema: JsonSchema, keyword: string): JsonValue | undefined {
  return Object.hasOwn(schema, keyword) ? schema[keyword] : undefined;
}

/** The def name a `$ref` points to; only `#/$defs/<name>` (what the canonical printer emits) is followed. */
export function refName(ref: JsonValue): string {
  if (typeof ref !== 'string' || !ref.startsWith(defsPointer)) {
    throw new Error(`Cannot derive provider variants: unsupported $ref ${JSON.stringify(ref)}.`);
  }
  return ref.slice(defsPointer.length).replaceAll('~1', '/').replaceAll('~0', '~');
}

/** One JSON Pointer segment: `~` and `/` escaped. */
export function pointerSegment(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}
