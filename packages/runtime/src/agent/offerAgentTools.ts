import { checkToolFunction } from '../catalogue/checkToolFunction.js';
import type { ToolCatalogue, ToolCatalogueEntry } from '../catalogue/ToolCatalogue.js';
import type { ToolSource } from '../catalogue/ToolSource.js';
import { ToolNaming } from '../naming/ToolNaming.js';
import type { AgentDefinition, OfferedToolset } from './AgentDefinition.js';
import { AgentToolCollisionError } from './AgentToolCollisionError.js';
import type { OmittedTool } from './resolveAgentTools.js';

/** A tool the agent offers, before the exposure rules: its entry, or an allowed name the catalogue lacks. */
export type OfferedTool =
  | { readonly entry: ToolCatalogueEntry; readonly excluded: boolean }
  | { readonly entry: undefined; readonly name: string };

/** What an agent offers: each tool once, in offer order, and what its `toolsets` named that the catalogue lacks. */
export interface AgentToolOffer {
  readonly tools: readonly OfferedTool[];
  readonly omitted: readonly OmittedTool[];
}

/**
 * Lists what `agent` offers against the catalogue as it is now: each entry of `toolsets` (its
 * tools in catalogue order, narrowed by `include`), then `allowedTools`, then the agent's own
 * `tools`. A tool any entry excludes stays in the list, marked, wherever it is offered. Names
 * are compared by `ToolNaming.matchKey` on both sides. Expects an agent `checkAgentDefinition` accepted.
 *
 * @throws {AgentToolCollisionError} when an own tool has the qualified name of a catalogue tool or of another own tool.
 * @throws {TypeError} when an own tool is not a function the catalogue would publish.
 */
export function offerAgentTools(agent: AgentDefinition, catalogue: ToolCatalogue): AgentToolOffer {
  const own = ownEntries(agent, catalogue);
  const omitted: OmittedTool[] = [];
  const excluded = new Set<ToolCatalogueEntry>();
  const candidates: (ToolCatalogueEntry | string)[] = [];

  const toolsets = agent.toolsets ?? [];
  const entries = toolsets.length > 0 ? catalogue.entries : [];
  for (const toolset of toolsets) {
    const members = membersOf(toolset, entries);
    if (members.length === 0) {
      omitted.push({ name: toolsetLabel(toolset), reason: 'toolset_not_in_catalogue', toolset });
      continue;
    }
    const pick = (names: readonly string[]): Set<ToolCatalogueEntry> => {
      const picked = new Set<ToolCatalogueEntry>();
      for (const name of names) {
        const key = ToolNaming.matchKey(name);
        const matches = key === undefined ? [] : members.filter((entry) => isNamed(entry, key));
        if (matches.length === 0) omitted.push({ name, reason: 'not_in_toolset', toolset });
        for (const entry of matches) picked.add(entry);
      }
      return picked;
    };
    const included = toolset.include === undefined ? undefined : pick(toolset.include);
    const excludedHere = pick(toolset.exclude ?? []);
    for (const entry of excludedHere) excluded.add(entry);
    // this entry's own exclusions stay in place, to be reported where the toolset lists them
    candidates.push(...members.filter((entry) => included === undefined || included.has(entry) || excludedHere.has(entry)));
  }
  let byKey: Map<string, ToolCatalogueEntry> | undefined;
  for (const allowed of agent.allowedTools ?? []) {
    const key = ToolNaming.matchKey(allowed);
    if (key === undefined) continue;
    const name = allowed.trim();
    byKey ??= keyIndex([...own.values(), ...catalogue.entries]);
    candidates.push(own.get(name.toLowerCase()) ?? catalogue.get(name) ?? byKey.get(key) ?? allowed);
  }
  candidates.push(...own.values());

  const seen = new Set<string>();
  const tools: OfferedTool[] = [];
  for (const candidate of candidates) {
    const key = typeof candidate === 'string' ? `${ToolNaming.matchKey(candidate)}` : candidate.qualifiedName.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    tools.push(typeof candidate === 'string' ? { entry: undefined, name: candidate } : { entry: candidate, excluded: excluded.has(candidate) });
  }
  return { tools, omitted };
}

