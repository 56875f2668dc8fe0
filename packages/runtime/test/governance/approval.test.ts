import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerPendingToolCall, isApprovalGated, parsePendingToolCall, PendingToolCallError, resolveAgentTools, serializePendingToolCall, ToolApprovalError, ToolApprovalRouter, ToolArgumentError, ToolCatalogue, withApproval, defineTool, type ToolApprovalChannel, type ToolApprovalResponse, type PendingToolCall, type ToolApprovalRequest, type ToolApprovalRunMode } from '@toolgen/runtime';
import { approvalDigest, policiesDigest } from '@toolgen/runtime/approval';
import { fakeTool, fakeToolset, rejectionOf, scriptedChannel, silentChannel, type RecordedCall } from './fixtures.js';

afterEach(() => {
  vi.useRealTimers();
});

function closeTicket(calls: RecordedCall[]) {
  return fakeTool({
    name: 'close_ticket',
    className: 'TicketToolset',
    description: 'Closes a ticket for good.',
    properties: { number: 'integer', reason: 'string' },
    metadata: { approval: 'require_approval', networkScope: 'incidental' },
    calls,
    run: (args) => `closed ${String(args['number'])}`,
  });
}

async function refusal(promise: Promise<unknown>): Promise<ToolApprovalError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(ToolApprovalError);
  return error as ToolApprovalError;
}

const args = { number: 4711, reason: 'Fixed by the printer update.' };
const key = 'a host key of at least thirty-two bytes';

describe('approval requests', () => {
  it('carry the tool, its complete arguments, the host call id and a fingerprint', async () => {
    const calls: RecordedCall[] = [];
    const channel = scriptedChannel(() => ({ decision: 'approve' }));
    const fn = withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel }), { now: () => new Date('2026-11-29T10:00:00Z') });

    await expect(fn.invoke(args, { callId: 'call_abc' })).resolves.toBe('closed 4711');

    expect(channel.requests).toEqual<ToolApprovalRequest[]>([
      {
        callId: 'call_abc',
        toolName: 'ticket__close_ticket',
        description: 'Closes a ticket for good.',
        arguments: args,
        digest: approvalDigest('ticket__close_ticket', args, { approvalMode: 'require_approval', networkScope: 'incidental', policies: policiesDigest([]) }),
        policy: { approvalMode: 'require_approval', networkScope: 'incidental', policies: policiesDigest([]) },
        networkScope: 'incidental',
        readOnly: false,
        requestedAt: '2026-11-29T10:00:00.000Z',
      },
    ]);
    expect(calls.map((call) => call.args)).toEqual([args]);
  });

  it('get a fresh random call id when the host gives none', async () => {
    const channel = scriptedChannel(() => ({ decision: 'approve' }));
    const fn = withApproval(closeTicket([]), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel }));
    await fn.invoke(args);
    await fn.invoke(args);
    const [first, second] = channel.requests.map((request) => request.callId);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
  });

  it('are frozen: a channel that tries to change the arguments fails closed', async () => {
    const calls: RecordedCall[] = [];
    const channel = scriptedChannel((request) => {
      (request.arguments as Record<string, unknown>)['number'] = 1;
      return { decision: 'approve' };
    });
    const error = await refusal(withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel })).invoke({ ...args }));
    expect(error.outcome).toMatchObject({ status: 'channel_failed', error: expect.any(TypeError) });
    expect(calls).toEqual([]);
  });

  it('run the tool with exactly the arguments shown, a copy the caller cannot change meanwhile', async () => {
    const calls: RecordedCall[] = [];
    const original: Record<string, unknown> = { ...args };
    const channel = scriptedChannel(() => {
      original['number'] = 1;
      return { decision: 'approve' };
    });
    await withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel })).invoke(original);
    expect(channel.requests[0]?.arguments).toEqual(args);
    expect(calls[0]?.args).toEqual(args);
  });

  it('are not made for arguments the schema rejects', async () => {
    const calls: RecordedCall[] = [];
    const channel = scriptedChannel(() => ({ decision: 'approve' }));
    const error = await rejectionOf(withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel })).invoke({ number: 'x' }));
    expect(error).toBeInstanceOf(ToolArgumentError);
    expect((error as ToolArgumentError).issues).toEqual([
      { pointer: '', message: 'must have the property "reason"' },
      { pointer: '/number', message: 'must be a integer; got "x"', expected: 'integer' },
    ]);
    expect(channel.requests).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('mark the wrapped function, through any later wrapper', () => {
    const fn = withApproval(closeTicket([]), new ToolApprovalRouter({ runMode: 'auto_reject_required' }));
    expect(isApprovalGated(fn)).toBe(true);
    expect(isApprovalGated(closeTicket([]))).toBe(false);
    const resolved = resolveAgentTools({ allowedTools: ['ticket__close_ticket'] }, catalogueWith(closeTicket([])), { approvals: new ToolApprovalRouter({ runMode: 'auto_reject_required' }) });
    expect(isApprovalGated(resolved.functions[0]!)).toBe(true);
  });
});

