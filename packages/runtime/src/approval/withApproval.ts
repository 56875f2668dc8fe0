import { argumentLimits, ToolArgumentError, type ArgumentIssue } from '../errors/ToolFailure.js';
import type { AIFunction, JsonValue, ToolInvocationContext } from '../function/AIFunction.js';
import { pointerOfPath } from '../function/jsonPointer.js';
import type { NetworkScope } from '../governance.js';
import { randomUuid } from '../hashing/sha256.js';
import { toJsonValue } from '../function/toJsonValue.js';
import { checkWorkspaceArguments, isWorkspaceOptions } from '../workspace/enforceWorkspacePaths.js';
import { runChecksBeforeApproval } from '../function/checksBeforeApproval.js';
import { functionChain, wrapFunction } from '../function/wrapFunction.js';
import type { AgentToolPolicy } from '../policy/AgentToolPolicy.js';
import type { ToolPolicyResolver } from '../policy/ToolPolicyResolver.js';
import { isSdkApprovalGrant, redeemApprovalGrant } from './toolApprovalGrant.js';
import { approvalDigest, policiesDigest, type ToolApprovalPolicy } from './ToolApprovalPolicy.js';
import { isFingerprintable } from './toolCallFingerprint.js';
import { ToolApprovalError } from './ToolApprovalError.js';
import type { ToolApprovalOutcome } from './ToolApprovalOutcome.js';
import type { ToolApprovalRequest } from './ToolApprovalRequest.js';
import type { ToolApprovalRouter } from './ToolApprovalRouter.js';

/** The invocation context fields approval reads. */
/**
 * The context an approval-wrapped function reads: `callId` becomes the request's `callId`, and an
 * `approvalGrant` (set by `answerPendingToolCall` and the adapters only) that does not hold for the
 * call refuses it (`invalid_approval`). Every `ToolInvocationContext` declares both.
 */
export type ToolApprovalInvocationContext = ToolInvocationContext;

export interface WithApprovalOptions {
  /** The effective network scope to show in requests; the function's declared one otherwise. */
  readonly networkScope?: NetworkScope;
  /** The agent's policies, whose digest is part of the effective policy approvals are bound to (`ToolApprovalPolicy`); none unless given. */
  readonly policies?: ToolPolicyResolver | readonly AgentToolPolicy[];
  /** The clock for `requestedAt`. */
  readonly now?: () => Date;
}

/** What the approval wrapper of a function binds approvals to, and who decides them. */
export interface ApprovalGate {
  readonly qualifiedName: string;
  readonly policy: ToolApprovalPolicy;
  readonly router: ToolApprovalRouter;
}

const gates = new WeakMap<AIFunction, ApprovalGate>();

/**
 * Wraps `fn` so that every call first produces a frozen `ToolApprovalRequest` (the tool, its complete
 * arguments, a call id) and runs only when `router` approves it. Any other outcome rejects with
 * a `ToolApprovalError` and `fn` is not called.
 *
 * What the person is shown is what runs. Before anyone is asked, the arguments go through the
 * lenient step when the call is `lenient` (a JSON string parsed, fences stripped, `"10"` made 10,
 * each repair reported, an ambiguity refused), then through the tool's validator (`Date`s
 * parsed); arguments it rejects are refused with a `ToolArgumentError` and nobody is asked. The
 * request shows the validated arguments as JSON, and an approved call receives exactly that
 * validated value. Each request carries the digest of the qualified name, those arguments and
 * the effective policy (`approvalDigest`), which a grant must match: a pending call's answer, or
 * an SDK's own approval of exactly this call. The SDK's approval stands in for the router's
 * channel only, so a run mode that decides alone (`auto_approve_required`,
 * `auto_reject_required`, a background run) still decides.
 */
