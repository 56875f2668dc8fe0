import { randomUuid } from '../../hashing/sha256.js';
import type { InputRequiredResult, McpServer, ServerContext } from '@modelcontextprotocol/server';
import { issueSdkApprovalGrant } from '../../approval/toolApprovalGrant.js';
import { ToolApprovalError } from '../../approval/ToolApprovalError.js';
import type { ToolApprovalRefusal } from '../../approval/ToolApprovalOutcome.js';
import { acceptedArguments, argumentsAsJson, isApprovalGated, sdkApprovalDigest } from '../../approval/withApproval.js';
import { ToolFailure } from '../../errors/ToolFailure.js';
import { refusalBeforeApproval } from '../../function/checksBeforeApproval.js';
import type { AIFunction, JsonValue, ToolInvocationContext } from '../../function/AIFunction.js';
import { clientCanElicit } from './clientCanElicit.js';

/** How the user answered an approval request, read from the client's elicitation result. */
export type ApprovalAnswer = 'approve' | 'decline' | 'cancel' | 'missing';

/** What to do with a call that needs approval. */
export type ApprovalDecision =
  /** Run it with these arguments and these context fields (an approval grant for a wrapped function). */
  | { readonly kind: 'approved'; readonly args: unknown; readonly context: ToolInvocationContext }
  /** Answer with this input-required result: the client asks the user and calls again. */
  | { readonly kind: 'ask'; readonly result: InputRequiredResult }
  /** Answer with this error; the tool does not run. */
  | { readonly kind: 'refused'; readonly message: string };

interface PendingApproval {
  readonly toolName: string;
  /** `sdkApprovalDigest` of the validated arguments the user is asked about. */
  readonly digest: string;
  readonly expiresAt: number;
}

const defaultTimeoutMs = 5 * 60 * 1000;
/** The key of the elicitation in `inputRequests` and `inputResponses`. */
export const approvalRequestKey = 'toolgen_approval';

/**
 * The approvals one `registerMcpTools` call asks for, through MCP's multi-round-trip requests:
 * the first call of a tool answers `input_required` with a form elicitation and an opaque
 * `requestState`; the client asks the user and calls again with the answer and that state. (On
 * a 2025-era connection the SDK plays both rounds in-process, sending `elicitation/create`.)
 *
 * Fails closed: the state is a random id this object issued for exactly this tool and these
 * arguments, good once and until it lapses, so a client cannot answer a question it was not
 * asked, replay an approval, or carry it over to other arguments. Only an accepted form with
 * `approve: true` runs the tool.
 */
export class McpApprovals {
  readonly #timeoutMs: number;
  readonly #pending = new Map<string, PendingApproval>();
  /** The name the client and the model know a function by (its wire name), in questions and refusals. */
  readonly #nameOf: (fn: AIFunction) => string;

  /** @throws {RangeError} when `timeoutMs` is not a positive number. */
  constructor(timeoutMs: number = defaultTimeoutMs, nameOf: (fn: AIFunction) => string = (fn) => fn.qualifiedName) {
    this.#nameOf = nameOf;
    if (typeof timeoutMs !== 'number' || Number.isNaN(timeoutMs) || timeoutMs <= 0) {
      throw new RangeError(`The approval timeout must be a positive number of milliseconds; got ${String(timeoutMs)}.`);
    }
    this.#timeoutMs = timeoutMs;
  }

