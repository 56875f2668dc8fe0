import { spawn, type ChildProcess } from 'node:child_process';
import { link, mkdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAgentTools, ToolApprovalRouter, ToolCatalogue, ToolFailure, WorkspacePathError, type AIFunction, type WorkspaceOptions, type WorkspacePathAccess } from '@toolgen/runtime';
import { checkWorkspacePath, openWorkspaceFile } from '@toolgen/runtime/node';
import { fakeTool, scriptedChannel } from './fixtures.js';
import { createTempWorkspace, snapshotTree, treeChanges, type TempWorkspace } from './workspaceFixtures.js';

// Issue 14: a corpus of path attacks on a real folder with real symlinks, hard links and races.
// Every case goes through the whole stack (resolveAgentTools: containment, then the generated
// function's own re-check) to two tools: one that opens through openWorkspaceFile, and one that
// opens the raw argument itself, which the checks alone must protect for paths that do not change.
// An escape is a read that returns outside content, or anything created or changed outside the root.
// Out of scope, by decision: reading a hard link inside the root whose inode is shared with an
// outside file (the OS cannot tell its names apart; writes to such files are refused).

const token = `toolgen-corpus-${process.pid}-${Date.now()}.txt`;
let ws: TempWorkspace;
let escapes: string[] = [];
let cases = 0;

interface Case {
  readonly value: string;
  readonly access: WorkspacePathAccess;
  /** `refused`: every tool must get a WorkspacePathError; `allowed`: the checks let it through (the open may still fail). */
  readonly want: 'refused' | 'allowed';
  readonly label: string;
}

const refusedRead = (label: string, ...values: string[]): Case[] => values.map((value) => ({ label, value, access: 'read', want: 'refused' }));
const allowedRead = (label: string, ...values: string[]): Case[] => values.map((value) => ({ label, value, access: 'read', want: 'allowed' }));
const refusedWrite = (label: string, ...values: string[]): Case[] => values.map((value) => ({ label, value, access: 'write', want: 'refused' }));
const allowedWrite = (label: string, ...values: string[]): Case[] => values.map((value) => ({ label, value, access: 'write', want: 'allowed' }));

function parentEverywhere(): string[] {
  const segments = ['src', 'deep', 'file.txt'];
  const values: string[] = [];
  for (const separator of ['/', '\\']) {
    for (let at = 0; at <= segments.length; at += 1) values.push([...segments.slice(0, at), '..', ...segments.slice(at)].join(separator));
  }
  return values;
}

