/**
 * The generated ticket tools with the OpenAI SDK: `toOpenAITools` builds the strict function
 * tools for Chat Completions and for the Responses API, and `runOpenAIToolCall` answers the
 * model's calls. The model's replies are recorded payloads, shaped (and typed) like the APIs', so
 * the example runs without a key; the requests that would follow are built and type-checked
 * against the client, not sent. The tools come from `resolveAgentTools`, so close_ticket asks a
 * person first.
 *
 *   npm start -w examples/openai
 */
import type OpenAI from 'openai';
import {
  resolveAgentTools,
  ToolApprovalRouter,
  ToolCatalogue,
  type ToolApprovalChannel,
  type ToolServices,
} from '@toolgen/runtime';
import { runOpenAIToolCall, toOpenAITools } from '@toolgen/runtime/openai';
import { Priority } from '../../tickets/src/model.js';
import { InMemoryTickets } from '../../tickets/src/services.js';
import { ticketToolset } from '../../tickets/src/tickets.tools.js';

const print = (line = ''): void => console.log(line);
const services: ToolServices = { tickets: new InMemoryTickets([
  { number: 4711, title: 'Printer on floor 3 prints blank pages', status: 'open', priority: Priority.Normal, openedAt: new Date('2026-11-20T09:15:00Z'), assignee: null, tags: [] },
  { number: 4712, title: 'VPN drops every hour', status: 'pending', priority: Priority.Urgent, openedAt: new Date('2026-11-24T16:40:00Z'), assignee: null, tags: [] },
]) };

// ── The agent's tools: close_ticket is wrapped for approval, and this person approves it ─────
const personAtKeyboard: ToolApprovalChannel = {
  name: 'console',
  requestApproval: async (request) => {
    print(`  [approval prompt] ${request.toolName} ${JSON.stringify(request.arguments)} (call ${request.callId}) → approve`);
    return { decision: 'approve' };
  },
};
const catalogue = new ToolCatalogue();
catalogue.sync({ toolsets: [ticketToolset] });
const { functions } = resolveAgentTools({ name: 'support', toolsets: [{ owner: 'ticket' }] }, catalogue, {
  approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: personAtKeyboard }),
});
const context = { services, logger: { error: (message: string) => print(`  [host log] ${message}`) } };

// ── Chat Completions ─────────────────────────────────────────────────────────────────────────
const chatTools = toOpenAITools(functions, { api: 'chat' });
print(`chat tools: ${chatTools.map((tool) => tool.function.name).join(', ')}`);
print(`ticket__get_ticket as sent: ${JSON.stringify(chatTools[1])}`);

const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'The printer ticket is fixed. Close it, and show me 4712.' }];
// what client.chat.completions.create({ model, messages, tools: chatTools }) returned
const completion: OpenAI.ChatCompletion = {
  id: 'chatcmpl-CBQ2wH6xT0xk9',
  object: 'chat.completion',
  created: 1764579600,
  model: 'gpt-5.5',
  choices: [
    {
      index: 0,
      finish_reason: 'tool_calls',
      logprobs: null,
      message: {
        role: 'assistant',
        content: null,
        refusal: null,
        annotations: [],
        tool_calls: [
          { id: 'call_Pq7WbX', type: 'function', function: { name: 'ticket__search_tickets', arguments: '{"query":"printer"}' } },
          { id: 'call_Rk2Lm0', type: 'function', function: { name: 'ticket__close_ticket', arguments: '{"number":4711,"reason":"Replaced the fuser unit."}' } },
          { id: 'call_Ty8Qa3', type: 'function', function: { name: 'ticket__get_ticket', arguments: '{"number":"4712"}' } },
          { id: 'call_Ue5Zc9', type: 'function', function: { name: 'ticket__get_ticket', arguments: '{"number":4712' } },
          { id: 'call_Vb4Xe1', type: 'function', function: { name: 'ticket__reopen_ticket', arguments: '{"number":4690}' } },
        ],
      },
    },
  ],
  usage: { prompt_tokens: 412, completion_tokens: 96, total_tokens: 508 },
};

print('\nthe model calls, and runOpenAIToolCall answers:');
const message = completion.choices[0]!.message;
messages.push(message);
for (const call of message.tool_calls ?? []) {
  print(`  ${call.type === 'function' ? `${call.function.name} ${call.function.arguments}` : call.custom.name}`);
  const answer = await runOpenAIToolCall(functions, call, context);
  print(`    → ${JSON.stringify(answer)}`);
  messages.push(answer);
}
const nextChatRequest: OpenAI.ChatCompletionCreateParamsNonStreaming = { model: 'gpt-5.5', messages, tools: chatTools };
print(`the next request sends ${nextChatRequest.messages.length} messages: ${nextChatRequest.messages.map((m) => m.role).join(', ')}`);

// ── The Responses API ────────────────────────────────────────────────────────────────────────
const responseTools = toOpenAITools(functions, { api: 'responses' });
print(`\nresponses tools: ${responseTools.map((tool) => tool.name).join(', ')}`);
const input: OpenAI.Responses.ResponseInput = [{ role: 'user', content: 'Is anything wrong with the VPN? And close 9999, it is a duplicate.' }];
// the `output` of what client.responses.create({ model, input, tools: responseTools }) returned
const output: OpenAI.Responses.ResponseOutputItem[] = [
  { id: 'rs_68af1c', type: 'reasoning', summary: [] },
  { id: 'fc_68af1d', type: 'function_call', call_id: 'call_Wm1Ka2', name: 'ticket__search_tickets', arguments: '{"query":"vpn"}', status: 'completed' },
  { id: 'fc_68af1e', type: 'function_call', call_id: 'call_Wm2Ka3', name: 'ticket__get_ticket', arguments: '{}', status: 'completed' },
  { id: 'fc_68af1f', type: 'function_call', call_id: 'call_Wm3Ka4', name: 'ticket__close_ticket', arguments: '{"number":9999,"reason":"Duplicate."}', status: 'completed' },
];
print('the model calls, and runOpenAIToolCall answers:');
for (const item of output) {
  if (item.type !== 'function_call') continue;
  print(`  ${item.name} ${item.arguments}`);
  const answer = await runOpenAIToolCall(functions, item, context);
  print(`    → ${JSON.stringify(answer)}`);
  input.push(item, answer);
}
const nextResponseRequest: OpenAI.Responses.ResponseCreateParamsNonStreaming = { model: 'gpt-5.5', input, tools: responseTools };
print(`the next request sends ${Array.isArray(nextResponseRequest.input) ? nextResponseRequest.input.length : 1} input items`);
