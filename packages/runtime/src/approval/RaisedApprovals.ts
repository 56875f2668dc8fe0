import { sha256Hex } from '../hashing/sha256.js';

/** How long an interruption toolgen raised may be approved, unless the adapter is told otherwise: 24 hours. */
export const defaultRaisedApprovalExpiryMs = 24 * 60 * 60 * 1000;
/** How many unanswered interruptions are remembered at most; past it the oldest is forgotten, and its approval then runs nothing. */
const maxRaised = 10_000;

/**
 * The approval requests an SDK adapter raised through its SDK's own approval step (the Agents
 * SDK's interruptions), each for one tool, one call id and one digest of the validated arguments.
 * An approval the SDK reports counts only for a request recorded here, once: a reused call id
 * with other arguments, an approval written into a stored run state, or a second execution finds
 * nothing to take.
 *
 * In memory, for the whole process: a run resumed in another process finds nothing, and so runs
 * nothing (fails closed).
 */
export class RaisedApprovals {
  readonly #expiries = new Map<string, number>();
  /** What each request showed, by wire name and call id: the validated arguments that will run. */
  readonly #shown = new Map<string, { readonly args: unknown; readonly expiry: number }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Records that a person is being asked about this call, and what it will run with (`shown`, under the tool's wire name). */
  raise(toolName: string, callId: string, digest: string, expiryMs: number, shown?: { readonly wireName: string; readonly args: unknown }): void {
    const now = this.#now();
    this.#forgetExpired(now);
    const key = keyOf(toolName, callId, digest);
    this.#expiries.delete(key);
    this.#expiries.set(key, now + expiryMs);
    if (shown !== undefined) {
      const shownKey = `${shown.wireName}\n${callId}`;
      this.#shown.delete(shownKey);
      this.#shown.set(shownKey, { args: shown.args, expiry: now + expiryMs });
    }
    while (this.#expiries.size > maxRaised) this.#expiries.delete(this.#expiries.keys().next().value!);
    while (this.#shown.size > maxRaised) this.#shown.delete(this.#shown.keys().next().value!);
  }

  /** The arguments the request raised for this wire name and call id will run with; undefined when none was raised in this process. */
  shown(wireName: string, callId: string): unknown {
    const record = this.#shown.get(`${wireName}\n${callId}`);
    return record !== undefined && record.expiry > this.#now() ? record.args : undefined;
  }

  /** Whether a request for exactly this call was raised, has not lapsed and was not taken before; taking it spends it. */
  take(toolName: string, callId: string, digest: string): boolean {
    const now = this.#now();
    const key = keyOf(toolName, callId, digest);
    const expiry = this.#expiries.get(key);
    this.#expiries.delete(key);
    return expiry !== undefined && expiry > now;
  }

  #forgetExpired(now: number): void {
    for (const [key, expiry] of this.#expiries) {
      if (expiry <= now) this.#expiries.delete(key);
    }
    for (const [key, { expiry }] of this.#shown) {
      if (expiry <= now) this.#shown.delete(key);
    }
  }
}

function keyOf(toolName: string, callId: string, digest: string): string {
  return sha256Hex(`${toolName.toLowerCase()}\n${callId}\n${digest}`);
}

/** The record the adapters share. */
export const raisedApprovals = new RaisedApprovals();