function corpus(): Case[] {
  const { base, root, outside } = ws;
  return [
    ...refusedRead('a parent segment', ...parentEverywhere()),
    ...refusedRead(
      'a parent segment',
      '..',
      '../',
      './..',
      '.././',
      'src/..',
      'src/../..',
      '../workspace/src/main.ts',
      '../outside/secret.txt',
      `${'../'.repeat(20)}etc/passwd`,
      'src/./../../outside/secret.txt',
      'escape-dir/../workspace/src/main.ts',
      'src-link/../../outside/secret.txt',
    ),
    ...allowedRead('dots that are names', '...', '....', '.../outside/secret.txt', ' ../outside/secret.txt', '.. /outside/secret.txt', '..;/outside/secret.txt'),
    ...refusedRead('an absolute path', '/etc/passwd', `${outside}/secret.txt`, `${root}/src/main.ts`, '/', '///etc/passwd', '/proc/self/root/etc/passwd', '\\etc\\passwd'),
    ...allowedRead('a name that only looks absolute', '~/.ssh/id_rsa', 'file:///etc/passwd', 'src/~root'),
    ...refusedRead(
      'a drive or UNC form',
      'C:\\Windows\\win.ini',
      'c:/windows/win.ini',
      'C:',
      'C:..\\outside',
      'Z:secret.txt',
      '\\\\server\\share\\file.txt',
      '//server/share/file.txt',
      '\\\\?\\C:\\file.txt',
      '\\\\.\\PhysicalDrive0',
      '//?/C:/file.txt',
      '\\/server/share',
      '/\\server\\share',
    ),
    ...refusedRead('a NUL byte', 'src/main.ts\0', '\0', '\0../outside/secret.txt', 'escape-dir\0/secret.txt', 'src/main.ts\0.png'),
    ...allowedRead(
      'an encoded form, which the file system reads literally',
      '%00',
      '%2e%2e/outside/secret.txt',
      '%2e%2e%2foutside%2fsecret.txt',
      '..%2foutside%2fsecret.txt',
      '%252e%252e/outside/secret.txt',
      '%c0%ae%c0%ae/outside/secret.txt',
      '&#46;&#46;/outside/secret.txt',
      '%2fetc%2fpasswd',
      'src%2f..%2f..%2foutside%2fsecret.txt',
    ),
    ...refusedRead(
      'a backslash',
      'evil\\name/secret.txt',
      'evil\\name\\secret.txt',
      'escape-dir\\secret.txt',
      'src\\main.ts',
      'src/deep\\file.txt',
      '..%5coutside%5csecret.txt\\',
      'a\\',
      '\\x2e\\x2e/outside/secret.txt',
    ),
    ...refusedRead(
      'a symlink that leads outside',
      'escape-dir/secret.txt',
      'escape-dir',
      'escape-rel/secret.txt',
      'escape-rel/dir/deep.txt',
      'escape-file',
      'src/relative-escape/secret.txt',
      'chain1/secret.txt',
      'chain2/secret.txt',
      'chain3/secret.txt',
      'src/up2/outside/secret.txt',
      'root-link/escape-dir/secret.txt',
      'parent-link/outside/secret.txt',
      'slash-link/etc/passwd',
      'tmp-link',
      'proc-link/etc/passwd',
      'workspace-evil-link/x.txt',
      'escape-dir/missing/deeper.txt',
      'src/deep/chain-back/secret.txt',
    ),
    ...refusedRead('a dangling or looping symlink', 'dangling-in', 'dangling-out', 'loop-a/x.txt', 'loop-b', 'self', 'self/x.txt'),
    ...allowedRead('a symlink that stays inside', 'src-link/main.ts', 'inchain1/main.ts', 'src/up/src/main.ts', 'root-link/src/main.ts', 'src/deep/file-link'),
    ...allowedRead('a hard link (in scope: its path; out of scope: its shared inode)', 'hard.txt'),
    ...allowedRead(
      'a very long path',
      `${'a/'.repeat(2100)}x`,
      'x'.repeat(300),
      `src/${'./'.repeat(3000)}main.ts`,
      `${'deep/'.repeat(900)}file.txt`,
    ),
    ...refusedRead('a very long escape', `${'../'.repeat(1500)}etc/passwd`, `escape-dir/${'y/'.repeat(1000)}z`, `${'src-link/'.repeat(400)}../x`),
    ...allowedRead(
      'a unicode lookalike, which is just a name',
      '\u2025/outside/secret.txt',
      '\uFF0E\uFF0E/outside/secret.txt',
      '\u2024\u2024/outside/secret.txt',
      '.\u200B./outside/secret.txt',
      '..\u2215outside\u2215secret.txt',
      '..\u2044outside\u2044secret.txt',
      '..\uFF0Foutside\uFF0Fsecret.txt',
      '\uFE52\uFE52/outside/secret.txt',
      '..\u0338/outside/secret.txt',
      '\u202Eescape-dir/secret.txt',
      'escape\u2010dir/secret.txt',
      '\uFF45\uFF53\uFF43\uFF41\uFF50\uFF45-dir/secret.txt',
    ),
    ...refusedWrite(
      'a write through a symlink that leads outside',
      'escape-dir/new.txt',
      'escape-rel/new.txt',
      'escape-file',
      'chain1/new.txt',
      `slash-link/${token}`,
      `tmp-link/${token}`,
      `parent-link/${token}`,
      `src/up2/${token}`,
      'escape-dir/sub/dir/new.txt',
      `proc-link/${token}`,
      'workspace-evil-link/new.txt',
    ),
    ...refusedWrite('a write through a dangling symlink', 'dangling-out', 'dangling-in'),
    ...refusedWrite('a write with a backslash', 'evil\\name/new.txt', 'evil\\name\\new.txt'),
    ...refusedWrite('a write outside by name', `../${token}`, `/tmp/${token}`, `${base}/${token}`, `${tmpdir()}/${token}`, `..\\${token}`),
    ...refusedWrite('a write to the root', '.', '', './'),
    ...refusedWrite('a write to a hard link', 'hard.txt', 'src/hard-nested.txt'),
    ...allowedWrite('a write inside', 'src/new-inside.txt', 'inchain1/new.txt', 'new/deep/folder/file.txt', 'src/main.ts', '%2e%2e/new.txt', '\uFF0E\uFF0E/new.txt'),
  ];
}

