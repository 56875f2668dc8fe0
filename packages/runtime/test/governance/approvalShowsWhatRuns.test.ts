import { describe, expect, it } from 'vitest';
import {
  defineTool,
  resolveAgentTools,
  ToolApprovalError,
  ToolApprovalRouter,
  ToolArgumentError,
  ToolCatalogue,
  ToolFailure,
  withApproval,
  type AIFunction,
  type JsonSchema,
  type ToolApprovalRunMode,
} from '@toolgen/runtime';
import { runAnthropicToolUse } from '@toolgen/runtime/anthropic';
import { issueSdkApprovalGrant } from '../../src/approval/toolApprovalGrant.js';
import { sdkApprovalDigest } from '../../src/approval/withApproval.js';
import { recordingLogger, repairRecorder } from '../invokeFixtures.js';
import { fakeTool, fakeToolset, rejectionOf, scriptedChannel, type RecordedCall } from './fixtures.js';

/*
 * Issue 24, findings 6 and 8: a person approves exactly what will run (the lenient repairs, the
 * validator's parsing and normalization happen before the request; an ambiguity is refused, not
 * guessed), and hostile nesting never becomes a stack overflow on the way to the validator.
 */

function closeTicket(calls: RecordedCall[], type: 'integer' | 'number' = 'integer'): AIFunction {
  return fakeTool({ name: 'close_ticket', className: 'TicketToolset', properties: { number: type }, metadata: { approval: 'require_approval' }, calls });
}

function approving(): ReturnType<typeof scriptedChannel> {
  return scriptedChannel(() => ({ decision: 'approve' }));
}

describe('finding 6: on the lenient path the approver sees what the tool runs with', () => {
  it('refuses a JSON string that gives a key twice, before anyone is asked', async () => {
    const calls: RecordedCall[] = [];
    const channel = approving();
    const gated = withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel }));
    const error = await rejectionOf(gated.invoke('{"number": 1, "number": 2}', { lenient: true }));

    expect(error).toBeInstanceOf(ToolArgumentError);
    expect((error as ToolArgumentError).issues).toEqual([{ pointer: '/number', message: 'is given twice in the JSON text of the arguments; send each key once' }]);
    expect(channel.requests).toEqual([]);
    expect(calls).toEqual([]);
  });

  it.each([
    ['a JSON string with an integer a double rounds', '{"number": 9007199254740993}', 'integer', /got 9007199254740993, which would run as 9007199254740992/],
    ['a JSON string with a number that underflows', '{"number": 1e-400}', 'number', /got 1e-400, which would run as 0/],
    ['a string that converts to a rounded number', { number: '9007199254740993' }, 'number', /got "9007199254740993", which would run as 9007199254740992/],
    ['a string that underflows', { number: '1e-400' }, 'number', /got "1e-400", which would run as 0/],
  ] as const)('refuses %s, never guessing', async (_case, args, type, message) => {
    const calls: RecordedCall[] = [];
    const channel = approving();
    const gated = withApproval(closeTicket(calls, type), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel }));
    const error = await rejectionOf(gated.invoke(args, { lenient: true }));

    expect(error).toBeInstanceOf(ToolArgumentError);
    expect((error as ToolArgumentError).message).toMatch(message);
    expect(channel.requests).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('the same refusals hold for a lenient call without approval: the step never guesses', async () => {
    const calls: RecordedCall[] = [];
    await expect(closeTicket(calls).invoke('{"number": 1, "number": 2}', { lenient: true })).rejects.toThrow(/given twice/);
    await expect(closeTicket(calls, 'number').invoke({ number: '1e-400' }, { lenient: true })).rejects.toThrow(/would run as 0/);
    expect(calls).toEqual([]);
  });

  it('shows a fenced JSON string as the parsed, validated arguments, reports each repair, and runs exactly those', async () => {
    const calls: RecordedCall[] = [];
    const channel = approving();
    const { repairs, onRepair } = repairRecorder();
    const gated = withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel }));
    await gated.invoke('```json\n{"number": "7"}\n```', { lenient: true, onRepair });

    expect(channel.requests.map((request) => request.arguments)).toEqual([{ number: 7 }]);
    expect(repairs.map((repair) => repair.kind)).toEqual(['stripped-code-fence', 'parsed-json-string', 'string-to-integer']);
    expect(calls.map((call) => call.args)).toEqual([{ number: 7 }]);
  });

  it('accepts numbers that mean what they say: 1.50, -0, 1e3, 0.1', async () => {
    const calls: RecordedCall[] = [];
    const gated = withApproval(closeTicket(calls, 'number'), new ToolApprovalRouter({ runMode: 'auto_approve_required' }));
    for (const text of ['1.50', '-0', '1e3', '0.1']) await gated.invoke(`{"number": ${text}}`, { lenient: true });
    expect(calls.map((call) => call.args['number'])).toEqual([1.5, -0, 1000, 0.1]);
  });

  it('shows a padded, lower-case date as the instant the tool receives', async () => {
    const received: unknown[] = [];
    const schema: JsonSchema = { type: 'object', properties: { when: { type: 'string', format: 'date-time' } }, required: ['when'], additionalProperties: false };
    const remind = defineTool({
      name: 'remind',
      qualifiedName: 'calendar__remind',
      description: 'Reminds the team.',
      parameters: schema,
      variants: { 'openai-strict': schema, anthropic: schema, gemini: schema },
      losses: [],
      returns: null,
      metadata: { readOnly: false, approval: 'require_approval', networkScope: 'none', confidentiality: 'any', workspacePaths: [], settings: null },
      // as a generated validator does: RFC 3339 allows a lower-case t and z; the tool receives a Date
      validate: (input, issues) => {
        const when = (input as { when?: unknown }).when;
        const date = typeof when === 'string' ? new Date(when.trim().toUpperCase()) : undefined;
        if (date === undefined || Number.isNaN(date.getTime())) issues.push({ pointer: '/when', message: 'must be a date-time' });
        return { when: date };
      },
      normalizeStrict: (input) => input,
      result: 'value',
      call: (args) => void received.push(args['when']),
    });
    const channel = approving();
    await withApproval(remind, new ToolApprovalRouter({ runMode: 'use_agent_policy', channel })).invoke({ when: ' 2026-12-01t09:30:00+01:00 ' });

    expect(channel.requests.map((request) => request.arguments)).toEqual([{ when: '2026-12-01T08:30:00.000Z' }]);
    expect(received).toEqual([new Date('2026-12-01T08:30:00.000Z')]);
  });
});

