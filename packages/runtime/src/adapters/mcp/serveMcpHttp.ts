import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import type { AIFunction } from '../../function/AIFunction.js';
import { registerMcpTools, type McpToolsOptions } from './registerMcpTools.js';

/** What `serveMcpHttp` takes besides the functions. */
export interface McpHttpOptions extends McpToolsOptions {
  /** The name and version clients see; `toolgen` and `0.0.0` unless given. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
  /**
   * A bearer token every request must carry (`Authorization: Bearer <token>`), compared in
   * constant time. A request without it, or with another, is answered 401 and runs nothing.
   */
  readonly authToken?: string;
  /**
   * The authorization servers that issue the token, for clients that discover them: the OAuth
   * protected-resource metadata document (RFC 9728) is served at
   * `/.well-known/oauth-protected-resource`, and each 401 points at it.
   */
  readonly authorizationServers?: readonly string[];
  /** How long a session may sit idle before it is closed (its client must initialize again); 30 minutes unless given. */
  readonly sessionIdleMs?: number;
  /**
   * The MCP server of one session, when the host builds it itself (say, to list tools by what the
   * client can do); by default a `McpServer` with these functions registered with these options.
   */
  readonly createServer?: () => McpServer;
  /** Receives what went wrong outside a tool call (a broken request, a transport error). */
  readonly onerror?: (error: Error) => void;
}

/** The Streamable HTTP endpoint `serveMcpHttp` returns: mount it on a Node HTTP server or any web framework. */
export interface McpHttpEndpoint {
  /** Answers one request, Node style: `http.createServer((req, res) => endpoint.node(req, res))`. */
  node(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Answers one request, web style (`Request` → `Response`): Hono, Next.js route handlers, Bun, Deno. */
  fetch(request: Request): Promise<Response>;
  /** How many sessions are open. */
  readonly sessions: number;
  /** Closes every session. */
  close(): Promise<void>;
}

interface Session {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly server: McpServer;
  lastSeen: number;
}

const defaultIdleMs = 30 * 60 * 1000;
/** The most of a session-less request's body read before a session exists (the transport bounds the rest alike). */
const maxBodyBytes = 4 * 1024 * 1024;

/** The body as text, or `undefined` once it passes `limit` bytes (nothing more is read). */
async function readBounded(request: Request, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) return undefined;
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Serves functions over MCP's Streamable HTTP transport (protocol 2025-11-25, with sessions), on
 * whatever path the host mounts it: each client's `initialize` opens a session (an `McpServer`
 * with `registerMcpTools`, and the `Mcp-Session-Id` the client sends from then on), so approvals
 * ask through elicitation within the session, across its requests, and fail closed as on stdio.
 * A session closes on `DELETE`, or after `sessionIdleMs` without a request; a request for a
 * session that is gone is answered 404, and the client initializes again.
 *
 * With `authToken`, every request must carry `Authorization: Bearer <token>`; anything else is
 * answered 401 with a `WWW-Authenticate` challenge, before any session is looked up. With
 * `authorizationServers` too, the endpoint answers `GET /.well-known/oauth-protected-resource/mcp`
 * (RFC 9728; route that path to it as well) and each challenge points there.
 *
 * ```ts
 * import http from 'node:http';
 * import { serveMcpHttp } from '@toolgen/runtime/mcp';
 *
 * const endpoint = await serveMcpHttp(ticketToolset.functions, { authToken: process.env.MCP_TOKEN, context: { services } });
 * http.createServer((req, res) => (req.url?.startsWith('/mcp') ? endpoint.node(req, res) : res.writeHead(404).end())).listen(3000, '127.0.0.1');
 * ```
 *
 * Behind a load balancer, a session lives in the instance that opened it: route requests by
 * their `Mcp-Session-Id` header (sticky sessions).
 */