/** The agent's own tools as entries, keyed by lowercased qualified name. */
function ownEntries(agent: AgentDefinition, catalogue: ToolCatalogue): Map<string, ToolCatalogueEntry> {
  const source = { kind: 'agent', agentName: agent.name } as const;
  const own = new Map<string, ToolCatalogueEntry>();
  for (const [index, fn] of (agent.tools ?? []).entries()) {
    const problem = checkToolFunction(fn);
    if (problem !== undefined) {
      throw new TypeError(`${agent.name === undefined ? '' : `Agent "${agent.name}", `}AgentDefinition.tools[${index}]: ${problem}`);
    }
    const key = fn.qualifiedName.toLowerCase();
    const existing = own.get(key) ?? catalogue.get(fn.qualifiedName);
    if (existing !== undefined) throw new AgentToolCollisionError(fn.qualifiedName, existing, source);
    own.set(key, { qualifiedName: fn.qualifiedName, function: fn, source, declaredNetworkScope: fn.metadata.networkScope });
  }
  return own;
}

/** The entries by `ToolNaming.matchKey` of their qualified names, the first one per key. */
function keyIndex(entries: readonly ToolCatalogueEntry[]): Map<string, ToolCatalogueEntry> {
  const index = new Map<string, ToolCatalogueEntry>();
  for (const entry of entries) {
    const key = ToolNaming.matchKey(entry.qualifiedName);
    if (key !== undefined && !index.has(key)) index.set(key, entry);
  }
  return index;
}

/**
 * An owner or plugin id as a qualified-name prefix (`Acme.Search` → `acme_search`), so it
 * compares with what a source recorded the way qualified names compare; `undefined` when nothing is left.
 */
function segmentKey(segment: unknown): string | undefined {
  return typeof segment === 'string' ? ToolNaming.matchKey(segment) : undefined;
}

/** The catalogue entries of the toolset, in catalogue order. */
function membersOf(toolset: OfferedToolset, entries: readonly ToolCatalogueEntry[]): ToolCatalogueEntry[] {
  const owner = segmentKey(toolset.owner);
  const pluginId = toolset.pluginId === undefined ? undefined : segmentKey(toolset.pluginId);
  if (owner === undefined || (toolset.pluginId !== undefined && pluginId === undefined)) return [];
  return entries.filter((entry) => isMember(entry.source, owner, pluginId));
}

/** Whether a source belongs to the toolset: a plugin's toolset by plugin id and owner, else a generated toolset by owner or a server by name. */
function isMember(source: ToolSource, owner: string, pluginId: string | undefined): boolean {
  switch (source.kind) {
    case 'plugin':
      return pluginId !== undefined && segmentKey(source.pluginId) === pluginId && segmentKey(source.owner) === owner;
    case 'toolset':
      return pluginId === undefined && segmentKey(source.owner) === owner;
    case 'external':
    case 'server':
      return pluginId === undefined && segmentKey(source.serverName) === owner;
    case 'agent':
      return false;
  }
}

/**
 * Whether the name whose `ToolNaming.matchKey` is `wanted` is the tool's qualified name or its own
 * name (a server tool's name there), both keyed the same way: a server that lists `delete_repo`
 * again as `Delete Repo` or `delete.repo` is still named by `delete_repo`.
 */
function isNamed(entry: ToolCatalogueEntry, wanted: string): boolean {
  const source = entry.source;
  const toolName = source.kind === 'external' || source.kind === 'server' ? source.originalName : entry.function.name;
  return wanted === ToolNaming.matchKey(entry.qualifiedName) || wanted === ToolNaming.matchKey(toolName);
}

/** The toolset as the agent wrote it, as a qualified-name prefix: `ticket`, `acme.search__greeting`. */
function toolsetLabel(toolset: OfferedToolset): string {
  return toolset.pluginId === undefined ? String(toolset.owner) : `${String(toolset.pluginId)}__${String(toolset.owner)}`;
}
