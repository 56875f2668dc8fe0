import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { McpServer } from '@modelcontextprotocol/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveAgentTools, ToolCatalogue, ToolCatalogueSyncError, ToolFailure, type AIFunction } from '@toolgen/runtime';
import { connectMcpServer, registerMcpTools } from '@toolgen/runtime/mcp';
import { endpointOfTransport } from '../../src/adapters/mcp/endpointOfTransport.js';
import { fakeToolset } from '../governance/fixtures.js';
import { rejectionOf } from '../invokeFixtures.js';
import { closeAll, connectClient, generateNotes, newServer, type GeneratedNotes } from './mcpFixtures.js';

/*
 * connectMcpServer with real Clients: over the SDK's in-memory transport to a real McpServer
 * (tools described with zod, as most servers do), and over stdio to a server process.
 */

/** A server with tools whose results take each shape connectMcpServer maps. */
function githubServer(): McpServer {
  const server = newServer();
  server.registerTool(
    'list_issues',
    {
      description: 'Lists the issues of the repository.',
      inputSchema: z.object({ state: z.enum(['open', 'closed']) }),
      outputSchema: z.object({ issues: z.array(z.object({ number: z.number(), title: z.string() })) }),
      annotations: { title: 'List issues', readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    },
    async ({ state }) => {
      const issues = state === 'open' ? [{ number: 1, title: 'Crash on start' }] : [];
      return { content: [{ type: 'text', text: JSON.stringify({ issues }) }], structuredContent: { issues } };
    },
  );
  server.registerTool('get_readme', { description: 'Reads the README.' }, async () => ({ content: [{ type: 'text', text: '{"title":"toolgen","lines":42}' }] }));
  server.registerTool('say_hello', { description: 'Greets.' }, async () => ({ content: [{ type: 'text', text: 'Hello there' }] }));
  server.registerTool('get_logo', { description: 'The logo.' }, async () => ({
    content: [
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'text', text: 'The logo' },
    ],
  }));
  server.registerTool('merge', { description: 'Merges.', annotations: { readOnlyHint: true } }, async () => ({
    content: [{ type: 'text', text: 'Rate limited: try again in a minute.' }],
    isError: true,
  }));
  return server;
}

const connections: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.close().catch(() => undefined);
  await closeAll();
});

async function connectGithub(catalogue = new ToolCatalogue(), options: { networkScope?: 'none' | 'incidental' | 'egress' } = {}) {
  const server = githubServer();
  const client = await connectClient(server);
  const connection = await connectMcpServer(catalogue, client, { serverName: 'GitHub', ...options });
  connections.push(connection);
  return { catalogue, server, client, connection, fn: (name: string) => catalogue.get(`github__${name}`)!.function };
}

