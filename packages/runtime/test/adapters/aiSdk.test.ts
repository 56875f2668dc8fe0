import { asSchema, generateText, InvalidToolInputError, TypeValidationError, stepCountIs, streamText, ToolLoopAgent, type ContentPart, type ModelMessage, type ToolApprovalResponse, type ToolSet } from 'ai';
import { MockLanguageModelV4, simulateReadableStream } from 'ai/test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { defineTool, ToolApprovalRouter, ToolArgumentError, withApproval } from '@toolgen/runtime';
import { toAISDKTools } from '@toolgen/runtime/ai-sdk';
import { plainMetadata, probeDefinition, recordingLogger } from '../invokeFixtures.js';
import { generateCalendar, type Calendar } from './calendarTools.js';
import { countedEcho } from './countedEcho.js';

/*
 * toAISDKTools against the real `ai` 7: generateText, streamText and ToolLoopAgent driven by ai's
 * own MockLanguageModelV4, whose recorded calls show what the model read after each tool ran.
 */

type GenerateResult = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>;
type CallOptions = MockLanguageModelV4['doGenerateCalls'][number];
type StreamPart = Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer Part> ? Part : never;

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };

/** A model turn that calls tools: `[toolCallId, toolName, input]`. */
function callsTools(...calls: [id: string, toolName: string, input: unknown][]): GenerateResult {
  return {
    content: calls.map(([toolCallId, toolName, input]) => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) })),
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  };
}

function says(text: string): GenerateResult {
  return { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
}

/** What the model read of each tool call in the prompt of its `turn`-th call: the tool results' outputs by call id. */
function toolOutputs(model: MockLanguageModelV4, turn: number): Record<string, unknown> {
  const prompt = (model.doGenerateCalls[turn] ?? model.doStreamCalls[turn]) as CallOptions;
  const outputs: Record<string, unknown> = {};
  for (const message of prompt.prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result') outputs[part.toolCallId] = part.output;
    }
  }
  return outputs;
}

/** Approves (or denies) every approval request of `content` in a tool message. */
function answerApprovals(content: readonly ContentPart<ToolSet>[], approved: boolean): ModelMessage {
  const responses: ToolApprovalResponse[] = [];
  for (const part of content) {
    if (part.type === 'tool-approval-request') {
      responses.push({ type: 'tool-approval-response', approvalId: part.approvalId, approved, ...(approved ? {} : { reason: 'Not today.' }) });
    }
  }
  return { role: 'tool', content: responses };
}

let calendar: Calendar;

beforeAll(async () => {
  calendar = await generateCalendar();
}, 120_000);

describe('toAISDKTools builds an ai 7 ToolSet', () => {
  it('keys tools by qualified name, with the description, the schema as draft-07, an output schema and the approval each needs', async () => {
    const { tools, toolApproval } = toAISDKTools(calendar.toolset.functions);
    expect(Object.keys(tools)).toEqual(['calendar__schedule_meeting', 'calendar__cancel_meeting', 'calendar__find_rooms']);
    expect(toolApproval).toEqual({
      calendar__schedule_meeting: 'not-applicable',
      calendar__cancel_meeting: 'user-approval',
      calendar__find_rooms: 'not-applicable',
    });
    const schedule = tools['calendar__schedule_meeting']!;
    expect(schedule.description).toBe('Books a meeting.');
    expect(await asSchema(schedule.inputSchema).jsonSchema).toEqual(calendar.schedule.parameters['~standard'].jsonSchema.input({ target: 'draft-07' }));
    expect(await asSchema(schedule.outputSchema).jsonSchema).toEqual(calendar.schedule.returns);
    // a tool that returns nothing has no output schema
    expect(tools['calendar__cancel_meeting']!.outputSchema).toBeUndefined();
  });

  it('asks for approval of an approval-wrapped function too, whatever its declared approval', () => {
    const router = new ToolApprovalRouter({ runMode: 'auto_approve_required' });
    expect(toAISDKTools([withApproval(calendar.schedule, router)]).toolApproval).toEqual({ calendar__schedule_meeting: 'user-approval' });
  });
});