async function createLayout(): Promise<void> {
  const { base, root, outside } = ws;
  await mkdir(path.join(root, 'src', 'deep'), { recursive: true });
  await mkdir(path.join(outside, 'dir'));
  await mkdir(path.join(base, 'workspace-evil'));
  await writeFile(path.join(root, 'src', 'main.ts'), 'INSIDE-MAIN\n');
  await writeFile(path.join(root, 'src', 'deep', 'file.txt'), 'INSIDE-DEEP\n');
  await writeFile(path.join(outside, 'secret.txt'), 'OUTSIDE-SECRET\n');
  await writeFile(path.join(outside, 'dir', 'deep.txt'), 'OUTSIDE-DEEP\n');
  await writeFile(path.join(outside, 'shared.txt'), 'SHARED-INODE\n');
  await writeFile(path.join(outside, 'nested-shared.txt'), 'SHARED-INODE\n');
  await writeFile(path.join(base, 'workspace-evil', 'x.txt'), 'OUTSIDE-EVIL\n');
  await link(path.join(outside, 'shared.txt'), path.join(root, 'hard.txt'));
  await link(path.join(outside, 'nested-shared.txt'), path.join(root, 'src', 'hard-nested.txt'));
  const links: [string, string][] = [
    [outside, 'escape-dir'],
    ['../outside', 'escape-rel'],
    [path.join(outside, 'secret.txt'), 'escape-file'],
    ['../../outside', 'src/relative-escape'],
    ['chain2', 'chain1'],
    ['chain3', 'chain2'],
    ['../outside', 'chain3'],
    ['inchain2', 'inchain1'],
    ['src', 'inchain2'],
    ['src', 'src-link'],
    ['..', 'src/up'],
    ['../..', 'src/up2'],
    ['.', 'root-link'],
    ['..', 'parent-link'],
    ['/', 'slash-link'],
    [tmpdir(), 'tmp-link'],
    ['/proc/self/root', 'proc-link'],
    ['missing-inside.txt', 'dangling-in'],
    ['../outside/missing.txt', 'dangling-out'],
    ['loop-b', 'loop-a'],
    ['loop-a', 'loop-b'],
    ['self', 'self'],
    ['../outside', 'evil\\name'],
    [path.join(base, 'workspace-evil'), 'workspace-evil-link'],
    ['../../escape-rel', 'src/deep/chain-back'],
    ['file.txt', 'src/deep/file-link'],
  ];
  for (const [target, name] of links) await symlink(target, path.join(root, name));
}

/** What a call did: ran and returned, was refused by containment, or failed otherwise. */
type Outcome = { kind: 'ok'; value: unknown } | { kind: 'refused'; problem: string } | { kind: 'failed'; message: string };

async function outcomeOf(promise: Promise<unknown>): Promise<Outcome> {
  try {
    return { kind: 'ok', value: await promise };
  } catch (error) {
    if (error instanceof WorkspacePathError) return { kind: 'refused', problem: error.problem };
    if (error instanceof ToolFailure) return { kind: 'failed', message: error.message };
    throw error;
  }
}

function fsFailure(error: unknown): never {
  if (error instanceof ToolFailure) throw error;
  throw new ToolFailure(`The file could not be opened (${String((error as { code?: unknown }).code ?? error)}).`);
}

/** The corpus tools: read_file and write_file, safe (openWorkspaceFile) and raw (opening the argument as given). */
function corpusTools(workspace: WorkspaceOptions): AIFunction[] {
  const readPath = { workspacePaths: [{ parameter: 'path', access: 'read' as const }], readOnly: true };
  const writePath = { workspacePaths: [{ parameter: 'path', access: 'write' as const }] };
  return [
    fakeTool({
      name: 'read_file',
      className: 'SafeToolset',
      properties: { path: 'string' },
      metadata: readPath,
      run: async (args) => {
        try {
          const handle = await openWorkspaceFile(workspace, args['path'], 'read');
          try {
            return await handle.readFile('utf8');
          } finally {
            await handle.close();
          }
        } catch (error) {
          return fsFailure(error);
        }
      },
    }),
    fakeTool({
      name: 'write_file',
      className: 'SafeToolset',
      properties: { path: 'string', content: 'string', createFolders: 'boolean' },
      required: ['path', 'content'],
      metadata: writePath,
      run: async (args) => {
        try {
          const handle = await openWorkspaceFile(workspace, args['path'], 'write', { createFolders: args['createFolders'] !== false });
          try {
            await handle.writeFile(String(args['content']));
          } finally {
            await handle.close();
          }
        } catch (error) {
          return fsFailure(error);
        }
      },
    }),
    fakeTool({
      name: 'read_file',
      className: 'RawToolset',
      properties: { path: 'string' },
      metadata: readPath,
      run: (args) => readFile(path.join(workspace.root, String(args['path'])), 'utf8').catch(fsFailure),
    }),
    fakeTool({
      name: 'write_file',
      className: 'RawToolset',
      properties: { path: 'string', content: 'string' },
      metadata: writePath,
      run: async (args) => {
        const target = path.join(workspace.root, String(args['path']));
        await mkdir(path.dirname(target), { recursive: true })
          .then(() => writeFile(target, String(args['content'])))
          .catch(fsFailure);
      },
    }),
  ];
}

