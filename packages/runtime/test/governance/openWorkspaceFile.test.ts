import { link, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolFailure, WorkspaceFileError, WorkspacePathError, type WorkspacePathProblem } from '@toolgen/runtime';
import { asToolFailure } from '../../src/adapters/toolCalls.js';
import { openWorkspaceFile, type OpenWorkspaceFileOptions } from '@toolgen/runtime/node';
import { rejectionOf } from './fixtures.js';
import { createTempWorkspace, snapshotTree, treeChanges, type TempWorkspace } from './workspaceFixtures.js';

// Issue 14, item 12: the safe open a tool uses instead of opening the raw argument itself.
let workspace: TempWorkspace;
let outsideBefore: Map<string, string>;

beforeAll(async () => {
  workspace = await createTempWorkspace('toolgen-open-');
  const { root, outside } = workspace;
  await mkdir(path.join(root, 'src', 'deep'), { recursive: true });
  await writeFile(path.join(root, 'src', 'main.ts'), 'INSIDE\n');
  await writeFile(path.join(outside, 'secret.txt'), 'OUTSIDE\n');
  await writeFile(path.join(outside, 'shared.txt'), 'SHARED\n');
  await link(path.join(outside, 'shared.txt'), path.join(root, 'hard.txt'));
  await symlink('src', path.join(root, 'src-link'));
  await symlink('../outside', path.join(root, 'escape-dir'));
  await symlink('../outside/secret.txt', path.join(root, 'escape-file'));
  await symlink('../outside/missing.txt', path.join(root, 'dangling'));
  outsideBefore = await snapshotTree(workspace.base, root);
});

afterAll(async () => {
  expect(treeChanges(outsideBefore, await snapshotTree(workspace.base, workspace.root))).toEqual([]);
  await workspace.remove();
});