describe('generateText with ai\'s mock language model', () => {
  it('runs a valid call with a Date argument, and the model reads the result as JSON', async () => {
    const { tools, toolApproval } = toAISDKTools(calendar.toolset.functions);
    const model = new MockLanguageModelV4({
      doGenerate: [callsTools(['call-1', 'calendar__schedule_meeting', { title: 'Sync', at: '2026-03-02T09:00:00Z', room: 'Kepler' }]), says('Booked.')],
    });
    const result = await generateText({ model, tools, toolApproval, prompt: 'Book the sync for Monday 9:00 in Kepler.', stopWhen: stepCountIs(5) });
    expect(result.text).toBe('Booked.');
    // the tool received a Date: its ISO string comes back normalized
    expect(toolOutputs(model, 1)).toEqual({
      'call-1': { type: 'json', value: { title: 'Sync', at: '2026-03-02T09:00:00.000Z', minutes: 30, room: 'Kepler' } },
    });
    // what the SDK keeps as the call's input is what the model sent
    expect(result.steps[0]!.toolCalls[0]!.input).toEqual({ title: 'Sync', at: '2026-03-02T09:00:00Z', room: 'Kepler' });
  });

  it("refuses invalid arguments in the SDK's input step: an invalid call, an InvalidToolInputError, and the validator's message with every pointer", async () => {
    const logger = recordingLogger();
    const { tools } = toAISDKTools(calendar.toolset.functions, { context: { logger } });
    const sent = { title: 7, at: 'Monday', minutes: '30', extra: true };
    const model = new MockLanguageModelV4({ doGenerate: [callsTools(['call-1', 'calendar__schedule_meeting', sent]), says('Let me fix that.')] });
    const result = await generateText({ model, tools, prompt: 'Book it.', stopWhen: stepCountIs(5) });
    expect(toolOutputs(model, 1)).toEqual({
      'call-1': {
        type: 'error-text',
        value:
          'AI_InvalidToolInputError: Invalid input for tool calendar__schedule_meeting: Invalid arguments:\n' +
          '- /title: must be a string; got 7\n' +
          '- /at: must be a date-time in ISO 8601 form such as "2026-01-31T09:00:00Z"; got "Monday"\n' +
          '- /minutes: must be a number; got "30"\n' +
          '- /extra: is not a parameter of this tool; remove it\n' +
          'Correct these arguments and call the tool again.',
      },
    });
    // the SDK's own shape of an invalid call, as for a zod tool(): the tool never ran
    const call = result.steps[0]!.content.find((part) => part.type === 'tool-call');
    expect(call).toMatchObject({ toolName: 'calendar__schedule_meeting', input: sent, invalid: true, dynamic: true });
    const error = (call as { error?: unknown }).error;
    expect(InvalidToolInputError.isInstance(error)).toBe(true);
    const validation = (error as Error).cause;
    expect(TypeValidationError.isInstance(validation)).toBe(true);
    expect((validation as Error).cause).toBeInstanceOf(ToolArgumentError);
    expect(((validation as Error).cause as ToolArgumentError).issues.map((issue) => issue.pointer)).toEqual(['/title', '/at', '/minutes', '/extra']);
    expect(result.toolResults).toEqual([]);
    expect(logger.errors).toEqual([]);
  });

  it('hands an invalid call to experimental_repairToolCall, validates its repair again and runs it; a repair still invalid stays an invalid call', async () => {
    const { tools } = toAISDKTools(calendar.toolset.functions);
    const repairs: { toolName: string; error: unknown }[] = [];
    const model = new MockLanguageModelV4({
      doGenerate: [
        callsTools(['call-1', 'calendar__schedule_meeting', { title: 'Sync', at: 'Monday 9:00' }], ['call-2', 'calendar__find_rooms', { minSeats: 'ten' }]),
        says('Booked.'),
      ],
    });
    const result = await generateText({
      model,
      tools,
      prompt: 'Book the sync on Monday at nine.',
      stopWhen: stepCountIs(5),
      experimental_repairToolCall: async ({ toolCall, error }) => {
        repairs.push({ toolName: toolCall.toolName, error });
        // the repair of find_rooms is still invalid: the SDK validates it again
        const input = toolCall.toolName === 'calendar__find_rooms' ? { minSeats: 'still ten' } : { title: 'Sync', at: '2026-03-02T09:00:00Z' };
        return { ...toolCall, input: JSON.stringify(input) };
      },
    });
    expect(repairs.map((repair) => repair.toolName)).toEqual(['calendar__schedule_meeting', 'calendar__find_rooms']);
    expect(repairs.every((repair) => InvalidToolInputError.isInstance(repair.error))).toBe(true);
    const outputs = toolOutputs(model, 1);
    expect(outputs['call-1']).toEqual({ type: 'json', value: { title: 'Sync', at: '2026-03-02T09:00:00.000Z', minutes: 30, room: null } });
    expect(outputs['call-2']).toMatchObject({ type: 'error-text', value: expect.stringContaining('- /minSeats: must be a number; got "still ten"') as unknown });
    expect(result.steps[0]!.toolCalls.map((call) => [call.toolCallId, call.invalid === true])).toEqual([
      ['call-1', false],
      ['call-2', true],
    ]);
  });

  it("repairs in the SDK's input step with lenient: true in a context object, reported once; from a context function it warns that it comes too late", async () => {
    const logger = recordingLogger();
    const repaired: unknown[] = [];
    const { tools } = toAISDKTools([calendar.findRooms], { context: { lenient: true, logger, onRepair: (repair) => repaired.push(repair) } });
    const model = new MockLanguageModelV4({ doGenerate: [callsTools(['call-1', 'calendar__find_rooms', { minSeats: '10' }]), says('Aula.')] });
    const result = await generateText({ model, tools, prompt: 'A room for ten.', stopWhen: stepCountIs(5) });
    expect(toolOutputs(model, 1)).toEqual({ 'call-1': { type: 'json', value: ['Aula'] } });
    expect(repaired).toHaveLength(1);
    // the call's input is the repaired JSON, which its type promises
    expect(result.steps[0]!.toolCalls[0]!.input).toEqual({ minSeats: 10 });

    const late = recordingLogger();
    const fromFunction = toAISDKTools([calendar.findRooms], { context: () => ({ lenient: true, logger: late }) });
    const second = new MockLanguageModelV4({ doGenerate: [callsTools(['call-1', 'calendar__find_rooms', { minSeats: '10' }], ['call-2', 'calendar__find_rooms', { minSeats: 10 }]), says('Aula.')] });
    await generateText({ model: second, tools: fromFunction.tools, prompt: 'A room for ten.', stopWhen: stepCountIs(5) });
    expect(toolOutputs(second, 1)['call-1']).toMatchObject({ type: 'error-text' });
    expect(late.warnings.map(([message]) => message)).toEqual([expect.stringContaining('lenient: true from a context function does not repair anything') as unknown]);
  });

  it('logs an unexpected error to console.error by default, to options.logger when given, and nowhere with logger: false', async () => {
    const boom = { title: 'boom', at: '2026-03-02T09:00:00Z' };
    const runOnce = async (options: Parameters<typeof toAISDKTools>[1]): Promise<void> => {
      const { tools } = toAISDKTools([calendar.schedule], options);
      const model = new MockLanguageModelV4({ doGenerate: [callsTools(['call-1', 'calendar__schedule_meeting', boom]), says('Sorry.')] });
      await generateText({ model, tools, prompt: 'Book it.', stopWhen: stepCountIs(5) });
      expect(toolOutputs(model, 1)).toEqual({ 'call-1': { type: 'error-text', value: 'The tool failed unexpectedly.' } });
    };
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await runOnce({});
      expect(printed.mock.calls).toEqual([['toolgen: Tool calendar__schedule_meeting failed unexpectedly:', new Error('the calendar database password is hunter2')]]);
      printed.mockClear();
      const host = recordingLogger();
      await runOnce({ logger: host });
      await runOnce({ logger: false });
      // a context's own logger comes first
      const own = recordingLogger();
      await runOnce({ logger: host, context: () => ({ logger: own }) });
      expect(printed).not.toHaveBeenCalled();
      expect(host.errors.map(([message]) => message)).toEqual(['Tool calendar__schedule_meeting failed unexpectedly']);
      expect(own.errors.map(([message]) => message)).toEqual(['Tool calendar__schedule_meeting failed unexpectedly']);
    } finally {
      printed.mockRestore();
    }
  });

  it('issue 25, item 1: a require_approval tool waits for a person even when the caller does not pass toolApproval on', async () => {
    const { tools } = toAISDKTools(calendar.toolset.functions);
    const model = new MockLanguageModelV4({
      doGenerate: [callsTools(['call-1', 'calendar__cancel_meeting', { title: 'Sync' }], ['call-2', 'calendar__find_rooms', { minSeats: null }]), says('Done.')],
    });
    // issue 25, item 1: without toolApproval the tool's own needsApproval still makes cancel_meeting wait for a person
    const result = await generateText({ model, tools, prompt: 'Cancel the sync.', stopWhen: stepCountIs(5) });
    expect(result.content.filter((part) => part.type === 'tool-approval-request').map((part) => part.toolCall.toolName)).toEqual(['calendar__cancel_meeting']);
    expect(model.doGenerateCalls).toHaveLength(1); // the step ends waiting for the approval
    expect(result.toolResults.map((part) => part.toolCallId)).toEqual([]);
    expect(calendar.cancelled).not.toContain('Sync');
  });

  it('answers opaquely when the context function throws, and keeps the error in the tool-error part', async () => {
    const { tools } = toAISDKTools([calendar.findRooms], {
      context: () => {
        throw new Error('the session store is down');
      },
    });
    const model = new MockLanguageModelV4({ doGenerate: [callsTools(['call-1', 'calendar__find_rooms', {}]), says('Sorry.')] });
    const result = await generateText({ model, tools, prompt: 'Find a room.', stopWhen: stepCountIs(5) });
    expect(toolOutputs(model, 1)).toEqual({ 'call-1': { type: 'error-text', value: 'The tool failed unexpectedly.' } });
    const failed = result.steps[0]!.content.find((part) => part.type === 'tool-error');
    expect(((failed?.error as Error).cause as Error).cause).toEqual(new Error('the session store is down'));
  });

  it("forwards the SDK's abort signal to the tool: an abort rejects, it is never an answer", async () => {
    const { tools } = toAISDKTools([calendar.findRooms]);
    const controller = new AbortController();
    const running = tools['calendar__find_rooms']!.execute!({}, { toolCallId: 'call-1', messages: [], abortSignal: controller.signal, context: undefined });
    controller.abort(new Error('The user stopped the run.'));
    await expect(running).rejects.toThrow('The user stopped the run.');
  });

  it("validates a call once, in the SDK's input step: execute runs the value that check produced; an input that did not come through it is checked", async () => {
    const counted = countedEcho('default');
    const { tools } = toAISDKTools([counted.fn]);
    const model = new MockLanguageModelV4({ doGenerate: [callsTools(['call-1', 'test__echo', { value: 'hello' }]), says('ok')] });
    const result = await generateText({ model, tools, prompt: 'Echo hello.', stopWhen: stepCountIs(5) });
    expect(counted.validations()).toBe(1);
    expect(counted.received).toEqual([{ value: 'checked hello' }]);
    expect(toolOutputs(model, 1)).toEqual({ 'call-1': { type: 'text', value: 'checked hello' } });
    // the call's input is the model's JSON: the checked value rides on it unseen by JSON and keys
    expect(JSON.stringify(result.steps[0]!.toolCalls[0]!.input)).toBe('{"value":"hello"}');
    expect(Reflect.ownKeys(result.steps[0]!.toolCalls[0]!.input as object)).toHaveLength(2);
    expect(Object.keys(result.steps[0]!.toolCalls[0]!.input as object)).toEqual(['value']);

    // the same object validated twice (a host calling the schema's validate itself) takes the newer check
    const again = { value: 'twice' };
    const schema = asSchema(tools['test__echo']!.inputSchema);
    await schema.validate!(again);
    again.value = 'changed';
    expect(await schema.validate!(again)).toMatchObject({ success: true });
    await expect(tools['test__echo']!.execute!(again, { toolCallId: 'c4', messages: [], context: undefined })).resolves.toBe('checked changed');
    expect(counted.validations()).toBe(3);
    counted.received.length = 0;
    counted.received.push({ value: 'checked hello' });

    // execute called by hand, with JSON the SDK never checked: validated there, and refused when invalid
    const execute = tools['test__echo']!.execute!;
    await expect(execute({ value: 'by hand' }, { toolCallId: 'c2', messages: [], context: undefined })).resolves.toBe('checked by hand');
    expect(counted.validations()).toBe(4);
    await expect(execute({ value: 5 }, { toolCallId: 'c3', messages: [], context: undefined })).rejects.toThrow('- /value: must be a string');
    expect(counted.received).toEqual([{ value: 'checked hello' }, { value: 'checked by hand' }]);
  });
});

