import type { ToolApprovalMode } from '../governance.js';
import type { AgentToolPolicy } from './AgentToolPolicy.js';
import { isToolApprovalMode } from './isToolApprovalMode.js';
import { ToolPolicyError } from './ToolPolicyError.js';
import { unnameableCharacter } from './unnameableCharacter.js';

const allowedModes = '"default", "require_approval", "auto_approve" or "deny"';

/**
 * Resolves an agent's effective approval mode per tool from its sparse overrides:
 *
 * 1. a non-`default` override wins;
 * 2. a missing override, or an explicit `default`, falls through to the tool's declared default;
 * 3. of duplicate entries for one tool (names compared case-insensitively), the last wins;
 * 4. entries with a blank tool name are ignored.
 *
 * Overrides for tools that do not exist make nothing available: exposure starts from the
 * agent's allowed tools and the catalogue.
 */
export class ToolPolicyResolver {
  readonly #overrides = new Map<string, AgentToolPolicy>();

  /**
   * @throws {ToolPolicyError} when an entry is not an object, names its tool with a non-string or
   * with a control or invisible formatting character (no tool name has one), or has an undefined approval mode.
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
      const hidden = unnameableCharacter(toolName);
      if (hidden !== undefined) {
        throw new ToolPolicyError(
          `Tool policy entry ${position} has toolName ${JSON.stringify(toolName)}, which contains ${hidden}; no qualified tool name has one, so the entry would never match.`,
        );
      }
      if (!isToolApprovalMode(approvalMode)) {
        throw new ToolPolicyError(
          `Tool policy entry ${position} (${JSON.stringify(toolName)}) has approvalMode ${JSON.stringify(approvalMode) ?? 'undefined'}; use ${allowedModes}.`,
        );
      }
      const name = toolName.trim();
      if (name === '') return;
      this.#overrides.set(name.toLowerCase(), { toolName: name, approvalMode });
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
    if (typeof qualifiedName !== 'string') return undefined;
    const mode = this.#overrides.get(qualifiedName.trim().toLowerCase())?.approvalMode;
    return mode === 'default' ? undefined : mode;
  }

  /** The overrides worth persisting: named, non-`default`, the last entry per tool, in first-mention order. */
  get overrides(): readonly AgentToolPolicy[] {
    return [...this.#overrides.values()].filter((policy) => policy.approvalMode !== 'default');
  }
}