export async function serveMcpHttp(functions: readonly AIFunction[], options: McpHttpOptions = {}): Promise<McpHttpEndpoint> {
  const sdk = await import('@modelcontextprotocol/server');
  const idleMs = options.sessionIdleMs ?? defaultIdleMs;
  if (typeof idleMs !== 'number' || !(idleMs > 0)) throw new RangeError(`sessionIdleMs must be a positive number of milliseconds; got ${String(idleMs)}.`);
  const token = options.authToken === undefined ? undefined : digest(options.authToken);
  if (options.authToken === '') throw new RangeError('authToken is empty: give the token clients must send, or leave authToken out.');
  const sessions = new Map<string, Session>();
  const createServer =
    options.createServer ??
    (() => {
      const server = new sdk.McpServer({ name: options.serverInfo?.name ?? 'toolgen', version: options.serverInfo?.version ?? '0.0.0' }, { capabilities: { tools: {} } });
      registerMcpTools(server, functions, options);
      return server;
    });

  const closeSession = async (id: string): Promise<void> => {
    const session = sessions.get(id);
    if (session === undefined) return;
    sessions.delete(id);
    await session.transport.close().catch(() => undefined);
    await session.server.close().catch(() => undefined);
  };
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [id, session] of sessions) if (now - session.lastSeen > idleMs) void closeSession(id);
  }, Math.max(50, Math.min(idleMs / 2, 60_000)));
  sweeper.unref();

  // RFC 9728: the metadata of https://host/mcp is at https://host/.well-known/oauth-protected-resource/mcp
  const metadataPath = '/.well-known/oauth-protected-resource';
  const challenge = (request: Request): Response => {
    const resourceMetadata = options.authorizationServers === undefined ? '' : `, resource_metadata="${new URL(metadataPath + new URL(request.url).pathname, request.url).href}"`;
    return Response.json(
      { jsonrpc: '2.0', error: { code: -32001, message: 'Unauthorized: send Authorization: Bearer <token>.' }, id: null },
      { status: 401, headers: { 'WWW-Authenticate': `Bearer realm="mcp"${resourceMetadata}` } },
    );
  };
  const fail = (status: number, message: string): Response => Response.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, { status });

  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname.startsWith(metadataPath) && request.method === 'GET' && options.authorizationServers !== undefined) {
      return Response.json({ resource: new URL(url.pathname.slice(metadataPath.length) || '/', url).href, authorization_servers: [...options.authorizationServers], bearer_methods_supported: ['header'] });
    }
    if (token !== undefined && !authorized(request.headers.get('authorization'), token)) return challenge(request);
    const id = request.headers.get('mcp-session-id');
    if (id !== null) {
      const session = sessions.get(id);
      if (session === undefined) return fail(404, 'Session not found: it ended or expired. Initialize a new session.');
      session.lastSeen = Date.now();
      const response = await session.transport.handleRequest(request);
      if (request.method === 'DELETE') await closeSession(id);
      return response;
    }
    if (request.method !== 'POST') return fail(400, 'Bad request: no Mcp-Session-Id. Start with an initialize request.');
    let body: unknown;
    try {
      const text = await readBounded(request, maxBodyBytes);
      if (text === undefined) return fail(413, `Payload too large: an initialize request is at most ${maxBodyBytes} bytes.`);
      body = JSON.parse(text);
    } catch {
      return fail(400, 'Parse error: the body is not JSON.');
    }
    if (!sdk.isInitializeRequest(body)) return fail(400, 'Bad request: no Mcp-Session-Id. Start with an initialize request.');
    const server = createServer();
    const transport: WebStandardStreamableHTTPServerTransport = new sdk.WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, { transport, server, lastSeen: Date.now() }),
    });
    if (options.onerror !== undefined) transport.onerror = options.onerror;
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody: body });
  };

  return {
    fetch,
    async node(req, res) {
      try {
        const response = await fetch(toRequest(req));
        await writeResponse(response, res);
      } catch (error) {
        options.onerror?.(error instanceof Error ? error : new Error(String(error)));
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }));
      }
    },
    get sessions() {
      return sessions.size;
    },
    async close() {
      clearInterval(sweeper);
      await Promise.all([...sessions.keys()].map(closeSession));
    },
  };
}

/** The SHA-256 of a token: equal-length digests make the comparison constant-time whatever the lengths. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function authorized(header: string | null, expected: Buffer): boolean {
  const match = header === null ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, { method: req.method ?? 'GET', headers, ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}) } as RequestInit);
}

async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (typeof res.flushHeaders === 'function') res.flushHeaders();
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.once('close', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}
