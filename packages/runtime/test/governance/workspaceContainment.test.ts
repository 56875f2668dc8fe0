import { link, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAgentTools, ToolCatalogue, withWorkspaceContainment, WorkspacePathError, type WorkspacePathAccess, type WorkspacePathProblem } from '@toolgen/runtime';
import { checkWorkspacePath } from '@toolgen/runtime/node';
import { fakeTool, rejectionOf, type RecordedCall } from './fixtures.js';

// A real folder: <base>/workspace is the root, <base>/outside is what must stay unreachable.
let base: string;
let root: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'toolgen-containment-')));
  root = path.join(base, 'workspace');
  await mkdir(path.join(root, 'src', 'deep'), { recursive: true });
  await mkdir(path.join(base, 'outside'), { recursive: true });
  await writeFile(path.join(root, 'src', 'main.ts'), 'export {};\n');
  await writeFile(path.join(base, 'outside', 'secret.txt'), 'secret\n');
  await writeFile(path.join(root, 'linked.txt'), 'two names\n');
  await link(path.join(root, 'linked.txt'), path.join(base, 'outside', 'hardlink.txt'));
  await symlink(path.join(base, 'outside'), path.join(root, 'escape-dir'));
  await symlink(path.join(base, 'outside', 'secret.txt'), path.join(root, 'escape-file'));
  await symlink('../../outside', path.join(root, 'src', 'relative-escape'));
  await symlink(path.join(root, 'src'), path.join(root, 'src-link'));
  await symlink(path.join(base, 'outside', 'missing.txt'), path.join(root, 'dangling'));
  await symlink(path.join(root, 'loop-a'), path.join(root, 'loop-b'));
  await symlink(path.join(root, 'loop-b'), path.join(root, 'loop-a'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('checkWorkspacePath on a real folder', () => {
  it.each<[string, WorkspacePathAccess]>([
    ['src/main.ts', 'read'],
    ['src/main.ts', 'write'],
    ['./src/deep', 'read'],
    ['src/new/file.ts', 'write'],
    ['not-yet-there.txt', 'read'],
    ['src-link/main.ts', 'read'],
    ['src-link/new.ts', 'write'],
    ['', 'read'],
    ['.', 'read'],
    ['src//main.ts', 'read'],
  ])('accepts %j for %s', async (value, access) => {
    const check = await checkWorkspacePath({ root }, value, access);
    expect(check.ok).toBe(true);
  });

  it('resolves an accepted path under the real root', async () => {
    expect(await checkWorkspacePath({ root }, 'src-link/new.ts', 'write')).toEqual({ ok: true, path: path.join(root, 'src', 'new.ts') });
  });

  it.each<[string, unknown, WorkspacePathAccess, WorkspacePathProblem]>([
    ['a parent escape', '../outside/secret.txt', 'read', 'parent_segment'],
    ['a parent segment that stays inside lexically', 'src/../src/main.ts', 'read', 'parent_segment'],
    ['a parent escape with backslashes', '..\\outside\\secret.txt', 'read', 'parent_segment'],
    ['a parent segment through a symlink', 'escape-dir/../workspace/src/main.ts', 'read', 'parent_segment'],
    ['an absolute path', '/etc/passwd', 'read', 'absolute_path'],
    ['an absolute path inside the root', '__ROOT__/src/main.ts', 'read', 'absolute_path'],
    ['a backslash-rooted path', '\\Windows\\win.ini', 'read', 'absolute_path'],
    ['a NUL byte', 'src/main.ts\0.png', 'read', 'nul_byte'],
    ['a Windows drive path', 'C:\\Windows\\system32', 'read', 'drive_path'],
    ['a Windows drive path with slashes', 'c:/Users', 'read', 'drive_path'],
    ['a drive-relative path', 'D:notes.txt', 'read', 'drive_path'],
    ['a UNC path', '\\\\server\\share\\file.txt', 'read', 'unc_path'],
    ['a UNC path with slashes', '//server/share/file.txt', 'read', 'unc_path'],
    ['a device path', '\\\\?\\C:\\file.txt', 'read', 'unc_path'],
    ['a symlinked folder that leads outside', 'escape-dir/secret.txt', 'read', 'outside_workspace'],
    ['a new file under a symlinked folder that leads outside', 'escape-dir/new.txt', 'write', 'outside_workspace'],
    ['a symlinked file that leads outside', 'escape-file', 'read', 'outside_workspace'],
    ['a relative symlink that leads outside', 'src/relative-escape/secret.txt', 'read', 'outside_workspace'],
    ['a dangling symlink', 'dangling', 'write', 'unresolvable'],
    ['a symlink loop', 'loop-a/file.txt', 'read', 'unresolvable'],
    ['a value that is not a string', 42, 'read', 'not_a_string'],
  ])('refuses %s', async (_label, value, access, problem) => {
    const check = await checkWorkspacePath({ root }, value === '__ROOT__/src/main.ts' ? path.join(root, 'src/main.ts') : value, access);
    expect(check).toMatchObject({ ok: false, problem });
  });

  it('checks write access separately from read access', async () => {
    expect(await checkWorkspacePath({ root, writable: false }, 'src/main.ts', 'read')).toMatchObject({ ok: true });
    expect(await checkWorkspacePath({ root, writable: false }, 'src/main.ts', 'write')).toMatchObject({ ok: false, problem: 'write_denied' });
    expect(await checkWorkspacePath({ root }, '.', 'write')).toMatchObject({ ok: false, problem: 'workspace_root' });
    expect(await checkWorkspacePath({ root }, '.', 'read')).toMatchObject({ ok: true });
    expect(await checkWorkspacePath({ root }, 'linked.txt', 'write')).toMatchObject({ ok: false, problem: 'hard_link' });
    expect(await checkWorkspacePath({ root }, 'linked.txt', 'read')).toMatchObject({ ok: true });
  });

  it('fails closed when the workspace root does not exist', async () => {
    expect(await checkWorkspacePath({ root: path.join(base, 'gone') }, 'a.txt', 'read')).toMatchObject({ ok: false, problem: 'no_workspace' });
  });

  it('accepts a root reached through a symlink', async () => {
    const rootLink = path.join(base, 'root-link');
    await symlink(root, rootLink);
    expect(await checkWorkspacePath({ root: rootLink }, 'src/main.ts', 'read')).toEqual({ ok: true, path: path.join(root, 'src', 'main.ts') });
    expect(await checkWorkspacePath({ root: rootLink }, 'escape-dir/secret.txt', 'read')).toMatchObject({ ok: false, problem: 'outside_workspace' });
  });

  it('does not treat a sibling folder that shares the root prefix as inside', async () => {
    await mkdir(path.join(base, 'workspace-evil'), { recursive: true });
    await symlink(path.join(base, 'workspace-evil'), path.join(root, 'evil'));
    expect(await checkWorkspacePath({ root }, 'evil/x.txt', 'write')).toMatchObject({ ok: false, problem: 'outside_workspace' });
  });
});

describe('withWorkspaceContainment', () => {
  const calls: RecordedCall[] = [];
  const copyFile = fakeTool({
    name: 'copy_file',
    className: 'FilesToolset',
    properties: { from: 'string', to: 'string', note: 'string' },
    required: ['from', 'to'],
    metadata: { workspacePaths: [{ parameter: 'from', access: 'read' }, { parameter: 'to', access: 'write' }] },
    calls,
  });

  it('runs the tool when every path parameter stays inside', async () => {
    calls.length = 0;
    const fn = withWorkspaceContainment(copyFile, { root });
    await expect(fn.invoke({ from: 'src/main.ts', to: 'src/copy.ts', note: '../not/a/path' })).resolves.toEqual({ ok: true, tool: 'files__copy_file' });
    expect(calls).toHaveLength(1);
  });

  it('refuses before the tool runs, naming the parameter and never the root', async () => {
    calls.length = 0;
    const error = await rejectionOf(withWorkspaceContainment(copyFile, { root }).invoke({ from: 'src/main.ts', to: 'escape-dir/stolen.txt' }));
    expect(error).toBeInstanceOf(WorkspacePathError);
    expect(error).toMatchObject({ parameter: 'to', problem: 'outside_workspace' });
    expect((error as Error).message).toBe('The path "escape-dir/stolen.txt" in "to" leads outside the workspace through a symbolic link; use a path inside the workspace.');
    expect((error as Error).message).not.toContain(base);
    expect(calls).toEqual([]);
  });

  it('checks the write parameter against a read-only workspace', async () => {
    calls.length = 0;
    const error = await rejectionOf(withWorkspaceContainment(copyFile, { root, writable: false }).invoke({ from: 'src/main.ts', to: 'src/copy.ts' }));
    expect(error).toMatchObject({ parameter: 'to', problem: 'write_denied' });
    expect(calls).toEqual([]);
  });

  it('fails closed without a workspace', async () => {
    const error = await rejectionOf(withWorkspaceContainment(copyFile, undefined).invoke({ from: 'src/main.ts', to: 'b.txt' }));
    expect(error).toMatchObject({ parameter: 'from', problem: 'no_workspace' });
  });

  it('leaves absent optional path parameters to the tool validator', async () => {
    calls.length = 0;
    const error = await rejectionOf(withWorkspaceContainment(copyFile, { root }).invoke({ from: 'src/main.ts' }));
    expect(error).toMatchObject({ name: 'ToolArgumentError' });
    expect(calls).toEqual([]);
  });

  it('returns a function without workspace paths unchanged', () => {
    const plain = fakeTool({ name: 'plain' });
    expect(withWorkspaceContainment(plain, { root })).toBe(plain);
  });

  it('passes the abort signal through, and rejects with its reason once aborted', async () => {
    calls.length = 0;
    const fn = withWorkspaceContainment(copyFile, { root });
    const controller = new AbortController();
    await fn.invoke({ from: 'src/main.ts', to: 'src/a.ts' }, { signal: controller.signal });
    expect(calls[0]?.signal).toBe(controller.signal);
    controller.abort(new Error('stop'));
    await expect(fn.invoke({ from: 'src/main.ts', to: 'src/a.ts' }, { signal: controller.signal })).rejects.toThrow('stop');
    expect(calls).toHaveLength(1);
  });

  it('is applied by resolveAgentTools with the surface workspace', async () => {
    calls.length = 0;
    const catalogue = new ToolCatalogue();
    catalogue.sync({ toolsets: [{ className: 'FilesToolset', owner: 'files', displayName: 'Files', functions: [copyFile] }] });
    const resolved = resolveAgentTools({ allowedTools: ['files__copy_file'] }, catalogue, { workspace: { root } });
    await expect(resolved.functions[0]!.invoke({ from: '../outside/secret.txt', to: 'x' })).rejects.toMatchObject({ problem: 'parent_segment' });
    const noWorkspace = resolveAgentTools({ allowedTools: ['files__copy_file'] }, catalogue, {});
    await expect(noWorkspace.functions[0]!.invoke({ from: 'src/main.ts', to: 'x' })).rejects.toMatchObject({ problem: 'no_workspace' });
    expect(calls).toEqual([]);
  });
});
