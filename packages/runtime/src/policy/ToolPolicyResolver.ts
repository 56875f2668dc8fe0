import type { ToolApprovalMode } from '../governance.js';
import type { AgentToolPolicy } from './AgentToolPolicy.js';
import { isToolApprovalMode } from './isToolApprovalMode.js';
import { ToolPolicyError } from './ToolPolicyError.js';
import { ToolNaming } from '../naming/ToolNaming.js';
import { unmatchableName } from './unnameableCharacter.js';

const allowedModes = '"default", "require_approval", "auto_approve" or "deny"';

/**
 * Resolves an agent's effective approval mode per tool from its sparse overrides:
 *
 * 1. a non-`default` override wins;
 * 2. a missing override, or an explicit `default`, falls through to the tool's declared default;
 * 3. of duplicate entries for one tool, the last wins;
 * 4. entries with a blank tool name are ignored.
 *
 * Names are compared as the catalogue spells them (`ToolNaming.matchKey` on both sides): case,
 * surrounding spaces and what the catalogue turns into `_` (`github__delete.repo` is
 * `github__delete_repo`) never make a policy miss its tool.
 *
 * Overrides for tools that do not exist make nothing available: exposure starts from the
 * agent's allowed tools and the catalogue.
 */
export class ToolPolicyResolver {
  readonly #overrides = new Map<string, AgentToolPolicy>();

  /**
   * @throws {ToolPolicyError} when an entry is not an object, names its tool with a non-string or
   * with a name no qualified name could equal (a control, invisible or non-ASCII character, or only
   * separators; see `unmatchableName`), or has an undefined approval mode.
   */
  constructor(policies: readonly AgentToolPolicy[] = []) {
    if (!Array.isArray(policies)) throw new ToolPolicyError('Tool policies must be an array of { toolName, approvalMode } entries.');
    policies.forEach((policy: unknown, position) => {
      if (typeof policy !== 'object' || policy === null) {
        throw new ToolPolicyError(`Tool policy entry ${position} is not an object; write it as { toolName, approvalMode }.`);
      }
      const { toolName, approvalMode } = policy as { toolName?: unknown; approvalMode?: unknown };
      if (typeof toolName !== 'string') {
        throw new ToolPolicyError(`Tool policy entry ${position} has toolName ${JSON.stringify(toolName) ?? 'undefined'}; it must be a qualified tool name.`);
      }
      const unmatchable = unmatchableName(toolName);
      if (unmatchable !== undefined) {
        throw new ToolPolicyError(
          `Tool policy entry ${position} has toolName ${JSON.stringify(toolName)}: it ${unmatchable.reason}, so the entry would never match; ${unmatchable.fix}.`,
        );
      }
      if (!isToolApprovalMode(approvalMode)) {
        throw new ToolPolicyError(
          `Tool policy entry ${position} (${JSON.stringify(toolName)}) has approvalMode ${JSON.stringify(approvalMode) ?? 'undefined'}; use ${allowedModes}.`,
        );
      }
      const key = ToolNaming.matchKey(toolName);
      if (key === undefined) return;
      this.#overrides.set(key, { toolName: toolName.trim(), approvalMode });
    });
  }

  /**
   * The approval mode that applies to `qualifiedName` for this agent.
   *
   * @param declaredMode the tool's declared default (`metadata.approval`).
   * @throws {ToolPolicyError} when `declaredMode` is not a `ToolApprovalMode`.
   */
  getEffectiveApprovalMode(qualifiedName: string, declaredMode: ToolApprovalMode): ToolApprovalMode {
    if (!isToolApprovalMode(declaredMode)) {
      throw new ToolPolicyError(`The declared approval mode ${JSON.stringify(declaredMode) ?? 'undefined'} of "${qualifiedName}" is not one of ${allowedModes}.`);
    }
    return this.getOverride(qualifiedName) ?? declaredMode;
  }

  /** The agent's non-`default` override for a tool, if it has one. */
  getOverride(qualifiedName: string): ToolApprovalMode | undefined {
    const key = ToolNaming.matchKey(qualifiedName);
    const mode = key === undefined ? undefined : this.#overrides.get(key)?.approvalMode;
    return mode === 'default' ? undefined : mode;
  }

  /** The overrides worth persisting: named, non-`default`, the last entry per tool, in first-mention order. */
  get overrides(): readonly AgentToolPolicy[] {
    return [...this.#overrides.values()].filter((policy) => policy.approvalMode !== 'default');
  }
}
