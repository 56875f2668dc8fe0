import { mkdir, readFile, rename, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  answerPendingToolCall,
  resolveAgentTools,
  ToolApprovalError,
  ToolApprovalRouter,
  ToolCatalogue,
  ToolFailure,
  withWorkspaceContainment,
  WorkspacePathError,
  type PendingToolCall,
  type ToolInvocationContext,
} from '@toolgen/runtime';
import { fakeTool, rejectionOf, scriptedChannel, type RecordedCall } from './fixtures.js';
import { createTempWorkspace, type TempWorkspace } from './workspaceFixtures.js';

// Issue 14, items 12 and 13: the path is checked again right before the call (after a pending
// approval), and a generated function called directly without a workspace refuses.
let workspace: TempWorkspace;

beforeEach(async () => {
  workspace = await createTempWorkspace('toolgen-recheck-');
  await mkdir(path.join(workspace.root, 'project'));
  await writeFile(path.join(workspace.root, 'project', 'notes.txt'), 'INSIDE\n');
  await writeFile(path.join(workspace.outside, 'notes.txt'), 'OUTSIDE\n');
});

afterEach(async () => {
  await workspace.remove();
});

/** What an attacker with write access to the workspace does while the approval is pending. */
async function swapProjectForLink(): Promise<void> {
  await rename(path.join(workspace.root, 'project'), path.join(workspace.root, 'project.moved'));
  await symlink('../outside', path.join(workspace.root, 'project'));
}

/** A read_file tool that opens the raw argument itself, as most hand-written tools do. */
function readFileTool(calls: RecordedCall[], approval: 'default' | 'require_approval' = 'require_approval') {
  return fakeTool({
    name: 'read_file',
    className: 'CodingToolset',
    properties: { path: 'string' },
    metadata: { readOnly: true, approval, workspacePaths: [{ parameter: 'path', access: 'read' }] },
    calls,
    run: (args) => readFile(path.join(workspace.root, String(args['path'])), 'utf8'),
  });
}

function exposeReadFile(calls: RecordedCall[], router: ToolApprovalRouter) {
  const catalogue = new ToolCatalogue();
  catalogue.sync({ toolsets: [{ className: 'CodingToolset', owner: 'coding', displayName: 'Coding', functions: [readFileTool(calls)] }] });
  return resolveAgentTools({ allowedTools: ['coding__read_file'] }, catalogue, { approvals: router, workspace: { root: workspace.root } });
}

describe('a path checked before approval is checked again right before the call', () => {
  it('refuses when a folder became a link to outside while the channel was asking', async () => {
    const calls: RecordedCall[] = [];
    const channel = scriptedChannel(async () => {
      await swapProjectForLink();
      return { decision: 'approve' };
    });
    const resolved = exposeReadFile(calls, new ToolApprovalRouter({ runMode: 'use_agent_policy', channel }));
    const error = await rejectionOf(resolved.functions[0]!.invoke({ path: 'project/notes.txt' }));
    expect(channel.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(WorkspacePathError);
    expect(error).toMatchObject({ parameter: 'path', problem: 'outside_workspace' });
    expect(calls).toEqual([]);
  });

  it('refuses when the swap happened before a pending call was answered in a later run', async () => {
    const calls: RecordedCall[] = [];
    const deferring = exposeReadFile(calls, new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: scriptedChannel(() => ({ decision: 'defer' })) }));
    const deferred = await rejectionOf(deferring.functions[0]!.invoke({ path: 'project/notes.txt' }, { callId: 'call_1' }));
    expect(deferred).toBeInstanceOf(ToolApprovalError);
    const pending = (deferred as ToolApprovalError).outcome as { status: 'pending'; pending: PendingToolCall };

    await swapProjectForLink();
    const nextRun = exposeReadFile(calls, new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: scriptedChannel(() => ({ decision: 'reject' })) }));
    const error = await rejectionOf(answerPendingToolCall(pending.pending, { decision: 'approve' }, nextRun.functions));
    expect(error).toMatchObject({ name: 'WorkspacePathError', problem: 'outside_workspace' });
    expect(calls).toEqual([]);
  });

  it('still runs the approved call when nothing changed', async () => {
    const calls: RecordedCall[] = [];
    const resolved = exposeReadFile(calls, new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: scriptedChannel(() => ({ decision: 'approve' })) }));
    await expect(resolved.functions[0]!.invoke({ path: 'project/notes.txt' })).resolves.toBe('INSIDE\n');
    expect(calls).toHaveLength(1);
  });
});