describe("finding 2 at the wrapper: an SDK's approval stands in for the channel only", () => {
  it.each([
    ['auto_reject_required', false],
    ['use_agent_policy', true],
  ] as const)('%s (background %s): an SDK grant for exactly this call runs nothing', async (runMode: ToolApprovalRunMode, background) => {
    const calls: RecordedCall[] = [];
    const gated = withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode, background, channel: approving() }));
    const grant = issueSdkApprovalGrant('c1', sdkApprovalDigest(gated, { number: 1 }));
    const error = await rejectionOf(gated.invoke({ number: 1 }, { callId: 'c1', approvalGrant: grant }));

    expect(error).toBeInstanceOf(ToolApprovalError);
    expect((error as ToolApprovalError).outcome.status).toBe('rejected');
    expect(calls).toEqual([]);
  });

  it('use_agent_policy: the grant runs exactly its call, once; other arguments are refused', async () => {
    const calls: RecordedCall[] = [];
    const channel = approving();
    const gated = withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel }));
    const grant = issueSdkApprovalGrant('c1', sdkApprovalDigest(gated, { number: 1 }));
    await expect(gated.invoke({ number: 666 }, { callId: 'c1', approvalGrant: grant })).rejects.toThrow(/another call/);
    await expect(gated.invoke({ number: 1 }, { callId: 'c1', approvalGrant: grant })).rejects.toThrow(/already answered/);
    const fresh = issueSdkApprovalGrant('c1', sdkApprovalDigest(gated, { number: 1 }));
    await gated.invoke({ number: 1 }, { callId: 'c1', approvalGrant: fresh });

    expect(calls.map((call) => call.args)).toEqual([{ number: 1 }]);
    expect(channel.requests).toEqual([]);
  });
});

