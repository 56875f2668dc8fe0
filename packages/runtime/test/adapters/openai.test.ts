import type { ChatCompletion, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ResponseInputItem, ResponseOutputItem } from 'openai/resources/responses/responses';
import { beforeAll, describe, expect, it } from 'vitest';
import { ToolApprovalRouter, withApproval, type AIFunction } from '@toolgen/runtime';
import { runOpenAIToolCall, toOpenAITools } from '@toolgen/runtime/openai';
import { recordingLogger } from '../invokeFixtures.js';
import { generateCalendar, type Calendar } from './calendarTools.js';

/*
 * toOpenAITools and runOpenAIToolCall on payloads shaped like the APIs' own (typed with the
 * openai SDK's types, so a fixture that drifts from the API's shape does not compile): a chat
 * completion whose message has tool_calls, and a Responses output with function_call items.
 */

let calendar: Calendar;

beforeAll(async () => {
  calendar = await generateCalendar();
}, 120_000);

/** A chat completion as the API returns it when the model calls tools with these JSON argument texts. */
function chatCompletion(...calls: [id: string, name: string, argumentText: string][]): ChatCompletion {
  return {
    id: 'chatcmpl-CBQ2wH6xT0xk9',
    object: 'chat.completion',
    created: 1764579600,
    model: 'gpt-5-2025-08-07',
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
          tool_calls: calls.map(([id, name, argumentText]) => ({ id, type: 'function', function: { name, arguments: argumentText } })),
        },
      },
    ],
    usage: { prompt_tokens: 412, completion_tokens: 96, total_tokens: 508 },
  };
}

/** The chat completion's tool calls, each answered by runOpenAIToolCall. */
async function answerChat(
  functions: readonly AIFunction[],
  completion: ChatCompletion,
  context?: Parameters<typeof runOpenAIToolCall>[2],
  options?: Parameters<typeof runOpenAIToolCall>[3],
): Promise<ChatCompletionMessageParam[]> {
  const answers: ChatCompletionMessageParam[] = [];
  for (const call of completion.choices[0]!.message.tool_calls ?? []) answers.push(await runOpenAIToolCall(functions, call, context, options));
  return answers;
}

describe('toOpenAITools', () => {
  it("sends each function's openai-strict variant with strict: true, in Chat Completions' shape", () => {
    const tools = toOpenAITools(calendar.toolset.functions, { api: 'chat' });
    expect(tools.map((tool) => tool.function.name)).toEqual(['calendar__schedule_meeting', 'calendar__cancel_meeting', 'calendar__find_rooms']);
    expect(tools[2]).toEqual({
      type: 'function',
      function: {
        name: 'calendar__find_rooms',
        description: 'Lists the rooms free now.',
        parameters: {
          type: 'object',
          properties: { minSeats: { anyOf: [{ type: 'number' }, { type: 'null' }], description: 'How many people the room must seat.' } },
          required: ['minSeats'],
          additionalProperties: false,
        },
        strict: true,
      },
    });
    expect(tools[0]!.function.parameters).toEqual(calendar.schedule.variants['openai-strict']);
  });

  it("sends them in the Responses API's shape for api: 'responses'", () => {
    const tools = toOpenAITools(calendar.toolset.functions, { api: 'responses' });
    expect(tools[1]).toEqual({
      type: 'function',
      name: 'calendar__cancel_meeting',
      description: 'Cancels a meeting for everyone.',
      parameters: calendar.cancel.variants['openai-strict'],
      strict: true,
    });
  });

  it("builds copies, uses tool names with names: 'name', and throws for two functions under one wire name", () => {
    const tools = toOpenAITools([calendar.findRooms], { api: 'responses', names: 'name' });
    expect(tools.map((tool) => tool.name)).toEqual(['find_rooms']);
    expect(tools[0]!.parameters).not.toBe(calendar.findRooms.variants['openai-strict']);
    const other: AIFunction = { ...calendar.findRooms, qualifiedName: 'office__find_rooms' };
    expect(() => toOpenAITools([calendar.findRooms, other], { api: 'chat', names: 'name' })).toThrow(TypeError);
    expect(() => toOpenAITools([calendar.findRooms, calendar.findRooms], { api: 'chat' })).toThrow(/Two tools go by the wire name "calendar__find_rooms"/);
  });
});

