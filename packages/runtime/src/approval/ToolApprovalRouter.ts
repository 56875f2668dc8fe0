import { raceAbort } from '../function/abortable.js';
import type { ToolApprovalChannel, ToolApprovalResponse } from './ToolApprovalChannel.js';
import { pendingToolCallFor } from './PendingToolCall.js';
import type { ToolApprovalOutcome } from './ToolApprovalOutcome.js';
import type { ToolApprovalRequest } from './ToolApprovalRequest.js';
import { toolApprovalRunModes, type ToolApprovalRunMode } from './ToolApprovalRunMode.js';

/** How one run answers approval requests. */
export interface ToolApprovalRouterOptions {
  readonly runMode: ToolApprovalRunMode;
  /** The interactive channel `use_agent_policy` asks. Without one, requests fail closed as `no_channel`. */
  readonly channel?: ToolApprovalChannel | undefined;
  /** A background run cannot wait for a person: under `use_agent_policy` its requests are rejected. */
  readonly background?: boolean;
  /** How long the channel may take to answer; 5 minutes unless given. `Infinity` waits for the answer or an abort. */
  readonly timeoutMs?: number;
  /** How long a deferred call may be answered in a later run, from the moment it was deferred; 15 minutes unless given. */
  readonly pendingExpiryMs?: number;
  /** The clock that dates a deferred call's `expiresAt`. */
  readonly now?: () => Date;
}

const defaultTimeoutMs = 5 * 60 * 1000;
const defaultPendingExpiryMs = 15 * 60 * 1000;
/** setTimeout fires at once for longer delays; longer timeouts wait like `Infinity`. */
const maxTimerDelay = 2 ** 31 - 1;

/**
 * Answers the approval requests of one run, failing closed: only an explicit approval (from the
 * run mode or the channel) executes a call; no channel, a background run, a timeout, an abort,
 * an unsupported or failing channel all end in an outcome that does not.
 */
export class ToolApprovalRouter {
  readonly runMode: ToolApprovalRunMode;
  readonly channel: ToolApprovalChannel | undefined;
  readonly background: boolean;
  readonly timeoutMs: number;
  readonly pendingExpiryMs: number;
  readonly #now: () => Date;

  /** @throws {RangeError} on an undefined run mode, a timeout that is not a positive number, or a pending expiry that is not a positive finite number. */
  constructor(options: ToolApprovalRouterOptions) {
    if (!(toolApprovalRunModes as readonly unknown[]).includes(options.runMode)) {
      throw new RangeError(
        `${JSON.stringify(options.runMode) ?? 'undefined'} is not a run approval mode; use "use_agent_policy", "auto_approve_required" or "auto_reject_required".`,
      );
    }
    const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
    if (typeof timeoutMs !== 'number' || Number.isNaN(timeoutMs) || timeoutMs <= 0) {
      throw new RangeError(`The approval timeout must be a positive number of milliseconds; got ${String(timeoutMs)}.`);
    }
    const pendingExpiryMs = options.pendingExpiryMs ?? defaultPendingExpiryMs;
    if (typeof pendingExpiryMs !== 'number' || !Number.isFinite(pendingExpiryMs) || pendingExpiryMs <= 0) {
      throw new RangeError(`The pending call expiry must be a positive finite number of milliseconds; got ${String(pendingExpiryMs)}.`);
    }
    this.runMode = options.runMode;
    this.channel = options.channel;
    this.background = options.background === true;
    this.timeoutMs = timeoutMs;
    this.pendingExpiryMs = pendingExpiryMs;
    this.#now = options.now ?? ((): Date => new Date());
  }

  /**
   * Whether this run has any way to answer a request: a run mode that decides alone, a channel,
   * or a background run (whose requests are rejected, as the seed prescribes). `use_agent_policy`
   * without a channel has none, so `resolveAgentTools` omits approval-required tools.
   */
  get canAnswer(): boolean {
    return this.runMode !== 'use_agent_policy' || this.channel !== undefined || this.background;
  }

  /** Decides one request. Never rejects: every failure is an outcome. */
  async decide(request: ToolApprovalRequest, signal?: AbortSignal): Promise<ToolApprovalOutcome> {
    if (signal?.aborted === true) return { status: 'aborted' };
    switch (this.runMode) {
      case 'auto_approve_required':
        return { status: 'approved', by: 'run_mode' };
      case 'auto_reject_required':
        return { status: 'rejected', by: 'run_mode' };
      case 'use_agent_policy':
        if (this.background) return { status: 'rejected', by: 'background' };
        if (this.channel === undefined) return { status: 'no_channel' };
        return this.#ask(this.channel, request, signal);
    }
  }

  async #ask(channel: ToolApprovalChannel, request: ToolApprovalRequest, signal: AbortSignal | undefined): Promise<ToolApprovalOutcome> {
    const controller = new AbortController();
    let timedOut = false;
    const onAbort = (): void => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = this.timeoutMs <= maxTimerDelay
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException('The approval request timed out.', 'TimeoutError'));
        }, this.timeoutMs)
      : undefined;
    const ended = (): ToolApprovalOutcome | undefined =>
      signal?.aborted === true ? { status: 'aborted' } : timedOut ? { status: 'timed_out', timeoutMs: this.timeoutMs } : undefined;
    try {
      if (typeof channel.requestApproval !== 'function') return { status: 'unsupported_channel', detail: `channel "${String(channel.name)}" has no requestApproval method` };
      if (channel.supports !== undefined && channel.supports(request) !== true) {
        return { status: 'unsupported_channel', detail: `channel "${channel.name}" does not support this request` };
      }
      const response = await raceAbort(Promise.resolve(channel.requestApproval(request, controller.signal)), controller.signal);
      return ended() ?? interpret(channel, response, request, () => {
        const now = this.#now();
        return { now, expiresAt: new Date(now.getTime() + this.pendingExpiryMs) };
      });
    } catch (error) {
      return ended() ?? { status: 'channel_failed', error };
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

function interpret(channel: ToolApprovalChannel, response: unknown, request: ToolApprovalRequest, deferral: () => { now: Date; expiresAt: Date }): ToolApprovalOutcome {
  const decision = typeof response === 'object' && response !== null ? (response as { decision?: unknown }).decision : undefined;
  switch (decision) {
    case 'approve':
      return { status: 'approved', by: 'channel' };
    case 'reject': {
      const reason = (response as Extract<ToolApprovalResponse, { decision: 'reject' }>).reason;
      return typeof reason === 'string' ? { status: 'rejected', by: 'channel', reason } : { status: 'rejected', by: 'channel' };
    }
    case 'defer': {
      const { now, expiresAt } = deferral();
      return { status: 'pending', pending: pendingToolCallFor(request, expiresAt, now) };
    }
    default:
      return { status: 'unsupported_channel', detail: `channel "${channel.name}" answered ${safeJson(response)}, which is not approve, reject or defer` };
  }
}

function safeJson(value: unknown): string {
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 200);
  } catch {
    return 'an unreadable value';
  }
}