function catalogueWith(...functions: ReturnType<typeof fakeTool>[]): ToolCatalogue {
  const catalogue = new ToolCatalogue();
  catalogue.sync({ toolsets: [{ className: 'TicketToolset', owner: 'ticket', displayName: 'Tickets', functions }] });
  return catalogue;
}

describe('run approval modes', () => {
  it.each<[ToolApprovalRunMode, boolean, string]>([
    ['auto_approve_required', true, 'approved'],
    ['auto_reject_required', false, 'rejected'],
    ['use_agent_policy', true, 'approved'],
  ])('%s', async (runMode, runs) => {
    const calls: RecordedCall[] = [];
    const channel = scriptedChannel(() => ({ decision: 'approve' }));
    const fn = withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode, channel }));
    const result = await fn.invoke(args).then(
      (value) => value,
      (error: unknown) => error,
    );
    expect(calls.length).toBe(runs ? 1 : 0);
    // only use_agent_policy asks the channel
    expect(channel.requests.length).toBe(runMode === 'use_agent_policy' ? 1 : 0);
    if (!runs) expect((result as ToolApprovalError).outcome).toEqual({ status: 'rejected', by: 'run_mode' });
  });

  it('rejects under use_agent_policy in a background run without asking', async () => {
    const calls: RecordedCall[] = [];
    const channel = scriptedChannel(() => ({ decision: 'approve' }));
    const error = await refusal(withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel, background: true })).invoke(args));
    expect(error.outcome).toEqual({ status: 'rejected', by: 'background' });
    expect(error.message).toBe('This background run cannot ask anyone for approval, so ticket__close_ticket was not called. Tell the user the call needs approval in an interactive run.');
    expect(channel.requests).toEqual([]);
    expect(calls).toEqual([]);
  });

  it.each<ToolApprovalRunMode>(['auto_approve_required', 'auto_reject_required'])('lets a background run use %s', async (runMode) => {
    const calls: RecordedCall[] = [];
    await withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode, background: true }))
      .invoke(args)
      .catch(() => undefined);
    expect(calls.length).toBe(runMode === 'auto_approve_required' ? 1 : 0);
  });

  it('does not decide later calls: each call is asked again', async () => {
    const answers = ['approve', 'reject'] as const;
    const channel = scriptedChannel(() => ({ decision: answers[channel.requests.length - 1]! }));
    const calls: RecordedCall[] = [];
    const fn = withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel }));
    await fn.invoke(args);
    await rejectionOf(fn.invoke(args));
    expect(calls.length).toBe(1);
    expect(channel.requests.length).toBe(2);
  });

  it('rejects undefined run modes and timeouts', () => {
    expect(() => new ToolApprovalRouter({ runMode: 'ask' as ToolApprovalRunMode })).toThrow(RangeError);
    expect(() => new ToolApprovalRouter({ runMode: 'use_agent_policy', timeoutMs: 0 })).toThrow(RangeError);
    expect(() => new ToolApprovalRouter({ runMode: 'use_agent_policy', timeoutMs: Number.NaN })).toThrow(RangeError);
  });
});

