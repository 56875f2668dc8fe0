/**
 * The generated ticket tools with the Anthropic SDK: `toAnthropicTools` builds the tools for the
 * Messages API, and `runAnthropicToolUse` answers each `tool_use` block with a `tool_result`
 * block. The model's reply is a recorded payload, shaped (and typed) like the API's, so the example
 * runs without a key; the request that would follow is built and type-checked, not sent. The
 * tools come from `resolveAgentTools`, so close_ticket asks a person first.
 *
 *   npm start -w examples/anthropic
 */
import type Anthropic from '@anthropic-ai/sdk';
import {
  resolveAgentTools,
  ToolApprovalRouter,
  ToolCatalogue,
  type ToolApprovalChannel,
  type ToolServices,
} from '@toolgen/runtime';
import { runAnthropicToolUse, toAnthropicTools } from '@toolgen/runtime/anthropic';
import { Priority } from '../../tickets/src/model.js';
import { InMemoryTickets } from '../../tickets/src/services.js';
import { ticketToolset } from '../../tickets/src/tickets.tools.js';

const print = (line = ''): void => console.log(line);
const services: ToolServices = { tickets: new InMemoryTickets([
  { number: 4711, title: 'Printer on floor 3 prints blank pages', status: 'open', priority: Priority.Normal, openedAt: new Date('2026-11-20T09:15:00Z'), assignee: null, tags: [] },
  { number: 4712, title: 'VPN drops every hour', status: 'pending', priority: Priority.Urgent, openedAt: new Date('2026-11-24T16:40:00Z'), assignee: null, tags: [] },
]) };

// ── The agent's tools: close_ticket is wrapped for approval; this person refuses 4712 ────────
const personAtKeyboard: ToolApprovalChannel = {
  name: 'console',
  requestApproval: async (request) => {
    const approve = (request.arguments as { number?: unknown }).number !== 4712;
    print(`  [approval prompt] ${request.toolName} ${JSON.stringify(request.arguments)} (call ${request.callId}) → ${approve ? 'approve' : 'reject'}`);
    return approve ? { decision: 'approve' } : { decision: 'reject', reason: 'the VPN team still works on it' };
  },
};
const catalogue = new ToolCatalogue();
catalogue.sync({ toolsets: [ticketToolset] });
const { functions } = resolveAgentTools({ name: 'support', toolsets: [{ owner: 'ticket' }] }, catalogue, {
  approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: personAtKeyboard }),
});

const tools = toAnthropicTools(functions);
print(`tools: ${tools.map((tool) => tool.name).join(', ')}`);
print(`ticket__close_ticket as sent: ${JSON.stringify(tools[2])}`);

const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Close the printer ticket, it is fixed. Close the VPN one too.' }];
// what client.messages.create({ model, max_tokens, messages, tools }) returned
const reply: Anthropic.Message = {
  id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-5-5',
  container: null,
  diagnostics: null,
  content: [
    { type: 'text', text: 'I will find the tickets and close them.', citations: null },
    { type: 'tool_use', id: 'toolu_01A09q90qw90lq917835lq9', name: 'ticket__search_tickets', input: { query: 'printer' }, caller: { type: 'direct' } },
    { type: 'tool_use', id: 'toolu_01B17dE4nM2xT8pQ3rV6wY0z', name: 'ticket__close_ticket', input: { number: 4711, reason: 'Replaced the fuser unit.' }, caller: { type: 'direct' } },
    { type: 'tool_use', id: 'toolu_01C55hK2jL9mN4bV7cX1zQ3w', name: 'ticket__close_ticket', input: { number: 4712, reason: 'Fixed, I think.' }, caller: { type: 'direct' } },
    { type: 'tool_use', id: 'toolu_01D88fG3hJ6kL1mN9pQ2rS5t', name: 'ticket__get_ticket', input: { number: 'the VPN one' }, caller: { type: 'direct' } },
  ],
  stop_reason: 'tool_use',
  stop_details: null,
  stop_sequence: null,
  usage: {
    input_tokens: 612,
    output_tokens: 141,
    cache_creation: null,
    cache_creation_input_tokens: null,
    cache_read_input_tokens: null,
    inference_geo: null,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: 'standard',
    speed: null,
  },
};

print('\nthe model calls, and runAnthropicToolUse answers:');
messages.push({ role: 'assistant', content: reply.content });
const results: Anthropic.ToolResultBlockParam[] = [];
for (const block of reply.content) {
  if (block.type !== 'tool_use') continue;
  print(`  ${block.name} ${JSON.stringify(block.input)}`);
  const result = await runAnthropicToolUse(functions, block, { services });
  print(`    → ${JSON.stringify(result)}`);
  results.push(result);
}
messages.push({ role: 'user', content: results });
const nextRequest: Anthropic.MessageCreateParamsNonStreaming = { model: 'claude-sonnet-5-5', max_tokens: 1024, messages, tools };
print(`the next request sends ${nextRequest.messages.length} messages, the last with ${results.length} tool_result blocks`);