describe('finding 8: arguments nested thousands of levels deep are refused, never a stack overflow', () => {
  function nested(levels: number): unknown {
    let value: unknown = 1;
    for (let level = 0; level < levels; level += 1) value = { a: value };
    return value;
  }

  const calls: RecordedCall[] = [];
  const tickets = fakeToolset('TicketToolset', [
    { name: 'close_ticket', properties: { number: 'integer' }, metadata: { approval: 'require_approval' }, calls },
    { name: 'tag_ticket', properties: { number: 'integer' }, calls },
  ]);
  const catalogue = new ToolCatalogue();
  catalogue.sync({ toolsets: [tickets] });
  const channel = approving();
  /** A fresh resolution, so each test counts its own repeated failures. */
  const resolve = (): ReturnType<typeof resolveAgentTools> =>
    resolveAgentTools({ allowedTools: ['ticket__close_ticket', 'ticket__tag_ticket'] }, catalogue, {
      approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', channel }),
    });

  it.each([3_000, 100_000])('%i levels: resolveAgentTools functions (approval, failure folding) answer with a ToolArgumentError', async (levels) => {
    for (const fn of resolve().functions) {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const error = await rejectionOf(fn.invoke({ number: nested(levels) }));
        // the third identical failure is folded into one RepeatedToolFailure that quotes it
        expect(error).toBeInstanceOf(attempt < 3 ? ToolArgumentError : ToolFailure);
        expect((error as ToolFailure).message).toContain('/number: must be a integer');
      }
    }
    expect(channel.requests).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('a cyclic argument object is refused the same way', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    for (const fn of resolve().functions) await expect(fn.invoke({ number: cyclic })).rejects.toThrow(/\/number: must be a integer; got an object/);
  });

  it("an adapter answers the model with the validator's words, not 'failed unexpectedly', and logs nothing as unexpected", async () => {
    const logger = recordingLogger();
    const result = await runAnthropicToolUse(resolve().functions, { id: 't1', name: 'ticket__close_ticket', input: { number: nested(100_000) } }, { logger });

    expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 't1', is_error: true });
    expect(JSON.stringify(result.content)).toContain('/number: must be a integer');
    expect(logger.errors).toEqual([]);
  });

  it('an approval request never walks a value nested deeper than it can show (an unknown parameter is not depth-checked)', async () => {
    const open = defineTool({
      name: 'store',
      qualifiedName: 'notes__store',
      description: 'Stores any JSON.',
      parameters: { type: 'object', properties: { data: {} }, additionalProperties: false },
      variants: { 'openai-strict': {}, anthropic: {}, gemini: {} },
      losses: [],
      returns: null,
      metadata: { readOnly: false, approval: 'require_approval', networkScope: 'none', confidentiality: 'any', workspacePaths: [], settings: null },
      validate: (input) => ({ ...(input as Record<string, unknown>) }),
      normalizeStrict: (input) => input,
      result: 'value',
      call: () => 'stored',
    });
    const asked = approving();
    const gated = withApproval(open, new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: asked }));
    await expect(gated.invoke({ data: nested(100_000) })).rejects.toThrow(/must nest objects and arrays at most 64 levels deep to be shown for approval/);
    expect(asked.requests).toEqual([]);
  });
});

describe('issue 25, item 8: validation runs before workspace containment', () => {
  const calls: RecordedCall[] = [];
  const readFile = fakeTool({
    name: 'read_file',
    className: 'FilesToolset',
    properties: { path: 'string' },
    metadata: { readOnly: true, workspacePaths: [{ parameter: 'path', access: 'read' }] },
    calls,
  });

  it('an invalid path argument is a ToolArgumentError with its pointer: the function alone, and through resolveAgentTools', async () => {
    const direct = await rejectionOf(readFile.invoke({ path: 12 }, { workspace: { root: '/nonexistent-root' } }));
    expect(direct).toBeInstanceOf(ToolArgumentError);
    expect((direct as ToolArgumentError).issues).toEqual([{ pointer: '/path', message: 'must be a string; got 12', expected: 'string' }]);

    const catalogue = new ToolCatalogue();
    catalogue.sync({ toolsets: [{ className: 'FilesToolset', owner: 'files', displayName: 'Files', functions: [readFile] }] });
    for (const workspace of [undefined, { root: '/nonexistent-root' }]) {
      const [fn] = resolveAgentTools({ allowedTools: ['files__read_file'] }, catalogue, { workspace }).functions;
      const error = await rejectionOf(fn!.invoke({ path: 12 }));
      expect(error).toBeInstanceOf(ToolArgumentError);
      expect((error as ToolArgumentError).issues[0]?.pointer).toBe('/path');
    }
    expect(calls).toEqual([]);
  });
});
