import { createHash, createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answerPendingToolCall, InMemoryToolApprovalLedger, parsePendingToolCall, resolveAgentTools, serializePendingToolCall, ToolApprovalError, ToolApprovalRouter, ToolCatalogue, type AIFunction, type AnswerPendingToolCallOptions, type ToolApprovalLedger, type JsonValue, type PendingToolCall } from '@toolgen/runtime';
import { canonicalJson, pendingToolCallFormat } from '@toolgen/runtime/approval';
import { FileToolApprovalLedger } from '@toolgen/runtime/node';
import { fakeToolset, rejectionOf, scriptedChannel, type RecordedCall } from './fixtures.js';

// Security finding 3: a pending call runs at most once across processes. The file ledger decides
// by an exclusive create; without a durable ledger, a pending call this process did not create is
// refused unless the host opts out by name. (approvalProcesses.test.ts races real processes.)

const key = 'the host key, thirty-two bytes or more';
const agent = { name: 'support', allowedTools: ['ticket__close_ticket'] };
const folders: string[] = [];
afterAll(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function temporaryFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'toolgen-ledger-'));
  folders.push(folder);
  return folder;
}

function tools(calls: RecordedCall[]): readonly AIFunction[] {
  const catalogue = new ToolCatalogue();
  catalogue.sync({ toolsets: [fakeToolset('TicketToolset', [{ name: 'close_ticket', properties: { number: 'integer' }, metadata: { approval: 'require_approval' }, calls }])] });
  const approvals = new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: scriptedChannel(() => ({ decision: 'defer' })) });
  return resolveAgentTools(agent, catalogue, { approvals }).functions;
}

/** A call deferred in this process. */
async function deferredHere(): Promise<PendingToolCall> {
  const error = await rejectionOf(tools([])[0]!.invoke({ number: 4711 }, { callId: 'call_7' }));
  expect(error).toBeInstanceOf(ToolApprovalError);
  return (error as ToolApprovalError).pending!;
}

/**
 * The signed text of a call another process deferred: one deferred here, with another id, signed
 * with the host's key as that process would have (serializePendingToolCall's format).
 */
async function storedByAnotherProcess(change: (call: Record<string, JsonValue>) => void = () => undefined): Promise<string> {
  const text = serializePendingToolCall(await deferredHere(), { key });
  const call = { ...(JSON.parse(text) as { call: Record<string, JsonValue> }).call, id: randomUUID() };
  change(call);
  const signature = createHmac('sha256', key).update(`${pendingToolCallFormat}\n${canonicalJson(call)}`, 'utf8').digest('hex');
  return canonicalJson({ call, format: pendingToolCallFormat, signature });
}

function approve(stored: string, calls: RecordedCall[], options?: AnswerPendingToolCallOptions) {
  return answerPendingToolCall(parsePendingToolCall(stored, { key }), { decision: 'approve' }, tools(calls), {}, options);
}

