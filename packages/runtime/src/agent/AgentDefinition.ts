import type { ToolApprovalRouter } from '../approval/ToolApprovalRouter.js';
import type { WorkspaceOptions } from '../middleware/checkWorkspacePath.js';
import type { AgentToolPolicy } from '../policy/AgentToolPolicy.js';
import type { ToolPolicyResolver } from '../policy/ToolPolicyResolver.js';

/** What decides which tools an agent sees. */
export interface AgentDefinition {
  /** For messages and logs. */
  readonly name?: string;
  /** Qualified names of the tools the agent may use (case-insensitive). Names the catalogue lacks are skipped. */
  readonly allowedTools: readonly string[];
  /** The agent's sparse approval overrides (or a resolver built from them). */
  readonly policies?: readonly AgentToolPolicy[] | ToolPolicyResolver;
  /** A confidential agent sees `confidential_only` tools and never `non_confidential_only` ones; others the reverse. */
  readonly confidential?: boolean;
  /** An air-gapped agent never sees tools whose effective network scope is `egress`. */
  readonly airGapped?: boolean;
  /** A local-only agent never sees tools whose effective network scope is `egress`. */
  readonly localOnly?: boolean;
  /** In plan mode the agent only sees `readOnly` tools. */
  readonly planMode?: boolean;
  /** Tool search mode: tools always present beside `search_tools` (see `resolveAgentToolsWithSearch`). */
  readonly pinnedTools?: readonly string[];
}

/** Where the agent runs: whether approvals can be answered there, and its workspace. */
export interface ToolSurface {
  /**
   * Answers the run's approval requests. Without it, or with `use_agent_policy` and no channel,
   * the surface has no way to ask (an agent run as a tool, for instance), so approval-required
   * tools are omitted.
   */
  readonly approvals?: ToolApprovalRouter | undefined;
  /** The workspace path parameters are checked against; without it, calls that send a workspace path fail closed. */
  readonly workspace?: WorkspaceOptions | undefined;
}