describe("ai 7's tool approval", () => {
  it('ends the first generateText call with an approval request; approved in the next call, the tool runs', async () => {
    const { tools, toolApproval } = toAISDKTools(calendar.toolset.functions);
    const model = new MockLanguageModelV4({ doGenerate: [callsTools(['call-1', 'calendar__cancel_meeting', { title: 'Retro' }]), says('Cancelled the retro.')] });
    const messages: ModelMessage[] = [{ role: 'user', content: 'Cancel the retro.' }];
    const first = await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(5) });
    expect(first.content.map((part) => part.type)).toEqual(['tool-call', 'tool-approval-request']);
    expect(calendar.cancelled).not.toContain('Retro');
    messages.push(...first.responseMessages, answerApprovals(first.content, true));
    // as a server gets them back from its client: JSON
    const second = await generateText({ model, tools, toolApproval, messages: JSON.parse(JSON.stringify(messages)) as ModelMessage[], stopWhen: stepCountIs(5) });
    expect(second.text).toBe('Cancelled the retro.');
    expect(calendar.cancelled).toContain('Retro');
    expect(toolOutputs(model, 1)).toEqual({ 'call-1': { type: 'text', value: 'Done (the tool returns nothing).' } });
  });

  it('issue 27, item 3: the documented follow-up, responseMessages and the answers, brings every earlier message to the next prompt', async () => {
    const { tools, toolApproval } = toAISDKTools(calendar.toolset.functions);
    const model = new MockLanguageModelV4({
      doGenerate: [
        callsTools(['call-1', 'calendar__find_rooms', { minSeats: 4 }]),
        callsTools(['call-2', 'calendar__cancel_meeting', { title: 'Offsite' }]),
        says('Cancelled the offsite; Aula and Kepler are free.'),
      ],
    });
    const messages: ModelMessage[] = [{ role: 'user', content: 'Find a room, then cancel the offsite.' }];
    const first = await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(5) });
    expect(first.steps).toHaveLength(2);
    messages.push(...first.responseMessages, answerApprovals(first.content, true));
    const second = await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(5) });
    expect(second.text).toBe('Cancelled the offsite; Aula and Kepler are free.');
    const prompt = model.doGenerateCalls[2]!.prompt;
    // both steps of the first call reach the model: find_rooms' call and result, then cancel_meeting's
    expect(prompt.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool']);
    expect(toolOutputs(model, 2)).toEqual({ 'call-1': { type: 'json', value: ['Aula', 'Kepler'] }, 'call-2': { type: 'text', value: 'Done (the tool returns nothing).' } });
    // response.messages, deprecated in ai 7, holds the last step alone: following it would drop find_rooms
    expect(first.response.messages.length).toBeLessThan(first.responseMessages.length);
  });

  it('does not run a denied call; the model reads the denial', async () => {
    const { tools, toolApproval } = toAISDKTools(calendar.toolset.functions);
    const model = new MockLanguageModelV4({ doGenerate: [callsTools(['call-1', 'calendar__cancel_meeting', { title: 'Planning' }]), says('Kept it.')] });
    const messages: ModelMessage[] = [{ role: 'user', content: 'Cancel planning.' }];
    const first = await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(5) });
    messages.push(...first.responseMessages, answerApprovals(first.content, false));
    await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(5) });
    expect(calendar.cancelled).not.toContain('Planning');
    expect(toolOutputs(model, 1)).toEqual({ 'call-1': { type: 'execution-denied', reason: 'Not today.' } });
  });

  it('refuses invalid arguments of a tool that needs approval before anyone is asked', async () => {
    const { tools, toolApproval } = toAISDKTools(calendar.toolset.functions);
    const model = new MockLanguageModelV4({ doGenerate: [callsTools(['call-1', 'calendar__cancel_meeting', { title: 5 }]), says('Retrying.')] });
    const result = await generateText({ model, tools, toolApproval, prompt: 'Cancel meeting 5.', stopWhen: stepCountIs(5) });
    expect(result.content.some((part) => part.type === 'tool-approval-request')).toBe(false);
    const output = toolOutputs(model, 1)['call-1'] as { type: string; value: string };
    expect(output.type).toBe('error-text');
    expect(output.value).toContain('Invalid arguments:\n- /title: must be a string; got 5\nCorrect these arguments and call the tool again.');
  });

  it('validates an approved call when it is asked about, when the SDK checks the approval, and in execute, which runs that value', async () => {
    const counted = countedEcho('require_approval');
    const { tools, toolApproval } = toAISDKTools([counted.fn]);
    expect(toolApproval).toEqual({ test__echo: 'user-approval' });
    const model = new MockLanguageModelV4({ doGenerate: [callsTools(['call-1', 'test__echo', { value: 'hi' }]), says('ok')] });
    const messages: ModelMessage[] = [{ role: 'user', content: 'Echo hi.' }];
    const first = await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(5) });
    expect(counted.validations()).toBe(1);
    messages.push(...first.responseMessages, answerApprovals(first.content, true));
    await generateText({ model, tools, toolApproval, messages: JSON.parse(JSON.stringify(messages)) as ModelMessage[], stopWhen: stepCountIs(5) });
    // ai 7.0.173 validates the approved call from the messages too (7.0.0 does not), and hands execute that input, not the validated one: checked there again
    expect([2, 3]).toContain(counted.validations());
    expect(counted.received).toEqual([{ value: 'checked hi' }]);
  });

  it('refuses an approved call whose arguments were changed in the messages the client sent back', async () => {
    const counted = countedEcho('require_approval');
    const { tools, toolApproval } = toAISDKTools([counted.fn]);
    const model = new MockLanguageModelV4({ doGenerate: [callsTools(['call-1', 'test__echo', { value: 'hi' }]), says('ok')] });
    const messages: ModelMessage[] = [{ role: 'user', content: 'Echo hi.' }];
    const first = await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(5) });
    messages.push(...first.responseMessages, answerApprovals(first.content, true));
    // the client edits the call it approved: what runs must still be valid
    const tampered = JSON.parse(JSON.stringify(messages).replace('{"value":"hi"}', '{"value":5}')) as ModelMessage[];
    const rejected = await generateText({ model, tools, toolApproval, messages: tampered, stopWhen: stepCountIs(5) }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(counted.received).toEqual([]);
    // ai 7.0.0 rejects the generateText call; later 7.0.x answer the model instead
    if (rejected !== undefined) expect(InvalidToolInputError.isInstance(rejected)).toBe(true);
    else expect(toolOutputs(model, 1)['call-1']).toMatchObject({ type: 'error-text', value: expect.stringContaining('- /value: must be a string') as unknown });
  });

  it("keeps an approval-wrapped function's governance: after the SDK's approval, its router still decides", async () => {
    const rejecting = withApproval(calendar.schedule, new ToolApprovalRouter({ runMode: 'auto_reject_required' }));
    const approving = withApproval(calendar.findRooms, new ToolApprovalRouter({ runMode: 'auto_approve_required' }));
    const { tools, toolApproval } = toAISDKTools([rejecting, approving]);
    const model = new MockLanguageModelV4({
      doGenerate: [
        callsTools(['call-1', 'calendar__schedule_meeting', { title: 'Sync', at: '2026-03-02T09:00:00Z' }], ['call-2', 'calendar__find_rooms', { minSeats: 3 }]),
        says('One of two.'),
      ],
    });
    const messages: ModelMessage[] = [{ role: 'user', content: 'Book the sync and find a room.' }];
    const first = await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(5) });
    messages.push(...first.responseMessages, answerApprovals(first.content, true));
    await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(5) });
    expect(toolOutputs(model, 1)).toEqual({
      'call-1': { type: 'error-text', value: 'Calls that need approval are rejected in this run, so calendar__schedule_meeting was not called.' },
      'call-2': { type: 'json', value: ['Aula', 'Kepler'] },
    });
  });
});

