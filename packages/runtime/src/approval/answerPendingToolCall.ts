import type { AIFunction, JsonValue, ToolInvocationContext } from '../function/AIFunction.js';
import { checkSameCopy } from '../function/runtimeCopy.js';
import { approvalBindingMessage, type ToolApprovalBindingFailure } from './ToolApprovalBindingFailure.js';
import { defaultToolApprovalLedger, type ToolApprovalLedger } from './ToolApprovalLedger.js';
import { issuePendingApprovalGrant } from './toolApprovalGrant.js';
import { samePolicy } from './ToolApprovalPolicy.js';
import { issuedInThisProcess, isTrustedPendingToolCall, PendingToolCallError, type PendingToolCall } from './PendingToolCall.js';
import { ToolApprovalError } from './ToolApprovalError.js';
import { approvalPolicyOf, type ToolApprovalInvocationContext } from './withApproval.js';

/** A person's answer to a pending call, given after its run ended. */
export type PendingToolCallAnswer = { readonly decision: 'approve' } | { readonly decision: 'reject'; readonly reason?: string };

/**
 * What answering a pending call did. Only `executed` ran the tool; `message` is what to tell the
 * model otherwise. `refused` says why the answer no longer holds for the call (`reason`).
 */
export type PendingToolCallResult =
  | { readonly status: 'executed'; readonly callId: string; readonly toolName: string; readonly result: JsonValue | undefined }
  | { readonly status: 'rejected'; readonly callId: string; readonly toolName: string; readonly message: string }
  | { readonly status: 'unavailable'; readonly callId: string; readonly toolName: string; readonly message: string }
  | {
      readonly status: 'refused';
      readonly callId: string;
      readonly toolName: string;
      readonly reason: Exclude<ToolApprovalBindingFailure, 'tampered' | 'missing_key'>;
      readonly message: string;
    };

/** The `otherProcesses` value that answers pending calls of other processes with a ledger that is not durable, on purpose. */
export const uncheckedOtherProcesses = 'unchecked';

export interface AnswerPendingToolCallOptions {
  /**
   * Records answered pending calls so each is answered once; the process's `InMemoryToolApprovalLedger`
   * unless given. To answer a pending call another process created (the next run in a new process,
   * another host), pass a durable one every such process shares: a `FileToolApprovalLedger` on the
   * folder they all use, or the host's own (`durable: true`).
   */
  readonly ledger?: ToolApprovalLedger;
  /**
   * `'unchecked'` answers pending calls another process created even with a ledger that is not
   * durable: the host vouches that only one process ever answers each pending call, since the
   * ledger cannot see the others. Without it, such a call is refused (`no_durable_ledger`).
   */
  readonly otherProcesses?: typeof uncheckedOtherProcesses;
  /** The clock `expiresAt` is compared with. Give the ledger the same clock. */
  readonly now?: () => Date;
}

/**
 * Answers a call that ended an earlier run while waiting for approval, once. `functions` are the
 * tools this run exposes to the agent (`resolveAgentTools(...).functions`): a tool that is no
 * longer exposed (denied since, air-gapped, gone from the catalogue) is `unavailable` and does not
 * run. An approval runs exactly the approved call (the stored arguments, through the tool's
 * middleware but without asking again) and fails closed, `refused` with its reason, when the
 * call has expired (`expired`), was answered before (`already_answered`, by the ledger), when
 * another process created it and the ledger is not durable (`no_durable_ledger`, also for a
 * rejection; `otherProcesses: 'unchecked'` opts out), when
 * the agent's effective policy for the tool is no longer the one the person was asked under
 * (`policy_changed`), or when the arguments the tool would receive no longer give the approved
 * digest (`arguments_changed`). A rejection is recorded in the ledger too. Tool failures reject
 * as `invoke` does.
 *
 * @throws {PendingToolCallError} `tampered` when `pending` did not come from a `ToolApprovalError`
 * or from `parsePendingToolCall` (a hand-built or edited object).
 * @throws {RangeError} for an `otherProcesses` other than `'unchecked'`.
 */