describe('failing closed', () => {
  it('never executes without a channel', async () => {
    const calls: RecordedCall[] = [];
    const error = await refusal(withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy' })).invoke(args));
    expect(error.outcome).toEqual({ status: 'no_channel' });
    expect(error.message).toBe('No approval channel is available to ask the user, so ticket__close_ticket was not called.');
    expect(calls).toEqual([]);
  });

  it('never executes after a timeout, and tells the channel to stop waiting', async () => {
    vi.useFakeTimers();
    const calls: RecordedCall[] = [];
    const channel = silentChannel();
    const pending = withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel, timeoutMs: 30_000 })).invoke(args);
    const settled = refusal(pending);
    await vi.advanceTimersByTimeAsync(30_000);
    const error = await settled;
    expect(error.outcome).toEqual({ status: 'timed_out', timeoutMs: 30_000 });
    expect(channel.aborted).toBe(true);
    expect(calls).toEqual([]);
  });

  it('never executes when the timeout wins over a late approval', async () => {
    vi.useFakeTimers();
    const calls: RecordedCall[] = [];
    const late: ToolApprovalChannel = {
      name: 'late',
      requestApproval: () => new Promise((resolve) => setTimeout(() => resolve({ decision: 'approve' }), 2_000)),
    };
    const settled = refusal(withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: late, timeoutMs: 1_000 })).invoke(args));
    await vi.advanceTimersByTimeAsync(3_000);
    expect((await settled).outcome.status).toBe('timed_out');
    expect(calls).toEqual([]);
  });

  it('never executes when the run is aborted while waiting', async () => {
    const calls: RecordedCall[] = [];
    const channel = silentChannel();
    const controller = new AbortController();
    const settled = refusal(withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel })).invoke(args, { signal: controller.signal }));
    await vi.waitFor(() => expect(channel.asked).toBe(true));
    controller.abort(new Error('user stopped the run'));
    const error = await settled;
    expect(error.outcome).toEqual({ status: 'aborted' });
    expect(error.cause).toEqual(new Error('user stopped the run'));
    expect(channel.aborted).toBe(true);
    expect(calls).toEqual([]);
  });

  it('never executes when the signal is already aborted, even with auto approval', async () => {
    const calls: RecordedCall[] = [];
    const error = await refusal(
      withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'auto_approve_required' })).invoke(args, { signal: AbortSignal.abort() }),
    );
    expect(error.outcome).toEqual({ status: 'aborted' });
    expect(calls).toEqual([]);
  });

  it('never executes when the channel does not support the request', async () => {
    const calls: RecordedCall[] = [];
    const channel: ToolApprovalChannel = { name: 'sms', supports: () => false, requestApproval: async () => ({ decision: 'approve' }) };
    const error = await refusal(withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel })).invoke(args));
    expect(error.outcome).toEqual({ status: 'unsupported_channel', detail: 'channel "sms" does not support this request' });
    expect(calls).toEqual([]);
  });

  it.each([[{ decision: 'yes' }], [{ approved: true }], [true], [undefined], ['approve']])('never executes on an unrecognised answer %j', async (answer) => {
    const calls: RecordedCall[] = [];
    const channel: ToolApprovalChannel = { name: 'odd', requestApproval: async () => answer as never };
    const error = await refusal(withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel })).invoke(args));
    expect(error.outcome.status).toBe('unsupported_channel');
    expect(calls).toEqual([]);
  });

  it('never executes when the channel throws', async () => {
    const calls: RecordedCall[] = [];
    const boom = new Error('socket closed');
    const channel: ToolApprovalChannel = {
      name: 'broken',
      requestApproval: () => {
        throw boom;
      },
    };
    const error = await refusal(withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel })).invoke(args));
    expect(error.outcome).toEqual({ status: 'channel_failed', error: boom });
    expect(error.message).toBe('Asking for approval failed, so ticket__close_ticket was not called.');
    expect(calls).toEqual([]);
  });

  it('says a user rejection with its reason', async () => {
    const channel = scriptedChannel(() => ({ decision: 'reject', reason: 'not before Monday' }));
    const error = await refusal(withApproval(closeTicket([]), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel })).invoke(args));
    expect(error.outcome).toEqual({ status: 'rejected', by: 'channel', reason: 'not before Monday' });
    expect(error.message).toBe('The user rejected this call (not before Monday), so ticket__close_ticket was not called. Do not repeat it unless the user asks you to.');
  });
});

