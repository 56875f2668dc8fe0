import { ToolNaming, type AgentToolPolicy } from '@toolgen/runtime';
import { closestName } from '../diagnostics/closestName.js';

/** What `toolgen mcp` makes of a policy file's entries for the tools it serves. */
export type ServedPolicies =
  | { readonly kind: 'matched'; readonly policies: readonly AgentToolPolicy[] }
  /**
   * Entries naming no tool served, each as a sentence saying so (with the nearest name, when one is near), and the tools
   * served, by the names entries may use.
   */
  | { readonly kind: 'unmatched'; readonly problems: readonly string[]; readonly served: readonly string[] };

/**
 * Matches a policy file's entries with the tools `toolgen mcp` serves, as its manifest lists them (before any module
 * loads), the way the resolver matches names (`ToolNaming.matchKey`): by qualified name, and under `--names name` by the
 * tool name the client sees too (tool names are unique in a project, TSH007), which becomes the qualified name the
 * resolver takes. An entry naming no tool would leave its tool as it was, a `deny` denying nothing, so the server
 * refuses the file instead. Blank names are the resolver's to ignore.
 */
export function matchServedPolicies(
  policies: readonly AgentToolPolicy[],
  tools: readonly { readonly name: string; readonly qualifiedName: string }[],
  names: 'name' | 'qualified',
): ServedPolicies {
  // a blank name's key is undefined
  const keyOf = (name: string): string => ToolNaming.matchKey(name) ?? '';
  const byKey = new Map<string, string>();
  for (const tool of tools) {
    byKey.set(keyOf(tool.qualifiedName), tool.qualifiedName);
    if (names === 'name') byKey.set(keyOf(tool.name), tool.qualifiedName);
  }
  const shown = tools.map((tool) => (names === 'name' ? tool.name : tool.qualifiedName));
  const matched: AgentToolPolicy[] = [];
  const problems: string[] = [];
  for (const policy of policies) {
    const key = keyOf(policy.toolName);
    const qualifiedName = byKey.get(key);
    if (key === '' || qualifiedName !== undefined) {
      matched.push(qualifiedName === undefined ? policy : { ...policy, toolName: qualifiedName });
      continue;
    }
    const named = tools.find((tool) => keyOf(tool.name) === key);
    if (named !== undefined) {
      problems.push(`"${policy.toolName}" (${policy.approvalMode}) is a tool name, which matches only with --names name: write ${named.qualifiedName}, or serve with --names name.`);
      continue;
    }
    const near = closestName(key, shown);
    const suggestion = near !== undefined && near.distance <= Math.max(2, Math.floor(key.length / 4)) ? ` Did you mean ${near.name}?` : '';
    problems.push(`"${policy.toolName}" (${policy.approvalMode}) names no tool this server serves.${suggestion}`);
  }
  return problems.length > 0 ? { kind: 'unmatched', problems, served: shown } : { kind: 'matched', policies: matched };
}
