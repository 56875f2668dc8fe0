import type { JsonValue } from '../function/AIFunction.js';
import type { NetworkScope } from '../governance.js';
import { constantTimeEqual, hmacSha256Hex, randomUuid } from '../hashing/sha256.js';
import type { ToolApprovalBindingFailure } from './ToolApprovalBindingFailure.js';
import type { ToolApprovalPolicy } from './ToolApprovalPolicy.js';
import { canonicalJson } from './toolCallFingerprint.js';
import type { ToolApprovalRequest } from './ToolApprovalRequest.js';

/**
 * A call that waits for approval after its run ended. Store it with the conversation as the
 * signed text of `serializePendingToolCall`, read it back with `parsePendingToolCall`, and answer
 * it in the next run with `answerPendingToolCall`, which runs exactly that call once, before
 * `expiresAt`, under the same policy. Frozen: only calls from a `ToolApprovalError` or from
 * `parsePendingToolCall` are accepted, never an object built or edited by hand.
 */
export interface PendingToolCall {
  readonly version: 2;
  /** This pending call's own random id: what the `ToolApprovalLedger` records when it is answered. */
  readonly id: string;
  /** The call id of the request (the host's tool-call id, else a random UUID). */
  readonly callId: string;
  readonly toolName: string;
  /** The arguments as the request showed them; an approval runs the tool with exactly these. */
  readonly arguments: JsonValue;
  /** `approvalDigest(toolName, normalized arguments, policy)`: what the approval is bound to. */
  readonly digest: string;
  /** The effective policy the person was asked under. */
  readonly policy: ToolApprovalPolicy;
  /** ISO 8601 timestamps: when the model asked, and when the pending call lapses. */
  readonly requestedAt: string;
  readonly expiresAt: string;
}

/** A signing key for stored pending calls: at least 32 bytes, a string's counted as UTF-8. */
export type PendingToolCallKey = string | Uint8Array;

/** The host's signing keys. Signing uses `key`, or the first of the list; verifying accepts any of the list (to rotate keys). */
export interface PendingToolCallKeyOptions {
  readonly key: PendingToolCallKey | readonly PendingToolCallKey[];
}

/** A stored pending call that cannot be trusted, or no key to sign or verify one. Nothing runs. */
export class PendingToolCallError extends Error {
  override readonly name: string = 'PendingToolCallError';
  readonly reason: Extract<ToolApprovalBindingFailure, 'tampered' | 'missing_key'>;

