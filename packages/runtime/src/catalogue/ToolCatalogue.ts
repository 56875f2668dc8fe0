import type { AIFunction, ToolsetFunctions } from '../function/AIFunction.js';
import type { NetworkScope } from '../governance.js';
import { renameFunction } from '../function/wrapFunction.js';
import { ToolNaming } from '../naming/ToolNaming.js';
import { checkToolFunction } from './checkToolFunction.js';
import { classifyEndpointNetworkScope } from './classifyEndpoint.js';
import type { ExternalTool, ExternalToolServer } from './ExternalToolMetadata.js';
import { isNetworkScope, widestNetworkScope } from './networkScopeOrder.js';
import { ToolCatalogueSyncError, type ToolCatalogueProblem } from './ToolCatalogueSyncError.js';
import { ToolPluginBuilder, type PluginToolsetFactory, type ToolPlugin, type UserScope } from './ToolPlugin.js';
import { describeToolSource, type ToolSource } from './ToolSource.js';

/** One published tool. */
export interface ToolCatalogueEntry {
  /** The wire name agents and policies use, as published (lookup ignores case). */
  readonly qualifiedName: string;
  /** The function, whose `qualifiedName` is this entry's. */
  readonly function: AIFunction;
  readonly source: ToolSource;
  /** The network scope the source declared; `ToolCatalogue.getNetworkScope` gives the effective one. */
  readonly declaredNetworkScope: NetworkScope;
}

/** Everything `ToolCatalogue.sync` publishes; it replaces what the previous `sync` published. */
export interface ToolCatalogueSyncInput {
  /** Generated toolsets (`GeneratedToolset` constants of `*.tools.ts` modules). */
  readonly toolsets?: readonly ToolsetFunctions[];
  /** Plugins whose toolsets are instantiated once for this catalogue's user scope. */
  readonly plugins?: readonly ToolPlugin[];
  /** Existing functions from other sources, with where they come from. */
  readonly external?: readonly ExternalTool[];
}

export interface ToolCatalogueOptions {
  /** The user scope plugin toolsets are created for; `{ id: 'default' }` unless given. */
  readonly userScope?: UserScope;
}

/**
 * A server's tool the catalogue holds but does not publish: one of the host's own sources (a
 * generated toolset, a plugin, an external function) publishes its qualified name, and the host
 * wins. It is published again once the host's source no longer uses the name.
 */
export interface ToolCatalogueOmission {
  readonly qualifiedName: string;
  /** The server's tool that was left out. */
  readonly source: ToolSource;
  /** The host's source that holds the name. */
  readonly publishedBy: ToolSource;
  /** The omission in words, with what to do. */
  readonly reason: string;
}

interface ConnectedServer {
  readonly server: ExternalToolServer;
  readonly entries: readonly ToolCatalogueEntry[];
}

/**
 * The one synchronized catalogue agents draw their tools from, for one user scope: generated
 * toolsets, plugin toolsets, external functions and the tools of live servers.
 *
 * Every change is all-or-nothing: a duplicate qualified name (compared case-insensitively) or an
 * invalid tool rejects the whole change with a `ToolCatalogueSyncError`, and the catalogue keeps
 * what it had. One exception keeps a remote source from blocking the host: a server's tool whose
 * name one of the host's own sources publishes is left out (see `omitted`), whichever came first.
 * Being in the catalogue grants nothing: `resolveAgentTools` decides what an agent sees.
 */
export class ToolCatalogue {
  readonly userScope: UserScope;
  #staticEntries: readonly ToolCatalogueEntry[] = [];
  #servers = new Map<string, ConnectedServer>();
  #index = new Map<string, ToolCatalogueEntry>();
  #omitted: readonly ToolCatalogueOmission[] = [];
  readonly #networkScopes = new Map<string, NetworkScope>();
  readonly #pluginFactories = new WeakMap<ToolPlugin, readonly PluginToolsetFactory[]>();
  readonly #pluginInstances = new WeakMap<PluginToolsetFactory, ToolsetFunctions>();

  constructor(options: ToolCatalogueOptions = {}) {
    this.userScope = options.userScope ?? { id: 'default' };
  }

