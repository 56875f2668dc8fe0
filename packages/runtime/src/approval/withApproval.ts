import { randomUUID } from 'node:crypto';
import { ToolArgumentError, type ArgumentIssue } from '../errors/ToolFailure.js';
import type { AIFunction, JsonValue, ToolInvocationContext } from '../function/AIFunction.js';
import type { NetworkScope } from '../governance.js';
import { checkWorkspaceArguments, isWorkspaceOptions } from '../middleware/enforceWorkspacePaths.js';
import { functionChain, wrapFunction } from '../middleware/wrapFunction.js';
import { redeemApprovalGrant, type ApprovalGrant } from './approvalGrant.js';
import { toolCallFingerprint } from './toolCallFingerprint.js';
import { ToolApprovalError } from './ToolApprovalError.js';
import type { ToolApprovalOutcome } from './ToolApprovalOutcome.js';
import type { ToolApprovalRequest } from './ToolApprovalRequest.js';
import type { ToolApprovalRouter } from './ToolApprovalRouter.js';

/** The invocation context fields approval reads. */
export interface ApprovalInvocationContext extends ToolInvocationContext {
  /** The host's id for this tool call (e.g. the provider's tool-call id); it becomes the request's `callId`. */
  readonly callId?: string;
  /** Set by `answerPendingToolCall` only. */
  readonly approvalGrant?: ApprovalGrant;
}

export interface WithApprovalOptions {
  /** The effective network scope to show in requests; the function's declared one otherwise. */
  readonly networkScope?: NetworkScope;
  /** The clock for `requestedAt`. */
  readonly now?: () => Date;
}

const gatedFunctions = new WeakSet<AIFunction>();

/**
 * Wraps `fn` so that every call first produces a frozen `ToolApprovalRequest` (the tool, its complete
 * arguments, a call id) and runs only when `router` approves it. Any other outcome rejects with
 * a `ToolApprovalError` and `fn` is not called. Arguments the schema rejects are refused before
 * anyone is asked (unless the call is `lenient`, where the tool repairs them first); approved
 * calls receive exactly the arguments the request showed.
 */
export function withApproval(fn: AIFunction, router: ToolApprovalRouter, options: WithApprovalOptions = {}): AIFunction {
  const now = options.now ?? ((): Date => new Date());
  const gated = wrapFunction(fn, async (args, context: ApprovalInvocationContext) => {
    const { approvalGrant, ...rest } = context;
    const signal = context.signal;
    if (signal?.aborted === true) throw new ToolApprovalError(fn.qualifiedName, { status: 'aborted' }, { cause: signal.reason });
    const text = JSON.stringify(args);
    const json = fromJson(text);
    // validated once, on the copy the tool will receive: `invoke` takes the value the validator returned without validating it again
    const accepted = context.lenient === true ? undefined : await refuseInvalidArguments(fn, fromJson(text));
    const fingerprint = toolCallFingerprint(fn.qualifiedName, json);
    const callId = typeof context.callId === 'string' && context.callId !== '' ? context.callId : randomUUID();
    let outcome: ToolApprovalOutcome;
    if (redeemApprovalGrant(approvalGrant, fingerprint)) {
      outcome = { status: 'approved', by: 'pending_answer' };
    } else {
      const request: ToolApprovalRequest = Object.freeze({
        callId,
        toolName: fn.qualifiedName,
        description: fn.description,
        arguments: deepFreeze(fromJson(text)),
        fingerprint,
        networkScope: options.networkScope ?? fn.metadata.networkScope,
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
  gatedFunctions.add(gated);
  return gated;
}

/** Whether calls of `fn` (or of a function it wraps) ask for approval before they run. */
export function isApprovalGated(fn: AIFunction): boolean {
  for (const link of functionChain(fn)) {
    if (gatedFunctions.has(link)) return true;
  }
  return false;
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
