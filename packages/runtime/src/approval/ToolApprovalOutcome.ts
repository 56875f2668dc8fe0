import type { ToolApprovalBindingFailure } from './ToolApprovalBindingFailure.js';
import type { PendingToolCall } from './PendingToolCall.js';

/**
 * How an approval request ended. Only `approved` executes the call; every other outcome,
 * including the ones where nobody could be asked, leaves the tool uncalled.
 */
export type ToolApprovalOutcome =
  | { readonly status: 'approved'; readonly by: 'channel' | 'run_mode' | 'pending_answer' }
  | { readonly status: 'rejected'; readonly by: 'channel' | 'run_mode' | 'background'; readonly reason?: string }
  /** The channel deferred: the run should end; answer `pending` in the next run. */
  | { readonly status: 'pending'; readonly pending: PendingToolCall }
  | { readonly status: 'no_channel' }
  | { readonly status: 'timed_out'; readonly timeoutMs: number }
  | { readonly status: 'aborted' }
  /** The channel cannot present the request, or answered with something that is not an `ToolApprovalResponse`. */
  | { readonly status: 'unsupported_channel'; readonly detail: string }
  /** The channel threw or rejected. */
  | { readonly status: 'channel_failed'; readonly error: unknown }
  /** The call came with an approval (an answered pending call, an adapter's grant) that does not hold for it. */
  | { readonly status: 'invalid_approval'; readonly reason: ToolApprovalBindingFailure };

/** An outcome that does not execute the call. */
export type ToolApprovalRefusal = Exclude<ToolApprovalOutcome, { readonly status: 'approved' }>;