describe('connecting', () => {
  it('publishes the tools as <server>__<tool> when it resolves', async () => {
    const { catalogue, connection } = await connectGithub();
    expect(connection.serverName).toBe('GitHub');
    expect(connection.tools.map((fn) => fn.qualifiedName)).toEqual([
      'github__list_issues',
      'github__get_readme',
      'github__say_hello',
      'github__get_logo',
      'github__merge',
    ]);
    expect(catalogue.connectedServers).toEqual(['GitHub']);
    expect(catalogue.get('GITHUB__LIST_ISSUES')?.function.description).toBe('Lists the issues of the repository.');
  });

  it('never trusts the remote annotations: recorded on the source, yet no tool is read-only', async () => {
    const { catalogue, fn } = await connectGithub();
    const entry = catalogue.get('github__list_issues')!;
    expect(entry.source).toMatchObject({
      kind: 'server',
      serverName: 'GitHub',
      originalName: 'list_issues',
      annotations: { title: 'List issues', readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    });
    expect(fn('list_issues').metadata).toEqual({
      readOnly: false,
      approval: 'default',
      networkScope: 'egress',
      confidentiality: 'any',
      workspacePaths: [],
      settings: null,
    });
    const plan = resolveAgentTools({ name: 'planner', allowedTools: ['github__list_issues', 'github__merge'], planMode: true }, catalogue, {});
    expect(plan.functions).toEqual([]);
  });

  it('takes the network scope from the options, else egress for a transport it cannot classify', async () => {
    const unclassified = await connectGithub();
    expect(unclassified.catalogue.getNetworkScope('github__list_issues')).toBe('egress');
    const classified = await connectGithub(new ToolCatalogue(), { networkScope: 'incidental' });
    expect(classified.catalogue.getDeclaredNetworkScope('github__list_issues')).toBe('incidental');
    expect(classified.fn('list_issues').metadata.networkScope).toBe('incidental');
  });

  it('refuses a server name without a letter or digit, a scope that is none of the three, and a client that is not connected', async () => {
    const catalogue = new ToolCatalogue();
    const client = await connectClient(githubServer());
    await expect(connectMcpServer(catalogue, client, { serverName: '__' })).rejects.toThrow(/needs a serverName with at least one letter or digit/);
    await expect(connectMcpServer(catalogue, client, { serverName: 'github', networkScope: 'lan' as never })).rejects.toThrow(/"lan" is not a network scope/);
    await expect(connectMcpServer(catalogue, new Client({ name: 'idle', version: '1' }), { serverName: 'github' })).rejects.toThrow(/Connect the MCP client of "github" before connectMcpServer/);
    expect(catalogue.size).toBe(0);
  });

  it("leaves a tool out when the host's own toolset has its name, and rejects, changing nothing, when another server's tool has it", async () => {
    const catalogue = new ToolCatalogue();
    const own = fakeToolset('GithubToolset', [{ name: 'merge' }]);
    catalogue.sync({ toolsets: [own] });
    const { connection } = await connectGithub(catalogue);
    expect(catalogue.get('github__merge')?.function).toBe(own.functions[0]);
    expect(connection.tools.map((fn) => fn.name)).toEqual(['list_issues', 'get_readme', 'say_hello', 'get_logo']);
    expect(connection.omitted).toMatchObject([{ tool: 'merge', kind: 'name_taken' }]);

    const error = await rejectionOf(connectMcpServer(catalogue, await connectClient(githubServer()), { serverName: 'github' }));
    expect(error).toBeInstanceOf(ToolCatalogueSyncError);
    expect((error as Error).message).toMatch(/"github__list_issues" is published by MCP server "GitHub" \(tool "list_issues"\) and by MCP server "github"/);
    expect(catalogue.connectedServers).toEqual(['GitHub']);
  });
});

describe("an imported tool's invoke", () => {
  it('resolves to the structuredContent', async () => {
    const { fn } = await connectGithub();
    expect(await fn('list_issues').invoke({ state: 'open' })).toEqual({ issues: [{ number: 1, title: 'Crash on start' }] });
  });

  it('resolves to the JSON of a single text content, or the text when it is not JSON', async () => {
    const { fn } = await connectGithub();
    expect(await fn('get_readme').invoke({})).toEqual({ title: 'toolgen', lines: 42 });
    expect(await fn('say_hello').invoke({})).toBe('Hello there');
  });

  it('resolves to the content array otherwise', async () => {
    const { fn } = await connectGithub();
    expect(await fn('get_logo').invoke({})).toEqual([
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'text', text: 'The logo' },
    ]);
  });

  it("rejects an isError result as a ToolFailure with the server's text", async () => {
    const { fn } = await connectGithub();
    const error = await rejectionOf(fn('merge').invoke({}));
    expect(error).toBeInstanceOf(ToolFailure);
    expect((error as Error).message).toBe('Rate limited: try again in a minute.');
  });

  it('rejects what is not an arguments object before calling, and passes the rest to the server, which validates', async () => {
    const { fn } = await connectGithub();
    expect(((await rejectionOf(fn('list_issues').invoke([]))) as Error).message).toMatch(/^Invalid arguments:\n- \(arguments\): must be an object/);
    const refused = await rejectionOf(fn('list_issues').invoke({ state: 'pending' }));
    expect(refused).toBeInstanceOf(ToolFailure);
    expect((refused as Error).message).toMatch(/state/);
  });
});

describe('live', () => {
  it('re-lists on tools/list_changed: added tools join the catalogue, removed ones leave it', async () => {
    const { catalogue, server, connection } = await connectGithub();
    const added = server.registerTool('close_issue', { description: 'Closes an issue.' }, async () => ({ content: [{ type: 'text', text: 'closed' }] }));
    await expect.poll(() => catalogue.has('github__close_issue')).toBe(true);
    expect(connection.tools.map((fn) => fn.name)).toContain('close_issue');
    added.remove();
    await expect.poll(() => catalogue.has('github__close_issue')).toBe(false);
    expect(catalogue.has('github__list_issues')).toBe(true);
  });

  it("removes the tools when the client's transport closes, and a held tool then fails closed", async () => {
    const { catalogue, server, fn, connection } = await connectGithub();
    const held: AIFunction = fn('say_hello');
    await server.close();
    await expect.poll(() => catalogue.has('github__say_hello')).toBe(false);
    expect([catalogue.connectedServers, connection.tools]).toEqual([[], []]);
    const error = await rejectionOf(held.invoke({}));
    expect(error).toBeInstanceOf(ToolFailure);
    expect((error as Error).message).toBe(
      'The MCP server "GitHub" is disconnected, so github__say_hello was not called. Tell the user the server is not available; do not retry until it is connected again.',
    );
  });

  it('close() removes the tools and closes the client', async () => {
    const { catalogue, client, connection } = await connectGithub();
    await connection.close();
    expect(catalogue.size).toBe(0);
    expect(client.transport).toBeUndefined();
  });
});

