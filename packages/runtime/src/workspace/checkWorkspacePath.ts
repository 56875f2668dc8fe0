import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { WorkspacePathAccess } from '../governance.js';
import { parseWorkspacePath } from './parseWorkspacePath.js';
import type { WorkspaceOptions, WorkspacePathCheck, WorkspacePathProblem } from './WorkspaceOptions.js';

/**
 * Checks that `value` names a place inside the workspace, the way the model must write it: a
 * relative path without `..` segments, read by the host's own rules (`parseWorkspacePath`: on
 * POSIX a backslash is refused, since the OS would read it as part of a name). Refused: NUL
 * bytes, UNC (`\\server\share`, `//server`) and drive (`C:\`, `C:`) forms, absolute paths, any
 * `..` segment (a symlink before it would make a lexical check wrong), and paths whose nearest
 * existing ancestor resolves (through symlinks) outside the real root, or does not resolve at
 * all (a dangling or looping symlink).
 * `write` is checked on top: the workspace must be writable, the root itself cannot be the target,
 * and an existing file must not have other hard links (writing it would change a file elsewhere).
 *
 * This is a check at one moment, not a sandbox: the file system can change before the tool opens
 * the path. Tools open workspace paths with `openWorkspaceFile`, which checks again and verifies
 * the file it opened.
 */
export async function checkWorkspacePath(workspace: WorkspaceOptions, value: unknown, access: WorkspacePathAccess): Promise<WorkspacePathCheck> {
  const resolved = await resolveWorkspacePath(workspace, value, access);
  return resolved.ok ? { ok: true, path: resolved.path } : resolved;
}

/** `checkWorkspacePath`, also giving the real root the path was checked under. */
export async function resolveWorkspacePath(
  workspace: WorkspaceOptions,
  value: unknown,
  access: WorkspacePathAccess,
): Promise<{ readonly ok: true; readonly root: string; readonly path: string } | Extract<WorkspacePathCheck, { ok: false }>> {
  const syntax = parseWorkspacePath(value);
  if (!syntax.ok) return syntax;
  const { segments } = syntax;
  if (access === 'write') {
    if (workspace.writable === false) return refuse('write_denied', 'cannot be written: this run has read-only access to the workspace.');
    if (segments.length === 0) return refuse('workspace_root', 'is the workspace root itself, which cannot be written; name a file or folder inside it.');
  }

  let root: string;
  try {
    root = await realpath(workspace.root);
  } catch {
    return refuse('no_workspace', 'cannot be checked: the workspace is not available.');
  }
  const target = path.join(root, ...segments);
  const existing = await nearestExisting(target, root);
  let resolved: string;
  try {
    resolved = await realpath(existing);
  } catch {
    return refuse('unresolvable', 'goes through a link that cannot be resolved; use another path.');
  }
  if (!isInside(root, resolved)) {
    return refuse('outside_workspace', 'leads outside the workspace through a symbolic link; use a path inside the workspace.');
  }
  if (access === 'write' && existing === target) {
    const stats = await lstat(resolved).catch(() => undefined);
    if (stats !== undefined && stats.isFile() && stats.nlink > 1) {
      return refuse('hard_link', 'is a file with other hard links, which cannot be written; write a new file instead.');
    }
  }
  return { ok: true, root, path: path.join(resolved, path.relative(existing, target)) };
}

/** Whether `candidate` (absolute, real) is `root` or below it. */
export function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/** `target`, or its nearest ancestor that exists (as a link or otherwise); at worst `root`. */
async function nearestExisting(target: string, root: string): Promise<string> {
  let current = target;
  while (current !== root) {
    try {
      await lstat(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return root;
      current = parent;
    }
  }
  return root;
}

function refuse(problem: WorkspacePathProblem, message: string): Extract<WorkspacePathCheck, { ok: false }> {
  return { ok: false, problem, message };
}
