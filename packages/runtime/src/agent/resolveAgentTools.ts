import { withApproval } from '../approval/withApproval.js';
import type { ToolCatalogue, ToolCatalogueEntry } from '../catalogue/ToolCatalogue.js';
import type { AIFunction } from '../function/AIFunction.js';
import type { NetworkScope, ToolApprovalMode } from '../governance.js';
import { ToolFailureTracker, withFailureFolding } from '../middleware/withFailureFolding.js';
import { withWorkspaceContainment } from '../middleware/withWorkspaceContainment.js';
import { ToolPolicyResolver } from '../policy/ToolPolicyResolver.js';
import type { AgentDefinition, ToolSurface } from './AgentDefinition.js';

/** A tool the agent sees, ready to call. */
export interface ExposedTool {
  readonly qualifiedName: string;
  /** What to give the model: wrapped for approval when `requiresApproval`, always wrapped in the invocation middleware. */
  readonly function: AIFunction;
  readonly entry: ToolCatalogueEntry;
  /** The effective approval mode: `default`, `auto_approve` or `require_approval`. */
  readonly approvalMode: ToolApprovalMode;
  readonly requiresApproval: boolean;
  /** The effective network scope. */
  readonly networkScope: NetworkScope;
}

/** Why an allowed tool is not exposed, in the order the rules apply. */
export type OmissionReason =
  | 'not_in_catalogue'
  | 'confidentiality'
  | 'network_scope'
  | 'plan_mode'
  | 'denied'
  | 'no_approval_channel';

export interface OmittedTool {
  /** The published name, or the allowed name as written when the catalogue lacks it. */
  readonly name: string;
  readonly reason: OmissionReason;
}

/** What `resolveAgentTools` decided. */
export interface ResolvedAgentTools {
  /** The functions to give the model, in the order of the agent's allowed names. */
  readonly functions: readonly AIFunction[];
  readonly tools: readonly ExposedTool[];
  readonly omitted: readonly OmittedTool[];
  /** The exposed tool with this qualified name, ignoring case. */
  get(qualifiedName: string): ExposedTool | undefined;
}

/**
 * Decides which tools an agent sees on a surface. For each allowed qualified name, in order:
 *
 * 1. a name the catalogue lacks is skipped;
 * 2. confidentiality markers: `confidential_only` tools only for confidential agents,
 *    `non_confidential_only` ones only for the others;
 * 3. a tool whose effective network scope is `egress` is omitted for air-gapped and local-only agents;
 * 4. in plan mode only `readOnly` tools remain;
 * 5. the effective approval mode (the agent's policy over the declared default): `deny` omits,
 *    `require_approval` wraps the tool for approval, or omits it when the surface cannot ask
 *    (no router, or `use_agent_policy` without a channel outside a background run);
 *    `default` and `auto_approve` expose the tool unwrapped.
 *
 * Every exposed function runs through the invocation middleware: workspace path containment,
 * then folding of repeated failures (one count per resolution, i.e. per run). Anything that
 * cannot be judged (metadata outside its enums) is omitted.
 *
 * @throws {ToolPolicyError} when the agent's policies hold an undefined approval mode.
 */
export function resolveAgentTools(agent: AgentDefinition, catalogue: ToolCatalogue, surface: ToolSurface): ResolvedAgentTools {
  const resolver = agent.policies instanceof ToolPolicyResolver ? agent.policies : new ToolPolicyResolver(agent.policies ?? []);
  const tracker = new ToolFailureTracker();
  const tools: ExposedTool[] = [];
  const omitted: OmittedTool[] = [];
  const seen = new Set<string>();

  for (const allowed of agent.allowedTools) {
    if (typeof allowed !== 'string' || allowed.trim() === '') continue;
    const key = allowed.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);

    const entry = catalogue.get(allowed.trim());
    if (entry === undefined) {
      omitted.push({ name: allowed, reason: 'not_in_catalogue' });
      continue;
    }
    const decision = decide(agent, entry, catalogue, resolver, surface);
    if (typeof decision === 'string') {
      omitted.push({ name: entry.qualifiedName, reason: decision });
      continue;
    }
    const { approvalMode, networkScope } = decision;
    const requiresApproval = approvalMode === 'require_approval';
    let fn = entry.function;
    if (requiresApproval && surface.approvals !== undefined) fn = withApproval(fn, surface.approvals, { networkScope });
    fn = withFailureFolding(withWorkspaceContainment(fn, surface.workspace), tracker);
    tools.push({ qualifiedName: entry.qualifiedName, function: fn, entry, approvalMode, requiresApproval, networkScope });
  }

  const byName = new Map(tools.map((tool) => [tool.qualifiedName.toLowerCase(), tool]));
  return {
    functions: tools.map((tool) => tool.function),
    tools,
    omitted,
    get: (qualifiedName) => (typeof qualifiedName === 'string' ? byName.get(qualifiedName.toLowerCase()) : undefined),
  };
}

function decide(
  agent: AgentDefinition,
  entry: ToolCatalogueEntry,
  catalogue: ToolCatalogue,
  resolver: ToolPolicyResolver,
  surface: ToolSurface,
): OmissionReason | { approvalMode: ToolApprovalMode; networkScope: NetworkScope } {
  const metadata = entry.function.metadata;
  const confidential = agent.confidential === true;
  const confidentiality = metadata.confidentiality;
  if (confidentiality === 'confidential_only' ? !confidential : confidentiality === 'non_confidential_only' ? confidential : confidentiality !== 'any') {
    return 'confidentiality';
  }
  const networkScope = catalogue.getNetworkScope(entry.qualifiedName) ?? 'egress';
  if ((agent.airGapped === true || agent.localOnly === true) && networkScope !== 'none' && networkScope !== 'incidental') {
    return 'network_scope';
  }
  if (agent.planMode === true && metadata.readOnly !== true) return 'plan_mode';
  // A declared default outside its two values cannot be trusted, whatever the policy says.
  if (metadata.approval !== 'default' && metadata.approval !== 'require_approval') return 'denied';
  const approvalMode = resolver.getEffectiveApprovalMode(entry.qualifiedName, metadata.approval);
  if (approvalMode === 'deny') return 'denied';
  if (approvalMode === 'require_approval' && surface.approvals?.canAnswer !== true) return 'no_approval_channel';
  return { approvalMode, networkScope };
}
