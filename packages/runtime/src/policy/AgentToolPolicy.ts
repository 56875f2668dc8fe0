import type { ToolApprovalMode } from '../governance.js';

/**
 * A sparse override of one tool's approval for one agent, keyed by the tool's qualified name
 * (case-insensitive). `default` means "no override": the tool's declared default applies.
 */
export interface AgentToolPolicy {
  readonly toolName: string;
  readonly approvalMode: ToolApprovalMode;
}
