import { withApproval, withPolicyApproval } from '../approval/withApproval.js';
import type { ToolCatalogue, ToolCatalogueEntry } from '../catalogue/ToolCatalogue.js';
import type { AIFunction } from '../function/AIFunction.js';
import type { NetworkScope, ToolApprovalMode } from '../governance.js';
import { ToolFailureTracker, withFailureFolding } from './withFailureFolding.js';
import { withWorkspaceContainment } from '../workspace/withWorkspaceContainment.js';
import { ToolNaming } from '../naming/ToolNaming.js';
import { ToolPolicyResolver } from '../policy/ToolPolicyResolver.js';
import type { AgentDefinition, OfferedToolset, ToolSurface } from './AgentDefinition.js';
import { checkAgentDefinition } from './checkAgentDefinition.js';
import { offerAgentTools } from './offerAgentTools.js';
import { toolListTokens, type ToolListTokens } from './toolListTokens.js';

/** A tool the agent sees, ready to call. */
export interface ExposedTool {
  readonly qualifiedName: string;
  /** What to give the model: wrapped for approval when `requiresApproval`, always wrapped in the invocation middleware. */
  readonly function: AIFunction;
  /** The catalogue entry; for one of the agent's own tools, an entry whose source is `{ kind: 'agent' }`. */
  readonly entry: ToolCatalogueEntry;
  /** The effective approval mode: `default`, `auto_approve` or `require_approval`. */
  readonly approvalMode: ToolApprovalMode;
  readonly requiresApproval: boolean;
  /** The effective network scope. */
  readonly networkScope: NetworkScope;
}

/**
 * Why an offered tool is not exposed, in the order the rules apply. The first three concern what
 * the agent offers: an entry of `toolsets` whose owner (or plugin) the catalogue lacks, an
 * `include` or `exclude` name that is not a tool of that toolset, and a tool an entry excludes.
 */
export type OmissionReason =
  | 'toolset_not_in_catalogue'
  | 'not_in_toolset'
  | 'excluded'
  | 'not_in_catalogue'
  | 'confidentiality'
  | 'network_scope'
  | 'plan_mode'
  | 'denied'
  | 'no_approval_channel';

export interface OmittedTool {
  /**
   * The published name; the allowed name as written when the catalogue lacks it; for
   * `toolset_not_in_catalogue`, the toolset as written (`owner`, or `pluginId__owner`); for
   * `not_in_toolset`, the include or exclude name as written.
   */
  readonly name: string;
  readonly reason: OmissionReason;
  /** For `toolset_not_in_catalogue` and `not_in_toolset`: the entry of `AgentDefinition.toolsets` concerned. */
  readonly toolset?: OfferedToolset;
}

/** What `resolveAgentTools` decided. */
export interface ResolvedAgentTools {
  /** The functions to give the model, in offer order: the toolsets' tools, then the allowed names, then the agent's own tools. */
  readonly functions: readonly AIFunction[];
  readonly tools: readonly ExposedTool[];
  readonly omitted: readonly OmittedTool[];
  /** What `functions` cost in the model's tool list, per schema they are offered with. */
  readonly tokens: ToolListTokens;
  /** The exposed tool with this qualified name, compared as the catalogue spells names (`ToolNaming.matchKey`). */
  get(qualifiedName: string): ExposedTool | undefined;
}

