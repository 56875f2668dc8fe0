import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Agent, run, RunState, setTracingDisabled, type Model } from '@openai/agents';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '@toolgen/generator';
import {
  resolveAgentTools,
  ToolApprovalRouter,
  ToolCatalogue,
  type AIFunction,
  type ToolApprovalChannel,
  type GeneratedToolset,
  type ToolApprovalRequest,
} from '@toolgen/runtime';
import { toOpenAIAgentsTools } from '@toolgen/runtime/openai-agents';
import { functionCall, message, ScriptedModel, toolOutputs } from './agentsFixtures.js';

/*
 * toOpenAIAgentsTools against the real @openai/agents runner: a scripted Model answers each turn
 * with function calls, and the next turn reads what the tools answered. The tools are generated
 * from a toolset in a throwaway project, as the CLI would generate them.
 */

setTracingDisabled(true); // nothing may try to export traces

const toolsetSource = `import { Toolset, ToolFailure } from '@toolgen/runtime';

/** What the tools were called with, for the test to read. */
export const calls: { tool: string; args: Record<string, unknown> }[] = [];

/** The signal hold_room received, and a hook called once it runs. */
export const hold: { signal?: AbortSignal; started?: () => void } = {};

/** A booked meeting. */
export interface Booking {
  room: string;
  start: Date;
  minutes: number;
}

export class CalendarToolset extends Toolset {
  constructor() {
    super();
    this.addTool(CalendarToolset.bookRoom);
    this.addTool(CalendarToolset.findRoom).readOnly();
    this.addTool(CalendarToolset.cancelBooking).requiresApproval();
    this.addTool(CalendarToolset.holdRoom);
  }

  /**
   * Books a room for a meeting.
   * @param room The room's name.
   * @param start When the meeting starts.
   * @param minutes How long it lasts.
   */
  static bookRoom(room: string, start: Date, minutes = 30): Booking {
    calls.push({ tool: 'book_room', args: { room, start, minutes } });
    return { room, start, minutes };
  }

  /**
   * Finds a free room for a group.
   * @param people How many people meet.
   */
  static findRoom(people: number): string {
    calls.push({ tool: 'find_room', args: { people } });
    if (people > 12) throw new ToolFailure('No room holds ' + people + ' people.', 'Split the group, or ask for the hall.');
    if (people < 1) throw new Error('the rooms table is locked (password hunter2)');
    return 'Lovelace';
  }

  /**
   * Cancels a booking for good.
   * @param room The booked room.
   * @param reason Why, as the attendees will read it.
   */
  static cancelBooking(room: string, reason: string): string {
    calls.push({ tool: 'cancel_booking', args: { room, reason } });
    return 'Cancelled the booking of ' + room + '.';
  }

  /**
   * Holds a room until the call is cancelled.
   * @param room The room to hold.
   */
  static async holdRoom(room: string, signal: AbortSignal): Promise<string> {
    hold.signal = signal;
    hold.started?.();
    await new Promise((resolve) => signal.addEventListener('abort', resolve));
    return room;
  }
}
`;

interface CalendarModule {
  readonly calls: { tool: string; args: Record<string, unknown> }[];
  readonly hold: { signal?: AbortSignal; started?: () => void };
}

const projects = path.join(import.meta.dirname, `.toolgen-tmp-openai-agents-${process.pid}`);
let calendar: GeneratedToolset;
let recorded: CalendarModule;

beforeAll(async () => {
  mkdirSync(projects, { recursive: true });
  const root = mkdtempSync(path.join(projects, 'project-'));
  mkdirSync(path.join(root, 'src'));
  const compilerOptions = { target: 'ES2022', lib: ['ES2022', 'DOM'], module: 'NodeNext', moduleResolution: 'NodeNext', types: [], strict: true, skipLibCheck: true, noEmit: true };
  writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  writeFileSync(path.join(root, 'src/calendar.ts'), toolsetSource);
  let output = '';
  const code = await main(['--format', 'json'], { stdout: (text) => (output += text), stderr: (text) => (output += text) }, root);
  expect({ code, diagnostics: (JSON.parse(output) as { diagnostics: unknown[] }).diagnostics }).toEqual({ code: 0, diagnostics: [] });
  calendar = ((await import(pathToFileURL(path.join(root, 'src/calendar.tools.ts')).href)) as Record<string, GeneratedToolset>)['calendarToolset']!;
  recorded = (await import(pathToFileURL(path.join(root, 'src/calendar.ts')).href)) as CalendarModule;
}, 120_000);