describe('pending calls answered in the next run', () => {
  const deferring = () => scriptedChannel(() => ({ decision: 'defer' }));

  async function endRunWithPending(calls: RecordedCall[]): Promise<PendingToolCall> {
    const fn = withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: deferring() }));
    const error = await refusal(fn.invoke(args, { callId: 'call_7' }));
    expect(error.outcome.status).toBe('pending');
    expect(error.message).toBe("The call to ticket__close_ticket waits for the user's approval. The run ends here and continues once the user answers.");
    expect(calls).toEqual([]);
    return error.pending!;
  }

  function nextRun(calls: RecordedCall[], surface = { approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: deferring() }) }) {
    return resolveAgentTools({ allowedTools: ['ticket__close_ticket'] }, catalogueWith(closeTicket(calls)), surface).functions;
  }

  it('are signed JSON that survives a round trip', async () => {
    const pending = await endRunWithPending([]);
    const text = serializePendingToolCall(pending, { key });
    const policy = { approvalMode: 'require_approval', networkScope: 'incidental', policies: policiesDigest([]) } as const;
    expect(JSON.parse(text)).toEqual({
      call: {
        version: 2,
        id: expect.any(String),
        callId: 'call_7',
        toolName: 'ticket__close_ticket',
        arguments: args,
        digest: approvalDigest('ticket__close_ticket', args, policy),
        policy,
        requestedAt: expect.any(String),
        expiresAt: expect.any(String),
      },
      format: 'toolgen.pending-tool-call/2',
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(parsePendingToolCall(text, { key })).toEqual(pending);
  });

  it('run once, with the stored arguments, when approved in the next run', async () => {
    const pending = parsePendingToolCall(serializePendingToolCall(await endRunWithPending([]), { key }), { key });
    const calls: RecordedCall[] = [];
    const functions = nextRun(calls);
    await expect(answerPendingToolCall(pending, { decision: 'approve' }, functions)).resolves.toEqual({
      status: 'executed',
      callId: 'call_7',
      toolName: 'ticket__close_ticket',
      result: 'closed 4711',
    });
    expect(calls.map((call) => call.args)).toEqual([args]);
  });

  it('do not run when rejected', async () => {
    const pending = await endRunWithPending([]);
    const calls: RecordedCall[] = [];
    await expect(answerPendingToolCall(pending, { decision: 'reject', reason: 'wrong ticket' }, nextRun(calls))).resolves.toEqual({
      status: 'rejected',
      callId: 'call_7',
      toolName: 'ticket__close_ticket',
      message: 'The user rejected this call (wrong ticket), so ticket__close_ticket was not called.',
    });
    expect(calls).toEqual([]);
  });

  it('do not run when the tool is no longer exposed (denied since, or gone)', async () => {
    const pending = await endRunWithPending([]);
    const calls: RecordedCall[] = [];
    const denied = resolveAgentTools(
      { allowedTools: ['ticket__close_ticket'], policies: [{ toolName: 'ticket__close_ticket', approvalMode: 'deny' }] },
      catalogueWith(closeTicket(calls)),
      { approvals: new ToolApprovalRouter({ runMode: 'auto_approve_required' }) },
    ).functions;
    const result = await answerPendingToolCall(pending, { decision: 'approve' }, denied);
    expect(result).toMatchObject({ status: 'unavailable', message: 'ticket__close_ticket is no longer available to this agent, so the approved call was not made.' });
    expect(calls).toEqual([]);
  });

  it('refuse changed arguments', async () => {
    const pending = await endRunWithPending([]);
    const forged = { ...pending, arguments: { ...args, number: 1 } };
    expect(() => parsePendingToolCall(JSON.stringify(forged), { key })).toThrow(PendingToolCallError);
    await expect(answerPendingToolCall(forged, { decision: 'approve' }, nextRun([]))).rejects.toThrow(PendingToolCallError);
  });

  it.each(['not json', '{}', '{"version":2}', '[]', 'null'])('refuse malformed text %s', (text) => {
    expect(() => parsePendingToolCall(text, { key })).toThrow(PendingToolCallError);
  });

  it('grant the approval to that call only: invoking the tool again asks again', async () => {
    const pending = await endRunWithPending([]);
    const calls: RecordedCall[] = [];
    const functions = nextRun(calls);
    await answerPendingToolCall(pending, { decision: 'approve' }, functions);
    const again = await refusal(functions[0]!.invoke(args));
    expect(again.outcome.status).toBe('pending');
    expect(calls.length).toBe(1);
  });

  it('can also be answered live by the channel within the run', async () => {
    const calls: RecordedCall[] = [];
    let answer: ((response: ToolApprovalResponse) => void) | undefined;
    const channel: ToolApprovalChannel = { name: 'live', requestApproval: () => new Promise((resolve) => (answer = resolve)) };
    const call = withApproval(closeTicket(calls), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel })).invoke(args);
    await vi.waitFor(() => expect(answer).toBeDefined());
    expect(calls).toEqual([]);
    answer?.({ decision: 'approve' });
    await expect(call).resolves.toBe('closed 4711');
    expect(calls.length).toBe(1);
  });
});

