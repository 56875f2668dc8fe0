import { sha256Hex } from '../hashing/sha256.js';
import { argumentLimits } from '../errors/ToolFailure.js';

/**
 * JSON with object keys sorted at every depth, so equal arguments give equal text whatever
 * their key order. `undefined` members are dropped as `JSON.stringify` drops them.
 */
export function canonicalJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, member: unknown) =>
    typeof member === 'object' && member !== null && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : member,
  );
  return text ?? 'null';
}

/**
 * How deep `fingerprintableJson` walks: past the argument limit, so every value a validator can
 * accept is fingerprinted in full, and far below what would exhaust the stack.
 */
const fingerprintDepth = argumentLimits.maxDepth + 8;

/**
 * `canonicalJson(value)`, or `undefined` when the value nests deeper than `fingerprintDepth`
 * levels (a cycle does too) or cannot be read (a throwing getter, a `bigint`). Bounded: it never
 * recurses past that depth, however deep or cyclic the value, so hostile arguments cost a stack
 * overflow nowhere before their validator refuses them.
 */
export function fingerprintableJson(value: unknown): string | undefined {
  try {
    return nestsDeeper(value, fingerprintDepth) ? undefined : canonicalJson(value);
  } catch {
    return undefined;
  }
}

/** Whether `value` nests no deeper than `fingerprintDepth` levels, so canonical JSON of it costs a bounded stack. */
export function isFingerprintable(value: unknown): boolean {
  try {
    return !nestsDeeper(value, fingerprintDepth);
  } catch {
    return false;
  }
}

/**
 * Whether `value` holds objects or arrays more than `limit` levels deep (a cycle always does).
 * The recursion stops at `limit`, and an object met again by another path is not walked again,
 * so a wide, shared or cyclic graph costs one visit per object.
 */
function nestsDeeper(value: unknown, limit: number, depth = 1, path: object[] = [], fitted = new WeakMap<object, number>()): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (depth > limit || path.includes(value)) return true;
  const known = fitted.get(value);
  if (known !== undefined && known >= depth) return false; // it fitted from deeper down, so it fits here
  path.push(value);
  try {
    for (const member of Array.isArray(value) ? value : Object.values(value)) {
      if (nestsDeeper(member, limit, depth + 1, path, fitted)) return true;
    }
  } finally {
    path.pop();
  }
  fitted.set(value, depth);
  return false;
}

/**
 * The SHA-256 (hex) of a tool call: its qualified name, lowercased, and its canonical arguments.
 * Binds a failure count to exactly these arguments of this tool. Arguments too deep or unreadable
 * to fingerprint (see `fingerprintableJson`) all share one fingerprint per tool: no validator
 * accepts them, so they are one failure, counted as such.
 */
export function toolCallFingerprint(qualifiedName: string, args: unknown): string {
  const canonical = fingerprintableJson(args) ?? '\u0000unreadable';
  return sha256Hex(`${qualifiedName.toLowerCase()}\n${canonical}`);
}
