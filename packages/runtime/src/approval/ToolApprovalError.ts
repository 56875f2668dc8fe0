import { ToolFailure } from '../errors/ToolFailure.js';
import { approvalBindingMessage } from './ToolApprovalBindingFailure.js';
import type { PendingToolCall } from './PendingToolCall.js';
import type { ToolApprovalRefusal } from './ToolApprovalOutcome.js';

/**
 * A wrapped call that was not approved, so the tool did not run. Its message is what the model
 * reads; `outcome` says why. For `pending`, end the run and store `pending`.
 */
export class ToolApprovalError extends ToolFailure {
  override readonly name: string = 'ToolApprovalError';
  readonly toolName: string;
  readonly outcome: ToolApprovalRefusal;

  constructor(toolName: string, outcome: ToolApprovalRefusal, options?: ErrorOptions) {
    const [reason, fix] = wordsFor(toolName, outcome);
    super(reason, fix, options);
    this.toolName = toolName;
    this.outcome = outcome;
  }

  /** The call to store and answer in the next run, when the outcome is `pending`. */
  get pending(): PendingToolCall | undefined {
    return this.outcome.status === 'pending' ? this.outcome.pending : undefined;
  }
}

function wordsFor(tool: string, outcome: ToolApprovalRefusal): [reason: string, fix: string | undefined] {
  const notCalled = `so ${tool} was not called.`;
  switch (outcome.status) {
    case 'rejected':
      if (outcome.by === 'background') return [`This background run cannot ask anyone for approval, ${notCalled}`, 'Tell the user the call needs approval in an interactive run.'];
      if (outcome.by === 'run_mode') return [`Calls that need approval are rejected in this run, ${notCalled}`, undefined];
      return [
        `The user rejected this call${outcome.reason === undefined || outcome.reason === '' ? '' : ` (${outcome.reason})`}, ${notCalled}`,
        'Do not repeat it unless the user asks you to.',
      ];
    case 'pending':
      return [`The call to ${tool} waits for the user's approval. The run ends here and continues once the user answers.`, undefined];
    case 'no_channel':
      return [`No approval channel is available to ask the user, ${notCalled}`, undefined];
    case 'timed_out':
      return [`Nobody answered the approval request in time, ${notCalled}`, undefined];
    case 'aborted':
      return [`The run was cancelled before the call was approved, ${notCalled}`, undefined];
    case 'unsupported_channel':
      return [`The approval channel cannot handle this request, ${notCalled}`, undefined];
    case 'channel_failed':
      return [`Asking for approval failed, ${notCalled}`, undefined];
    case 'invalid_approval':
      return [approvalBindingMessage(outcome.reason, tool), undefined];
  }
}