export async function answerPendingToolCall(
  pending: PendingToolCall,
  answer: PendingToolCallAnswer,
  functions: readonly AIFunction[],
  context: ToolInvocationContext = {},
  options: AnswerPendingToolCallOptions = {},
): Promise<PendingToolCallResult> {
  if (!isTrustedPendingToolCall(pending)) {
    throw new PendingToolCallError(
      'tampered',
      'This pending tool call was not made by a ToolApprovalError or read by parsePendingToolCall (it was built or changed by hand), so it is not answered.',
    );
  }
  if (options.otherProcesses !== undefined && options.otherProcesses !== uncheckedOtherProcesses) {
    throw new RangeError(
      `${JSON.stringify(options.otherProcesses) ?? String(options.otherProcesses)} is not an otherProcesses value; pass 'unchecked' to answer other processes' pending calls with a ledger that is not durable, or leave it out.`,
    );
  }
  const call = pending;
  const identity = { callId: call.callId, toolName: call.toolName };
  const ledger = options.ledger ?? defaultToolApprovalLedger;
  const now = options.now ?? ((): Date => new Date());
  const expiresAt = new Date(call.expiresAt);
  const refused = (reason: Exclude<ToolApprovalBindingFailure, 'tampered' | 'missing_key'>): PendingToolCallResult => ({
    status: 'refused',
    ...identity,
    reason,
    message: approvalBindingMessage(reason, call.toolName),
  });

  // an expired call never runs, wherever it was made; a live one of another process runs once only with a shared ledger
  const answeredAt = now();
  const live = answeredAt.getTime() < expiresAt.getTime();
  if (live && ledger.durable !== true && options.otherProcesses !== uncheckedOtherProcesses && !issuedInThisProcess(call.id, answeredAt)) {
    return refused('no_durable_ledger');
  }
  if (answer.decision !== 'approve') {
    if (!(await ledger.consume(call.id, expiresAt))) return refused('already_answered');
    const reason = answer.decision === 'reject' && answer.reason !== undefined && answer.reason !== '' ? ` (${answer.reason})` : '';
    return { status: 'rejected', ...identity, message: `The user rejected this call${reason}, so ${call.toolName} was not called.` };
  }
  if (!live) return refused('expired');
  const key = call.toolName.toLowerCase();
  const fn = functions.find((candidate) => candidate.qualifiedName.toLowerCase() === key);
  if (fn !== undefined) checkSameCopy(fn, 'answerPendingToolCall');
  if (fn === undefined) {
    return {
      status: 'unavailable',
      ...identity,
      message: `${call.toolName} is no longer available to this agent, so the approved call was not made.`,
    };
  }
  const policy = approvalPolicyOf(fn);
  // a tool that no longer asks for approval (auto_approve since) runs under another policy too
  if (policy === undefined || !samePolicy(policy, call.policy)) return refused('policy_changed');
  if (!(await ledger.consume(call.id, expiresAt))) return refused('already_answered');
  const approved: ToolApprovalInvocationContext = {
    ...context,
    callId: call.callId,
    approvalGrant: issuePendingApprovalGrant(call.callId, call.digest, call.policy),
  };
  try {
    const result = await fn.invoke(call.arguments, approved);
    return { status: 'executed', ...identity, result };
  } catch (error) {
    const reason = invalidApprovalIn(error);
    if (reason !== undefined && reason !== 'tampered' && reason !== 'missing_key') return refused(reason);
    throw error;
  }
}

/** Why the approval wrapper refused the grant, also when a wrapper (failure folding) rethrew its error as the cause of another. */
function invalidApprovalIn(error: unknown): ToolApprovalBindingFailure | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth += 1) {
    if (current instanceof ToolApprovalError && current.outcome.status === 'invalid_approval') return current.outcome.reason;
  }
  return undefined;
}
