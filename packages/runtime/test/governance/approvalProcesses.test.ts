import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Security finding 3: one stored pending call, answered by several fresh processes at once (each
// reads it back with parsePendingToolCall), ran once per process. Each process here is `node` on
// pendingCallProcess.mjs, which imports the built runtime (packages/runtime/dist).

const runtime = path.resolve(import.meta.dirname, '../..');
const script = path.join(import.meta.dirname, 'pendingCallProcess.mjs');
let work: string;

interface Answer {
  readonly status: string;
  readonly reason?: string;
  readonly message?: string;
}

/** Fails when a source of the runtime changed after its last build: the child processes would run the old code. */
function expectBuiltRuntime(): void {
  const buildInfo = path.join(runtime, 'dist/.tsbuildinfo');
  const built = statSync(buildInfo, { throwIfNoEntry: false })?.mtimeMs;
  const sources = readdirSync(path.join(runtime, 'src'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  const newer = sources.filter((file) => built === undefined || statSync(path.join(runtime, 'src', file)).mtimeMs > built);
  if (newer.length > 0) {
    throw new Error(`packages/runtime/dist is older than packages/runtime/src/${newer[0]!} (or missing); these tests run the built runtime in child processes: run \`npm run build\` first.`);
  }
}

/** Runs the script to its end; resolves its stdout. */
function run(args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`node ${path.basename(script)} ${args[0]!} exited with ${String(code)}:\n${stderr}`))));
  });
}

/** A call deferred in a process of its own: its signed text. */
async function storedPendingCall(): Promise<string> {
  return (await run(['defer'])).trim();
}

/**
 * Starts `count` processes that each read `stored` back and approve it with the ledger `mode`;
 * once all are ready, lets them answer at the same moment. Resolves their results and how many
 * times the tool ran.
 */
async function answerAtOnce(count: number, mode: 'default' | 'file' | 'unchecked', stored: string, folder = ''): Promise<{ answers: Answer[]; executions: number }> {
  const executions = path.join(mkdtempSync(path.join(work, 'run-')), 'executions');
  const children = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, [script, 'answer', mode, stored, executions, folder], { cwd: work, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        if (stdout.startsWith('ready\n')) resolve();
      });
      child.once('error', reject);
      child.once('close', () => reject(new Error(`an answering process ended before it was ready:\n${stderr}`)));
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const answered = new Promise<Answer>((resolve, reject) => {
      child.once('close', (code) => {
        if (code !== 0) reject(new Error(`an answering process exited with ${String(code)}:\n${stderr}`));
        else resolve(JSON.parse(stdout.slice('ready\n'.length)) as Answer);
      });
    });
    // awaited below once all are ready; a process that failed earlier is reported by `ready`
    answered.catch(() => undefined);
    return { child, ready, answered };
  });
  await Promise.all(children.map((entry) => entry.ready));
  for (const { child } of children) child.stdin.end('go\n');
  const answers = await Promise.all(children.map((entry) => entry.answered));
  const ran = existsSync(executions) ? readFileSync(executions, 'utf8').split('\n').filter((line) => line !== '') : [];
  return { answers, executions: ran.length };
}

beforeAll(() => {
  expectBuiltRuntime();
  work = mkdtempSync(path.join(os.tmpdir(), 'toolgen-approval-processes-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a stored pending call answered by several fresh processes at once', () => {
  it('runs exactly once with a FileToolApprovalLedger on a folder they share; the others are refused as already answered', { timeout: 30_000 }, async () => {
    const stored = await storedPendingCall();
    const folder = path.join(work, 'ledger');
    const { answers, executions } = await answerAtOnce(4, 'file', stored, folder);
    expect(executions).toBe(1);
    expect(answers.filter((answer) => answer.status === 'executed')).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 'refused').map((answer) => answer.reason)).toEqual(['already_answered', 'already_answered', 'already_answered']);
    expect(readdirSync(folder)).toHaveLength(1);
    // a later process, with the ledger, is refused too
    expect((await answerAtOnce(1, 'file', stored, folder)).answers).toMatchObject([{ status: 'refused', reason: 'already_answered' }]);
  });

  it('never runs with the default ledger: each process is refused, and the message names the ledger option and the file ledger', { timeout: 30_000 }, async () => {
    const { answers, executions } = await answerAtOnce(3, 'default', await storedPendingCall());
    expect(executions).toBe(0);
    expect(answers.map((answer) => [answer.status, answer.reason])).toEqual(Array.from({ length: 3 }, () => ['refused', 'no_durable_ledger']));
    expect(answers[0]!.message).toContain('{ ledger: new FileToolApprovalLedger({ folder }) }');
    expect(answers[0]!.message).toContain("{ otherProcesses: 'unchecked' }");
  });

  it("runs once per process with { otherProcesses: 'unchecked' }, the host's explicit single-process opt-out", { timeout: 30_000 }, async () => {
    const { answers, executions } = await answerAtOnce(3, 'unchecked', await storedPendingCall());
    expect(answers.map((answer) => answer.status)).toEqual(['executed', 'executed', 'executed']);
    expect(executions).toBe(3);
  });
});
