import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerPendingToolCall, defineTool, InMemoryToolApprovalLedger, parsePendingToolCall, PendingToolCallError, resolveAgentTools, serializePendingToolCall, ToolApprovalError, ToolApprovalRouter, ToolCatalogue, withApproval, type AgentDefinition, type AgentToolPolicy, type AIFunction, type ToolApprovalLedger, type PendingToolCall, type ToolApprovalRouterOptions, type ToolInvocationContext } from '@toolgen/runtime';
import { approvalDigest, policiesDigest } from '@toolgen/runtime/approval';
import { wrapFunction } from '../../src/function/wrapFunction.js';
import { defaultMetadata, fakeTool, rejectionOf, scriptedChannel, type RecordedCall } from './fixtures.js';

// Issue 17: an approval answered in a later run is bound to the qualified name, the normalized
// arguments and the effective policy; it runs that call once, before it expires, and its stored
// form is signed with the host's key.

const key = 'the host key, thirty-two bytes or more';
const args = { number: 4711, reason: 'Fixed by the printer update.' };
const agent: AgentDefinition = { name: 'support', allowedTools: ['ticket__close_ticket', 'ticket__get_ticket'] };
const start = new Date('2026-12-01T09:00:00.000Z');

function closeTicket(calls: RecordedCall[], normalizeReason: (reason: string) => string = (reason) => reason.trim()): AIFunction {
  const base = fakeTool({ name: 'close_ticket', className: 'TicketToolset', properties: { number: 'integer', reason: 'string' }, metadata: { approval: 'require_approval' } });
  return defineTool({
    name: base.name,
    qualifiedName: base.qualifiedName,
    description: base.description,
    parameters: base.parameters.jsonSchema,
    variants: base.variants,
    losses: base.losses,
    returns: base.returns,
    metadata: { ...defaultMetadata, approval: 'require_approval', networkScope: 'incidental' },
    validate: (input, issues) => {
      const value = input as { number?: unknown; reason?: unknown };
      if (!Number.isInteger(value.number)) issues.push({ pointer: '/number', message: 'must be an integer' });
      if (typeof value.reason !== 'string') issues.push({ pointer: '/reason', message: 'must be a string' });
      return { number: value.number, reason: typeof value.reason === 'string' ? normalizeReason(value.reason) : value.reason };
    },
    normalizeStrict: (input) => input,
    result: 'value',
    call: (received) => {
      calls.push({ tool: 'ticket__close_ticket', args: received, signal: new AbortController().signal });
      return `closed ${String(received['number'])}`;
    },
  });
}

function catalogueOf(fn: AIFunction): ToolCatalogue {
  const catalogue = new ToolCatalogue();
  const getTicket = fakeTool({ name: 'get_ticket', className: 'TicketToolset', metadata: { readOnly: true } });
  catalogue.sync({ toolsets: [{ className: 'TicketToolset', owner: 'ticket', displayName: 'Tickets', functions: [fn, getTicket] }] });
  return catalogue;
}

function router(options: Partial<ToolApprovalRouterOptions> = {}): ToolApprovalRouter {
  return new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: scriptedChannel(() => ({ decision: 'defer' })), now: () => start, ...options });
}

/** Ends a run with the model's call waiting for approval; returns the pending call. */
async function deferred(options: { policies?: readonly AgentToolPolicy[]; router?: ToolApprovalRouter; arguments?: unknown } = {}): Promise<PendingToolCall> {
  const calls: RecordedCall[] = [];
  const resolved = resolveAgentTools({ ...agent, policies: options.policies ?? [] }, catalogueOf(closeTicket(calls)), { approvals: options.router ?? router() });
  const error = await rejectionOf(resolved.get('ticket__close_ticket')!.function.invoke(options.arguments ?? args, { callId: 'call_7' }));
  expect(error).toBeInstanceOf(ToolApprovalError);
  expect(calls).toEqual([]);
  return (error as ToolApprovalError).pending!;
}