describe('over stdio', () => {
  const folder = path.join(import.meta.dirname, `.toolgen-tmp-mcp-stdio-${process.pid}`);
  const script = path.join(folder, 'weather-server.mjs');
  beforeAll(() => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      script,
      `import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
const server = new McpServer({ name: 'weather', version: '1.0.0' }, { capabilities: { tools: {} } });
server.registerTool('forecast', { description: 'Tomorrow\\'s weather.', annotations: { readOnlyHint: true } }, async () => ({
  content: [{ type: 'text', text: JSON.stringify({ sky: 'clear', pid: process.pid }) }],
}));
await server.connect(new StdioServerTransport());
`,
    );
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function connectWeather(options: { networkScope?: 'egress' } = {}) {
    const catalogue = new ToolCatalogue();
    const transport = new StdioClientTransport({ command: process.execPath, args: [script], stderr: 'ignore' });
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(transport, { timeout: 20_000 });
    const connection = await connectMcpServer(catalogue, client, { serverName: 'weather', ...options });
    connections.push(connection);
    return { catalogue, transport, connection };
  }

  it('classifies a stdio server as none unless the options widen it, and calls its tools', async () => {
    const { catalogue } = await connectWeather();
    expect(catalogue.getNetworkScope('weather__forecast')).toBe('none');
    expect(catalogue.get('weather__forecast')!.source).toMatchObject({ kind: 'server', endpoint: { transport: 'stdio', command: process.execPath, args: [script] } });
    expect(await catalogue.get('weather__forecast')!.function.invoke({})).toMatchObject({ sky: 'clear' });
    const widened = await connectWeather({ networkScope: 'egress' });
    expect(widened.catalogue.getNetworkScope('weather__forecast')).toBe('egress');
  });

  it('removes the tools when the server process exits', async () => {
    const { catalogue, transport } = await connectWeather();
    process.kill(transport.pid!, 'SIGKILL');
    await expect.poll(() => catalogue.has('weather__forecast'), { timeout: 10_000 }).toBe(false);
  });
});

describe('the endpoint of a transport', () => {
  it.each([
    ['http://127.0.0.1:7420/mcp', 'incidental'],
    ['http://localhost:3000/mcp', 'incidental'],
    ['https://mcp.example.com/mcp', 'egress'],
  ])('reads the URL of a Streamable HTTP transport: %s', async (url, scope) => {
    const endpoint = await endpointOfTransport(new StreamableHTTPClientTransport(new URL(url)));
    expect(endpoint).toEqual({ transport: 'http', url });
    const { classifyEndpointNetworkScope } = await import('@toolgen/runtime');
    expect(classifyEndpointNetworkScope(endpoint)).toBe(scope);
  });

  it('calls anything else other, which is egress unless the host classifies it', async () => {
    const endpoint = await endpointOfTransport({ send() {} });
    expect(endpoint).toEqual({ transport: 'other', description: 'Object' });
    const { classifyEndpointNetworkScope } = await import('@toolgen/runtime');
    expect(classifyEndpointNetworkScope(endpoint)).toBe('egress');
    const catalogue = new ToolCatalogue();
    catalogue.connectServer({ name: 'pair', endpoint, tools: [{ function: fakeToolset('X', [{ name: 'a' }]).functions[0]! }] });
    catalogue.connectServer({ name: 'classified', endpoint, networkScope: 'none', tools: [{ function: fakeToolset('X', [{ name: 'b' }]).functions[0]! }] });
    expect([catalogue.getNetworkScope('pair__a'), catalogue.getNetworkScope('classified__b')]).toEqual(['egress', 'none']);
  });
});

describe('round trip with registerMcpTools', () => {
  let notes: GeneratedNotes;
  beforeAll(async () => {
    notes = await generateNotes('mcp-connect');
  }, 120_000);
  afterAll(() => notes.remove());

  it("answers an imported toolgen tool's calls as the tool itself would", async () => {
    const server = newServer();
    registerMcpTools(server, notes.toolset.functions, { names: 'name' });
    const client = await connectClient(server);
    const catalogue = new ToolCatalogue();
    connections.push(await connectMcpServer(catalogue, client, { serverName: 'notes' }));
    const getNote = catalogue.get('notes__get_note')!.function;
    expect(await getNote.invoke({ id: 3 })).toEqual(await notes.fn('get_note').invoke({ id: 3 }));
    expect(await catalogue.get('notes__list_notes')!.function.invoke({})).toEqual(await notes.fn('list_notes').invoke({}));
    const invalid = await rejectionOf(getNote.invoke({ id: 'three' }));
    expect((invalid as Error).message).toBe('Invalid arguments:\n- /id: must be a number; got "three"\nCorrect these arguments and call the tool again.');
    const failure = await rejectionOf(getNote.invoke({ id: 404 }));
    expect((failure as Error).message).toBe('No note 404 exists. List the notes to find its id.');
  });
});