afterAll(() => rmSync(projects, { recursive: true, force: true }));

beforeEach(() => {
  recorded.calls.length = 0;
});

function fn(name: string): AIFunction {
  return calendar.functions.find((candidate) => candidate.name === name)!;
}

function agentWith(model: Model, functions: readonly AIFunction[], options?: Parameters<typeof toOpenAIAgentsTools>[1]): Agent {
  return new Agent({ name: 'Planner', instructions: 'Plan meetings.', model, tools: toOpenAIAgentsTools(functions, options) });
}

describe('the tools the model is offered', () => {
  it('are the openai-strict variants, strict, under qualified names', async () => {
    const model = new ScriptedModel(() => [message('Nothing to do.')]);
    await run(agentWith(model, calendar.functions), 'Hello');
    const offered = model.requests[0]!.tools.map((t) => (t.type === 'function' ? [t.name, t.strict, t.parameters] : [t.type]));
    expect(offered).toEqual(calendar.functions.map((f) => [f.qualifiedName, true, f.variants['openai-strict']]));
    expect(fn('book_room').variants['openai-strict']).toMatchObject({ required: ['room', 'start', 'minutes'] });
  });

  it('keep toolgen names the SDK would rewrite', () => {
    const hyphenated: AIFunction = { ...fn('find_room'), qualifiedName: 'room-service__find_room' };
    expect(toOpenAIAgentsTools([hyphenated]).map((t) => t.name)).toEqual(['room-service__find_room']);
  });
});

describe('a run through the Agents SDK', () => {
  it('runs a valid call, with the strict null normalized and the Date converted, and the next turn reads its JSON', async () => {
    const model = new ScriptedModel(
      () => [functionCall('calendar__book_room', { room: 'Lovelace', start: '2026-12-01T09:30:00.000Z', minutes: null })],
      () => [message('Booked.')],
    );
    const result = await run(agentWith(model, calendar.functions), 'Book Lovelace on Tuesday morning.');
    expect(result.finalOutput).toBe('Booked.');
    expect(recorded.calls).toHaveLength(1);
    const args = recorded.calls[0]!.args;
    expect(args['start']).toBeInstanceOf(Date);
    expect(args).toEqual({ room: 'Lovelace', start: new Date('2026-12-01T09:30:00.000Z'), minutes: 30 });
    expect(toolOutputs(model.requests[1])).toEqual({ call_1: '{"room":"Lovelace","start":"2026-12-01T09:30:00.000Z","minutes":30}' });
  });

  it('leaves arguments that are not JSON to the SDK, which answers before any tool runs', async () => {
    const model = new ScriptedModel(() => [functionCall('calendar__find_room', undefined, 'call_1', '{"people": 4')], () => [message('Oops.')]);
    await run(agentWith(model, calendar.functions), 'Find a room.');
    expect(toolOutputs(model.requests[1])['call_1']).toMatch(/^An error occurred while parsing tool arguments\. Please try again with valid JSON\./);
    expect(recorded.calls).toEqual([]);
  });

  it('gives a context function the call (with the SDK call id) and the SDK run context', async () => {
    const seen: unknown[] = [];
    const model = new ScriptedModel(() => [functionCall('calendar__find_room', { people: 0 }, 'call_ctx')], () => [message('Ok.')]);
    await run(
      agentWith(model, calendar.functions, {
        context: (call, runContext) => {
          seen.push(call, runContext?.context);
          return { exposeErrors: true };
        },
      }),
      'Find a room.',
      { context: { user: 'ada' } },
    );
    expect(seen).toEqual([{ name: 'find_room', qualifiedName: 'calendar__find_room', callId: 'call_ctx' }, { user: 'ada' }]);
    expect(toolOutputs(model.requests[1])).toEqual({ call_ctx: 'the rooms table is locked (password hunter2)' });
  });

  it("forwards the SDK's abort signal: aborting the run aborts the call", async () => {
    const controller = new AbortController();
    recorded.hold.started = () => controller.abort(new Error('the user left'));
    const model = new ScriptedModel(() => [functionCall('calendar__hold_room', { room: 'Lovelace' })], () => [message('Held.')]);
    const outcome = await run(agentWith(model, calendar.functions), 'Hold it.', { signal: controller.signal }).then(
      () => 'resolved',
      () => 'rejected',
    );
    expect(recorded.hold.signal?.aborted).toBe(true);
    expect(outcome).toBe('rejected');
    expect(model.requests).toHaveLength(1);
  });
});