/** The next run's tools, resolved afresh. */
function nextRun(calls: RecordedCall[], options: { policies?: readonly AgentToolPolicy[]; tool?: AIFunction; catalogue?: ToolCatalogue } = {}): readonly AIFunction[] {
  const catalogue = options.catalogue ?? catalogueOf(options.tool ?? closeTicket(calls));
  return resolveAgentTools({ ...agent, policies: options.policies ?? [] }, catalogue, { approvals: router() }).functions;
}

function answer(pending: PendingToolCall, functions: readonly AIFunction[], extra: { ledger?: ToolApprovalLedger; now?: () => Date } = {}) {
  return answerPendingToolCall(pending, { decision: 'approve' }, functions, {}, { ledger: extra.ledger ?? new InMemoryToolApprovalLedger({ now: () => start }), now: () => start, ...extra });
}

async function reasonOf(attempt: () => unknown): Promise<string> {
  const error = await rejectionOf(Promise.resolve().then(attempt));
  expect(error).toBeInstanceOf(PendingToolCallError);
  return (error as PendingToolCallError).reason;
}

describe('the digest an approval is bound to', () => {
  it('covers the qualified name, the normalized arguments and the effective policy', async () => {
    const pending = await deferred({ arguments: { reason: '  Fixed by the printer update.  ', number: 4711 } });
    const policy = { approvalMode: 'require_approval', networkScope: 'incidental', policies: policiesDigest([]) } as const;
    expect(pending.policy).toEqual(policy);
    // the validator trimmed the reason: the digest is over what the tool would receive, keys sorted
    expect(pending.digest).toBe(approvalDigest('TICKET__Close_Ticket', { reason: args.reason, number: 4711 }, policy));
    expect(pending.digest).not.toBe(approvalDigest('ticket__close_ticket', { ...args, number: 4712 }, policy));
    expect(pending.digest).not.toBe(approvalDigest('ticket__close_ticket', args, { ...policy, networkScope: 'egress' }));
    expect(pending.digest).not.toBe(approvalDigest('ticket__reopen_ticket', args, policy));
  });

  it("digests the agent's policies as its resolver reads them: order, case and default entries do not count", () => {
    const policies: AgentToolPolicy[] = [
      { toolName: 'ticket__close_ticket', approvalMode: 'require_approval' },
      { toolName: 'ticket__get_ticket', approvalMode: 'auto_approve' },
    ];
    expect(policiesDigest([...policies].reverse())).toBe(policiesDigest(policies));
    expect(policiesDigest([...policies, { toolName: 'Ticket__Other', approvalMode: 'default' }])).toBe(policiesDigest(policies));
    expect(policiesDigest([{ toolName: 'TICKET__GET_TICKET', approvalMode: 'auto_approve' }, policies[0]!])).toBe(policiesDigest(policies));
    expect(policiesDigest([...policies, { toolName: 'ticket__get_ticket', approvalMode: 'deny' }])).not.toBe(policiesDigest(policies));
  });
});