describe('streamText and ToolLoopAgent take the same tools and toolApproval', () => {
  it('streamText runs a streamed call and the model reads the result', async () => {
    const { tools, toolApproval } = toAISDKTools(calendar.toolset.functions);
    const turns: StreamPart[][] = [
      [
        { type: 'tool-call', toolCallId: 'call-1', toolName: 'calendar__schedule_meeting', input: '{"title":"Sync","at":"2026-03-03T10:00:00+01:00"}' },
        { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
      ],
      [
        { type: 'text-start', id: 'text-1' },
        { type: 'text-delta', id: 'text-1', delta: 'Booked.' },
        { type: 'text-end', id: 'text-1' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ],
    ];
    const model = new MockLanguageModelV4({ doStream: turns.map((chunks) => ({ stream: simulateReadableStream({ chunks }) })) });
    const result = streamText({ model, tools, toolApproval, prompt: 'Book the sync on Tuesday.', stopWhen: stepCountIs(5) });
    expect(await result.text).toBe('Booked.');
    expect(toolOutputs(model, 1)).toEqual({ 'call-1': { type: 'json', value: { title: 'Sync', at: '2026-03-03T09:00:00.000Z', minutes: 30, room: null } } });
  });

  it('a ToolLoopAgent stops at the approval request and runs the call once it is approved', async () => {
    const { tools, toolApproval } = toAISDKTools(calendar.toolset.functions);
    const model = new MockLanguageModelV4({ doGenerate: [callsTools(['call-1', 'calendar__cancel_meeting', { title: 'Standup' }]), says('Cancelled.')] });
    const agent = new ToolLoopAgent({ model, tools, toolApproval, stopWhen: stepCountIs(5) });
    const messages: ModelMessage[] = [{ role: 'user', content: 'Cancel the standup.' }];
    const first = await agent.generate({ messages });
    expect(first.content.some((part) => part.type === 'tool-approval-request')).toBe(true);
    expect(calendar.cancelled).not.toContain('Standup');
    messages.push(...first.responseMessages, answerApprovals(first.content, true));
    const second = await agent.generate({ messages });
    expect(second.text).toBe('Cancelled.');
    expect(calendar.cancelled).toContain('Standup');
  });
});

describe('issue 25, item 2: settings in a context apply only to the tools that declare them', () => {
  class LimitSettings {
    limit = 10;
    readonly apiVersion: string = 'v2';
  }
  const searching = defineTool(
    probeDefinition({
      name: 'search',
      qualifiedName: 'test__search',
      returns: { type: 'string' },
      metadata: { ...plainMetadata, settings: { schema: { type: 'object', properties: { limit: {}, apiVersion: {} } }, configurable: ['limit'] } },
      createSettings: () => new LimitSettings(),
      call: (_args, { settings }) => `limit ${String((settings as LimitSettings).limit)}`,
    }),
  );
  const plain = defineTool(probeDefinition({ name: 'ping', qualifiedName: 'test__ping', returns: { type: 'string' }, call: () => 'pong' }));

  it('a tool without settings, or without that member, ignores them; a declared member kept in code fails that tool alone, logged', async () => {
    const logger = recordingLogger();
    const run = async (settings: Record<string, unknown>): Promise<Record<string, unknown>> => {
      const { tools } = toAISDKTools([searching, plain], { context: { settings, logger } });
      const model = new MockLanguageModelV4({ doGenerate: [callsTools(['c1', 'test__search', {}], ['c2', 'test__ping', {}]), says('Done.')] });
      await generateText({ model, tools, prompt: 'Go.', stopWhen: stepCountIs(3) });
      return toolOutputs(model, 1);
    };
    expect(await run({ limit: 5, maxResults: 5 })).toEqual({ c1: { type: 'text', value: 'limit 5' }, c2: { type: 'text', value: 'pong' } });
    expect(logger.errors).toEqual([]);
    expect(await run({ apiVersion: 'v3' })).toEqual({ c1: { type: 'error-text', value: 'The tool failed unexpectedly.' }, c2: { type: 'text', value: 'pong' } });
    expect(logger.errors.map(([message]) => message)).toEqual(['Tool test__search failed unexpectedly']);
  });
});
