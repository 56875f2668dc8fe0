import type { ExternalToolEndpoint } from '../../catalogue/classifyEndpoint.js';

/** The MCP client transports toolgen recognizes, when their package can be loaded. */
interface KnownTransports {
  readonly stdio?: abstract new (...args: never[]) => unknown;
  readonly http: readonly (abstract new (...args: never[]) => unknown)[];
}

/**
 * How a connected MCP client reaches its server, for the catalogue's network-scope defaults:
 * the SDK's `StdioClientTransport` is `stdio`, its Streamable HTTP and SSE transports are
 * `http` with their URL, and anything else (an in-memory pair, a custom transport, an HTTP
 * transport whose URL cannot be read) is `other`, which the catalogue treats as `egress`.
 */
export async function endpointOfTransport(transport: unknown): Promise<ExternalToolEndpoint> {
  if (typeof transport !== 'object' || transport === null) return { transport: 'other', description: 'no transport' };
  const known = await knownTransports();
  const name = (transport as { constructor?: { name?: unknown } }).constructor?.name;
  const label = typeof name === 'string' && name !== '' ? name : 'an unknown transport';
  if ((known.stdio !== undefined && transport instanceof known.stdio) || name === 'StdioClientTransport') {
    // the SDK keeps the command it spawned private; it is recorded for audits only
    const params = (transport as { _serverParams?: { command?: unknown; args?: unknown } })._serverParams;
    const command = typeof params?.command === 'string' ? params.command : 'an unknown command';
    const args = Array.isArray(params?.args) && params.args.every((arg) => typeof arg === 'string') ? (params.args as string[]) : undefined;
    return args === undefined ? { transport: 'stdio', command } : { transport: 'stdio', command, args: [...args] };
  }
  if (known.http.some((type) => transport instanceof type) || name === 'StreamableHTTPClientTransport' || name === 'SSEClientTransport') {
    const url = (transport as { _url?: unknown })._url;
    if (url instanceof URL) return { transport: 'http', url: url.href };
  }
  return { transport: 'other', description: label };
}

let loaded: Promise<KnownTransports> | undefined;

function knownTransports(): Promise<KnownTransports> {
  loaded ??= (async () => {
    const [client, stdio] = await Promise.all([
      import('@modelcontextprotocol/client').catch(() => undefined),
      import('@modelcontextprotocol/client/stdio').catch(() => undefined),
    ]);
    const http = [client?.StreamableHTTPClientTransport, client?.SSEClientTransport].filter((type) => type !== undefined);
    return stdio === undefined ? { http } : { stdio: stdio.StdioClientTransport, http };
  })();
  return loaded;
}
