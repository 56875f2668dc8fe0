import { readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWorkspaceContainment, WorkspacePathError } from '@toolgen/runtime';
import { checkWorkspacePath } from '@toolgen/runtime/node';
import { fakeTool, rejectionOf } from './fixtures.js';
import { createTempWorkspace, type TempWorkspace } from './workspaceFixtures.js';

// Issue 14, item 11: on POSIX a backslash is part of a file name, so `evil\name` is one symlink,
// not two folders; the check must read paths the way the OS will open them.
let workspace: TempWorkspace;

beforeAll(async () => {
  workspace = await createTempWorkspace('toolgen-backslash-');
  await writeFile(path.join(workspace.outside, 'secret.txt'), 'OUTSIDE\n');
  await symlink('../outside', path.join(workspace.root, 'evil\\name'));
});

afterAll(async () => {
  await workspace.remove();
});

const message =
  'contains a backslash, which this system reads as part of a file name, not as a folder separator; use "/" between folders.';

describe.skipIf(process.platform === 'win32')('a backslash on POSIX', () => {
  it('is refused outright by the check, for reads and writes', async () => {
    for (const access of ['read', 'write'] as const) {
      expect(await checkWorkspacePath({ root: workspace.root }, 'evil\\name/secret.txt', access)).toEqual({ ok: false, problem: 'backslash', message });
      expect(await checkWorkspacePath({ root: workspace.root }, 'notes\\draft.txt', access)).toMatchObject({ ok: false, problem: 'backslash' });
    }
  });

  it('never lets a tool that opens the raw path read outside through a backslash-named link', async () => {
    const reads: string[] = [];
    const readFileTool = fakeTool({
      name: 'read_file',
      className: 'CodingToolset',
      properties: { path: 'string' },
      metadata: { workspacePaths: [{ parameter: 'path', access: 'read' }] },
      run: async (args) => {
        const text = await readFile(path.join(workspace.root, String(args['path'])), 'utf8');
        reads.push(text);
        return text;
      },
    });
    const error = await rejectionOf(withWorkspaceContainment(readFileTool, { root: workspace.root }).invoke({ path: 'evil\\name/secret.txt' }));
    expect(error).toBeInstanceOf(WorkspacePathError);
    expect((error as Error).message).toBe(`The path "evil\\\\name/secret.txt" in "path" ${message}`);
    expect(reads).toEqual([]);
  });

  it('never lets such a tool create a file outside', async () => {
    const writeFileTool = fakeTool({
      name: 'write_file',
      className: 'CodingToolset',
      properties: { path: 'string', content: 'string' },
      metadata: { workspacePaths: [{ parameter: 'path', access: 'write' }] },
      run: async (args) => {
        await writeFile(path.join(workspace.root, String(args['path'])), String(args['content']));
      },
    });
    const fn = withWorkspaceContainment(writeFileTool, { root: workspace.root });
    await expect(fn.invoke({ path: 'evil\\name/planted.txt', content: 'x' })).rejects.toMatchObject({ problem: 'backslash' });
    expect(await readdir(workspace.outside)).toEqual(['secret.txt']);
  });
});