export function withApproval(fn: AIFunction, router: ToolApprovalRouter, options: WithApprovalOptions = {}): AIFunction {
  const now = options.now ?? ((): Date => new Date());
  const policy: ToolApprovalPolicy = Object.freeze({
    approvalMode: 'require_approval',
    networkScope: options.networkScope ?? fn.metadata.networkScope,
    policies: policiesDigest(options.policies),
  });
  // run receives validated arguments: invoke repaired (when lenient) and validated them first, once
  const gated = wrapFunction(fn, async (accepted, context: ToolApprovalInvocationContext) => {
    const { approvalGrant, ...rest } = context;
    const signal = context.signal;
    if (signal?.aborted === true) throw new ToolApprovalError(fn.qualifiedName, { status: 'aborted' }, { cause: signal.reason });
    // nobody is asked about a call that would be refused whoever approved it (a path outside the workspace)
    await runChecksBeforeApproval(fn, accepted, rest);
    const shown = argumentsAsJson(accepted);
    const digest = approvalDigest(fn.qualifiedName, shown, policy);
    const callId = typeof context.callId === 'string' && context.callId !== '' ? context.callId : randomUuid();
    const request: ToolApprovalRequest = Object.freeze({
      callId,
      toolName: fn.qualifiedName,
      description: fn.description,
      arguments: deepFreeze(argumentsAsJson(accepted)),
      digest,
      policy,
      networkScope: policy.networkScope,
      readOnly: fn.metadata.readOnly,
      requestedAt: now().toISOString(),
    });
    let outcome: ToolApprovalOutcome;
    if (approvalGrant === undefined) {
      outcome = await router.decide(request, signal);
    } else {
      const redeemed = redeemApprovalGrant(approvalGrant, { digest, policy });
      if (redeemed !== 'approved') outcome = { status: 'invalid_approval', reason: redeemed };
      else if (isSdkApprovalGrant(approvalGrant) && !asksChannel(router)) outcome = await router.decide(request, signal);
      else outcome = { status: 'approved', by: 'pending_answer' };
    }
    if (outcome.status !== 'approved') {
      throw new ToolApprovalError(fn.qualifiedName, outcome, outcome.status === 'aborted' ? { cause: signal?.reason } : undefined);
    }
    if (isAborted(signal)) throw new ToolApprovalError(fn.qualifiedName, { status: 'aborted' }, { cause: signal?.reason });
    // the workspace may have changed while the request was pending: check its paths again
    if (isWorkspaceOptions(rest['workspace'])) await checkWorkspaceArguments(fn.metadata.workspacePaths, shown, rest['workspace'], rest);
    return fn.run(accepted as never, { ...rest, callId });
  });
  gates.set(gated, Object.freeze({ qualifiedName: fn.qualifiedName, policy, router }));
  return gated;
}

/** Whether calls of `fn` (or of a function it wraps) ask for approval before they run. */
export function isApprovalGated(fn: AIFunction): boolean {
  return approvalPolicyOf(fn) !== undefined;
}

/** The effective policy the approval wrapper in `fn` (or in a function it wraps) binds approvals to; undefined when nothing in it asks. */
export function approvalPolicyOf(fn: AIFunction): ToolApprovalPolicy | undefined {
  return approvalGateOf(fn)?.policy;
}

/** The approval wrapper in `fn` (or in a function it wraps), the outermost one; undefined when nothing in it asks. */
export function approvalGateOf(fn: AIFunction): ApprovalGate | undefined {
  for (const link of functionChain(fn)) {
    const gate = gates.get(link);
    if (gate !== undefined) return gate;
  }
  return undefined;
}

/**
 * Whether an SDK's own approval step (an interruption, an elicitation) should ask a person about
 * a call of `fn`: it needs approval (by its metadata, or an approval wrapper), and no wrapper's
 * run mode decides alone. Where a router decides alone (`auto_approve_required`,
 * `auto_reject_required`, a background run), a person's answer would be overruled: the call goes
 * straight to the wrapper, whose router decides.
 */
export function sdkShouldAsk(fn: AIFunction): boolean {
  const gate = approvalGateOf(fn);
  return gate === undefined ? declaresApproval(fn) : asksChannel(gate.router);
}

