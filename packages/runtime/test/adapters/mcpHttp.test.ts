import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serveMcpHttp, type McpHttpEndpoint, type McpHttpOptions } from '@toolgen/runtime/mcp';
import { generateCalendar, type Calendar } from './calendarTools.js';

/*
 * Issue 29: serveMcpHttp, MCP's Streamable HTTP transport with sessions, on loopback, driven by the
 * MCP SDK's own Client over StreamableHTTPClientTransport.
 */

let calendar: Calendar;

beforeAll(async () => {
  calendar = await generateCalendar();
}, 120_000);

const opened: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const each of opened.splice(0).reverse()) await each.close();
});

async function listen(options: McpHttpOptions = {}): Promise<{ url: URL; endpoint: McpHttpEndpoint }> {
  const endpoint = await serveMcpHttp(calendar.toolset.functions, options);
  const server = http.createServer((req, res) => void endpoint.node(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) }, endpoint);
  opened.push({ close: () => server.closeAllConnections() });
  return { url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`), endpoint };
}

type Answer = 'accept' | 'decline';

async function connect(url: URL, options: { token?: string; answers?: Answer[] } = {}): Promise<Client> {
  const client = new Client({ name: 'http-test', version: '1.0.0' }, options.answers === undefined ? {} : { capabilities: { elicitation: {} } });
  if (options.answers !== undefined) {
    const answers = options.answers;
    client.setRequestHandler('elicitation/create', (async () => (answers.shift() === 'accept' ? { action: 'accept', content: { approve: true } } : { action: 'decline' })) as never);
  }
  const requestInit = options.token === undefined ? {} : { requestInit: { headers: { Authorization: `Bearer ${options.token}` } } };
  await client.connect(new StreamableHTTPClientTransport(url, requestInit));
  opened.push(client);
  return client;
}

const text = (result: unknown): string => (result as { content: { text: string }[] }).content[0]!.text;

describe('serveMcpHttp', () => {
  it('lists and calls the tools over a session', async () => {
    const { url, endpoint } = await listen();
    const client = await connect(url);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['calendar__schedule_meeting', 'calendar__cancel_meeting', 'calendar__find_rooms']);
    const booked = await client.callTool({ name: 'calendar__schedule_meeting', arguments: { title: 'Sync', at: '2026-03-02T09:00:00Z' } });
    expect(booked.structuredContent).toEqual({ title: 'Sync', at: '2026-03-02T09:00:00.000Z', minutes: 30, room: null });
    const invalid = await client.callTool({ name: 'calendar__schedule_meeting', arguments: { title: 7 } });
    expect([invalid.isError, text(invalid)]).toEqual([true, expect.stringContaining('- /title: must be a string; got 7')]);
    expect(endpoint.sessions).toBe(1);
  });

  it('answers 401 and runs nothing without the bearer token, or with another; with it, serves', async () => {
    const { url } = await listen({ authToken: 's3cret-token' });
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
    const post = (headers: Record<string, string>) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(initialize) });
    const missing = await post({});
    expect([missing.status, missing.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="mcp"']);
    expect((await post({ authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await post({ authorization: 'Basic czNjcmV0LXRva2Vu' })).status).toBe(401);
    await expect(connect(url, { token: 'nope' })).rejects.toThrow();
    const client = await connect(url, { token: 's3cret-token' });
    expect((await client.listTools()).tools).toHaveLength(3);
  });

  it('refuses a session-less body over 4 MiB with 413, reading no more of it', async () => {
    const { url, endpoint } = await listen();
    const huge = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"pad":"${'x'.repeat(5 * 1024 * 1024)}"}}` });
    expect(huge.status).toBe(413);
    expect(endpoint.sessions).toBe(0);
  });

  it('serves the protected-resource metadata when authorization servers are named, and each 401 points at it', async () => {
    const { url } = await listen({ authToken: 't', authorizationServers: ['https://auth.example.com'] });
    const metadata = await fetch(new URL('/.well-known/oauth-protected-resource/mcp', url));
    expect(await metadata.json()).toEqual({ resource: url.href, authorization_servers: ['https://auth.example.com'], bearer_methods_supported: ['header'] });
    const refused = await fetch(url, { method: 'POST', body: '{}' });
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer realm="mcp", resource_metadata="${new URL('/.well-known/oauth-protected-resource/mcp', url).href}"`);
  });

  it('asks for approval through elicitation within the session, runs only what is approved, and refuses a client that cannot elicit', async () => {
    const { url } = await listen();
    const approving = await connect(url, { answers: ['decline', 'accept'] });
    const declined = await approving.callTool({ name: 'calendar__cancel_meeting', arguments: { title: 'Offsite' } });
    expect(declined.isError).toBe(true);
    expect(calendar.cancelled).not.toContain('Offsite');
    const approved = await approving.callTool({ name: 'calendar__cancel_meeting', arguments: { title: 'Offsite' } });
    expect(approved.isError).toBeUndefined();
    expect(calendar.cancelled).toContain('Offsite');

    const plain = await connect(url);
    const refused = await plain.callTool({ name: 'calendar__cancel_meeting', arguments: { title: 'Retro' } });
    expect([refused.isError, text(refused)]).toEqual([true, 'calendar__cancel_meeting was not called: this tool needs approval, and this client cannot give it.']);
    expect(calendar.cancelled).not.toContain('Retro');
  });

  it('closes a session idle for sessionIdleMs: its requests get 404, and a new session works', async () => {
    const { url, endpoint } = await listen({ sessionIdleMs: 150 });
    const client = await connect(url);
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId!;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(endpoint.sessions).toBe(0);
    const stale = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    });
    expect(stale.status).toBe(404);
    const again = await connect(url);
    expect((await again.listTools()).tools).toHaveLength(3);
  });
});