/**
 * Decides which tools an agent sees on a surface. The agent offers every tool its `toolsets`
 * entries hold in the catalogue now (narrowed by `include`), its `allowedTools` and its own
 * `tools`, each once; then, for each offered tool, in order:
 *
 * 1. a tool any `toolsets` entry excludes is omitted, and an allowed name the catalogue lacks is skipped;
 * 2. confidentiality markers: `confidential_only` tools only for confidential agents,
 *    `non_confidential_only` ones only for the others;
 * 3. a tool whose effective network scope is `egress` is omitted for air-gapped and local-only agents;
 * 4. in plan mode only `readOnly` tools remain;
 * 5. the effective approval mode (the agent's policy over the declared default): `deny` omits,
 *    `require_approval` wraps the tool for approval, or omits it when the surface cannot ask
 *    (no router, or `use_agent_policy` without a channel outside a background run);
 *    `default` and `auto_approve` expose the tool unwrapped.
 *
 * A `toolsets` entry whose owner the catalogue lacks, or whose `include` or `exclude` names a tool
 * outside it, is reported in `omitted` too. Every name the agent and its policies give is compared
 * as the catalogue spells names (`ToolNaming.matchKey` on both sides: case, and what the catalogue
 * turns into `_`, make no difference), and a name no qualified name could equal is an error. Every exposed function runs through the invocation
 * middleware: workspace path containment, then folding of repeated failures (one count per
 * resolution, i.e. per run). Anything that cannot be judged (metadata outside its enums) is omitted.
 *
 * @throws {AgentDefinitionError} when a flag (`airGapped`, `localOnly`, `planMode`, `confidential`) is not
 * a boolean, or a name in `toolsets`, `allowedTools` or `pinnedTools` is not a string or could never match.
 * @throws {ToolPolicyError} when the agent's policies hold an undefined approval mode, or a name that could never match.
 * @throws {AgentToolCollisionError} when one of the agent's own tools has a catalogue tool's qualified name, or another own tool's.
 * @throws {TypeError} when one of the agent's own tools is not a function the catalogue would publish.
 */
export function resolveAgentTools(agent: AgentDefinition, catalogue: ToolCatalogue, surface: ToolSurface): ResolvedAgentTools {
  checkAgentDefinition(agent);
  const resolver = agent.policies instanceof ToolPolicyResolver ? agent.policies : new ToolPolicyResolver(agent.policies ?? []);
  const tracker = new ToolFailureTracker();
  const offer = offerAgentTools(agent, catalogue);
  const tools: ExposedTool[] = [];
  const omitted: OmittedTool[] = [...offer.omitted];

  for (const offered of offer.tools) {
    if (offered.entry === undefined) {
      omitted.push({ name: offered.name, reason: 'not_in_catalogue' });
      continue;
    }
    const { entry } = offered;
    if (offered.excluded) {
      omitted.push({ name: entry.qualifiedName, reason: 'excluded' });
      continue;
    }
    // an agent's own tool has no catalogue classification: its declared scope is its effective one
    const scope = entry.source.kind === 'agent' ? entry.declaredNetworkScope : catalogue.getNetworkScope(entry.qualifiedName);
    const decision = decide(agent, entry, scope ?? 'egress', resolver, surface);
    if (typeof decision === 'string') {
      omitted.push({ name: entry.qualifiedName, reason: decision });
      continue;
    }
    const { approvalMode, networkScope } = decision;
    const requiresApproval = approvalMode === 'require_approval';
    let fn = entry.function;
    if (requiresApproval && surface.approvals !== undefined) fn = withApproval(fn, surface.approvals, { networkScope, policies: resolver });
    // exposed unwrapped, even where the tool declares requiresApproval(): no adapter asks about it
    if (approvalMode === 'auto_approve' && fn.metadata.approval === 'require_approval') fn = withPolicyApproval(fn);
    fn = withFailureFolding(withWorkspaceContainment(fn, surface.workspace), tracker);
    tools.push({ qualifiedName: entry.qualifiedName, function: fn, entry, approvalMode, requiresApproval, networkScope });
  }

  const byName = new Map<string, ExposedTool>();
  for (const tool of tools) {
    const key = ToolNaming.matchKey(tool.qualifiedName);
    if (key !== undefined && !byName.has(key)) byName.set(key, tool);
  }
  return {
    functions: tools.map((tool) => tool.function),
    tools,
    omitted,
    tokens: toolListTokens(tools.map((tool) => tool.entry.function)),
    get: (qualifiedName) => {
      const key = ToolNaming.matchKey(qualifiedName);
      return key === undefined ? undefined : byName.get(key);
    },
  };
}

function decide(
  agent: AgentDefinition,
  entry: ToolCatalogueEntry,
  networkScope: NetworkScope,
  resolver: ToolPolicyResolver,
  surface: ToolSurface,
): OmissionReason | { approvalMode: ToolApprovalMode; networkScope: NetworkScope } {
  const metadata = entry.function.metadata;
  const confidential = agent.confidential === true;
  const confidentiality = metadata.confidentiality;
  if (confidentiality === 'confidential_only' ? !confidential : confidentiality === 'non_confidential_only' ? confidential : confidentiality !== 'any') {
    return 'confidentiality';
  }
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