describe('answering a pending call', () => {
  it('runs exactly the approved call, once, from its signed text', async () => {
    const stored = serializePendingToolCall(await deferred(), { key });
    const calls: RecordedCall[] = [];
    const functions = nextRun(calls);
    const ledger = new InMemoryToolApprovalLedger({ now: () => start });
    await expect(answer(parsePendingToolCall(stored, { key }), functions, { ledger })).resolves.toEqual({
      status: 'executed',
      callId: 'call_7',
      toolName: 'ticket__close_ticket',
      result: 'closed 4711',
    });
    expect(calls.map((call) => call.args)).toEqual([args]);
  });

  it('refuses a second answer, from the same object or from the stored text read again', async () => {
    const pending = await deferred();
    const stored = serializePendingToolCall(pending, { key });
    const calls: RecordedCall[] = [];
    const functions = nextRun(calls);
    const ledger = new InMemoryToolApprovalLedger({ now: () => start });
    expect((await answer(pending, functions, { ledger })).status).toBe('executed');
    const refusal = {
      status: 'refused',
      callId: 'call_7',
      toolName: 'ticket__close_ticket',
      reason: 'already_answered',
      message: 'This approval request was already answered, so ticket__close_ticket was not called again.',
    };
    await expect(answer(pending, functions, { ledger })).resolves.toEqual(refusal);
    await expect(answer(parsePendingToolCall(stored, { key }), nextRun(calls), { ledger })).resolves.toEqual(refusal);
    expect(calls).toHaveLength(1);
  });

  it('refuses a second answer by default too (the process ledger), and an approval after a rejection', async () => {
    const calls: RecordedCall[] = [];
    const realClock = router({ now: () => new Date() });
    const pending = await deferred({ router: realClock });
    await expect(answerPendingToolCall(pending, { decision: 'approve' }, nextRun(calls))).resolves.toMatchObject({ status: 'executed' });
    await expect(answerPendingToolCall(pending, { decision: 'approve' }, nextRun(calls))).resolves.toMatchObject({ status: 'refused', reason: 'already_answered' });
    const rejected = await deferred({ router: realClock });
    await expect(answerPendingToolCall(rejected, { decision: 'reject' }, nextRun(calls))).resolves.toMatchObject({ status: 'rejected' });
    await expect(answerPendingToolCall(rejected, { decision: 'approve' }, nextRun(calls))).resolves.toMatchObject({ status: 'refused', reason: 'already_answered' });
    expect(calls).toHaveLength(1);
  });

  it('asks the host ledger, and refuses what it says was answered (another process, a persisted store)', async () => {
    const pending = await deferred();
    const consumed: [string, Date][] = [];
    const persisted: ToolApprovalLedger = {
      durable: true,
      consume: async (id, expiresAt) => {
        consumed.push([id, expiresAt]);
        return false;
      },
    };
    const calls: RecordedCall[] = [];
    await expect(answer(pending, nextRun(calls), { ledger: persisted })).resolves.toMatchObject({ status: 'refused', reason: 'already_answered' });
    expect(consumed).toEqual([[pending.id, new Date(pending.expiresAt)]]);
    expect(calls).toEqual([]);
  });

  it('refuses an answer when the policies changed between request and answer, and keeps the call for the old policy', async () => {
    const pending = await deferred();
    const calls: RecordedCall[] = [];
    const ledger = new InMemoryToolApprovalLedger({ now: () => start });
    const stricter = nextRun(calls, { policies: [{ toolName: 'ticket__get_ticket', approvalMode: 'require_approval' }] });
    await expect(answer(pending, stricter, { ledger })).resolves.toEqual({
      status: 'refused',
      callId: 'call_7',
      toolName: 'ticket__close_ticket',
      reason: 'policy_changed',
      message:
        "The agent's policy for ticket__close_ticket changed after the user was asked, so the approved call was not made. Call it again to ask the user under the current policy.",
    });
    // the tool no longer asks for approval: the person approved under another policy
    const relaxed = nextRun(calls, { policies: [{ toolName: 'ticket__close_ticket', approvalMode: 'auto_approve' }] });
    await expect(answer(pending, relaxed, { ledger })).resolves.toMatchObject({ status: 'refused', reason: 'policy_changed' });
    // the tool's effective network scope changed
    const reclassified = catalogueOf(closeTicket(calls));
    reclassified.setNetworkScope('ticket__close_ticket', 'egress');
    await expect(answer(pending, nextRun(calls, { catalogue: reclassified }), { ledger })).resolves.toMatchObject({ status: 'refused', reason: 'policy_changed' });
    expect(calls).toEqual([]);
    await expect(answer(pending, nextRun(calls), { ledger })).resolves.toMatchObject({ status: 'executed' });
  });

  it('refuses an answer under a policy list the request was not made under, for a policy made explicit too', async () => {
    const policies: AgentToolPolicy[] = [{ toolName: 'ticket__close_ticket', approvalMode: 'require_approval' }];
    const pending = await deferred({ policies });
    const calls: RecordedCall[] = [];
    await expect(answer(pending, nextRun(calls))).resolves.toMatchObject({ status: 'refused', reason: 'policy_changed' });
    await expect(answer(pending, nextRun(calls, { policies }))).resolves.toMatchObject({ status: 'executed' });
  });

  it('refuses an answer at or after expiresAt, on an injected clock', async () => {
    let now = start;
    const clock = (): Date => now;
    const pending = await deferred({ router: router({ pendingExpiryMs: 60_000, now: clock }) });
    expect(pending.expiresAt).toBe('2026-12-01T09:01:00.000Z');
    const calls: RecordedCall[] = [];
    const ledger = new InMemoryToolApprovalLedger({ now: clock });
    now = new Date(start.getTime() + 60_000);
    await expect(answer(pending, nextRun(calls), { ledger, now: clock })).resolves.toEqual({
      status: 'refused',
      callId: 'call_7',
      toolName: 'ticket__close_ticket',
      reason: 'expired',
      message: 'The approval request for ticket__close_ticket expired before it was answered, so the call was not made. Call it again to ask the user.',
    });
    now = new Date(start.getTime() + 59_999);
    await expect(answer(pending, nextRun(calls), { ledger, now: clock })).resolves.toMatchObject({ status: 'executed' });
    expect(calls).toHaveLength(1);
  });

  it('expires 15 minutes after the deferral by default', async () => {
    const pending = await deferred();
    expect(Date.parse(pending.expiresAt) - start.getTime()).toBe(15 * 60 * 1000);
    expect(() => router({ pendingExpiryMs: Number.POSITIVE_INFINITY })).toThrow(RangeError);
    expect(() => router({ pendingExpiryMs: 0 })).toThrow(RangeError);
  });

  it('refuses when the arguments the tool would receive changed (the normalization of the next run differs)', async () => {
    const pending = await deferred();
    const calls: RecordedCall[] = [];
    const upperCased = closeTicket(calls, (reason) => reason.toUpperCase());
    await expect(answer(pending, nextRun(calls, { tool: upperCased }))).resolves.toEqual({
      status: 'refused',
      callId: 'call_7',
      toolName: 'ticket__close_ticket',
      reason: 'arguments_changed',
      message: 'The approval was given for another call than this one (other arguments or another tool), so ticket__close_ticket was not called. Call it again to ask the user.',
    });
    expect(calls).toEqual([]);
  });

  it('refuses when a wrapper hands the approval to the tool with other arguments, and a captured grant cannot be replayed', async () => {
    const pending = await deferred();
    const calls: RecordedCall[] = [];
    const [gated] = nextRun(calls);
    let captured: ToolInvocationContext = {};
    const swapping = wrapFunction(gated!, (received, context) => {
      captured = context;
      return gated!.invoke({ ...(received as object), number: 1 }, context);
    });
    await expect(answer(pending, [swapping])).resolves.toMatchObject({ status: 'refused', reason: 'arguments_changed' });
    const replay = await rejectionOf(gated!.invoke(args, captured));
    expect(replay).toBeInstanceOf(ToolApprovalError);
    expect((replay as ToolApprovalError).outcome).toEqual({ status: 'invalid_approval', reason: 'already_answered' });
    expect(calls).toEqual([]);
  });

  it('says why also when failure folding wraps the refusal (the third identical failure of a run)', async () => {
    const calls: RecordedCall[] = [];
    const functions = nextRun(calls, { tool: closeTicket(calls, (reason) => reason.toUpperCase()) });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(answer(await deferred(), functions)).resolves.toMatchObject({ status: 'refused', reason: 'arguments_changed' });
    }
    expect(calls).toEqual([]);
  });

  it('refuses a pending call built or edited by hand, with other arguments', async () => {
    const pending = await deferred();
    const forged = { ...pending, arguments: { ...args, number: 1 } };
    const error = await rejectionOf(answer(forged, nextRun([])));
    expect(error).toBeInstanceOf(PendingToolCallError);
    expect(error).toMatchObject({ reason: 'tampered' });
    expect(() => serializePendingToolCall(forged, { key })).toThrow(PendingToolCallError);
    expect(Object.isFrozen(pending.arguments)).toBe(true);
  });

  it('refuses a grant that was not issued for the call', async () => {
    const calls: RecordedCall[] = [];
    const fn = withApproval(closeTicket(calls), router());
    const error = await rejectionOf(fn.invoke(args, { approvalGrant: { callId: 'call_7' } }));
    expect((error as ToolApprovalError).outcome).toEqual({ status: 'invalid_approval', reason: 'tampered' });
    expect(calls).toEqual([]);
  });
});

