import type { ToolApprovalRequest } from './ToolApprovalRequest.js';

/**
 * A person's answer: approve or reject this one call, or defer it, which ends the run with a
 * pending call that is answered in a later run (`answerPendingToolCall`). An answer never
 * changes the agent's policy and never decides later calls.
 */
export type ToolApprovalResponse =
  | { readonly decision: 'approve' }
  | { readonly decision: 'reject'; readonly reason?: string }
  | { readonly decision: 'defer' };

/**
 * An interactive approval channel the host implements (a chat prompt, a notification, a review
 * queue). `ToolApprovalRouter` calls it under `use_agent_policy`.
 */
export interface ToolApprovalChannel {
  /** The channel's name, for logs and messages. */
  readonly name: string;
  /**
   * Whether the channel can present this request at all. Returning `false` fails the call
   * closed as `unsupported_channel`; omit the method to accept every request.
   */
  supports?(request: ToolApprovalRequest): boolean;
  /**
   * Asks for an answer. `signal` aborts when the request times out or the run is cancelled:
   * dismiss the prompt then. Whatever happens after that, the call is not executed.
   */
  requestApproval(request: ToolApprovalRequest, signal: AbortSignal): Promise<ToolApprovalResponse>;
}