describe('a generated function with workspace paths called directly through invoke', () => {
  const noWorkspace =
    'coding__read_file takes a workspace path ("path") but was called without a workspace, so it did not run. ' +
    "The host must pass the workspace in the invoke context, { workspace: { root } }, or { workspace: 'unchecked' } to skip containment on purpose.";

  it('refuses without a workspace in its context, saying what to pass', async () => {
    const calls: RecordedCall[] = [];
    const error = await rejectionOf(readFileTool(calls, 'default').invoke({ path: '../outside/notes.txt' }));
    expect(error).toBeInstanceOf(ToolFailure);
    expect((error as Error).message).toBe(noWorkspace);
    expect(calls).toEqual([]);
  });

  it('refuses a workspace it cannot use', async () => {
    const calls: RecordedCall[] = [];
    // what a host written in JavaScript, or one that casts, may pass: refused at run time
    for (const context of [{ workspace: workspace.root }, { workspace: null }, { workspace: { root: 42 } }, { workspace: 'Unchecked' }] as unknown as ToolInvocationContext[]) {
      await expect(readFileTool(calls, 'default').invoke({ path: 'project/notes.txt' }, context)).rejects.toThrow(noWorkspace);
    }
    expect(calls).toEqual([]);
  });

  it('checks the paths against the workspace its context names', async () => {
    const calls: RecordedCall[] = [];
    const fn = readFileTool(calls, 'default');
    await expect(fn.invoke({ path: '../outside/notes.txt' }, { workspace: { root: workspace.root } })).rejects.toMatchObject({ problem: 'parent_segment' });
    await symlink('../outside', path.join(workspace.root, 'escape'));
    await expect(fn.invoke({ path: 'escape/notes.txt' }, { workspace: { root: workspace.root } })).rejects.toMatchObject({ problem: 'outside_workspace' });
    await expect(fn.invoke({ path: 'project/notes.txt' }, { workspace: { root: workspace.root, writable: false } })).resolves.toBe('INSIDE\n');
    expect(calls).toHaveLength(1);
  });

  it("runs unchecked only when the host says { workspace: 'unchecked' }", async () => {
    const calls: RecordedCall[] = [];
    await expect(readFileTool(calls, 'default').invoke({ path: '../outside/notes.txt' }, { workspace: 'unchecked' })).resolves.toBe('OUTSIDE\n');
    expect(calls).toHaveLength(1);
  });

  it('rejects with the abort reason first when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(readFileTool([], 'default').invoke({ path: 'project/notes.txt' }, { signal: controller.signal })).rejects.toThrow('stop');
  });

  it('leaves a function without workspace paths alone', async () => {
    const plain = fakeTool({ name: 'plain', properties: { path: 'string' } });
    await expect(plain.invoke({ path: '../anything' })).resolves.toEqual({ ok: true, tool: 'test__plain' });
  });
});

describe('a lenient call that sends its arguments as a JSON string', () => {
  // the lenient step parses such a string into the arguments the tool receives
  for (const [label, sent] of [
    ['plain JSON', '{"path":"../outside/notes.txt"}'],
    ['fenced JSON', '```json\n{"path":"../outside/notes.txt"}\n```'],
  ] as const) {
    it(`is checked as the tool will read it (${label})`, async () => {
      const calls: RecordedCall[] = [];
      const fn = withWorkspaceContainment(readFileTool(calls, 'default'), { root: workspace.root });
      await expect(fn.invoke(sent, { lenient: true })).rejects.toMatchObject({ name: 'WorkspacePathError', problem: 'parent_segment' });
      await expect(readFileTool(calls, 'default').invoke(sent, { lenient: true, workspace: { root: workspace.root } })).rejects.toMatchObject({
        problem: 'parent_segment',
      });
      expect(calls).toEqual([]);
    });
  }

  it('is refused without a workspace as well', async () => {
    const calls: RecordedCall[] = [];
    await expect(withWorkspaceContainment(readFileTool(calls, 'default'), undefined).invoke('{"path":"project/notes.txt"}', { lenient: true })).rejects.toMatchObject({
      problem: 'no_workspace',
    });
    expect(calls).toEqual([]);
  });

  it('still runs when the path inside it stays inside', async () => {
    const fn = withWorkspaceContainment(readFileTool([], 'default'), { root: workspace.root });
    await expect(fn.invoke('{"path":"project/notes.txt"}', { lenient: true })).resolves.toBe('INSIDE\n');
  });
});