describe('approval through resolveAgentTools', () => {
  it('wraps a tool that a policy makes approval-required, and exposes its declared approval-required sibling raw under auto_approve', async () => {
    const calls: RecordedCall[] = [];
    const catalogue = new ToolCatalogue();
    catalogue.sync({
      toolsets: [fakeToolset('TicketToolset', [{ name: 'get_ticket', metadata: { readOnly: true }, calls }, { name: 'close_ticket', metadata: { approval: 'require_approval' }, calls }])],
    });
    const channel = scriptedChannel(() => ({ decision: 'reject' }));
    const resolved = resolveAgentTools(
      {
        allowedTools: ['ticket__get_ticket', 'ticket__close_ticket'],
        policies: [
          { toolName: 'ticket__get_ticket', approvalMode: 'require_approval' },
          { toolName: 'ticket__close_ticket', approvalMode: 'auto_approve' },
        ],
      },
      catalogue,
      { approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', channel }) },
    );
    await rejectionOf(resolved.get('ticket__get_ticket')!.function.invoke({}));
    await resolved.get('ticket__close_ticket')!.function.invoke({});
    expect(channel.requests.map((request) => request.toolName)).toEqual(['ticket__get_ticket']);
    expect(calls.map((call) => call.tool)).toEqual(['ticket__close_ticket']);
  });
});

describe('an approved call', () => {
  it("runs the tool's validator once: invoke takes the value the approval check validated", async () => {
    let validations = 0;
    const base = closeTicket([]);
    const counted = defineTool({
      name: base.name,
      qualifiedName: base.qualifiedName,
      description: base.description,
      parameters: base.parameters.jsonSchema,
      variants: base.variants,
      losses: base.losses,
      returns: base.returns,
      metadata: base.metadata,
      validate: (input) => {
        validations += 1;
        return { ...(input as Record<string, unknown>), checked: true };
      },
      normalizeStrict: (input) => input,
      result: 'value',
      call: (received) => received,
    });
    const channel = scriptedChannel(() => ({ decision: 'approve' }));
    const result = await withApproval(counted, new ToolApprovalRouter({ runMode: 'use_agent_policy', channel })).invoke({ ...args });
    expect(result).toEqual({ ...args, checked: true });
    expect(validations).toBe(1);
  });
});