async function read(value: string): Promise<string> {
  const handle = await openWorkspaceFile({ root: workspace.root }, value, 'read');
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

async function write(value: string, content: string, options?: OpenWorkspaceFileOptions, writable?: boolean): Promise<void> {
  const handle = await openWorkspaceFile({ root: workspace.root, ...(writable === undefined ? {} : { writable }) }, value, 'write', options);
  try {
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
}

async function refusal(promise: Promise<unknown>): Promise<WorkspacePathProblem> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(WorkspacePathError);
  return (error as WorkspacePathError).problem;
}

describe('openWorkspaceFile for read', () => {
  it('opens a file inside, also through a link that stays inside', async () => {
    expect(await read('src/main.ts')).toBe('INSIDE\n');
    expect(await read('./src-link//main.ts')).toBe('INSIDE\n');
  });

  it('opens the root and folders as folders', async () => {
    const handle = await openWorkspaceFile({ root: workspace.root }, '', 'read');
    expect((await handle.stat()).isDirectory()).toBe(true);
    await handle.close();
  });

  it.each<[string, WorkspacePathProblem]>([
    ['../outside/secret.txt', 'parent_segment'],
    ['escape-dir/secret.txt', 'outside_workspace'],
    ['escape-file', 'outside_workspace'],
    ['dangling', 'unresolvable'],
    ['/etc/passwd', 'absolute_path'],
    ['src\\main.ts', 'backslash'],
    ['src/main.ts\0', 'nul_byte'],
  ])('refuses %j (%s)', async (value, problem) => {
    expect(await refusal(read(value))).toBe(problem);
  });

  it("turns what the model can correct into a WorkspaceFileError, a ToolFailure with the file system's code", async () => {
    const cases: [string, string, string][] = [
      ['src/missing.txt', 'ENOENT', 'The path "src/missing.txt" in "path" names nothing in the workspace: there is no such file, or a folder on the way is missing. Check the path, relative to the workspace root.'],
      ['src/main.ts/below', 'ENOTDIR', 'The path "src/main.ts/below" in "path" goes through a file as if it were a folder. Check the path, relative to the workspace root.'],
    ];
    for (const [value, code, message] of cases) {
      const error = await rejectionOf(read(value));
      expect([error instanceof WorkspaceFileError, error instanceof ToolFailure, (error as WorkspaceFileError).code, (error as Error).message]).toEqual([true, true, code, message]);
      expect((error as Error).cause).toMatchObject({ code });
    }
    // a folder opened to write
    const folder = await rejectionOf(write('src', 'x'));
    expect([folder instanceof WorkspaceFileError, (folder as Error).message]).toEqual([true, 'The path "src" in "path" names a folder, not a file. Name a file in it.']);
    // what the model reads through invoke: the message, not "The tool failed unexpectedly."
    expect(asToolFailure(await rejectionOf(read('src/missing.txt'))).message).toMatch(/^The path "src\/missing\.txt" in "path" names nothing in the workspace/);
  });

  it('reads a hard link to an outside file: a documented limit, the OS cannot tell its names apart', async () => {
    expect(await read('hard.txt')).toBe('SHARED\n');
  });

  it('names the parameter in its refusals, never the root', async () => {
    const error = await rejectionOf(openWorkspaceFile({ root: workspace.root }, 'escape-dir/secret.txt', 'read', { parameter: 'source' }));
    expect((error as Error).message).toBe('The path "escape-dir/secret.txt" in "source" leads outside the workspace through a symbolic link; use a path inside the workspace.');
    expect((error as Error).message).not.toContain(workspace.base);
  });

  it('refuses without a usable workspace', async () => {
    expect(await refusal(openWorkspaceFile(undefined as never, 'src/main.ts', 'read'))).toBe('no_workspace');
    expect(await refusal(openWorkspaceFile({ root: path.join(workspace.base, 'gone') }, 'src/main.ts', 'read'))).toBe('no_workspace');
  });
});

describe('openWorkspaceFile for write', () => {
  it('creates a file, replaces its content, appends, and creates folders only when asked', async () => {
    await write('src/new.txt', 'one');
    await write('src/new.txt', 'two');
    expect(await readFile(path.join(workspace.root, 'src', 'new.txt'), 'utf8')).toBe('two');
    await write('src-link/new.txt', '+', { append: true });
    expect(await readFile(path.join(workspace.root, 'src', 'new.txt'), 'utf8')).toBe('two+');
    await expect(write('made/on/the/way.txt', 'x')).rejects.toMatchObject({ code: 'ENOENT' });
    await write('made/on/the/way.txt', 'x', { createFolders: true });
    expect(await readFile(path.join(workspace.root, 'made', 'on', 'the', 'way.txt'), 'utf8')).toBe('x');
  });

  it('refuses an existing file with exclusive, without touching it', async () => {
    await expect(write('src/main.ts', 'clobbered', { exclusive: true })).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await read('src/main.ts')).toBe('INSIDE\n');
  });

  it.each<[string, WorkspacePathProblem]>([
    ['escape-dir/planted.txt', 'outside_workspace'],
    ['escape-dir/made/planted.txt', 'outside_workspace'],
    ['escape-file', 'outside_workspace'],
    ['dangling', 'unresolvable'],
    ['hard.txt', 'hard_link'],
    ['.', 'workspace_root'],
    ['src\\planted.txt', 'backslash'],
  ])('refuses %j (%s) and changes nothing outside', async (value, problem) => {
    expect(await refusal(write(value, 'PLANTED', { createFolders: true }))).toBe(problem);
    expect(await readdir(workspace.outside)).toEqual(['secret.txt', 'shared.txt']);
  });

  it('checks write access separately: a read-only workspace opens for read only', async () => {
    expect(await refusal(write('src/main.ts', 'x', {}, false))).toBe('write_denied');
    const handle = await openWorkspaceFile({ root: workspace.root, writable: false }, 'src/main.ts', 'read');
    await handle.close();
  });
});
