import type { Client } from '@modelcontextprotocol/client';
import { classifyEndpointNetworkScope } from '../../catalogue/classifyEndpoint.js';
import type { ExternalServerTool } from '../../catalogue/ExternalToolMetadata.js';
import { isNetworkScope, widestNetworkScope } from '../../catalogue/networkScopeOrder.js';
import type { ToolCatalogue } from '../../catalogue/ToolCatalogue.js';
import type { AIFunction } from '../../function/AIFunction.js';
import type { NetworkScope } from '../../governance.js';
import { endpointOfTransport } from './endpointOfTransport.js';
import { importedAnnotations, importedFunction } from './importedFunction.js';

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
  /** Receives what goes wrong after the connect: a re-listing on `tools/list_changed` the catalogue refused, or that failed. */
  readonly onError?: (error: unknown) => void;
}

/** A server `connectMcpServer` connected into a catalogue. */
export interface McpServerConnection {
  readonly serverName: string;
  /** The server's tools as the catalogue publishes them (`<server>__<tool>`), as of the last listing; empty once closed. */
  readonly tools: readonly AIFunction[];
  /** Removes the server's tools from the catalogue and closes the client. */
  close(): Promise<void>;
}

/** The connection of each catalogue that currently publishes a server's tools, by server name. */
const publishers = new WeakMap<ToolCatalogue, Map<string, object>>();

/**
 * Connects the tools of a connected MCP client (`Client` of `@modelcontextprotocol/client` v2)
 * into `catalogue`, live: published as `<serverName>__<tool>` when this resolves, re-listed on
 * `notifications/tools/list_changed`, and removed when the client's transport closes (or on
 * `close()`). Calls of a closed connection's tools fail closed with a `ToolFailure` saying so.
 * It takes over the client's handler of `notifications/tools/list_changed` (a `listChanged.tools`
 * callback given to the `Client` no longer runs) and chains its `onclose`.
 *
 * The server's annotations are recorded in the catalogue entry's source, untrusted: an imported
 * tool is never read-only, keeps the default approval (a policy may require approval), and
 * has the network scope of the connection (see `options.networkScope`).
 *
 * Rejects with the catalogue's `ToolCatalogueSyncError` when a tool's qualified name is taken,
 * and with the client's error when the tools cannot be listed; the catalogue is then unchanged.
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
export async function connectMcpServer(catalogue: ToolCatalogue, client: Client, options: ConnectMcpServerOptions): Promise<McpServerConnection> {
  const { serverName } = options;
  if (typeof serverName !== 'string' || !/[a-z0-9]/i.test(serverName)) {
    throw new TypeError(`connectMcpServer needs a serverName with at least one letter or digit; got ${JSON.stringify(serverName) ?? 'undefined'}.`);
  }
  if (options.networkScope !== undefined && !isNetworkScope(options.networkScope)) {
    throw new RangeError(`${JSON.stringify(options.networkScope)} is not a network scope; use "none", "incidental" or "egress".`);
  }
  if (client.transport === undefined) throw new TypeError(`Connect the MCP client of "${serverName}" before connectMcpServer.`);
  const endpoint = await endpointOfTransport(client.transport);
  const networkScope: NetworkScope =
    endpoint.transport === 'other'
      ? (options.networkScope ?? 'egress')
      : widestNetworkScope(classifyEndpointNetworkScope(endpoint), options.networkScope ?? 'none');

  const token = {};
  let open = true;
  let tools: readonly AIFunction[] = [];
  const connection = { serverName, networkScope, client, isConnected: () => open };

  const publish = async (): Promise<void> => {
    const listed = await client.listTools(undefined, { cacheMode: 'refresh' });
    if (!open) return;
    const serverTools: ExternalServerTool[] = listed.tools.map((tool) => {
      const annotations = importedAnnotations(tool);
      const fn = importedFunction(tool, connection);
      return annotations === undefined ? { function: fn } : { function: fn, annotations };
    });
    const others = publishersOf(catalogue).get(serverName);
    if (others !== undefined && others !== token && catalogue.connectedServers.includes(serverName)) {
      throw new Error(`Another connection already publishes the MCP server "${serverName}" in this catalogue; close it first, or use another serverName.`);
    }
    catalogue.connectServer({ name: serverName, endpoint, networkScope, tools: serverTools });
    publishersOf(catalogue).set(serverName, token);
    tools = serverTools.map((tool) => catalogue.get(tool.function.qualifiedName)?.function ?? tool.function);
  };

  const unpublish = (): void => {
    if (!open) return;
    open = false;
    tools = [];
    if (publishersOf(catalogue).get(serverName) === token) {
      publishersOf(catalogue).delete(serverName);
      catalogue.disconnectServer(serverName);
    }
  };

  await publish();

  let relisting = Promise.resolve();
  const relist = (): void => {
    relisting = relisting.then(publish).catch((error: unknown) => {
      if (open) options.onError?.(error);
    });
  };
  client.setNotificationHandler('notifications/tools/list_changed', relist);
  const previousOnClose = client.onclose;
  client.onclose = () => {
    unpublish();
    previousOnClose?.();
  };
  // on the 2026-07-28 protocol, notifications only arrive on a subscription
  let subscription: { close(): Promise<void> } | undefined;
  if (client.getProtocolEra() === 'modern' && client.autoOpenedSubscription === undefined && client.getServerCapabilities()?.tools?.listChanged === true) {
    subscription = await client.listen({ toolsListChanged: true }).catch((error: unknown) => {
      options.onError?.(error);
      return undefined;
    });
  }

  return {
    serverName,
    get tools() {
      return tools;
    },
    async close() {
      unpublish();
      await subscription?.close();
      await client.close();
    },
  };
}

function publishersOf(catalogue: ToolCatalogue): Map<string, object> {
  let map = publishers.get(catalogue);
  if (map === undefined) {
    map = new Map();
    publishers.set(catalogue, map);
  }
  return map;
}
