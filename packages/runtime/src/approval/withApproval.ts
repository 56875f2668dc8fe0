import { randomUUID } from 'node:crypto';
import { ToolArgumentError, type ArgumentIssue } from '../errors/ToolFailure.js';
import type { AIFunction, JsonValue, ToolInvocationContext } from '../function/AIFunction.js';
import type { NetworkScope } from '../governance.js';
import { checkWorkspaceArguments, isWorkspaceOptions } from '../middleware/enforceWorkspacePaths.js';
import { functionChain, wrapFunction } from '../middleware/wrapFunction.js';
import type { AgentToolPolicy } from '../policy/AgentToolPolicy.js';
import type { ToolPolicyResolver } from '../policy/ToolPolicyResolver.js';
import { redeemApprovalGrant, type ApprovalGrant } from './approvalGrant.js';
import { approvalDigest, policiesDigest, type ApprovalPolicy } from './ApprovalPolicy.js';
import { toolCallFingerprint } from './toolCallFingerprint.js';
import { ToolApprovalError } from './ToolApprovalError.js';
import type { ToolApprovalOutcome } from './ToolApprovalOutcome.js';
import type { ToolApprovalRequest } from './ToolApprovalRequest.js';
import type { ToolApprovalRouter } from './ToolApprovalRouter.js';

/** The invocation context fields approval reads. */
export interface ApprovalInvocationContext extends ToolInvocationContext {
  /** The host's id for this tool call (e.g. the provider's tool-call id); it becomes the request's `callId`. */
  readonly callId?: string;
  /** Set by `answerPendingToolCall` and the adapters only. A grant that does not hold for the call refuses it (`invalid_approval`). */
  readonly approvalGrant?: ApprovalGrant;
}

export interface WithApprovalOptions {
  /** The effective network scope to show in requests; the function's declared one otherwise. */
  readonly networkScope?: NetworkScope;
  /** The agent's policies, whose digest is part of the effective policy approvals are bound to (`ApprovalPolicy`); none unless given. */
  readonly policies?: ToolPolicyResolver | readonly AgentToolPolicy[];
  /** The clock for `requestedAt`. */
  readonly now?: () => Date;
}

const gatePolicies = new WeakMap<AIFunction, ApprovalPolicy>();

/**
 * Wraps `fn` so that every call first produces a frozen `ToolApprovalRequest` (the tool, its complete
 * arguments, a call id) and runs only when `router` approves it. Any other outcome rejects with
 * a `ToolApprovalError` and `fn` is not called. Arguments the schema rejects are refused before
 * anyone is asked (unless the call is `lenient`, where the tool repairs them first); approved
 * calls receive exactly the arguments the request showed. Each request carries the digest of the
 * qualified name, the normalized arguments and the effective policy (`approvalDigest`), which a
 * pending call's answer must match.
 */
export function withApproval(fn: AIFunction, router: ToolApprovalRouter, options: WithApprovalOptions = {}): AIFunction {
  const now = options.now ?? ((): Date => new Date());
  const policy: ApprovalPolicy = Object.freeze({
    approvalMode: 'require_approval',
    networkScope: options.networkScope ?? fn.metadata.networkScope,
    policies: policiesDigest(options.policies),
  });
  const gated = wrapFunction(fn, async (args, context: ApprovalInvocationContext) => {
    const { approvalGrant, ...rest } = context;
    const signal = context.signal;
    if (signal?.aborted === true) throw new ToolApprovalError(fn.qualifiedName, { status: 'aborted' }, { cause: signal.reason });
    const text = JSON.stringify(args);
    const json = fromJson(text);
    // validated once, on the copy the tool will receive: `invoke` takes the value the validator returned without validating it again
    const accepted = context.lenient === true ? undefined : await refuseInvalidArguments(fn, fromJson(text));
    const fingerprint = toolCallFingerprint(fn.qualifiedName, json);
    const digest = approvalDigest(fn.qualifiedName, accepted ?? json, policy);
    const callId = typeof context.callId === 'string' && context.callId !== '' ? context.callId : randomUUID();
    let outcome: ToolApprovalOutcome;
    if (approvalGrant !== undefined) {
      const redeemed = redeemApprovalGrant(approvalGrant, { fingerprint, digest, policy });
      outcome = redeemed === 'approved' ? { status: 'approved', by: 'pending_answer' } : { status: 'invalid_approval', reason: redeemed };
    } else {
      const request: ToolApprovalRequest = Object.freeze({
        callId,
        toolName: fn.qualifiedName,
        description: fn.description,
        arguments: deepFreeze(fromJson(text)),
        digest,
        policy,
        networkScope: policy.networkScope,
        readOnly: fn.metadata.readOnly,
        requestedAt: now().toISOString(),
      });
      outcome = await router.decide(request, signal);
    }
    if (outcome.status !== 'approved') {
      throw new ToolApprovalError(fn.qualifiedName, outcome, outcome.status === 'aborted' ? { cause: signal?.reason } : undefined);
    }
    if (isAborted(signal)) throw new ToolApprovalError(fn.qualifiedName, { status: 'aborted' }, { cause: signal?.reason });
    // the workspace may have changed while the request was pending: check its paths again
    if (isWorkspaceOptions(rest['workspace'])) await checkWorkspaceArguments(fn.metadata.workspacePaths, json, rest['workspace'], rest);
    return fn.invoke(accepted ?? json, { ...rest, callId });
  });
  gatePolicies.set(gated, policy);
  return gated;
}

/** Whether calls of `fn` (or of a function it wraps) ask for approval before they run. */
export function isApprovalGated(fn: AIFunction): boolean {
  return approvalPolicyOf(fn) !== undefined;
}

/** The effective policy the approval wrapper in `fn` (or in a function it wraps) binds approvals to; undefined when nothing in it asks. */
export function approvalPolicyOf(fn: AIFunction): ApprovalPolicy | undefined {
  for (const link of functionChain(fn)) {
    const policy = gatePolicies.get(link);
    if (policy !== undefined) return policy;
  }
  return undefined;
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** The arguments as JSON data (a fresh copy per call): what the request shows is what the tool receives. */
function fromJson(text: string | undefined): JsonValue {
  return text === undefined ? null : (JSON.parse(text) as JsonValue);
}

/** `value` with every object and array frozen, so a channel cannot change what it is asked about. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

/** The arguments as the tool's validator returned them; throws a `ToolArgumentError` when it rejects them. */
async function refuseInvalidArguments(fn: AIFunction, args: unknown): Promise<unknown> {
  let result;
  try {
    result = await fn.parameters['~standard'].validate(args);
  } catch {
    return undefined; // the tool's own invoke validates again and reports it
  }
  if (result.issues === undefined) return result.value;
  if (result.issues.length === 0) return undefined;
  const issues: ArgumentIssue[] = result.issues.map((issue) => ({
    pointer: (issue.path ?? []).map((segment) => `/${escapePointer(String(typeof segment === 'object' ? segment.key : segment))}`).join(''),
    message: issue.message,
  }));
  throw new ToolArgumentError(issues);
}

function escapePointer(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}
