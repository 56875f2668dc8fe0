import type { AIFunction, JsonValue, ToolInvocationContext } from '../function/AIFunction.js';
import { issueApprovalGrant } from './approvalGrant.js';
import { checkPendingToolCall, type PendingToolCall } from './PendingToolCall.js';
import type { ApprovalInvocationContext } from './withApproval.js';

/** A person's answer to a pending call, given after its run ended. */
export type PendingToolCallAnswer = { readonly decision: 'approve' } | { readonly decision: 'reject'; readonly reason?: string };

/** What answering a pending call did. Only `executed` ran the tool; `message` is what to tell the model otherwise. */
export type PendingToolCallResult =
  | { readonly status: 'executed'; readonly callId: string; readonly toolName: string; readonly result: JsonValue | undefined }
  | { readonly status: 'rejected'; readonly callId: string; readonly toolName: string; readonly message: string }
  | { readonly status: 'unavailable'; readonly callId: string; readonly toolName: string; readonly message: string };

/**
 * Answers a call that ended an earlier run while waiting for approval. `functions` are the tools
 * this run exposes to the agent (`resolveAgentTools(...).functions`): a tool that is no longer
 * exposed (denied since, air-gapped, gone from the catalogue) is `unavailable` and does not run.
 * An approval runs the stored arguments once, through the tool's middleware but without asking
 * again; tool failures reject as `invoke` does.
 *
 * @throws {PendingToolCallError} when `pending` is malformed or does not match its fingerprint.
 */
export async function answerPendingToolCall(
  pending: PendingToolCall,
  answer: PendingToolCallAnswer,
  functions: readonly AIFunction[],
  context: ToolInvocationContext = {},
): Promise<PendingToolCallResult> {
  const call = checkPendingToolCall(pending);
  const identity = { callId: call.callId, toolName: call.toolName };
  if (answer.decision !== 'approve') {
    const reason = answer.decision === 'reject' && answer.reason !== undefined && answer.reason !== '' ? ` (${answer.reason})` : '';
    return { status: 'rejected', ...identity, message: `The user rejected this call${reason}, so ${call.toolName} was not called.` };
  }
  const key = call.toolName.toLowerCase();
  const fn = functions.find((candidate) => candidate.qualifiedName.toLowerCase() === key);
  if (fn === undefined) {
    return {
      status: 'unavailable',
      ...identity,
      message: `${call.toolName} is no longer available to this agent, so the approved call was not made.`,
    };
  }
  const approved: ApprovalInvocationContext = { ...context, callId: call.callId, approvalGrant: issueApprovalGrant(call.callId, call.fingerprint) };
  const result = await fn.invoke(call.arguments, approved);
  return { status: 'executed', ...identity, result };
}
