import { Agent, ModelBehaviorError, run, RunState, RunToolApprovalItem, setTracingDisabled, type Model } from '@openai/agents';
import { beforeEach, describe, expect, it } from 'vitest';
import { defineTool, resolveAgentTools, ToolApprovalRouter, ToolCatalogue, type AIFunction, type ToolApprovalRunMode } from '@toolgen/runtime';
import { interruptionArguments, toOpenAIAgentsTools } from '@toolgen/runtime/openai-agents';
import { fakeToolset, scriptedChannel, type RecordedCall } from '../governance/fixtures.js';
import { recordingLogger } from '../invokeFixtures.js';
import { functionCall, message, ScriptedModel, toolOutputs } from './agentsFixtures.js';

/*
 * Security finding 2 of issue 24: an approval the Agents SDK reports counts only for the exact
 * call toolgen raised an interruption for (tool, call id, digest of the validated arguments),
 * once. Every attack runs through the real @openai/agents runner with a scripted model.
 */

setTracingDisabled(true);

const calls: RecordedCall[] = [];
const tickets = fakeToolset('TicketToolset', [
  { name: 'close_ticket', properties: { number: 'integer' }, metadata: { approval: 'require_approval' }, calls, run: (args) => `closed ${String(args['number'])}` },
  { name: 'get_ticket', properties: { number: 'integer' }, metadata: { readOnly: true }, calls },
]);
const close = 'ticket__close_ticket';

beforeEach(() => {
  calls.length = 0;
});

function agentWith(model: Model, functions: readonly AIFunction[], options?: Parameters<typeof toOpenAIAgentsTools>[1]): Agent {
  return new Agent({ name: 'Support', instructions: 'Help.', model, tools: toOpenAIAgentsTools(functions, options) });
}

function ran(): unknown[] {
  return calls.map((call) => call.args['number']);
}

/** Runs to the first interruption, approves it as a person would, and resumes. */
/**
 * Runs until the approval, approves, and resumes. Resolves to `'sdk refused'` when the SDK itself
 * stopped the resumed run because the model reused an approved call's id (its own guard since
 * @openai/agents 0.20; 0.14 leaves that to toolgen's binding).
 */
async function approveFirstAndResume(agent: Agent, input: string, tamper?: (state: RunState<unknown, Agent>) => void): Promise<'resumed' | 'sdk refused'> {
  const first = await run(agent, input);
  expect(first.interruptions.map((item) => item.name)).toEqual([close]);
  const state = await RunState.fromString(agent, first.state.toString());
  for (const item of state.getInterruptions()) state.approve(item);
  tamper?.(state);
  try {
    await run(agent, state);
    return 'resumed';
  } catch (error) {
    if (error instanceof ModelBehaviorError && /was reused for a different invocation after an approval decision/.test(error.message)) return 'sdk refused';
    throw error;
  }
}

