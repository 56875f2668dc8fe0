import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAnthropicToolUse, toAnthropicTools } from '@toolgen/runtime/anthropic';
import { runOpenAIToolCall, toOpenAITools } from '@toolgen/runtime/openai';
import { generateCalendar, type Calendar } from './calendarTools.js';
import { scriptedFetch } from './sdkFetch.js';

/*
 * The OpenAI and Anthropic adapters through the real clients (issue 28): each client is built
 * with a `fetch` that records the request bodies and answers as the API would, so what the
 * adapters build goes through the SDK's own serialization, and what the SDK hands back goes to
 * the runners. `npm run test:compat` runs this file against both ends of each SDK's range.
 */

let calendar: Calendar;

beforeAll(async () => {
  calendar = await generateCalendar();
}, 120_000);

const meeting = { title: 'Sync', at: '2026-03-02T09:00:00Z', minutes: null, room: null };
const booked = '{"title":"Sync","at":"2026-03-02T09:00:00.000Z","minutes":30,"room":null}';

describe('the openai client', () => {
  it('chat completions: sends the tools, hands back tool_calls the runner answers, and sends the answers', async () => {
    const completion = (message: Record<string, unknown>, finish: string) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1764579600,
      model: 'gpt-5',
      choices: [{ index: 0, finish_reason: finish, logprobs: null, message: { role: 'assistant', refusal: null, annotations: [], ...message } }],
    });
    const server = scriptedFetch([
      completion({ content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'calendar__schedule_meeting', arguments: JSON.stringify(meeting) } }] }, 'tool_calls'),
      completion({ content: 'Booked.' }, 'stop'),
    ]);
    const client = new OpenAI({ apiKey: 'test', baseURL: 'http://openai.test/v1', fetch: server.fetch });
    const tools = toOpenAITools(calendar.toolset.functions, { api: 'chat' });
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Book the sync.' }];
    const first = await client.chat.completions.create({ model: 'gpt-5', messages, tools });
    const message = first.choices[0]!.message;
    messages.push(message);
    for (const call of message.tool_calls ?? []) messages.push(await runOpenAIToolCall(calendar.toolset.functions, call));
    const second = await client.chat.completions.create({ model: 'gpt-5', messages, tools });
    expect(second.choices[0]!.message.content).toBe('Booked.');
    expect(server.bodies[0]!['tools']).toEqual(JSON.parse(JSON.stringify(tools)));
    expect((server.bodies[1]!['messages'] as unknown[]).at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_1', content: booked });
  });

  it('responses: sends the tools, hands back function_call items the runner answers, and sends the outputs', async () => {
    const response = (output: unknown[]) => ({ id: 'resp_1', object: 'response', created_at: 1764579600, model: 'gpt-5', status: 'completed', output, parallel_tool_calls: true, tool_choice: 'auto', tools: [] });
    const server = scriptedFetch([
      response([{ type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'calendar__schedule_meeting', arguments: JSON.stringify(meeting), status: 'completed' }]),
      response([{ type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Booked.', annotations: [] }] }]),
    ]);
    const client = new OpenAI({ apiKey: 'test', baseURL: 'http://openai.test/v1', fetch: server.fetch });
    const tools = toOpenAITools(calendar.toolset.functions, { api: 'responses' });
    const input: OpenAI.Responses.ResponseInput = [{ role: 'user', content: 'Book the sync.' }];
    const first = await client.responses.create({ model: 'gpt-5', input, tools });
    for (const item of first.output) {
      if (item.type === 'function_call') input.push(item, await runOpenAIToolCall(calendar.toolset.functions, item));
    }
    const second = await client.responses.create({ model: 'gpt-5', input, tools });
    expect(second.output_text).toBe('Booked.');
    expect(server.bodies[0]!['tools']).toEqual(JSON.parse(JSON.stringify(tools)));
    expect((server.bodies[1]!['input'] as unknown[]).at(-1)).toEqual({ type: 'function_call_output', call_id: 'call_1', output: booked });
  });
});

describe('the @anthropic-ai/sdk client', () => {
  it('messages: sends the tools, hands back tool_use blocks the runner answers, and sends the tool_result blocks', async () => {
    const reply = (content: unknown[], stop: string) => ({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content,
      stop_reason: stop,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5 },
    });
    const server = scriptedFetch([reply([{ type: 'tool_use', id: 'toolu_1', name: 'calendar__schedule_meeting', input: { title: 'Sync', at: '2026-03-02T09:00:00Z' } }], 'tool_use'), reply([{ type: 'text', text: 'Booked.' }], 'end_turn')]);
    const client = new Anthropic({ apiKey: 'test', baseURL: 'http://anthropic.test', fetch: server.fetch });
    const tools = toAnthropicTools(calendar.toolset.functions);
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Book the sync.' }];
    const first = await client.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages, tools });
    messages.push({ role: 'assistant', content: first.content });
    const results: Anthropic.ToolResultBlockParam[] = [];
    for (const block of first.content) {
      if (block.type === 'tool_use') results.push(await runAnthropicToolUse(calendar.toolset.functions, block));
    }
    messages.push({ role: 'user', content: results });
    const second = await client.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages, tools });
    expect(second.content).toEqual([{ type: 'text', text: 'Booked.' }]);
    expect(server.bodies[0]!['tools']).toEqual(JSON.parse(JSON.stringify(tools)));
    expect((server.bodies[1]!['messages'] as unknown[]).at(-1)).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: booked }] });
  });
});
