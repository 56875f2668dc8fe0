import { createHash } from 'node:crypto';

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
 * The SHA-256 (hex) of a tool call: its qualified name, lowercased, and its canonical arguments.
 * Binds an approval, a pending call or a failure count to exactly these arguments of this tool.
 */
export function toolCallFingerprint(qualifiedName: string, args: unknown): string {
  return createHash('sha256').update(`${qualifiedName.toLowerCase()}\n${canonicalJson(args)}`, 'utf8').digest('hex');
}
