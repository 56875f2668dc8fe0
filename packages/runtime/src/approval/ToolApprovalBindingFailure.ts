/**
 * Why an approval given for one call did not run it. Every one fails closed: the tool is not called.
 *
 * - `arguments_changed`: the call presented carries other arguments (after validation and
 *   normalization) or names another tool than the approved one;
 * - `already_answered`: the pending call, or the grant, was answered or used before;
 * - `policy_changed`: the agent's effective policy for the tool differs from the one the person
 *   was asked under (`ToolApprovalPolicy`), or the tool no longer needs approval;
 * - `expired`: the pending call was answered at or after its `expiresAt`;
 * - `no_durable_ledger`: the pending call was created by another process (this one only read it
 *   back with `parsePendingToolCall`) and the ledger is not durable, so nothing would keep every
 *   other process from running it too;
 * - `tampered`: the stored pending call is not one this process made or verified: edited text, a
 *   wrong signature, an unsigned or malformed call, or an approval grant issued elsewhere;
 * - `missing_key`: no usable signing key was given to sign or verify a stored pending call.
 */
export type ToolApprovalBindingFailure = 'arguments_changed' | 'already_answered' | 'policy_changed' | 'expired' | 'no_durable_ledger' | 'tampered' | 'missing_key';

export const toolApprovalBindingFailures: readonly ToolApprovalBindingFailure[] = [
  'arguments_changed',
  'already_answered',
  'policy_changed',
  'expired',
  'no_durable_ledger',
  'tampered',
  'missing_key',
];

/** What the model and the host read when an approval did not run `toolName`. */
export function approvalBindingMessage(reason: ToolApprovalBindingFailure, toolName: string): string {
  switch (reason) {
    case 'arguments_changed':
      return `The approval was given for another call than this one (other arguments or another tool), so ${toolName} was not called. Call it again to ask the user.`;
    case 'already_answered':
      return `This approval request was already answered, so ${toolName} was not called again.`;
    case 'policy_changed':
      return `The agent's policy for ${toolName} changed after the user was asked, so the approved call was not made. Call it again to ask the user under the current policy.`;
    case 'expired':
      return `The approval request for ${toolName} expired before it was answered, so the call was not made. Call it again to ask the user.`;
    case 'no_durable_ledger':
      return (
        `This approval request was made by another process, and the approval ledger is not durable (the default InMemoryToolApprovalLedger, or one with durable: false), ` +
        `so ${toolName} was not called: every process that answers it would run it. Pass answerPendingToolCall a ledger all of them share, ` +
        `{ ledger: new FileToolApprovalLedger({ folder }) }, or { otherProcesses: 'unchecked' } if only one process ever answers each pending call.`
      );
    case 'tampered':
      return `The approval for ${toolName} cannot be trusted (it was changed, or not issued here), so the call was not made.`;
    case 'missing_key':
      return `No key to verify the approval for ${toolName} was given, so the call was not made.`;
  }
}
