import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolCatalogue } from '@toolgen/runtime';
import { connectMcpServer, registerMcpTools } from '@toolgen/runtime/mcp';
import { generateCalendar, type Calendar } from './calendarTools.js';

/*
 * Issue 28: the MCP adapter on the SDK's v1 line, `@modelcontextprotocol/sdk` 1.x, which the
 * reference servers are built on: registerMcpTools on its McpServer and connectMcpServer with its
 * Client, over the SDK's in-memory transport.
 */

let calendar: Calendar;

beforeAll(async () => {
  calendar = await generateCalendar();
}, 120_000);

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const each of open.splice(0)) await each.close().catch(() => undefined);
});

async function connect(server: McpServer, capabilities: ConstructorParameters<typeof Client>[1] = {}): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test-client', version: '1.0.0' }, capabilities);
  await server.connect(serverSide);
  await client.connect(clientSide);
  open.push(client, server);
  return client;
}

function text(result: unknown): string {
  return ((result as { content: { text: string }[] }).content[0]!).text;
}

describe('registerMcpTools on a v1 McpServer', () => {
  it("lists each tool with toolgen's JSON Schemas and annotations, beside the server's own zod tools", async () => {
    const server = new McpServer({ name: 'calendar', version: '1.0.0' });
    server.registerTool('ping', { description: 'Answers pong.', inputSchema: { loud: z.boolean() } }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
    registerMcpTools(server, calendar.toolset.functions);
    const client = await connect(server);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['ping', 'calendar__schedule_meeting', 'calendar__cancel_meeting', 'calendar__find_rooms']);
    const schedule = tools.find((tool) => tool.name === 'calendar__schedule_meeting')!;
    expect(schedule.inputSchema).toEqual(calendar.schedule.parameters.jsonSchema);
    expect(schedule.description).toBe(calendar.schedule.description);
    expect(schedule.annotations).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false });
    expect(tools[0]!.inputSchema).toMatchObject({ type: 'object', properties: { loud: { type: 'boolean' } } });
  });

  it('runs a valid call, answers invalid arguments in the validator\'s words, and keeps the server\'s own tools working', async () => {
    const server = new McpServer({ name: 'calendar', version: '1.0.0' });
    server.registerTool('ping', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
    registerMcpTools(server, calendar.toolset.functions);
    const client = await connect(server);
    const booked = await client.callTool({ name: 'calendar__schedule_meeting', arguments: { title: 'Sync', at: '2026-03-02T09:00:00Z' } });
    expect(booked.isError).toBeUndefined();
    expect(booked.structuredContent).toEqual({ title: 'Sync', at: '2026-03-02T09:00:00.000Z', minutes: 30, room: null });
    const invalid = await client.callTool({ name: 'calendar__schedule_meeting', arguments: { title: 7 } });
    expect(invalid.isError).toBe(true);
    expect(text(invalid)).toBe('Invalid arguments:\n- /title: must be a string; got 7\n- /at: is required; send a date-time string\nCorrect these arguments and call the tool again.');
    expect(text(await client.callTool({ name: 'ping', arguments: {} }))).toBe('pong');
  });

  it('asks through elicitation before a call that needs approval, and never runs it unanswered, declined, or for a client that cannot elicit', async () => {
    const server = new McpServer({ name: 'calendar', version: '1.0.0' });
    registerMcpTools(server, calendar.toolset.functions);
    const plain = await connect(server);
    const refused = await plain.callTool({ name: 'calendar__cancel_meeting', arguments: { title: 'Retro' } });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe('calendar__cancel_meeting was not called: this tool needs approval, and this client cannot give it.');

    const asked: string[] = [];
    const answers = ['decline', 'accept'];
    const server2 = new McpServer({ name: 'calendar', version: '1.0.0' });
    registerMcpTools(server2, calendar.toolset.functions);
    const eliciting = await connect(server2, { capabilities: { elicitation: { form: {} } } });
    eliciting.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      const action = answers.shift()!;
      return action === 'accept' ? { action: 'accept', content: { approve: true } } : { action: 'decline' };
    });
    const declined = await eliciting.callTool({ name: 'calendar__cancel_meeting', arguments: { title: 'Standup' } });
    expect(declined.isError).toBe(true);
    expect(calendar.cancelled).not.toContain('Standup');
    const approved = await eliciting.callTool({ name: 'calendar__cancel_meeting', arguments: { title: 'Standup' } });
    expect(approved.isError).toBeUndefined();
    expect(calendar.cancelled).toContain('Standup');
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain('Allow calendar__cancel_meeting to run with these arguments?');
  });
});

describe('connectMcpServer with a v1 Client', () => {
  it('publishes the server\'s tools, calls them, re-lists on tools/list_changed, and removes them when the client closes', async () => {
    const server = new McpServer({ name: 'calendar', version: '1.0.0' });
    registerMcpTools(server, [calendar.schedule, calendar.findRooms], { names: 'name' });
    const client = await connect(server);
    const catalogue = new ToolCatalogue();
    const connection = await connectMcpServer(catalogue, client, { serverName: 'cal' });
    expect(connection.tools.map((fn) => fn.qualifiedName)).toEqual(['cal__schedule_meeting', 'cal__find_rooms']);
    const rooms = connection.tools.find((fn) => fn.name === 'find_rooms')!;
    expect(await rooms.invoke({ minSeats: 10 })).toEqual(['Aula']);

    server.registerTool('ping', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
    await expect.poll(() => connection.tools.map((fn) => fn.name)).toContain('ping');

    await client.close();
    await expect.poll(() => catalogue.connectedServers).toEqual([]);
  });
});
