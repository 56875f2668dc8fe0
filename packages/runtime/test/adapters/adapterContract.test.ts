import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveAgentTools, ToolApprovalRouter, ToolCatalogue, type AIFunction } from '@toolgen/runtime';
import type { ToolCallInfo } from '@toolgen/runtime/openai';
import { recordingLogger } from '../invokeFixtures.js';
import { adapterDrivers, type AdapterDriver, type Outcome } from './adapterDrivers.js';
import { generateCalendar, type Calendar } from './calendarTools.js';
import { countedEcho } from './countedEcho.js';
import { closeAll } from './mcpFixtures.js';

/*
 * The adapter contract: what every adapter does with toolgen's functions, run against each SDK
 * through its driver (adapterDrivers.ts): the AI SDK, OpenAI's Chat Completions and Responses,
 * Anthropic's Messages, the OpenAI Agents SDK and MCP. What one SDK alone does (its approval flow,
 * its repair hook, its transports) stays in that adapter's own test file.
 */

let calendar: Calendar;

beforeAll(async () => {
  calendar = await generateCalendar();
}, 120_000);

afterEach(closeAll);

function answered(outcome: Outcome): Extract<Outcome, { kind: 'answer' }> {
  if (outcome.kind !== 'answer') throw new Error(`expected an answer to the model, got ${outcome.kind}`);
  return outcome;
}

/** What a person was shown, as JSON, with a date-time as the Date the tool receives prints it (an SDK may show the model's own text). */
function normalizedShown(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value) ? new Date(value).toISOString() : value));
}

/** The answer's error flag, where the SDK has one. */
function errorFlag(driver: AdapterDriver, outcome: Extract<Outcome, { kind: 'answer' }>): boolean | undefined {
  return driver.flagsErrors ? outcome.isError : undefined;
}

