import { Buffer } from 'node:buffer';
import type { JsonValue } from '../../function/AIFunction.js';

/** How far `boundedJson` reads. */
export interface JsonBounds {
  /** Bytes of the value as compact UTF-8 JSON, escapes aside. */
  readonly maxBytes: number;
  /** Levels objects and arrays may nest; the value itself is level 1. */
  readonly maxDepth: number;
}

/** A JSON copy of the value, or why there is none: too large, too deep, cyclic, or not readable as JSON. */
export type BoundedJson =
  | { readonly ok: true; readonly value: JsonValue }
  | { readonly ok: false; readonly problem: 'bytes' | 'depth' | 'cycle' }
  | { readonly ok: false; readonly problem: 'unreadable'; readonly error: unknown };

class Stop {
  constructor(readonly problem: 'bytes' | 'depth' | 'cycle') {}
}

/**
 * Copies `value` as `JSON.parse(JSON.stringify(value))` would, reading no further than `bounds`:
 * it stops at the first byte over `maxBytes` and the first level over `maxDepth`, so a huge,
 * deep or cyclic value costs at most the bounds. Keys such as `__proto__` stay own data.
 */
export function boundedJson(value: unknown, bounds: JsonBounds): BoundedJson {
  let bytes = 0;
  const ancestors = new Set<object>();
  const count = (more: number): void => {
    bytes += more;
    if (bytes > bounds.maxBytes) throw new Stop('bytes');
  };
  const text = (string: string): string => {
    // a UTF-16 unit is at least one UTF-8 byte, so an overlong string stops before it is measured
    if (string.length > bounds.maxBytes) throw new Stop('bytes');
    count(Buffer.byteLength(string, 'utf8') + 2);
    return string;
  };
  const copy = (item: unknown, key: string, depth: number): JsonValue | undefined => {
    let current = item;
    if (typeof current === 'object' && current !== null && typeof (current as { toJSON?: unknown }).toJSON === 'function') {
      current = (current as { toJSON(key: string): unknown }).toJSON(key);
    }
    switch (typeof current) {
      case 'string':
        return text(current);
      case 'number':
        if (!Number.isFinite(current)) {
          count(4);
          return null;
        }
        count(String(current).length);
        return current;
      case 'boolean':
        count(current ? 4 : 5);
        return current;
      case 'bigint':
        throw new TypeError('a BigInt is not JSON');
      case 'object':
        break;
      default:
        return undefined;
    }
    if (current === null) {
      count(4);
      return null;
    }
    if (depth > bounds.maxDepth) throw new Stop('depth');
    if (ancestors.has(current)) throw new Stop('cycle');
    ancestors.add(current);
    count(2);
    let result: JsonValue;
    if (Array.isArray(current)) {
      const items: JsonValue[] = [];
      for (let index = 0; index < current.length; index++) {
        if (index > 0) count(1);
        const element = copy(current[index], String(index), depth + 1);
        items.push(element === undefined ? null : element);
        if (element === undefined) count(4);
      }
      result = items;
    } else {
      const members: [string, JsonValue][] = [];
      for (const name of Object.keys(current)) {
        const member = copy((current as Record<string, unknown>)[name], name, depth + 1);
        if (member === undefined) continue;
        if (members.length > 0) count(1);
        text(name);
        count(1);
        members.push([name, member]);
      }
      result = Object.fromEntries(members) as JsonValue;
    }
    ancestors.delete(current);
    return result;
  };
  try {
    return { ok: true, value: copy(value, '', 1) ?? null };
  } catch (error) {
    if (error instanceof Stop) return { ok: false, problem: error.problem };
    return { ok: false, problem: 'unreadable', error };
  }
}