function exposed(workspace: WorkspaceOptions, router?: ToolApprovalRouter): Map<string, AIFunction> {
  const catalogue = new ToolCatalogue();
  const functions = corpusTools(workspace);
  catalogue.sync({
    toolsets: [
      { className: 'SafeToolset', owner: 'safe', displayName: 'Safe', functions: functions.slice(0, 2) },
      { className: 'RawToolset', owner: 'raw', displayName: 'Raw', functions: functions.slice(2) },
    ],
  });
  const resolved = resolveAgentTools(
    { allowedTools: functions.map((fn) => fn.qualifiedName), policies: router === undefined ? [] : functions.map((fn) => ({ toolName: fn.qualifiedName, approvalMode: 'require_approval' as const })) },
    catalogue,
    { workspace, ...(router === undefined ? {} : { approvals: router }) },
  );
  return new Map(resolved.functions.map((fn) => [fn.qualifiedName, fn]));
}

let outsideBefore: Map<string, string>;

async function recordWriteEscapes(label: string): Promise<void> {
  const changes = treeChanges(outsideBefore, await snapshotTree(ws.base, ws.root));
  for (const place of ['/', tmpdir()]) {
    if (await stat(path.join(place, token)).then(() => true, () => false)) {
      changes.push(`created ${path.join(place, token)}`);
      await rm(path.join(place, token), { force: true });
    }
  }
  for (const change of changes) escapes.push(`${label}: ${change}`);
  if (changes.length > 0) outsideBefore = await snapshotTree(ws.base, ws.root);
}

function recordReadEscape(label: string, outcome: Outcome): void {
  if (outcome.kind === 'ok' && typeof outcome.value === 'string' && outcome.value.includes('OUTSIDE')) escapes.push(`${label}: read ${JSON.stringify(outcome.value)}`);
}

beforeAll(async () => {
  ws = await createTempWorkspace('toolgen-corpus-');
  await createLayout();
  outsideBefore = await snapshotTree(ws.base, ws.root);
  escapes = [];
  cases = 0;
});

afterAll(async () => {
  await ws.remove();
  for (const place of ['/', tmpdir()]) await rm(path.join(place, token), { force: true });
});