describe('the stored text of a pending call', () => {
  function flip(text: string, index: number): string {
    const code = text.charCodeAt(index);
    const other = /[0-9a-f]/.test(text[index]!) ? (text[index] === '0' ? '1' : '0') : String.fromCharCode(code ^ 1);
    return `${text.slice(0, index)}${other}${text.slice(index + 1)}`;
  }

  it('fails closed on a flipped byte in the arguments, the digest or the signature', async () => {
    const pending = await deferred();
    const stored = serializePendingToolCall(pending, { key });
    const inArguments = stored.indexOf('4711');
    const inDigest = stored.indexOf(pending.digest) + 10;
    const inSignature = stored.indexOf('"signature":"') + 20;
    for (const index of [inArguments, inDigest, inSignature]) {
      await expect(reasonOf(() => parsePendingToolCall(flip(stored, index), { key }))).resolves.toBe('tampered');
    }
    expect(() => parsePendingToolCall(stored.replace('4711', '4712'), { key })).toThrow(
      'The stored pending tool call does not match its signature (or was signed with another key); it was changed after it was written, so it is not answered.',
    );
  });

  it('fails closed on whitespace, another key, an unsigned version 1 call and the bare call', async () => {
    const pending = await deferred();
    const stored = serializePendingToolCall(pending, { key });
    const tampered = [
      stored.replace('{"call":', '{ "call":'),
      `${stored}\n`,
      serializePendingToolCall(pending, { key: 'another host key, thirty-two bytes long' }),
      JSON.stringify({ version: 1, callId: 'call_7', toolName: 'ticket__close_ticket', arguments: args, fingerprint: pending.digest, requestedAt: pending.requestedAt }),
      JSON.stringify((JSON.parse(stored) as { call: unknown }).call),
      'not json',
      'null',
    ];
    for (const text of tampered) await expect(reasonOf(() => parsePendingToolCall(text, { key }))).resolves.toBe('tampered');
  });

  it('is never written or read without a key of at least 32 bytes', async () => {
    const pending = await deferred();
    const stored = serializePendingToolCall(pending, { key });
    for (const options of [undefined, {}, { key: '' }, { key: 'short' }, { key: new Uint8Array(31) }, { key: [] }, { key: 42 }]) {
      await expect(reasonOf(() => serializePendingToolCall(pending, options as never))).resolves.toBe('missing_key');
      await expect(reasonOf(() => parsePendingToolCall(stored, options as never))).resolves.toBe('missing_key');
    }
    expect(() => parsePendingToolCall(stored, undefined as never)).toThrow(
      "A stored pending tool call is never read without the host's signing key: pass { key } (at least 32 bytes, e.g. from randomBytes(32), kept outside the conversation).",
    );
  });

  it('verifies with any key of a list and signs with the first, so keys can rotate', async () => {
    const pending = await deferred();
    const next = new Uint8Array(32).fill(7);
    const signedWithOld = serializePendingToolCall(pending, { key });
    expect(parsePendingToolCall(signedWithOld, { key: [next, key] })).toEqual(pending);
    await expect(reasonOf(() => parsePendingToolCall(signedWithOld, { key: next }))).resolves.toBe('tampered');
    const signedWithNext = serializePendingToolCall(pending, { key: [next, key] });
    expect(parsePendingToolCall(signedWithNext, { key: next })).toEqual(pending);
  });

  it('fails closed on any mutation (property)', async () => {
    const mutation = fc.oneof(
      fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), by: fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }) }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), by: fc.constant('') }),
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), by: fc.string({ minLength: 1, maxLength: 3, unit: 'binary' }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), fc.integer(), fc.array(mutation, { minLength: 1, maxLength: 3 }), async (reason, number, mutations) => {
        const pending = await deferred({ arguments: { number, reason } });
        const stored = serializePendingToolCall(pending, { key });
        let text = stored;
        for (const { kind, at, by } of mutations) {
          const index = at % (text.length + (kind === 'insert' ? 1 : 0));
          text = `${text.slice(0, index)}${by}${text.slice(index + (kind === 'insert' ? 0 : 1))}`;
        }
        fc.pre(text !== stored);
        expect(() => parsePendingToolCall(text, { key })).toThrow(PendingToolCallError);
      }),
      { numRuns: 300 },
    );
  });
});