describe('runOpenAIToolCall on a chat completion', () => {
  it("answers each tool call with a tool message: the result as JSON, the strict variant's nulls for omitted optionals removed first", async () => {
    const completion = chatCompletion(
      ['call_Pq7', 'calendar__schedule_meeting', '{"title":"Sync","at":"2026-03-02T09:00:00Z","minutes":null,"room":null}'],
      ['call_Rk2', 'calendar__find_rooms', '{"minSeats":12}'],
    );
    expect(await answerChat(calendar.toolset.functions, completion)).toEqual([
      { role: 'tool', tool_call_id: 'call_Pq7', content: '{"title":"Sync","at":"2026-03-02T09:00:00.000Z","minutes":30,"room":null}' },
      { role: 'tool', tool_call_id: 'call_Rk2', content: '["Aula"]' },
    ]);
  });

  it("never rejects for the tool's sake: bad JSON, an unknown name, invalid arguments, a ToolFailure and an unexpected error are what the model reads", async () => {
    const logger = recordingLogger();
    const completion = chatCompletion(
      ['call_1', 'calendar__schedule_meeting', '{"title":"Sync","at":'],
      ['call_2', 'calendar__delete_everything', '{}'],
      ['call_3', 'calendar__schedule_meeting', '{"title":7,"at":"Monday","minutes":null,"room":null,"extra":1}'],
      ['call_4', 'calendar__schedule_meeting', '{"title":"Sync","at":"2026-03-01T09:00:00Z","minutes":null,"room":null}'],
      ['call_5', 'calendar__schedule_meeting', '{"title":"boom","at":"2026-03-02T09:00:00Z","minutes":null,"room":null}'],
    );
    const answers = await answerChat(calendar.toolset.functions, completion, { logger });
    expect(answers.map((answer) => answer.content)).toEqual([
      expect.stringMatching(/^The arguments of calendar__schedule_meeting are not valid JSON \(.+\)\. Send them again as one JSON object\.$/),
      'There is no tool named "calendar__delete_everything". Call one of the tools you were given, by its exact name.',
      'Invalid arguments:\n' +
        '- /title: must be a string; got 7\n' +
        '- /at: must be a date-time in ISO 8601 form such as "2026-01-31T09:00:00Z"; got "Monday"\n' +
        '- /extra: is not a parameter of this tool; remove it\n' +
        'Correct these arguments and call the tool again.',
      'Nobody meets on Sundays. Pick a weekday.',
      'The tool failed unexpectedly.',
    ]);
    expect(logger.errors.map(([, error]) => (error as Error).message)).toEqual(['the calendar database password is hunter2']);
  });

  it('answers a custom tool call, which no toolgen tool is, without running anything', async () => {
    const answer = await runOpenAIToolCall(calendar.toolset.functions, { id: 'call_9', type: 'custom', custom: { name: 'grammar', input: 'anything' } });
    expect(answer).toEqual({ role: 'tool', tool_call_id: 'call_9', content: '"grammar" is a custom tool, and these are function tools: call one of the functions you were given.' });
  });

  it("invokes what it is given: passed approval-wrapped (resolveAgentTools' list), the router decides", async () => {
    const completion = chatCompletion(['call_3', 'calendar__cancel_meeting', '{"title":"Board"}']);
    const rejecting = withApproval(calendar.cancel, new ToolApprovalRouter({ runMode: 'auto_reject_required' }));
    expect(await answerChat([rejecting], completion)).toEqual([
      { role: 'tool', tool_call_id: 'call_3', content: 'Calls that need approval are rejected in this run, so calendar__cancel_meeting was not called.' },
    ]);
    expect(calendar.cancelled).not.toContain('Board');
    expect(calendar.cancelled).not.toContain('Board');
  });

  it('issue 25, item 1: fails closed for a plain require_approval function: runs only with an approval callback that approves, or approval: unchecked', async () => {
    const completion = chatCompletion(['call_4', 'calendar__cancel_meeting', '{"title":"Planning"}']);
    const logger = recordingLogger();
    expect(await answerChat(calendar.toolset.functions, completion, { logger })).toEqual([
      { role: 'tool', tool_call_id: 'call_4', content: 'This call of calendar__cancel_meeting needs approval and was not run: nobody here can approve it. Tell the user it needs their approval.' },
    ]);
    expect(logger.warnings.map(([text]) => text)).toEqual([expect.stringMatching(/^Tool calendar__cancel_meeting needs approval and was not run: pass the functions resolveAgentTools returned/)]);
    expect(calendar.cancelled).not.toContain('Planning');
    expect(await answerChat(calendar.toolset.functions, completion, undefined, { approval: async () => ({ decision: 'approve' }) })).toEqual([
      { role: 'tool', tool_call_id: 'call_4', content: 'Done (the tool returns nothing).' },
    ]);
    await answerChat(calendar.toolset.functions, completion, undefined, { approval: 'unchecked' });
    expect(calendar.cancelled.filter((title) => title === 'Planning')).toHaveLength(2);
  });
});

describe('runOpenAIToolCall on a Responses output', () => {
  const output: ResponseOutputItem[] = [
    {
      id: 'rs_68af',
      type: 'reasoning',
      summary: [],
    },
    {
      id: 'fc_68af01',
      type: 'function_call',
      call_id: 'call_Wm1',
      name: 'calendar__schedule_meeting',
      arguments: '{"title":"Planning","at":"2026-03-04T14:30:00+01:00","minutes":45,"room":"Kepler"}',
      status: 'completed',
    },
    {
      id: 'fc_68af02',
      type: 'function_call',
      call_id: 'call_Wm2',
      name: 'calendar__find_rooms',
      arguments: '{"minSeats":"many"}',
      status: 'completed',
    },
  ];

  it('answers each function_call item with a function_call_output item', async () => {
    const answers: ResponseInputItem[] = [];
    for (const item of output) {
      if (item.type === 'function_call') answers.push(await runOpenAIToolCall(calendar.toolset.functions, item));
    }
    expect(answers).toEqual([
      { type: 'function_call_output', call_id: 'call_Wm1', output: '{"title":"Planning","at":"2026-03-04T13:30:00.000Z","minutes":45,"room":"Kepler"}' },
      {
        type: 'function_call_output',
        call_id: 'call_Wm2',
        output: 'Invalid arguments:\n- /minSeats: must be a number; got "many"\nCorrect these arguments and call the tool again.',
      },
    ]);
  });
});