describe.skipIf(process.platform === 'win32')('the path-attack corpus', () => {
  it('has no escapes among the static cases, and refuses exactly the cases it must', async () => {
    const tools = exposed({ root: ws.root });
    const mismatches: string[] = [];
    const all = corpus();
    for (const entry of all) {
      for (const kind of ['safe', 'raw']) {
        const fn = tools.get(`${kind}__${entry.access}_file`)!;
        const label = `${kind} ${entry.access} ${JSON.stringify(entry.value.length > 80 ? `${entry.value.slice(0, 77)}...` : entry.value)} (${entry.label})`;
        const outcome = await outcomeOf(fn.invoke(entry.access === 'read' ? { path: entry.value } : { path: entry.value, content: 'WRITTEN-BY-CORPUS' }));
        if (entry.access === 'read') recordReadEscape(label, outcome);
        else await recordWriteEscapes(label);
        if ((outcome.kind === 'refused') !== (entry.want === 'refused')) mismatches.push(`${label}: wanted ${entry.want}, got ${JSON.stringify(outcome)}`);
      }
    }
    cases += all.length;
    expect(escapes).toEqual([]);
    expect(mismatches).toEqual([]);
    expect(await readFile(path.join(ws.root, 'hard.txt'), 'utf8')).toBe('SHARED-INODE\n');
  });

  it('refuses everything a read-only workspace would write, and still reads', async () => {
    const tools = exposed({ root: ws.root, writable: false });
    const before = await snapshotTree(ws.root, path.join(ws.root, 'swap'));
    for (const value of ['src/main.ts', 'src/ro-new.txt', 'new-folder/file.txt']) {
      for (const kind of ['safe', 'raw']) {
        const outcome = await outcomeOf(tools.get(`${kind}__write_file`)!.invoke({ path: value, content: 'WRITTEN-BY-CORPUS' }));
        expect(outcome).toEqual({ kind: 'refused', problem: 'write_denied' });
      }
      cases += 1;
    }
    expect(treeChanges(before, await snapshotTree(ws.root, path.join(ws.root, 'swap')))).toEqual([]);
    await expect(tools.get('safe__read_file')!.invoke({ path: 'src/deep/file.txt' })).resolves.toBe('INSIDE-DEEP\n');
    await recordWriteEscapes('read-only workspace');
    expect(escapes).toEqual([]);
  });

  it('refuses a call whose folder became a link to outside while its approval was pending', async () => {
    for (const [kind, access] of [['safe', 'read'], ['raw', 'read'], ['safe', 'write'], ['raw', 'write']] as const) {
      await mkdir(path.join(ws.root, 'pending'), { recursive: true });
      await writeFile(path.join(ws.root, 'pending', 'secret.txt'), 'INSIDE-PENDING\n');
      const channel = scriptedChannel(async () => {
        await rename(path.join(ws.root, 'pending'), path.join(ws.root, `pending-moved-${kind}-${access}`));
        await symlink('../outside', path.join(ws.root, 'pending'));
        return { decision: 'approve' };
      });
      const fn = exposed({ root: ws.root }, new ToolApprovalRouter({ runMode: 'use_agent_policy', channel })).get(`${kind}__${access}_file`)!;
      const outcome = await outcomeOf(fn.invoke({ path: 'pending/secret.txt', ...(access === 'write' ? { content: 'WRITTEN-BY-CORPUS' } : {}) }));
      const label = `${kind} ${access} swapped during approval`;
      if (access === 'read') recordReadEscape(label, outcome);
      else await recordWriteEscapes(label);
      expect(channel.requests).toHaveLength(1);
      expect(outcome).toEqual({ kind: 'refused', problem: 'outside_workspace' });
      await rm(path.join(ws.root, 'pending'));
      cases += 1;
    }
    expect(escapes).toEqual([]);
  });

  describe('races: a helper process swaps a folder (or a file) for a link to outside in a loop', () => {
    const maxCalls = 1500;
    const maxMs = 2500;
    const stats: string[] = [];

    /**
     * Runs `call` until `maxCalls` or `maxMs` (or until `enough` says the outcomes so far suffice), while a helper swaps `name`
     * with `name.link` (a link to outside).
     */
    async function race(name: string, call: (index: number) => Promise<Outcome>, enough: (outcomes: readonly Outcome[]) => boolean = () => false): Promise<Outcome[]> {
      const helper = startSwapper(path.join(ws.root, name), maxMs + 2000);
      const outcomes: Outcome[] = [];
      try {
        await helper.started;
        const until = Date.now() + maxMs;
        for (let index = 0; index < maxCalls && Date.now() < until && !enough(outcomes); index += 1) outcomes.push(await call(index));
      } finally {
        await helper.stop();
      }
      return outcomes;
    }

    async function prepareFolder(): Promise<void> {
      await mkdir(path.join(ws.root, 'swap'));
      await writeFile(path.join(ws.root, 'swap', 'secret.txt'), 'INSIDE-SWAP\n');
      await symlink('../outside', path.join(ws.root, 'swap.link'));
    }

    async function prepareFile(): Promise<void> {
      await writeFile(path.join(ws.root, 'swapfile'), 'INSIDE-SWAPFILE\n');
      await symlink('../outside/secret.txt', path.join(ws.root, 'swapfile.link'));
    }

    async function cleanUp(name: string): Promise<void> {
      for (const entry of [name, `${name}.link`, `${name}.held`]) await rm(path.join(ws.root, entry), { recursive: true, force: true });
    }

    function summarize(label: string, outcomes: readonly Outcome[]): void {
      const counts = new Map<string, number>();
      for (const outcome of outcomes) {
        const key = outcome.kind === 'refused' ? outcome.problem : outcome.kind;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      stats.push(`${label}: ${outcomes.length} calls (${[...counts].map(([key, count]) => `${key} ${count}`).join(', ')})`);
    }

    it('never reads outside through openWorkspaceFile while a folder is swapped', async () => {
      await prepareFolder();
      const read = exposed({ root: ws.root }).get('safe__read_file')!;
      try {
        const outcomes = await race('swap', () => outcomeOf(read.invoke({ path: 'swap/secret.txt' })));
        outcomes.forEach((outcome, index) => recordReadEscape(`folder swap read ${index}`, outcome));
        summarize('folder swap, reads', outcomes);
        expect(outcomes.some((outcome) => outcome.kind === 'ok')).toBe(true);
      } finally {
        await cleanUp('swap');
      }
      cases += 1;
      expect(escapes).toEqual([]);
    });

    it('never creates a file outside through openWorkspaceFile while a folder is swapped', async () => {
      await prepareFolder();
      const write = exposed({ root: ws.root }).get('safe__write_file')!;
      try {
        const outcomes = await race('swap', (index) => outcomeOf(write.invoke({ path: `swap/race-${index}.txt`, content: 'WRITTEN-BY-CORPUS', createFolders: false })));
        summarize('folder swap, writes', outcomes);
      } finally {
        await cleanUp('swap');
      }
      await recordWriteEscapes('folder swap writes');
      cases += 1;
      expect(escapes).toEqual([]);
    });

    it('never reads or changes the outside file while a file is swapped for a link to it', async () => {
      await prepareFile();
      const tools = exposed({ root: ws.root });
      try {
        const outcomes = await race('swapfile', (index) =>
          index % 2 === 0
            ? outcomeOf(tools.get('safe__read_file')!.invoke({ path: 'swapfile' }))
            : outcomeOf(tools.get('safe__write_file')!.invoke({ path: 'swapfile', content: 'INSIDE-SWAPFILE\n', createFolders: false })),
        );
        outcomes.forEach((outcome, index) => recordReadEscape(`file swap ${index}`, outcome));
        summarize('file swap, reads and writes', outcomes);
      } finally {
        await cleanUp('swapfile');
      }
      await recordWriteEscapes('file swap writes');
      cases += 1;
      expect(escapes).toEqual([]);
    });

    it('shows the race is real: a tool that checks and then opens the raw path leaks (measured, not asserted)', async () => {
      await prepareFolder();
      const leaks = (outcomes: readonly Outcome[]) => outcomes.filter((outcome) => outcome.kind === 'ok' && String(outcome.value).includes('OUTSIDE')).length;
      try {
        // 20 leaks show it (about 1 read in 10 leaks): the helper, spinning a core, stops then rather than after 1,500 reads
        const outcomes = await race(
          'swap',
          async () => {
            const check = await checkWorkspacePath({ root: ws.root }, 'swap/secret.txt', 'read');
            if (!check.ok) return { kind: 'refused', problem: check.problem };
            return outcomeOf(readFile(path.join(ws.root, 'swap/secret.txt'), 'utf8').catch(fsFailure));
          },
          (outcomes) => leaks(outcomes) >= 20,
        );
        const leaked = leaks(outcomes);
        stats.push(`for comparison, check-then-open of the raw path: ${leaked} of ${outcomes.length} reads returned outside content`);
      } finally {
        await cleanUp('swap');
      }
    });

    afterAll(() => {
      console.log(`path-attack corpus: ${cases} cases, ${escapes.length} escapes`);
      for (const line of stats) console.log(`  ${line}`);
    });
  });
});

/**
 * A child process that swaps `target` (a folder or file) with `target.link` (a link) in a loop:
 * target → target.held, target.link → target, target → target.link, target.held → target.
 * It stops by itself after `maxMs`, or when stopped.
 */
function startSwapper(target: string, maxMs: number): { started: Promise<void>; stop: () => Promise<void> } {
  const script = `
    const { renameSync } = require('node:fs');
    const [target, maxMs] = process.argv.slice(1);
    const held = target + '.held', link = target + '.link';
    const until = Date.now() + Number(maxMs);
    process.stdout.write('started\\n');
    while (Date.now() < until) {
      try { renameSync(target, held); renameSync(link, target); renameSync(target, link); renameSync(held, target); } catch {}
    }`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script, target, String(maxMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('error', reject);
  });
  return {
    started,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
}
