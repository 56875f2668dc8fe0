import type { AgentDefinition, ToolSurface } from '../agent/AgentDefinition.js';
import { resolveAgentTools, type ExposedTool, type ResolvedAgentTools } from '../agent/resolveAgentTools.js';
import type { ToolCatalogue } from '../catalogue/ToolCatalogue.js';
import type { AIFunction } from '../function/AIFunction.js';
import { createSearchToolsFunction, searchToolsName } from './createSearchToolsFunction.js';
import { matchTools, type ToolSearchMatch } from './matchTools.js';
import { ToolSearchIndex } from './ToolSearchIndex.js';
import type { ToolSearchState } from './ToolSearchState.js';

/** An agent's tools in tool search mode. */
export interface AgentToolSearch {
  /** Every tool the agent could see: what `resolveAgentTools` exposes. Search never reaches beyond it. */
  readonly eligible: ResolvedAgentTools;
  /** The `search_tools` function. */
  readonly searchFunction: AIFunction;
  /** The pinned tools that are eligible, always present. */
  readonly pinned: readonly ExposedTool[];
  /** What to give the model now: `search_tools`, the pinned tools, then the unlocked ones. Ask again after a search. */
  functions(): readonly AIFunction[];
  /**
   * What `search_tools` does: at most five eligible, unpinned matches, which it unlocks. Ranked
   * by BM25 (`ToolSearchIndex`) over the eligible, unpinned tools; when no tool shares a term with
   * the query, by the lexical matcher (`matchTools`, which also matches word prefixes).
   */
  search(query: string): readonly ToolSearchMatch[];
}

/**
 * Resolves an agent in tool search mode: the model starts with `search_tools`, the agent's
 * `pinnedTools` and the tools `state` unlocked earlier. Pinned tools, search candidates and
 * unlocked tools all come from what `resolveAgentTools` exposes for the agent (its toolsets,
 * allowed names and own tools, under the same rules), so an excluded, denied, air-gap-filtered,
 * confidentiality-restricted or unknown tool never appears, neither directly nor through search,
 * even when an earlier search unlocked it. Pinned tools are never search results, and `pinnedTools`
 * names are matched as `resolveAgentTools` matches every name (`ToolNaming.matchKey`).
 *
 * @throws {AgentDefinitionError} when a flag is not a boolean or a name could never match, as `resolveAgentTools` does.
 */
export function resolveAgentToolsWithSearch(
  agent: AgentDefinition,
  catalogue: ToolCatalogue,
  surface: ToolSurface,
  state: ToolSearchState,
): AgentToolSearch {
  const eligible = resolveAgentTools(agent, catalogue, surface);
  if (eligible.get(searchToolsName) !== undefined) {
    throw new Error(`A tool named "${searchToolsName}" is offered to this agent; tool search mode needs that name for its discovery tool.`);
  }
  const pinned: ExposedTool[] = [];
  for (const name of agent.pinnedTools ?? []) {
    const tool = eligible.get(name);
    if (tool !== undefined && !pinned.includes(tool)) pinned.push(tool);
  }
  const candidates = eligible.tools.filter((tool) => !pinned.includes(tool));

  let index: ToolSearchIndex | undefined;
  const search = (query: string): readonly ToolSearchMatch[] => {
    const functions = candidates.map((tool) => tool.function);
    index ??= new ToolSearchIndex(functions);
    const ranked = index.search(query);
    const matches = ranked.length > 0 ? ranked : matchTools(query, functions);
    for (const match of matches) state.unlock(match.name);
    return matches;
  };
  const searchFunction = createSearchToolsFunction(search);

  return {
    eligible,
    searchFunction,
    pinned,
    functions: () => [
      searchFunction,
      ...pinned.map((tool) => tool.function),
      ...state.unlocked.flatMap((name) => {
        const tool = eligible.get(name);
        return tool === undefined || pinned.includes(tool) ? [] : [tool.function];
      }),
    ],
    search,
  };
}