describe('a require_approval tool', () => {
  const cancel = { room: 'Lovelace', reason: 'The speaker is ill.' };

  it('stops the run with an interruption; the restored state, approved, runs the tool exactly once', async () => {
    const model = new ScriptedModel(() => [functionCall('calendar__cancel_booking', cancel, 'call_cancel')], () => [message('Cancelled.')]);
    const agent = agentWith(model, calendar.functions);
    const first = await run(agent, 'Cancel the Lovelace booking.');
    expect(first.interruptions.map((item) => [item.name, item.arguments])).toEqual([['calendar__cancel_booking', JSON.stringify(cancel)]]);
    expect(recorded.calls).toEqual([]);
    expect(model.requests).toHaveLength(1);

    const stored = first.state.toString();
    const state = await RunState.fromString(agent, stored);
    for (const item of state.getInterruptions()) state.approve(item);
    const resumed = await run(agent, state);

    expect(resumed.finalOutput).toBe('Cancelled.');
    expect(resumed.interruptions).toEqual([]);
    expect(recorded.calls).toEqual([{ tool: 'cancel_booking', args: cancel }]);
    expect(toolOutputs(model.requests[1])).toEqual({ call_cancel: 'Cancelled the booking of Lovelace.' });
  });

  it('rejected, never runs, and the model reads the rejection', async () => {
    const model = new ScriptedModel(() => [functionCall('calendar__cancel_booking', cancel, 'call_cancel')], () => [message('Kept it.')]);
    const agent = agentWith(model, calendar.functions);
    const first = await run(agent, 'Cancel the Lovelace booking.');
    const state = await RunState.fromString(agent, first.state.toString());
    for (const item of state.getInterruptions()) state.reject(item, { message: 'The user kept the booking.' });
    const resumed = await run(agent, state);

    expect(resumed.finalOutput).toBe('Kept it.');
    expect(recorded.calls).toEqual([]);
    expect(toolOutputs(model.requests[1])).toEqual({ call_cancel: 'The user kept the booking.' });
  });
});

describe('functions resolveAgentTools wrapped for approval', () => {
  const asked: ToolApprovalRequest[] = [];
  const channel: ToolApprovalChannel = {
    name: 'never-asked',
    requestApproval: async (request) => {
      asked.push(request);
      return { decision: 'reject' };
    },
  };

  function resolved(): readonly AIFunction[] {
    const catalogue = new ToolCatalogue();
    catalogue.sync({ toolsets: [calendar] });
    // find_room is declared approval-free; the agent's policy requires approval for it
    const agent = { name: 'planner', allowedTools: ['calendar__find_room', 'calendar__book_room'], policies: [{ toolName: 'calendar__find_room', approvalMode: 'require_approval' as const }] };
    return resolveAgentTools(agent, catalogue, { approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', channel }) }).functions;
  }

  beforeEach(() => {
    asked.length = 0;
  });

  it('need approval in the SDK, and an approved call runs once without asking the router again', async () => {
    const model = new ScriptedModel(
      () => [functionCall('calendar__find_room', { people: 4 }, 'call_find'), functionCall('calendar__book_room', { room: 'Lovelace', start: '2026-12-01T09:30:00Z', minutes: 45 }, 'call_book')],
      () => [message('Found and booked.')],
    );
    const agent = agentWith(model, resolved());
    const first = await run(agent, 'Find a room for four and book Lovelace.');
    expect(first.interruptions.map((item) => item.name)).toEqual(['calendar__find_room']);

    const state = await RunState.fromString(agent, first.state.toString());
    for (const item of state.getInterruptions()) state.approve(item);
    await run(agent, state);

    expect(asked).toEqual([]);
    expect(recorded.calls.map((call) => call.tool).sort()).toEqual(['book_room', 'find_room']);
    expect(toolOutputs(model.requests[1])).toMatchObject({ call_find: 'Lovelace' });
  });

  it('rejected in the SDK, never run', async () => {
    const model = new ScriptedModel(() => [functionCall('calendar__find_room', { people: 4 }, 'call_find')], () => [message('Fine.')]);
    const agent = agentWith(model, resolved());
    const first = await run(agent, 'Find a room for four.');
    const state = await RunState.fromString(agent, first.state.toString());
    for (const item of state.getInterruptions()) state.reject(item);
    await run(agent, state);

    expect(asked).toEqual([]);
    expect(recorded.calls).toEqual([]);
  });
});