describe('FileToolApprovalLedger', () => {
  // the clean-up tests set the ledger's clock; the others use the real one, long before this
  const expiresAt = new Date('2026-12-01T09:15:00.000Z');
  const farAhead = new Date('2100-01-01T00:15:00.000Z');

  it('records an id once, also for another instance on the folder, in a file named by the SHA-256 of the id', async () => {
    const folder = path.join(temporaryFolder(), 'created/when/missing');
    const ledger = new FileToolApprovalLedger({ folder });
    const id = '../../escape/attempt';
    await expect(ledger.consume(id, farAhead)).resolves.toBe(true);
    await expect(ledger.consume(id, farAhead)).resolves.toBe(false);
    await expect(new FileToolApprovalLedger({ folder }).consume(id, farAhead)).resolves.toBe(false);
    const name = createHash('sha256').update(id, 'utf8').digest('hex');
    expect(readdirSync(folder)).toEqual([name]);
    expect(ledger.recordPath(id)).toBe(path.join(folder, name));
    expect(readFileSync(path.join(folder, name), 'utf8')).toBe('{"expiresAt":"2100-01-01T00:15:00.000Z"}\n');
    expect(ledger.durable).toBe(true);
    expect(new InMemoryToolApprovalLedger().durable).toBe(false);
  });

  it('answers true to exactly one of many concurrent consumes of an id, over several instances', async () => {
    const folder = temporaryFolder();
    const ledgers = Array.from({ length: 5 }, () => new FileToolApprovalLedger({ folder }));
    const results = await Promise.all(Array.from({ length: 40 }, (_, index) => ledgers[index % 5]!.consume('call id', farAhead)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("removes a record only once its call expired retainMs ago by the ledger's clock, then the id may be recorded again", async () => {
    const folder = temporaryFolder();
    let now = new Date('2026-12-01T09:00:00.000Z');
    const ledger = new FileToolApprovalLedger({ folder, now: () => now, retainMs: 60_000 });
    await ledger.consume('a', expiresAt);
    await ledger.consume('b', new Date('2026-12-01T10:00:00.000Z'));
    now = new Date(expiresAt.getTime() + 59_999);
    await expect(ledger.removeExpired()).resolves.toBe(0);
    await expect(ledger.consume('a', expiresAt)).resolves.toBe(false);
    now = new Date(expiresAt.getTime() + 60_000);
    await expect(ledger.removeExpired()).resolves.toBe(1);
    expect(readdirSync(folder)).toEqual([ledger.recordPath('b')].map((file) => path.basename(file)));
    await expect(ledger.consume('a', expiresAt)).resolves.toBe(true);
  });

  it('cannot let a live id be recorded twice: a clean-up by a process whose clock is ahead by less than retainMs keeps it', async () => {
    const folder = temporaryFolder();
    const start = new Date('2026-12-01T09:00:00.000Z');
    const behind = new FileToolApprovalLedger({ folder, now: () => start });
    // 50 minutes ahead, past the call's expiry: the default retainMs is an hour
    const ahead = new FileToolApprovalLedger({ folder, now: () => new Date(start.getTime() + 50 * 60_000) });
    await expect(behind.consume('live', expiresAt)).resolves.toBe(true);
    await expect(ahead.removeExpired()).resolves.toBe(0);
    await expect(ahead.consume('other', expiresAt)).resolves.toBe(true);
    await expect(behind.consume('live', expiresAt)).resolves.toBe(false);
  });

  it('keeps a record it cannot read (being written, or damaged) and files that are not records', async () => {
    const folder = temporaryFolder();
    const ledger = new FileToolApprovalLedger({ folder, now: () => new Date('2100-01-01T00:00:00.000Z') });
    const partial = createHash('sha256').update('partial', 'utf8').digest('hex');
    writeFileSync(path.join(folder, partial), '{"expiresAt":"2026-12-01T09:1');
    writeFileSync(path.join(folder, 'notes.txt'), '{"expiresAt":"2026-12-01T09:15:00.000Z"}\n');
    await expect(ledger.removeExpired()).resolves.toBe(0);
    await expect(ledger.consume('partial', expiresAt)).resolves.toBe(false);
    expect(readdirSync(folder).sort()).toEqual([partial, 'notes.txt'].sort());
  });

  it('cleans up from consume at most every cleanUpIntervalMs', async () => {
    const folder = temporaryFolder();
    let now = new Date('2026-12-01T09:00:00.000Z');
    const ledger = new FileToolApprovalLedger({ folder, now: () => now, retainMs: 0, cleanUpIntervalMs: 60 * 60_000 });
    await ledger.consume('a', expiresAt);
    now = new Date('2026-12-01T09:30:00.000Z');
    await ledger.consume('b', new Date('2026-12-01T11:00:00.000Z'));
    expect(readdirSync(folder)).toHaveLength(2);
    now = new Date('2026-12-01T10:00:00.000Z');
    await ledger.consume('c', new Date('2026-12-01T11:00:00.000Z'));
    expect(readdirSync(folder).sort()).toEqual(['b', 'c'].map((id) => path.basename(ledger.recordPath(id))).sort());
  });

  it('says what is wrong with its options and with an expiry that is not a date', async () => {
    expect(() => new FileToolApprovalLedger({} as never)).toThrow(
      'A FileToolApprovalLedger needs the folder to keep its records in: new FileToolApprovalLedger({ folder }), the same folder for every process that answers pending calls.',
    );
    expect(() => new FileToolApprovalLedger({ folder: temporaryFolder(), retainMs: -1 })).toThrow(RangeError);
    expect(() => new FileToolApprovalLedger({ folder: temporaryFolder(), cleanUpIntervalMs: Number.NaN })).toThrow(RangeError);
    await expect(new FileToolApprovalLedger({ folder: temporaryFolder() }).consume('a', new Date(Number.NaN))).rejects.toThrow(RangeError);
  });
});

describe('a pending call another process created', () => {
  const refusal = {
    status: 'refused',
    callId: 'call_7',
    toolName: 'ticket__close_ticket',
    reason: 'no_durable_ledger',
    message:
      'This approval request was made by another process, and the approval ledger is not durable (the default InMemoryToolApprovalLedger, or one with durable: false), ' +
      'so ticket__close_ticket was not called: every process that answers it would run it. Pass answerPendingToolCall a ledger all of them share, ' +
      "{ ledger: new FileToolApprovalLedger({ folder }) }, or { otherProcesses: 'unchecked' } if only one process ever answers each pending call.",
  };

  it('is refused without a durable ledger, naming the ledger option and the file ledger, for an approval and a rejection', async () => {
    const stored = await storedByAnotherProcess();
    const calls: RecordedCall[] = [];
    await expect(approve(stored, calls)).resolves.toEqual(refusal);
    await expect(approve(stored, calls, { ledger: new InMemoryToolApprovalLedger() })).resolves.toEqual(refusal);
    const notDurable: ToolApprovalLedger = { durable: false, consume: () => true };
    await expect(approve(stored, calls, { ledger: notDurable })).resolves.toEqual(refusal);
    await expect(answerPendingToolCall(parsePendingToolCall(stored, { key }), { decision: 'reject' }, tools(calls))).resolves.toEqual(refusal);
    expect(calls).toEqual([]);
  });

  it("runs once with a durable ledger: the file ledger, or the host's own", async () => {
    const stored = await storedByAnotherProcess();
    const calls: RecordedCall[] = [];
    const ledger = new FileToolApprovalLedger({ folder: temporaryFolder() });
    await expect(approve(stored, calls, { ledger })).resolves.toMatchObject({ status: 'executed' });
    await expect(approve(stored, calls, { ledger: new FileToolApprovalLedger({ folder: ledger.folder }) })).resolves.toMatchObject({ status: 'refused', reason: 'already_answered' });
    const recorded = new Set<string>();
    // a host's own store (a database, Redis), durable by its word
    const shared: ToolApprovalLedger = {
      durable: true,
      consume: (id) => {
        if (recorded.has(id)) return false;
        recorded.add(id);
        return true;
      },
    };
    const other = await storedByAnotherProcess();
    await expect(approve(other, calls, { ledger: shared })).resolves.toMatchObject({ status: 'executed' });
    await expect(approve(other, calls, { ledger: shared })).resolves.toMatchObject({ status: 'refused', reason: 'already_answered' });
    expect(calls).toHaveLength(2);
  });

  it("runs with { otherProcesses: 'unchecked' }, once per ledger, and the option takes no other value", async () => {
    const stored = await storedByAnotherProcess();
    const calls: RecordedCall[] = [];
    await expect(approve(stored, calls, { otherProcesses: 'unchecked' })).resolves.toMatchObject({ status: 'executed' });
    await expect(approve(stored, calls, { otherProcesses: 'unchecked' })).resolves.toMatchObject({ status: 'refused', reason: 'already_answered' });
    expect(calls).toHaveLength(1);
    await expect(approve(await storedByAnotherProcess(), calls, { otherProcesses: 'checked' as never })).rejects.toThrow(
      `"checked" is not an otherProcesses value; pass 'unchecked' to answer other processes' pending calls with a ledger that is not durable, or leave it out.`,
    );
  });

  it('is refused as expired once it expired, whatever the ledger', async () => {
    const stored = await storedByAnotherProcess((call) => {
      call['expiresAt'] = '2026-01-01T00:00:00.000Z';
    });
    await expect(approve(stored, [])).resolves.toMatchObject({ status: 'refused', reason: 'expired' });
  });

  it('is not one this process created when only read back here; one deferred here still runs with the default ledger', async () => {
    const here = serializePendingToolCall(await deferredHere(), { key });
    const calls: RecordedCall[] = [];
    await expect(approve(here, calls)).resolves.toMatchObject({ status: 'executed' });
    await expect(approve(here, calls)).resolves.toMatchObject({ status: 'refused', reason: 'already_answered' });
    expect(calls).toHaveLength(1);
  });
});