  /**
   * Replaces the generated toolsets, plugin toolsets and external functions with `input`
   * (connected servers stay). Throws a `ToolCatalogueSyncError` naming every problem, and then
   * changes nothing, when two of these tools share a qualified name or a tool, plugin or factory
   * is invalid. A connected server's tool that shares a name with one of them never rejects the
   * sync: it leaves the catalogue and is listed in `omitted`.
   */
  sync(input: ToolCatalogueSyncInput): void {
    const problems: ToolCatalogueProblem[] = [];
    const entries: ToolCatalogueEntry[] = [];
    const newFactories = new Map<ToolPlugin, readonly PluginToolsetFactory[]>();
    const newInstances = new Map<PluginToolsetFactory, ToolsetFunctions>();

    for (const toolset of input.toolsets ?? []) {
      entries.push(...toolsetEntries(toolset, undefined, problems));
    }
    for (const plugin of input.plugins ?? []) {
      const label = `plugin "${String(plugin?.id)}"`;
      if (typeof plugin?.id !== 'string' || !/[a-z0-9]/i.test(plugin.id) || typeof plugin.configure !== 'function') {
        problems.push({ kind: 'invalid', source: label, message: 'a plugin needs an id with at least one letter or digit, and a configure method.' });
        continue;
      }
      const factories = this.#pluginFactories.get(plugin) ?? newFactories.get(plugin) ?? configurePlugin(plugin, problems);
      if (factories === undefined) continue;
      if (!this.#pluginFactories.has(plugin)) newFactories.set(plugin, factories);
      for (const factory of factories) {
        const toolset = this.#pluginInstances.get(factory) ?? newInstances.get(factory) ?? this.#instantiate(plugin, factory, problems);
        if (toolset === undefined) continue;
        if (!this.#pluginInstances.has(factory)) newInstances.set(factory, toolset);
        entries.push(...toolsetEntries(toolset, plugin.id, problems));
      }
    }
    for (const tool of input.external ?? []) {
      const entry = externalEntry(tool, problems);
      if (entry !== undefined) entries.push(entry);
    }

    const servers = [...this.#servers.values()].flatMap((connected) => connected.entries);
    const { index, omitted } = buildIndex([...entries, ...servers], problems);
    if (problems.length > 0) throw new ToolCatalogueSyncError(problems);

    for (const [plugin, factories] of newFactories) this.#pluginFactories.set(plugin, factories);
    for (const [factory, toolset] of newInstances) this.#pluginInstances.set(factory, toolset);
    this.#staticEntries = entries;
    this.#index = index;
    this.#omitted = omitted;
  }

  /**
   * Publishes a live server's tools as `<server>__<tool>`, replacing the tools of a server
   * connected earlier under the same name (a reconnect). Their declared network scope is the
   * widest of the endpoint's classification, the server's `networkScope` and each function's own.
   * A tool whose name one of the host's own sources publishes is left out and listed in
   * `omitted`. Throws a `ToolCatalogueSyncError`, and changes nothing, on an invalid tool or a
   * name that another server's tool, or another of its own, holds.
   */
  connectServer(server: ExternalToolServer): void {
    const problems: ToolCatalogueProblem[] = [];
    const entries = serverEntries(server, problems);
    const others = [...this.#servers.entries()].filter(([name]) => name !== server.name).flatMap(([, connected]) => connected.entries);
    const { index, omitted } = buildIndex([...this.#staticEntries, ...others, ...entries], problems);
    if (problems.length > 0) throw new ToolCatalogueSyncError(problems);
    this.#servers.set(server.name, { server, entries });
    this.#index = index;
    this.#omitted = omitted;
  }

  /** Removes a server's tools (it disconnected, or its process exited). Returns whether it was connected. */
  disconnectServer(name: string): boolean {
    if (!this.#servers.delete(name)) return false;
    const entries = [...this.#staticEntries, ...[...this.#servers.values()].flatMap((connected) => connected.entries)];
    ({ index: this.#index, omitted: this.#omitted } = buildIndex(entries, []));
    return true;
  }

  /** The connected servers' tools left out because one of the host's own sources publishes the same qualified name. */
  get omitted(): readonly ToolCatalogueOmission[] {
    return this.#omitted;
  }

  /** The names of the connected servers. */
  get connectedServers(): readonly string[] {
    return [...this.#servers.keys()];
  }

  /** Every published tool: toolsets, plugins and external functions in sync order, then servers in connection order. */
  get entries(): readonly ToolCatalogueEntry[] {
    return [...this.#index.values()];
  }

  get size(): number {
    return this.#index.size;
  }

  /** The tool published under `qualifiedName`, ignoring case; `undefined` when there is none. */
  get(qualifiedName: string): ToolCatalogueEntry | undefined {
    return typeof qualifiedName === 'string' ? this.#index.get(qualifiedName.toLowerCase()) : undefined;
  }

  has(qualifiedName: string): boolean {
    return this.get(qualifiedName) !== undefined;
  }

  /**
   * Replaces a tool's effective network scope (what filtering uses); the declared scope is kept
   * for auditing. The classification outlives syncs and reconnects until `resetNetworkScope`.
   * Returns `false`, and records nothing, when no such tool is published.
   *
   * @throws {RangeError} when `scope` is not `none`, `incidental` or `egress`.
   */
  setNetworkScope(qualifiedName: string, scope: NetworkScope): boolean {
    if (!isNetworkScope(scope)) {
      throw new RangeError(`${JSON.stringify(scope)} is not a network scope; use "none", "incidental" or "egress".`);
    }
    if (!this.has(qualifiedName)) return false;
    this.#networkScopes.set(qualifiedName.toLowerCase(), scope);
    return true;
  }

  /** Drops a classification `setNetworkScope` made; returns whether there was one. */
  resetNetworkScope(qualifiedName: string): boolean {
    return this.#networkScopes.delete(qualifiedName.toLowerCase());
  }

  /** The effective network scope used for filtering: the host's classification, else the declared one. */
  getNetworkScope(qualifiedName: string): NetworkScope | undefined {
    const entry = this.get(qualifiedName);
    if (entry === undefined) return undefined;
    return this.#networkScopes.get(entry.qualifiedName.toLowerCase()) ?? entry.declaredNetworkScope;
  }

  /** The network scope the tool's source declared, whatever the host classified it as. */
  getDeclaredNetworkScope(qualifiedName: string): NetworkScope | undefined {
    return this.get(qualifiedName)?.declaredNetworkScope;
  }

  #instantiate(plugin: ToolPlugin, factory: PluginToolsetFactory, problems: ToolCatalogueProblem[]): ToolsetFunctions | undefined {
    try {
      return factory({ pluginId: plugin.id, userScope: this.userScope });
    } catch (error) {
      problems.push({
        kind: 'invalid',
        source: `plugin "${plugin.id}"`,
        message: `a toolset factory threw for user scope "${this.userScope.id}": ${error instanceof Error ? error.message : String(error)}`,
      });
      return undefined;
    }
  }
}

function configurePlugin(plugin: ToolPlugin, problems: ToolCatalogueProblem[]): readonly PluginToolsetFactory[] | undefined {
  const builder = new ToolPluginBuilder(plugin.id);
  try {
    plugin.configure(builder);
  } catch (error) {
    problems.push({
      kind: 'invalid',
      source: `plugin "${plugin.id}"`,
      message: `configure threw: ${error instanceof Error ? error.message : String(error)}`,
    });
    return undefined;
  }
  return builder.toolsetFactories;
}

function toolsetEntries(toolset: ToolsetFunctions, pluginId: string | undefined, problems: ToolCatalogueProblem[]): ToolCatalogueEntry[] {
  if (typeof toolset !== 'object' || toolset === null || typeof toolset.className !== 'string' || !Array.isArray(toolset.functions)) {
    problems.push({
      kind: 'invalid',
      source: pluginId === undefined ? 'a toolset' : `plugin "${pluginId}"`,
      message: 'expected a GeneratedToolset with className, owner, displayName and functions.',
    });
    return [];
  }
  const source: ToolSource =
    pluginId === undefined
      ? { kind: 'toolset', className: toolset.className, owner: toolset.owner, displayName: toolset.displayName }
      : { kind: 'plugin', pluginId, className: toolset.className, owner: toolset.owner, displayName: toolset.displayName };
  const entries: ToolCatalogueEntry[] = [];
  for (const fn of toolset.functions) {
    const problem = checkToolFunction(fn);
    if (problem !== undefined) {
      problems.push({ kind: 'invalid', source: describeToolSource(source), message: problem });
      continue;
    }
    if (pluginId === undefined) {
      entries.push({ qualifiedName: fn.qualifiedName, function: fn, source, declaredNetworkScope: fn.metadata.networkScope });
      continue;
    }
    const qualifiedName = tryName(() => ToolNaming.buildToolsetQualifiedName(toolset.className, fn.name, pluginId), source, problems);
    if (qualifiedName === undefined) continue;
    entries.push({ qualifiedName, function: renameFunction(fn, qualifiedName), source, declaredNetworkScope: fn.metadata.networkScope });
  }
  return entries;
}

function externalEntry(tool: ExternalTool, problems: ToolCatalogueProblem[]): ToolCatalogueEntry | undefined {
  const metadata = tool?.metadata;
  if (typeof metadata?.serverName !== 'string' || typeof metadata.originalName !== 'string' || !isNetworkScope(metadata.networkScope)) {
    problems.push({
      kind: 'invalid',
      source: 'an external tool',
      message: 'ExternalToolMetadata needs a serverName, an originalName and a networkScope of "none", "incidental" or "egress".',
    });
    return undefined;
  }
  const source: ToolSource = {
    kind: 'external',
    serverName: metadata.serverName,
    originalName: metadata.originalName,
    annotations: metadata.annotations,
  };
  const problem = checkToolFunction(tool.function);
  if (problem !== undefined) {
    problems.push({ kind: 'invalid', source: describeToolSource(source), message: problem });
    return undefined;
  }
  const qualifiedName = tryName(() => ToolNaming.buildMcpQualifiedName(metadata.serverName, metadata.originalName), source, problems);
  if (qualifiedName === undefined) return undefined;
  return {
    qualifiedName,
    function: renameFunction(tool.function, qualifiedName),
    source,
    declaredNetworkScope: widestNetworkScope(metadata.networkScope, tool.function.metadata.networkScope),
  };
}

function serverEntries(server: ExternalToolServer, problems: ToolCatalogueProblem[]): ToolCatalogueEntry[] {
  const label = `MCP server "${String(server?.name)}"`;
  if (typeof server?.name !== 'string' || typeof server.endpoint !== 'object' || server.endpoint === null || !Array.isArray(server.tools)) {
    problems.push({ kind: 'invalid', source: label, message: 'a server needs a name, an endpoint and a list of tools.' });
    return [];
  }
  if (server.networkScope !== undefined && !isNetworkScope(server.networkScope)) {
    problems.push({ kind: 'invalid', source: label, message: `${JSON.stringify(server.networkScope)} is not a network scope; use "none", "incidental" or "egress".` });
    return [];
  }
  // an endpoint toolgen cannot classify is egress until the host says what it is
  const serverScope =
    server.endpoint.transport === 'other' && server.networkScope !== undefined
      ? server.networkScope
      : widestNetworkScope(classifyEndpointNetworkScope(server.endpoint), server.networkScope ?? 'none');
  const entries: ToolCatalogueEntry[] = [];
  for (const tool of server.tools) {
    const fn = tool?.function;
    const source: ToolSource = {
      kind: 'server',
      serverName: server.name,
      originalName: String(fn?.name),
      endpoint: server.endpoint,
      annotations: tool?.annotations,
    };
    const problem = checkToolFunction(fn);
    if (problem !== undefined) {
      problems.push({ kind: 'invalid', source: describeToolSource(source), message: problem });
      continue;
    }
    const qualifiedName = tryName(() => ToolNaming.buildMcpQualifiedName(server.name, fn.name), source, problems);
    if (qualifiedName === undefined) continue;
    entries.push({
      qualifiedName,
      function: renameFunction(fn, qualifiedName),
      source,
      declaredNetworkScope: widestNetworkScope(serverScope, fn.metadata.networkScope),
    });
  }
  return entries;
}

/**
 * The entries by lowercase qualified name. `entries` lists the host's own sources before the
 * servers, so a server's tool meeting a host's name is the later one: it is left out, never a
 * problem. Any other duplicate is a problem.
 */
function buildIndex(
  entries: readonly ToolCatalogueEntry[],
  problems: ToolCatalogueProblem[],
): { index: Map<string, ToolCatalogueEntry>; omitted: ToolCatalogueOmission[] } {
  const index = new Map<string, ToolCatalogueEntry>();
  const omitted: ToolCatalogueOmission[] = [];
  for (const entry of entries) {
    const key = entry.qualifiedName.toLowerCase();
    const existing = index.get(key);
    if (existing === undefined) index.set(key, entry);
    else if (entry.source.kind === 'server' && existing.source.kind !== 'server') omitted.push(omission(entry, existing.source));
    else problems.push({ kind: 'duplicate', qualifiedName: entry.qualifiedName, first: existing.source, second: entry.source });
  }
  return { index, omitted };
}

function omission(entry: ToolCatalogueEntry, publishedBy: ToolSource): ToolCatalogueOmission {
  const server = entry.source.kind === 'server' ? entry.source.serverName : '';
  return {
    qualifiedName: entry.qualifiedName,
    source: entry.source,
    publishedBy,
    reason:
      `"${entry.qualifiedName}" of ${describeToolSource(entry.source)} was left out: ${describeToolSource(publishedBy)} publishes that name, and the host's own tools win. ` +
      `Connect the server under another serverName than "${server}" to publish its tool.`,
  };
}

function tryName(build: () => string, source: ToolSource, problems: ToolCatalogueProblem[]): string | undefined {
  try {
    return build();
  } catch (error) {
    problems.push({ kind: 'invalid', source: describeToolSource(source), message: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}
