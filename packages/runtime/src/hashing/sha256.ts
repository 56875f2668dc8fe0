import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

// Hashing without Node's `node:crypto`, so the runtime's main entry and a generated module run in
// browsers and edge runtimes too (issue 31). Digests are synchronous, as the callers need them
// (a qualified name is truncated while a catalogue is built), which Web Crypto's are not;
// @noble/hashes is audited, has no dependencies and gives the same digests as Node's.

/** The SHA-256 of `text`'s UTF-8 bytes, as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The HMAC-SHA256 of `text`'s UTF-8 bytes with `key`, as 64 lowercase hex digits. */
export function hmacSha256Hex(key: Uint8Array, text: string): string {
  return bytesToHex(hmac(sha256, key, utf8ToBytes(text)));
}

/** Whether two strings are equal, in a time that depends on their length only (for signatures). */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** A random (version 4) UUID from the platform's Web Crypto, which Node 20, browsers and edge runtimes all have. */
export function randomUuid(): string {
  return globalThis.crypto.randomUUID();
}