  constructor(reason: Extract<ToolApprovalBindingFailure, 'tampered' | 'missing_key'>, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** The `format` of serialized pending calls, also the HMAC's domain separator. */
export const pendingToolCallFormat = 'toolgen.pending-tool-call/2';
const minimumKeyBytes = 32;
const trusted = new WeakSet<PendingToolCall>();
/** The ids of the pending calls this process created, with their expiry (ms): until then, this process may answer them with a ledger that is not durable. */
const issued = new Map<string, number>();

/** The pending call of an approval request the channel deferred, lapsing at `expiresAt`; `now` is the clock of the deferral. */
export function pendingToolCallFor(request: ToolApprovalRequest, expiresAt: Date, now: Date): PendingToolCall {
  forgetExpired(now);
  const id = randomUuid();
  issued.set(id, expiresAt.getTime());
  return trust({
    version: 2,
    id,
    callId: request.callId,
    toolName: request.toolName,
    arguments: request.arguments,
    digest: request.digest,
    policy: request.policy,
    requestedAt: request.requestedAt,
    expiresAt: expiresAt.toISOString(),
  });
}

/**
 * Whether this process created the pending call with id `id` (not only read it back with
 * `parsePendingToolCall`), and it has not expired by `now`. Ids are forgotten once expired.
 */
export function issuedInThisProcess(id: string, now: Date): boolean {
  forgetExpired(now);
  return issued.has(id);
}

function forgetExpired(now: Date): void {
  const time = now.getTime();
  for (const [id, expiry] of issued) {
    if (expiry <= time) issued.delete(id);
  }
}

/** Whether `call` came from a `ToolApprovalError` or from `parsePendingToolCall` in this process. */
export function isTrustedPendingToolCall(call: unknown): call is PendingToolCall {
  return typeof call === 'object' && call !== null && trusted.has(call as PendingToolCall);
}

/**
 * The pending call as signed text: the canonical JSON (keys sorted, no whitespace) of
 * `{ call, format, signature }`, where `signature` is the HMAC-SHA256 (hex) with the host's key
 * over `format`, a newline and the canonical JSON of `call`.
 *
 * @throws {PendingToolCallError} `missing_key` without a key of at least 32 bytes; `tampered`
 * for a call that did not come from a `ToolApprovalError` or `parsePendingToolCall`.
 */
export function serializePendingToolCall(call: PendingToolCall, options: PendingToolCallKeyOptions): string {
  const [key] = keysOf(options, 'sign');
  if (!isTrustedPendingToolCall(call)) {
    throw new PendingToolCallError('tampered', 'Only a pending call from a ToolApprovalError or from parsePendingToolCall can be serialized; this one was built or copied by hand.');
  }
  const payload = canonicalJson(call);
  return canonicalJson({ call: JSON.parse(payload) as JsonValue, format: pendingToolCallFormat, signature: sign(key!, payload) });
}

/**
 * Reads back and verifies `serializePendingToolCall`'s text. Any change to it (a byte of the
 * arguments, the digest, the signature, added whitespace) or another key fails closed.
 *
 * @throws {PendingToolCallError} `missing_key` without a key of at least 32 bytes; `tampered`
 * when the text is not exactly what the serializer wrote and signed with one of the keys.
 */
export function parsePendingToolCall(text: string, options: PendingToolCallKeyOptions): PendingToolCall {
  const keys = keysOf(options, 'verify');
  const tampered = (why: string): PendingToolCallError => new PendingToolCallError('tampered', `The stored pending tool call ${why}; it was changed after it was written, so it is not answered.`);
  if (typeof text !== 'string') throw tampered('is not text');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw tampered('is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw tampered('is not a JSON object');
  const envelope = value as Record<string, unknown>;
  if (envelope['version'] === 1 && 'fingerprint' in envelope) {
    throw new PendingToolCallError('tampered', 'The stored pending tool call is an unsigned version 1 call, which is no longer accepted; ask the user again.');
  }
  if (canonicalJson(value) !== text) throw tampered('is not in the exact form the serializer writes');
  const fields = Object.keys(envelope).sort().join(',');
  if (fields !== 'call,format,signature' || envelope['format'] !== pendingToolCallFormat) throw tampered(`is not a "${pendingToolCallFormat}" envelope`);
  const signature = envelope['signature'];
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) throw tampered('has no well-formed signature');
  const payload = canonicalJson(envelope['call']);
  if (!keys.some((key) => constantTimeEqual(sign(key, payload), signature))) throw tampered('does not match its signature (or was signed with another key)');
  return trust(checkShape(envelope['call'], tampered));
}

function checkShape(value: unknown, tampered: (why: string) => PendingToolCallError): PendingToolCall {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw tampered('holds no call object');
  const call = value as Record<string, unknown>;
  if (call['version'] !== 2) throw tampered(`has version ${JSON.stringify(call['version']) ?? 'undefined'}, not 2`);
  for (const field of ['id', 'callId', 'toolName', 'digest', 'requestedAt', 'expiresAt'] as const) {
    if (typeof call[field] !== 'string' || call[field] === '') throw tampered(`has no "${field}"`);
  }
  if (!('arguments' in call)) throw tampered('has no "arguments"');
  if (!/^[0-9a-f]{64}$/.test(call['digest'] as string)) throw tampered('has no well-formed digest');
  if (Number.isNaN(Date.parse(call['expiresAt'] as string))) throw tampered('has no valid "expiresAt"');
  const policy = call['policy'] as Record<string, unknown> | null | undefined;
  if (
    typeof policy !== 'object' ||
    policy === null ||
    policy['approvalMode'] !== 'require_approval' ||
    !['none', 'incidental', 'egress'].includes(policy['networkScope'] as string) ||
    typeof policy['policies'] !== 'string'
  ) {
    throw tampered('has no well-formed "policy"');
  }
  return {
    version: 2,
    id: call['id'] as string,
    callId: call['callId'] as string,
    toolName: call['toolName'] as string,
    arguments: call['arguments'] as JsonValue,
    digest: call['digest'] as string,
    policy: { approvalMode: 'require_approval', networkScope: policy['networkScope'] as NetworkScope, policies: policy['policies'] },
    requestedAt: call['requestedAt'] as string,
    expiresAt: call['expiresAt'] as string,
  };
}

function trust(call: PendingToolCall): PendingToolCall {
  const frozen = deepFreeze(call);
  trusted.add(frozen);
  return frozen;
}

function keysOf(options: PendingToolCallKeyOptions | undefined, use: 'sign' | 'verify'): Uint8Array[] {
  const given: unknown = (options as { key?: unknown } | undefined)?.key;
  const list: readonly unknown[] = Array.isArray(given) ? given : given === undefined ? [] : [given];
  const missing = (why: string): PendingToolCallError =>
    new PendingToolCallError('missing_key', `A stored pending tool call is never ${use === 'sign' ? 'written' : 'read'} without the host's signing key: ${why}.`);
  if (list.length === 0) throw missing('pass { key } (at least 32 bytes, e.g. from randomBytes(32), kept outside the conversation)');
  return list.map((key, position) => {
    if (typeof key !== 'string' && !(key instanceof Uint8Array)) throw missing(`key ${position} is not a string or bytes`);
    const bytes = typeof key === 'string' ? new TextEncoder().encode(key) : Uint8Array.from(key);
    if (bytes.byteLength < minimumKeyBytes) throw missing(`key ${position} has ${bytes.byteLength} bytes; it needs at least ${minimumKeyBytes}`);
    return bytes;
  });
}

function sign(key: Uint8Array, payload: string): string {
  return hmacSha256Hex(key, `${pendingToolCallFormat}\n${payload}`);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}