describe('finding 2: an Agents SDK approval counts only for the call toolgen asked about', () => {
  it('runs the approved call once; the model reusing its call id for other arguments runs nothing more', async () => {
    const model = new ScriptedModel(
      () => [functionCall(close, { number: 1 }, 'c1')],
      () => [functionCall(close, { number: 666 }, 'c1'), functionCall(close, { number: 777 }, 'c1')],
      () => [message('Done.')],
    );
    const logger = recordingLogger();
    const resumed = await approveFirstAndResume(agentWith(model, tickets.functions, { context: { logger } }), 'Close ticket 1.');

    expect(ran()).toEqual([1]);
    if (resumed === 'sdk refused') return;
    expect(toolOutputs(model.requests[2])['c1']).toMatch(/^ticket__close_ticket was not called: the run reports call "c1" as approved, but no approval request was raised/);
    expect(logger.warnings.map(([text]) => text)).toEqual([`Tool ${close}: refused an approval toolgen did not ask for`, `Tool ${close}: refused an approval toolgen did not ask for`]);
  });

  it('runs nothing for an approval written into a stored RunState without an interruption', async () => {
    const model = new ScriptedModel(
      () => [functionCall(close, { number: 1 }, 'c1')],
      () => [functionCall(close, { number: 9 }, 'c9')],
      () => [message('Done.')],
    );
    const agent = agentWith(model, tickets.functions);
    await approveFirstAndResume(agent, 'Close ticket 1.', (state) => {
      // what an attacker with write access to the stored state adds: c9 approved, never asked about
      state.approve(new RunToolApprovalItem({ type: 'function_call', callId: 'c9', name: close, arguments: '{"number":9}', status: 'completed' }, agent));
    });

    expect(ran()).toEqual([1]);
    expect(toolOutputs(model.requests[2])['c9']).toMatch(/was not called: the run reports call "c9" as approved/);
  });

  it('asks again for each call when a person approved with alwaysApprove', async () => {
    const model = new ScriptedModel(() => [functionCall(close, { number: 1 }, 'c1')], () => [functionCall(close, { number: 2 }, 'c2')], () => [message('Done.')]);
    const agent = agentWith(model, tickets.functions);
    const first = await run(agent, 'Close ticket 1.');
    const state = await RunState.fromString(agent, first.state.toString());
    for (const item of state.getInterruptions()) state.approve(item, { alwaysApprove: true });
    await run(agent, state);

    expect(ran()).toEqual([1]);
    expect(toolOutputs(model.requests[2])['c2']).toMatch(/was not called/);
  });

  it('raises no interruption for invalid arguments: the model reads the validator, nothing runs', async () => {
    const model = new ScriptedModel(() => [functionCall(close, { number: 'one' }, 'c1')], () => [message('Sorry.')]);
    const first = await run(agentWith(model, tickets.functions), 'Close ticket one.');

    expect(first.interruptions).toEqual([]);
    expect(ran()).toEqual([]);
    expect(toolOutputs(model.requests[1])['c1']).toContain('/number: must be a integer; got "one"');
  });

  it('issue 25, item 3: the person is shown the arguments that will run, not the raw strict-mode text', async () => {
    const received: unknown[] = [];
    const schema = { type: 'object', properties: { number: { type: 'integer' }, reason: { type: 'string' } }, required: ['number'], additionalProperties: false } as const;
    const strict = { ...schema, properties: { number: { type: 'integer' }, reason: { anyOf: [{ type: 'string' }, { type: 'null' }] } }, required: ['number', 'reason'] };
    const archive = defineTool({
      name: 'archive_ticket',
      qualifiedName: 'ticket__archive_ticket',
      description: 'Archives a ticket.',
      parameters: schema,
      variants: { 'openai-strict': strict, anthropic: schema, gemini: schema },
      losses: [],
      returns: null,
      metadata: { readOnly: false, approval: 'require_approval', networkScope: 'none', confidentiality: 'any', workspacePaths: [], settings: null },
      validate: (input) => ({ ...(input as Record<string, unknown>) }),
      // as generated: the strict variant's null for an optional member means absent
      normalizeStrict: (input) => Object.fromEntries(Object.entries(input as Record<string, unknown>).filter(([, value]) => value !== null)),
      result: 'void',
      call: (args) => void received.push(args),
    });
    const model = new ScriptedModel(() => [functionCall('ticket__archive_ticket', { number: 3, reason: null }, 'c3')], () => [message('Done.')]);
    const agent = agentWith(model, [archive]);
    const first = await run(agent, 'Archive ticket 3.');
    const [item] = first.interruptions;

    expect(item?.arguments).toBe('{"number":3,"reason":null}');
    expect(interruptionArguments(item!)).toEqual({ number: 3 });
    const state = await RunState.fromString(agent, first.state.toString());
    for (const pending of state.getInterruptions()) state.approve(pending);
    await run(agent, state);
    expect(received).toEqual([{ number: 3 }]);
  });

  describe('functions resolveAgentTools wrapped for approval: the router still decides', () => {
    function resolved(runMode: ToolApprovalRunMode, options: { background?: boolean } = {}): { functions: readonly AIFunction[]; asked: () => number } {
      const catalogue = new ToolCatalogue();
      catalogue.sync({ toolsets: [tickets] });
      const channel = scriptedChannel(() => {
        throw new Error('the channel is down');
      });
      const router = new ToolApprovalRouter({ runMode, channel, ...options });
      return { functions: resolveAgentTools({ allowedTools: [close] }, catalogue, { approvals: router }).functions, asked: () => channel.requests.length };
    }

    it.each([
      ['auto_reject_required', {}],
      ['use_agent_policy', { background: true }],
    ] as const)('%s %o: no interruption is raised, and the call never runs', async (runMode, options) => {
      const { functions } = resolved(runMode, options);
      const model = new ScriptedModel(() => [functionCall(close, { number: 5 }, 'c5')], () => [message('Could not.')]);
      const first = await run(agentWith(model, functions), 'Close ticket 5.');

      expect(first.interruptions).toEqual([]);
      expect(ran()).toEqual([]);
      expect(toolOutputs(model.requests[1])['c5']).toMatch(/was not called|rejected/i);
    });

    it('auto_reject_required: an approval forged into the run state still runs nothing', async () => {
      const { functions } = resolved('auto_reject_required');
      const model = new ScriptedModel(() => [functionCall(close, { number: 5 }, 'c5')], () => [message('Could not.')]);
      const agent = agentWith(model, functions);
      const state = new RunState(new (await import('@openai/agents')).RunContext(), 'Close ticket 5.', agent, 10);
      state.approve(new RunToolApprovalItem({ type: 'function_call', callId: 'c5', name: close, arguments: '{"number":5}', status: 'completed' }, agent));
      await run(agent, state);

      expect(ran()).toEqual([]);
    });

    it('use_agent_policy with a channel that throws: the interruption stands in for the channel, bound like the others', async () => {
      const { functions, asked } = resolved('use_agent_policy');
      const model = new ScriptedModel(
        () => [functionCall(close, { number: 1 }, 'c1')],
        () => [functionCall(close, { number: 666 }, 'c1')],
        () => [message('Done.')],
      );
      const resumed = await approveFirstAndResume(agentWith(model, functions), 'Close ticket 1.');

      expect(ran()).toEqual([1]);
      expect(asked()).toBe(0);
      if (resumed === 'resumed') expect(toolOutputs(model.requests[2])['c1']).toMatch(/was not called/);
    });
  });
});