/** The functions an agent's policy exposes with `auto_approve` (`withPolicyApproval`). */
const approvedByPolicy = new WeakSet<AIFunction>();

/**
 * `fn` as an agent's policy exposes it with `auto_approve`: unwrapped, so no adapter asks anyone
 * about its calls though the tool declares `requiresApproval()` (`resolveAgentTools` only).
 */
export function withPolicyApproval(fn: AIFunction): AIFunction {
  const exposed = wrapFunction(fn, (valid, context) => fn.run(valid as never, context));
  approvedByPolicy.add(exposed);
  return exposed;
}

/**
 * Whether a call of `fn` needs a person's approval by what its tool declares: it declares
 * `require_approval`, and no agent's policy auto-approves it (`withPolicyApproval`). An approval
 * wrapper decides for itself (`isApprovalGated`).
 */
export function declaresApproval(fn: AIFunction): boolean {
  if (fn.metadata.approval !== 'require_approval') return false;
  for (const link of functionChain(fn)) {
    if (approvedByPolicy.has(link)) return false;
  }
  return true;
}

/**
 * The digest an SDK's approval of a call of `fn` is bound to (`issueSdkApprovalGrant`), from the
 * value `fn`'s validator returned: the approval wrapper's own `approvalDigest` when `fn` is
 * approval-wrapped, else the same digest under the tool's declared policy.
 */
export function sdkApprovalDigest(fn: AIFunction, validated: unknown): string {
  const gate = approvalGateOf(fn);
  const policy: ToolApprovalPolicy = gate?.policy ?? { approvalMode: 'require_approval', networkScope: fn.metadata.networkScope, policies: policiesDigest() };
  return approvalDigest(gate?.qualifiedName ?? fn.qualifiedName, argumentsAsJson(validated), policy);
}

/** Whether `router` asks its channel, rather than deciding by its run mode or rejecting a background run. */
function asksChannel(router: ToolApprovalRouter): boolean {
  return router.runMode === 'use_agent_policy' && !router.background;
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/**
 * Validated arguments as the JSON data a person is shown, a fresh copy per call: `Date`s as ISO
 * strings. What an `unknown` parameter holds is not depth-limited by the validator, so a value
 * nested too deep to show and digest safely is refused here, never walked into a stack overflow.
 *
 * @throws {ToolArgumentError} for arguments nested deeper than a person can be shown.
 */
export function argumentsAsJson(validated: unknown): JsonValue {
  if (!isFingerprintable(validated)) {
    throw new ToolArgumentError([
      { pointer: '', message: `must nest objects and arrays at most ${argumentLimits.maxDepth} levels deep to be shown for approval; got deeper nesting` },
    ]);
  }
  return JSON.parse(JSON.stringify(toJsonValue(validated) ?? null)) as JsonValue;
}

/** `value` with every object and array frozen, so a channel cannot change what it is asked about. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

/**
 * The arguments as `fn`'s validator returns them (the value the tool then receives, without being
 * validated again). Throws a `ToolArgumentError` with every issue when it rejects them, and when
 * it cannot read them at all (logged).
 */
export async function acceptedArguments(fn: AIFunction, args: unknown, context: ToolInvocationContext = {}): Promise<unknown> {
  let result;
  try {
    result = await fn.parameters['~standard'].validate(args);
  } catch (error) {
    context.logger?.error(`Tool ${fn.qualifiedName}: its validator could not read the arguments`, error);
    throw new ToolArgumentError([{ pointer: '', message: 'must be plain JSON data; got a value the validator could not read' }], undefined, { cause: error });
  }
  if (result.issues === undefined) return result.value;
  const issues: ArgumentIssue[] = result.issues.map((issue) => ({
    pointer: pointerOfPath(issue.path),
    message: issue.message,
  }));
  throw new ToolArgumentError(issues.length > 0 ? issues : [{ pointer: '', message: 'are not valid' }]);
}
