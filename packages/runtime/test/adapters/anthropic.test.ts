import type { Message, MessageParam, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { ToolApprovalRouter, withApproval, type AIFunction } from '@toolgen/runtime';
import { runAnthropicToolUse, toAnthropicTools } from '@toolgen/runtime/anthropic';
import { recordingLogger } from '../invokeFixtures.js';
import { generateCalendar, type Calendar } from './calendarTools.js';

/*
 * toAnthropicTools and runAnthropicToolUse on a Messages API response shaped like the API's own
 * (typed as the SDK's `Message`), with tool_use blocks whose input the SDK has parsed already.
 */

let calendar: Calendar;

beforeAll(async () => {
  calendar = await generateCalendar();
}, 120_000);

/** An assistant message as the API returns it when the model says a word and calls tools. */
function toolUseMessage(...uses: [id: string, name: string, input: unknown][]): Message {
  return {
    id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5-20250929',
    container: null,
    diagnostics: null,
    content: [
      { type: 'text', text: 'Let me take care of that.', citations: null },
      ...uses.map(([id, name, input]) => ({ type: 'tool_use' as const, id, name, input, caller: { type: 'direct' as const } })),
    ],
    stop_reason: 'tool_use',
    stop_details: null,
    stop_sequence: null,
    usage: {
      input_tokens: 512,
      output_tokens: 88,
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
}

/** Each tool_use block of `message` answered by runAnthropicToolUse, as the user turn that follows it. */
async function answer(
  functions: readonly AIFunction[],
  message: Message,
  context?: Parameters<typeof runAnthropicToolUse>[2],
  options?: Parameters<typeof runAnthropicToolUse>[3],
): Promise<ToolResultBlockParam[]> {
  const results: ToolResultBlockParam[] = [];
  for (const block of message.content) {
    if (block.type === 'tool_use') results.push(await runAnthropicToolUse(functions, block, context, options));
  }
  return results;
}

describe('toAnthropicTools', () => {
  it("sends { name, description, input_schema } with each function's anthropic variant", () => {
    const tools = toAnthropicTools(calendar.toolset.functions);
    expect(tools.map((tool) => tool.name)).toEqual(['calendar__schedule_meeting', 'calendar__cancel_meeting', 'calendar__find_rooms']);
    expect(tools[1]).toEqual({
      name: 'calendar__cancel_meeting',
      description: 'Cancels a meeting for everyone.',
      input_schema: {
        type: 'object',
        properties: {
          title: { type: 'string', description: "The meeting's title." },
          from: { type: 'string', format: 'date-time', description: 'When the cancellation starts, if not now.' },
        },
        required: ['title'],
        additionalProperties: false,
      },
    });
    expect(tools[0]!.input_schema).toEqual(calendar.schedule.variants.anthropic);
    expect(Object.keys(tools[0]!)).toEqual(['name', 'description', 'input_schema']);
  });
});

describe('runAnthropicToolUse', () => {

  it("never rejects for the tool's sake: an unknown name, invalid arguments, a ToolFailure and an unexpected error come back with is_error", async () => {
    const logger = recordingLogger();
    const message = toolUseMessage(
      ['toolu_01', 'calendar__delete_everything', {}],
      ['toolu_02', 'calendar__schedule_meeting', { title: 7, at: 'Monday', minutes: null }],
      ['toolu_03', 'calendar__schedule_meeting', { title: 'Sync', at: '2026-03-01T09:00:00Z' }],
      ['toolu_04', 'calendar__schedule_meeting', { title: 'boom', at: '2026-03-02T09:00:00Z' }],
    );
    expect(await answer(calendar.toolset.functions, message, { logger })).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_01', is_error: true, content: 'There is no tool named "calendar__delete_everything". Call one of the tools you were given, by its exact name.' },
      {
        type: 'tool_result',
        tool_use_id: 'toolu_02',
        is_error: true,
        content:
          'Invalid arguments:\n' +
          '- /title: must be a string; got 7\n' +
          '- /at: must be a date-time in ISO 8601 form such as "2026-01-31T09:00:00Z"; got "Monday"\n' +
          '- /minutes: must be a number; got null\n' +
          'Correct these arguments and call the tool again.',
      },
      { type: 'tool_result', tool_use_id: 'toolu_03', is_error: true, content: 'Nobody meets on Sundays. Pick a weekday.' },
      { type: 'tool_result', tool_use_id: 'toolu_04', is_error: true, content: 'The tool failed unexpectedly.' },
    ]);
    expect(logger.errors.map(([, error]) => (error as Error).message)).toEqual(['the calendar database password is hunter2']);
  });

  it("invokes what it is given: passed approval-wrapped (resolveAgentTools' list), the router decides", async () => {
    const rejecting = withApproval(calendar.cancel, new ToolApprovalRouter({ runMode: 'auto_reject_required' }));
    const message = toolUseMessage(['toolu_01D', 'calendar__cancel_meeting', { title: 'Offsite' }]);
    expect(await answer([rejecting], message)).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_01D', is_error: true, content: 'Calls that need approval are rejected in this run, so calendar__cancel_meeting was not called.' },
    ]);
    expect(calendar.cancelled).not.toContain('Offsite');
    expect(calendar.cancelled).not.toContain('Offsite');
  });

  it('issue 25, item 1: fails closed for a plain require_approval function: runs only with an approval callback that approves, or approval: unchecked', async () => {
    const message = toolUseMessage(['toolu_01F', 'calendar__cancel_meeting', { title: 'Retro' }]);
    expect(await answer(calendar.toolset.functions, message)).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_01F',
        is_error: true,
        content: 'This call of calendar__cancel_meeting needs approval and was not run: nobody here can approve it. Tell the user it needs their approval.',
      },
    ]);
    expect(await answer(calendar.toolset.functions, message, undefined, { approval: () => ({ decision: 'reject', reason: 'not now' }) })).toMatchObject([{ is_error: true }]);
    expect(calendar.cancelled).not.toContain('Retro');
    const asked: unknown[] = [];
    const approving = async (request: { arguments: unknown }) => {
      asked.push(request.arguments);
      return { decision: 'approve' as const };
    };
    expect(await answer(calendar.toolset.functions, message, undefined, { approval: approving })).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_01F', content: 'Done (the tool returns nothing).' },
    ]);
    expect(asked).toEqual([{ title: 'Retro' }]);
    expect(calendar.cancelled.filter((title) => title === 'Retro')).toHaveLength(1);
    await answer(calendar.toolset.functions, message, undefined, { approval: 'unchecked' });
    expect(calendar.cancelled.filter((title) => title === 'Retro')).toHaveLength(2);
  });

  it('returns blocks the next request takes as they are', async () => {
    const message = toolUseMessage(['toolu_01E', 'calendar__find_rooms', {}]);
    const next: MessageParam[] = [
      { role: 'user', content: 'Find a room.' },
      { role: 'assistant', content: message.content },
      { role: 'user', content: await answer(calendar.toolset.functions, message) },
    ];
    expect(next[2]).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01E', content: '["Aula","Kepler"]' }] });
  });
});