describe.each(adapterDrivers)('the adapter contract: $name', (driver) => {
  const flagged = (isError: boolean) => (driver.flagsErrors ? isError : undefined);

  it('offers each function under its qualified name, with the schema this SDK takes', async () => {
    const offered = await driver.offer(calendar.toolset.functions);
    expect(offered.map((tool) => tool.name)).toEqual(['calendar__schedule_meeting', 'calendar__cancel_meeting', 'calendar__find_rooms']);
    const schema = driver.variant === 'canonical' ? calendar.schedule.parameters.jsonSchema : calendar.schedule.variants[driver.variant];
    expect(offered[0]!.schema).toEqual(schema);
  });

  it("offers the tool names with names: 'name', and throws for two functions under one wire name", async () => {
    expect((await driver.offer(calendar.toolset.functions, 'name')).map((tool) => tool.name)).toEqual(['schedule_meeting', 'cancel_meeting', 'find_rooms']);
    const other: AIFunction = { ...calendar.cancel, qualifiedName: 'agenda__cancel_meeting' };
    await expect(driver.offer([calendar.cancel, other], 'name')).rejects.toThrow(/Two tools go by the wire name "cancel_meeting"/);
  });

  it('runs a valid call: the tool receives a Date, and the model reads its result as JSON', async () => {
    const outcome = answered(await driver.call(calendar.toolset.functions, 'calendar__schedule_meeting', { title: 'Sync', at: '2026-03-02T09:00:00Z', room: 'Kepler' }));
    // the ISO text came back as the tool's Date printed it
    expect(JSON.parse(outcome.text)).toEqual({ title: 'Sync', at: '2026-03-02T09:00:00.000Z', minutes: 30, room: 'Kepler' });
    expect(errorFlag(driver, outcome)).toBe(flagged(false));
  });

  it("answers invalid arguments with the validator's message, every pointer in it, and never runs the tool", async () => {
    const outcome = answered(await driver.call(calendar.toolset.functions, 'calendar__schedule_meeting', { title: 7, at: 'Monday' }));
    const message =
      'Invalid arguments:\n' +
      '- /title: must be a string; got 7\n' +
      '- /at: must be a date-time in ISO 8601 form such as "2026-01-31T09:00:00Z"; got "Monday"\n' +
      'Correct these arguments and call the tool again.';
    if (driver.wrapsInvalid) expect(outcome.text).toContain(message);
    else expect(outcome.text).toBe(message);
    expect(errorFlag(driver, outcome)).toBe(flagged(true));
    const echo = countedEcho();
    answered(await driver.call([echo.fn], 'test__echo', { value: 42 }));
    expect(echo.received).toEqual([]);
  });

  it('answers a ToolFailure with its reason and fix, and an unexpected error opaquely, logged in full to the context\'s logger', async () => {
    const logger = recordingLogger();
    const sunday = answered(await driver.call(calendar.toolset.functions, 'calendar__schedule_meeting', { title: 'Sync', at: '2026-03-01T09:00:00Z' }, { context: { logger } }));
    expect([sunday.text, errorFlag(driver, sunday)]).toEqual(['Nobody meets on Sundays. Pick a weekday.', flagged(true)]);
    const boom = answered(await driver.call(calendar.toolset.functions, 'calendar__schedule_meeting', { title: 'boom', at: '2026-03-02T09:00:00Z' }, { context: { logger } }));
    expect([boom.text, errorFlag(driver, boom)]).toEqual(['The tool failed unexpectedly.', flagged(true)]);
    expect(boom.text).not.toContain('hunter2');
    expect(logger.errors).toEqual([['Tool calendar__schedule_meeting failed unexpectedly', new Error('the calendar database password is hunter2')]]);
  });

  it('sends an unexpected error to console.error when the context has no logger: nothing fails unseen', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const boom = answered(await driver.call(calendar.toolset.functions, 'calendar__schedule_meeting', { title: 'boom', at: '2026-03-02T09:00:00Z' }));
      expect(boom.text).toBe('The tool failed unexpectedly.');
      expect(printed.mock.calls).toEqual([['toolgen: Tool calendar__schedule_meeting failed unexpectedly:', new Error('the calendar database password is hunter2')]]);
    } finally {
      printed.mockRestore();
    }
  });

  it("gives a context function the call: the tool's names and the SDK's call id", async () => {
    const calls: ToolCallInfo[] = [];
    const outcome = answered(
      await driver.call(calendar.toolset.functions, 'calendar__find_rooms', { minSeats: 10 }, {
        context: (call) => {
          calls.push(call);
          return {};
        },
      }),
    );
    expect(outcome.text).toBe('["Aula"]');
    expect(calls).toEqual([{ name: 'find_rooms', qualifiedName: 'calendar__find_rooms', callId: outcome.callId ?? expect.stringMatching(/.+/) }]);
  });

  it('rejects an aborted call: an abort is never an answer the model reads', async () => {
    const controller = new AbortController();
    controller.abort(new Error('The user stopped the run.'));
    await expect(driver.call(calendar.toolset.functions, 'calendar__find_rooms', {}, { signal: controller.signal })).rejects.toThrow();
    // the same call without the abort is answered: the abort is what rejected it
    expect(answered(await driver.call(calendar.toolset.functions, 'calendar__find_rooms', {})).text).toBe('["Aula","Kepler"]');
  });

  it('never runs a plain require_approval function unasked: the SDK waits for a person, or the model reads that it needs approval', async () => {
    const outcome = await driver.call(calendar.toolset.functions, 'calendar__cancel_meeting', { title: 'Contract' });
    if (outcome.kind === 'answer') {
      expect(outcome.text).toMatch(/approv/i);
      expect(errorFlag(driver, outcome)).toBe(flagged(true));
    }
    expect(calendar.cancelled).not.toContain('Contract');
  });

  it('runs a require_approval function once a person approves, shown the arguments it runs with, a Date among them', async () => {
    const { outcome, asked } = await driver.callApproving(calendar.toolset.functions, 'calendar__cancel_meeting', { title: 'Retro', from: '2026-03-02T09:00:00Z' });
    expect(asked.map((text) => normalizedShown(text))).toEqual([{ title: 'Retro', from: '2026-03-02T09:00:00.000Z' }]);
    expect(errorFlag(driver, answered(outcome))).toBe(flagged(false));
    expect(calendar.cancelled).toContain('Retro from 2026-03-02T09:00:00.000Z');
  });

  it("answers invalid arguments of a require_approval function with the validator's message, and asks nobody", async () => {
    const message = 'Invalid arguments:\n- /title: must be a string; got 5\nCorrect these arguments and call the tool again.';
    for (const { outcome, asked } of [{ outcome: await driver.call(calendar.toolset.functions, 'calendar__cancel_meeting', { title: 5 }), asked: [] }, await driver.callApproving(calendar.toolset.functions, 'calendar__cancel_meeting', { title: 5 })]) {
      expect(answered(outcome).text).toContain(message);
      expect(asked).toEqual([]);
    }
    expect(calendar.cancelled).not.toContain(5);
  });

  it("runs a require_approval tool an agent's policy auto-approves, asking nobody: exposed unwrapped, with or without a router", async () => {
    const catalogue = new ToolCatalogue();
    catalogue.sync({ toolsets: [calendar.toolset] });
    const agent = { name: 'contract', toolsets: [{ owner: 'calendar' }], policies: [{ toolName: 'calendar__cancel_meeting', approvalMode: 'auto_approve' as const }] };
    const channel = { name: 'person', requestApproval: async () => ({ decision: 'reject' as const }) };
    for (const [title, surface] of [['Auto 1', {}], ['Auto 2', { approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', channel }) }]] as const) {
      const { outcome, asked } = await driver.callApproving(resolveAgentTools(agent, catalogue, surface).functions, 'calendar__cancel_meeting', { title });
      expect([asked, errorFlag(driver, answered(outcome))]).toEqual([[], flagged(false)]);
      expect(calendar.cancelled).toContain(title);
    }
  });

  it('asks nobody about a call its workspace refuses, whoever would approve it: the model reads why, and the tool does not run', async () => {
    const catalogue = new ToolCatalogue();
    catalogue.sync({ toolsets: [calendar.agenda] });
    const channel = { name: 'person', requestApproval: async () => ({ decision: 'approve' as const }) };
    const functions = resolveAgentTools({ name: 'contract', toolsets: [{ owner: 'agenda' }] }, catalogue, {
      approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', channel }),
      workspace: { root: import.meta.dirname },
    }).functions;
    // the agent's functions, contained in the workspace; the toolset's own, given the workspace in the context; or given none
    const workspace = { root: import.meta.dirname };
    for (const [setup, context, refusal] of [
      [functions, undefined, 'The path "../../etc/passwd" in "path"'],
      [calendar.agenda.functions, { workspace }, 'The path "../../etc/passwd" in "path"'],
      [calendar.agenda.functions, {}, 'agenda__attach_agenda takes a workspace path ("path") but was called without a workspace'],
    ] as const) {
      const { outcome, asked } = await driver.callApproving(setup, 'agenda__attach_agenda', { path: '../../etc/passwd' }, context === undefined ? {} : { context });
      expect(asked).toEqual([]);
      expect(answered(outcome).text).toContain(refusal);
    }
    expect(calendar.attached).toEqual([]);
  });

  it('validates each call exactly once, and runs the value the validator produced', async () => {
    const echo = countedEcho();
    const outcome = answered(await driver.call([echo.fn], 'test__echo', { value: 'hello' }));
    expect(echo.validations()).toBe(1);
    expect(echo.received).toEqual([{ value: 'checked hello' }]);
    expect(outcome.text).toBe('checked hello');
  });
});
