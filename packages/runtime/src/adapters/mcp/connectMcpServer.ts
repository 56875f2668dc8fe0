import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import type { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { classifyEndpointNetworkScope } from '../../catalogue/classifyEndpoint.js';
import { isNetworkScope, widestNetworkScope } from '../../catalogue/networkScopeOrder.js';
import type { ToolCatalogue } from '../../catalogue/ToolCatalogue.js';
import type { AIFunction } from '../../function/AIFunction.js';
import type { NetworkScope } from '../../governance.js';
import { endpointOfTransport } from './endpointOfTransport.js';
import type { ImportedToolConnection } from './importedFunction.js';
import { importTools, type McpToolOmission } from './importTools.js';
import { resolveMcpLimits, type McpLimits } from './mcpLimits.js';

/** What `connectMcpServer` takes besides the catalogue and the client. */
export interface ConnectMcpServerOptions {
  /** The server's name in the catalogue: its tools are published as `<serverName>__<tool>`. */
  readonly serverName: string;
  /**
   * The host's classification of the server's network use. Unless given, the transport
   * decides: stdio `none`, loopback HTTP `incidental`, other URLs `egress`, and a transport
   * toolgen cannot classify (an in-memory pair, a custom one) `egress`. It can widen what a
   * stdio or HTTP endpoint implies, never narrow it; for an unclassifiable transport it is the scope.
   */
  readonly networkScope?: NetworkScope;
  /**
   * How much toolgen accepts from the server; each limit left out is its default (`defaultMcpLimits`:
   * 1,000 tools, descriptions of 10,000 characters, schemas of 256 KiB and 64 levels, results of
   * 10 MiB and 64 levels).
   */
  readonly limits?: Partial<McpLimits>;
  /**
   * Receives what goes wrong after the connect: a re-listing on `tools/list_changed` the catalogue
   * refused, that failed, or that went past `limits.maxTools` (an `McpLimitError`).
   */
  readonly onError?: (error: unknown) => void;
  /** Receives, after each listing (the first included) that left tools out, every tool it left out and why; `connection.omitted` holds the same. */
  readonly onOmitted?: (omitted: readonly McpToolOmission[]) => void;
}

/** A server `connectMcpServer` connected into a catalogue. */
export interface McpServerConnection {
  readonly serverName: string;
  /** The server's tools as the catalogue publishes them now (`<server>__<tool>`); empty once closed. */
  readonly tools: readonly AIFunction[];
  /**
   * The server's tools that are not in the catalogue, and why: those the last listing left out
   * for a limit, and those whose qualified name one of the host's own sources publishes now.
   */
  readonly omitted: readonly McpToolOmission[];
  /** Removes the server's tools from the catalogue and closes the client. */
  close(): Promise<void>;
}

/** The connection of each catalogue that currently publishes a server's tools, by server name. */
const publishers = new WeakMap<ToolCatalogue, Map<string, object>>();

/**
 * Connects the tools of a connected MCP client (`Client` of `@modelcontextprotocol/client` v2, or of `@modelcontextprotocol/sdk` 1.x)
 * into `catalogue`, live: published as `<serverName>__<tool>` when this resolves, re-listed on
 * `notifications/tools/list_changed`, and removed when the client's transport closes (or on
 * `close()`). Calls of a closed connection's tools fail closed with a `ToolFailure` saying so.
 * However many notifications arrive, one re-listing runs at a time and at most one more waits
 * for it. What the server sends is read within `options.limits`.
 * It takes over the client's handler of `notifications/tools/list_changed` (a `listChanged.tools`
 * callback given to the `Client` no longer runs) and chains its `onclose`.
 *
 * The server's annotations are recorded in the catalogue entry's source, untrusted: an imported
 * tool is never read-only, keeps the default approval (a policy may require approval), and
 * has the network scope of the connection (see `options.networkScope`).
 *
 * A tool whose qualified name one of the host's own sources (a toolset, a plugin, an external
 * function) publishes is left out, now or when the host syncs later, and listed in `omitted`.
 * Rejects with the catalogue's `ToolCatalogueSyncError` when another server's tool holds a name,
 * with an `McpLimitError` past `limits.maxTools`, and with the client's error when the tools
 * cannot be listed; the catalogue is then unchanged.
 *
 * ```ts
 * import { Client } from '@modelcontextprotocol/client';
 * import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
 * import { ToolCatalogue } from '@toolgen/runtime';
 * import { connectMcpServer } from '@toolgen/runtime/mcp';
 *
 * const client = new Client({ name: 'my-host', version: '1.0.0' });
 * await client.connect(new StdioClientTransport({ command: 'github-mcp' }));
 * const github = await connectMcpServer(catalogue, client, { serverName: 'github' });
 * catalogue.has('github__list_issues'); // true, with network scope 'none' (stdio)
 * ```
 */
export async function connectMcpServer(catalogue: ToolCatalogue, client: Client | ClientV1, options: ConnectMcpServerOptions): Promise<McpServerConnection> {
  const { serverName } = options;
  if (typeof serverName !== 'string' || !/[a-z0-9]/i.test(serverName)) {
    throw new TypeError(`connectMcpServer needs a serverName with at least one letter or digit; got ${JSON.stringify(serverName) ?? 'undefined'}.`);
  }
  if (options.networkScope !== undefined && !isNetworkScope(options.networkScope)) {
    throw new RangeError(`${JSON.stringify(options.networkScope)} is not a network scope; use "none", "incidental" or "egress".`);
  }
  const limits = resolveMcpLimits(options.limits);
  if (client.transport === undefined) throw new TypeError(`Connect the MCP client of "${serverName}" before connectMcpServer.`);
  const endpoint = await endpointOfTransport(client.transport);
  const networkScope: NetworkScope =
    endpoint.transport === 'other'
      ? (options.networkScope ?? 'egress')
      : widestNetworkScope(classifyEndpointNetworkScope(endpoint), options.networkScope ?? 'none');

  const token = {};
  let open = true;
  let leftOut: readonly McpToolOmission[] = [];
  const v1 = isV1Client(client);
  const callTool: ImportedToolConnection['callTool'] = v1
    ? (params, callOptions) => client.callTool(params, undefined, callOptions) as Promise<CallToolResult>
    : (params, callOptions) => client.callTool(params, callOptions);
  const connection: ImportedToolConnection = { serverName, networkScope, callTool, isConnected: () => open, limits };
  const publishing = (): boolean => open && publishersOf(catalogue).get(serverName) === token;
  const omitted = (): readonly McpToolOmission[] => {
    if (!publishing()) return [];
    const taken = catalogue.omitted.flatMap((omission) =>
      omission.source.kind === 'server' && omission.source.serverName === serverName ? [{ tool: omission.source.originalName, kind: 'name_taken' as const, reason: omission.reason }] : [],
    );
    return [...leftOut, ...taken];
  };

  const publish = async (): Promise<void> => {
    // the v1 Client's listing has the same fields; importTools reads what a server sends as untrusted data either way
    const listed = v1 ? await client.listTools() : await client.listTools(undefined, { cacheMode: 'refresh' });
    if (!open) return;
    const imported = importTools(listed.tools as Parameters<typeof importTools>[0], connection, limits);
    const others = publishersOf(catalogue).get(serverName);
    if (others !== undefined && others !== token && catalogue.connectedServers.includes(serverName)) {
      throw new Error(`Another connection already publishes the MCP server "${serverName}" in this catalogue; close it first, or use another serverName.`);
    }
    catalogue.connectServer({ name: serverName, endpoint, networkScope, tools: imported.tools });
    publishersOf(catalogue).set(serverName, token);
    leftOut = imported.omitted;
    const now = omitted();
    if (now.length === 0) return;
    // the tools are published by now: a throwing callback must not undo the connect
    try {
      options.onOmitted?.(now);
    } catch (error) {
      options.onError?.(error);
    }
  };

  const unpublish = (): void => {
    if (!open) return;
    open = false;
    leftOut = [];
    if (publishersOf(catalogue).get(serverName) === token) {
      publishersOf(catalogue).delete(serverName);
      catalogue.disconnectServer(serverName);
    }
  };

  await publish();

  // coalesced: one listing in flight, and one more after it for whatever arrived meanwhile
  let listing = false;
  let again = false;
  const relist = async (): Promise<void> => {
    if (listing) {
      again = true;
      return;
    }
    listing = true;
    do {
      again = false;
      await publish().catch((error: unknown) => {
        if (open) options.onError?.(error);
      });
    } while (again && open);
    listing = false;
  };
  if (v1) {
    // the v1 Client names a notification by its Zod schema, from the SDK's own types module
    const { ToolListChangedNotificationSchema } = await import('@modelcontextprotocol/sdk/types.js');
    client.setNotificationHandler(ToolListChangedNotificationSchema, relist);
  } else {
    client.setNotificationHandler('notifications/tools/list_changed', relist);
  }
  const previousOnClose = client.onclose;
  client.onclose = () => {
    unpublish();
    previousOnClose?.();
  };
  // on the 2026-07-28 protocol, notifications only arrive on a subscription
  let subscription: { close(): Promise<void> } | undefined;
  if (!v1 && client.getProtocolEra() === 'modern' && client.autoOpenedSubscription === undefined && client.getServerCapabilities()?.tools?.listChanged === true) {
    subscription = await client.listen({ toolsListChanged: true }).catch((error: unknown) => {
      options.onError?.(error);
      return undefined;
    });
  }

  return {
    serverName,
    get tools() {
      if (!publishing()) return [];
      return catalogue.entries.flatMap((entry) => (entry.source.kind === 'server' && entry.source.serverName === serverName ? [entry.function] : []));
    },
    get omitted() {
      return omitted();
    },
    async close() {
      unpublish();
      await subscription?.close();
      await client.close();
    },
  };
}

/** The v1 SDK's `Client` (`@modelcontextprotocol/sdk` 1.x) has no protocol era: that came with the v2 packages. */
function isV1Client(client: Client | ClientV1): client is ClientV1 {
  return typeof (client as { getProtocolEra?: unknown }).getProtocolEra !== 'function';
}

function publishersOf(catalogue: ToolCatalogue): Map<string, object> {
  let map = publishers.get(catalogue);
  if (map === undefined) {
    map = new Map();
    publishers.set(catalogue, map);
  }
  return map;
}