  async decide(server: McpServer, fn: AIFunction, args: unknown, ctx: ServerContext, context: ToolInvocationContext = {}): Promise<ApprovalDecision> {
    const validated = await validate(fn, args);
    if (!validated.ok) return { kind: 'refused', message: validated.message };
    // nobody is asked about a call that would be refused whoever approved it (a path outside the workspace)
    const refusal = await refusalBeforeApproval(fn, validated.value, context);
    if (refusal !== undefined) return { kind: 'refused', message: refusal };
    // the user is shown, and the answer bound to, the arguments as the tool will run them
    const json = argumentsAsJson(validated.value);
    const digest = sdkApprovalDigest(fn, validated.value);
    const now = Date.now();
    const state = ctx.mcpReq.requestState<unknown>();
    const responses = ctx.mcpReq.inputResponses;
    if (state === undefined && responses === undefined) {
      if (!clientCanElicit(server, ctx)) {
        return { kind: 'refused', message: `${this.#nameOf(fn)} was not called: this tool needs approval, and this client cannot give it.` };
      }
      this.#prune(now);
      const id = randomUuid();
      this.#pending.set(id, { toolName: fn.qualifiedName, digest, expiresAt: now + this.#timeoutMs });
      return { kind: 'ask', result: askFor(fn, json, id, this.#nameOf(fn)) };
    }

    const pending = typeof state === 'string' ? this.#pending.get(state) : undefined;
    if (typeof state === 'string') this.#pending.delete(state);
    this.#prune(now);
    if (pending === undefined || pending.toolName !== fn.qualifiedName || pending.digest !== digest) {
      return {
        kind: 'refused',
        message:
          `This answer does not belong to an approval request this server made for these arguments, so ${this.#nameOf(fn)} was not called. ` +
          'Call the tool again to ask the user.',
      };
    }
    if (pending.expiresAt < now) return this.#refused(fn, { status: 'timed_out', timeoutMs: this.#timeoutMs });
    switch (readAnswer(responses?.[approvalRequestKey])) {
      case 'approve': {
        const callId = String(ctx.mcpReq.id);
        // a wrapped function asks its own router unless it holds a grant for exactly this call; either is called with the
        // JSON the user was shown, which the call validates again into the same value (a Date again, not one to validate)
        return isApprovalGated(fn)
          ? { kind: 'approved', args: json, context: { callId, approvalGrant: issueSdkApprovalGrant(callId, digest) } }
          : { kind: 'approved', args: json, context: {} };
      }
      case 'decline':
        return this.#refused(fn, { status: 'rejected', by: 'channel' });
      case 'cancel':
        return this.#refused(fn, { status: 'rejected', by: 'channel', reason: 'the approval request was dismissed' });
      case 'missing':
        return this.#refused(fn, { status: 'channel_failed', error: new Error('the client answered without the approval') });
    }
  }

  /**
   * The same decision in one round trip, for SDKs that ask the client while the call waits (the v1
   * SDK's `elicitInput`): validated first, asked about through `elicit` when `canElicit`, and run
   * only when the user accepts within the timeout.
   */
  async decideInline(fn: AIFunction, args: unknown, callId: string, canElicit: boolean, elicit: (form: ReturnType<typeof approvalForm>, timeoutMs: number) => Promise<unknown>, context: ToolInvocationContext = {}): Promise<Exclude<ApprovalDecision, { kind: 'ask' }>> {
    const validated = await validate(fn, args);
    if (!validated.ok) return { kind: 'refused', message: validated.message };
    const refusal = await refusalBeforeApproval(fn, validated.value, context);
    if (refusal !== undefined) return { kind: 'refused', message: refusal };
    if (!canElicit) return { kind: 'refused', message: `${this.#nameOf(fn)} was not called: this tool needs approval, and this client cannot give it.` };
    const json = argumentsAsJson(validated.value);
    let response: unknown;
    try {
      response = await elicit(approvalForm(fn, json, this.#nameOf(fn)), this.#timeoutMs);
    } catch (error) {
      return /time/i.test(String(error)) ? this.#refused(fn, { status: 'timed_out', timeoutMs: this.#timeoutMs }) : this.#refused(fn, { status: 'channel_failed', error });
    }
    switch (readAnswer(response)) {
      case 'approve':
        return isApprovalGated(fn)
          ? { kind: 'approved', args: json, context: { callId, approvalGrant: issueSdkApprovalGrant(callId, sdkApprovalDigest(fn, validated.value)) } }
          : { kind: 'approved', args: json, context: {} };
      case 'decline':
        return this.#refused(fn, { status: 'rejected', by: 'channel' });
      case 'cancel':
        return this.#refused(fn, { status: 'rejected', by: 'channel', reason: 'the approval request was dismissed' });
      case 'missing':
        return this.#refused(fn, { status: 'channel_failed', error: new Error('the client answered without the approval') });
    }
  }

  #refused(fn: AIFunction, outcome: ToolApprovalRefusal): Extract<ApprovalDecision, { kind: 'refused' }> {
    return { kind: 'refused', message: new ToolApprovalError(this.#nameOf(fn), outcome).message };
  }

  #prune(now: number): void {
    for (const [id, pending] of this.#pending) {
      if (pending.expiresAt < now) this.#pending.delete(id);
    }
  }
}

/** Reads an elicitation result: only an accepted form whose `approve` is `true` approves. */
export function readAnswer(response: unknown): ApprovalAnswer {
  if (typeof response !== 'object' || response === null || Array.isArray(response)) return 'missing';
  const { action, content } = response as { action?: unknown; content?: unknown };
  if (action === 'decline') return 'decline';
  if (action === 'cancel') return 'cancel';
  if (action !== 'accept') return 'missing';
  const approve = typeof content === 'object' && content !== null ? (content as { approve?: unknown }).approve : undefined;
  return approve === true ? 'approve' : 'decline';
}

function askFor(fn: AIFunction, args: JsonValue, requestState: string, name: string): InputRequiredResult {
  return {
    resultType: 'input_required',
    inputRequests: { [approvalRequestKey]: { method: 'elicitation/create', params: approvalForm(fn, args, name) } },
    requestState,
  };
}

/** The form elicitation that asks the user about one call of `fn` with these arguments. */
export function approvalForm(fn: AIFunction, args: JsonValue, name: string = fn.qualifiedName) {
  const effect = fn.metadata.readOnly ? 'It only reads.' : 'It may change things.';
  const network = fn.metadata.networkScope === 'egress' ? ' It reaches the Internet.' : '';
  return {
    mode: 'form' as const,
    message: `Allow ${name} to run with these arguments? ${effect}${network}\n${fn.description}\nArguments: ${JSON.stringify(args)}`,
    requestedSchema: {
      type: 'object' as const,
      properties: {
        approve: { type: 'boolean' as const, title: `Run ${name}`, description: 'Approve this one call, with exactly these arguments.', default: false },
      },
      required: ['approve'],
    },
  };
}

/** Validates before anyone is asked, so nobody approves a call that cannot run. */
async function validate(fn: AIFunction, args: unknown): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  try {
    return { ok: true, value: await acceptedArguments(fn, args) };
  } catch (error) {
    return { ok: false, message: error instanceof ToolFailure ? error.message : 'The arguments could not be read.' };
  }
}
