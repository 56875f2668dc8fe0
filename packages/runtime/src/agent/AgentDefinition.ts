import type { ToolApprovalRouter } from '../approval/ToolApprovalRouter.js';
import type { AIFunction } from '../function/AIFunction.js';
import type { WorkspaceOptions } from '../workspace/WorkspaceOptions.js';
import type { AgentToolPolicy } from '../policy/AgentToolPolicy.js';
import type { ToolPolicyResolver } from '../policy/ToolPolicyResolver.js';

/**
 * One whole toolset an agent offers: every tool the catalogue holds under `owner` (and
 * `pluginId`) when the agent is resolved, so a tool the toolset gains later is offered without
 * editing the agent. `include` and `exclude` take tool names (`close_ticket`) or qualified names
 * (`ticket__close_ticket`), compared as the catalogue spells names (`ToolNaming.matchKey`: case,
 * and what the catalogue turns into `_`, make no difference, so a server that lists `close_ticket`
 * again as `Close Ticket` is still excluded); `include` applies first, then `exclude`.
 */
export interface OfferedToolset {
  /**
   * The owner segment of the toolset's qualified names, ignoring case: a generated toolset's
   * `owner` (`ticket` for `TicketToolset`), or a server's name for its tools.
   */
  readonly owner: string;
  /** The plugin whose toolset this is; without it, `owner` names generated toolsets and servers, never a plugin's toolset. */
  readonly pluginId?: string;
  /** Offer only these tools of the toolset (an empty list offers none). */
  readonly include?: readonly string[];
  /**
   * Never offer these tools: an exclusion also wins over `allowedTools` and over other entries
   * of `toolsets`, so an excluded tool is never exposed, nor found by tool search.
   */
  readonly exclude?: readonly string[];
}

/**
 * What decides which tools an agent sees. The agent offers its `toolsets`, then its
 * `allowedTools`, then its own `tools`, each tool once; `resolveAgentTools` then applies the
 * exposure rules to every offered tool. The flags are booleans (absent means `false`), and every
 * name is a string some qualified name could equal: anything else is an `AgentDefinitionError`
 * when the agent is resolved, never a guess.
 */
export interface AgentDefinition {
  /** For messages and logs. */
  readonly name?: string;
  /** Whole toolsets the agent offers, resolved against the catalogue on every `resolveAgentTools`. */
  readonly toolsets?: readonly OfferedToolset[];
  /** Qualified names of further tools the agent offers (compared like `include`). Names the catalogue lacks are skipped. */
  readonly allowedTools?: readonly string[];
  /**
   * The agent's own tools (e.g. a generated toolset only this agent uses), offered and governed
   * like catalogue tools. A qualified name the catalogue also publishes is an error when resolving.
   */
  readonly tools?: readonly AIFunction[];
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
