import { mkdir, mkdtemp, readdir, readFile, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A temporary folder holding `workspace` (the root tools may reach) and `outside` (what must stay
 * unreachable); its real path, so symlink targets and results compare as written.
 */
export interface TempWorkspace {
  readonly base: string;
  readonly root: string;
  readonly outside: string;
  remove(): Promise<void>;
}

export async function createTempWorkspace(prefix: string): Promise<TempWorkspace> {
  const base = await realpath(await mkdtemp(path.join(tmpdir(), prefix)));
  const root = path.join(base, 'workspace');
  const outside = path.join(base, 'outside');
  await mkdir(root);
  await mkdir(outside);
  return { base, root, outside, remove: () => rm(base, { recursive: true, force: true }) };
}

/**
 * Every file and link under `folder` outside `skip`, with its content (or link target) and
 * modification time: two snapshots differ exactly when something there was created, removed or
 * changed.
 */
export async function snapshotTree(folder: string, skip: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  const visit = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (full === skip) continue;
      const stats = await stat(full).catch(() => undefined);
      if (entry.isSymbolicLink()) entries.set(full, 'link');
      else if (entry.isDirectory()) {
        entries.set(full, 'folder');
        await visit(full);
      } else entries.set(full, `${stats?.mtimeMs ?? 0}:${await readFile(full, 'utf8').catch(() => '')}`);
    }
  };
  await visit(folder);
  return entries;
}

/** What changed between two snapshots, as `created`, `removed` or `changed` lines. */
export function treeChanges(before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [name, value] of after) {
    if (!before.has(name)) changes.push(`created ${name}`);
    else if (before.get(name) !== value) changes.push(`changed ${name}`);
  }
  for (const name of before.keys()) if (!after.has(name)) changes.push(`removed ${name}`);
  return changes;
}
