import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CompilerProcessError } from '../../src/host/Project.js';
import { writeProject } from '../helpers.js';
import { describeWatch } from '../watch/watchScenarios.js';
import { expectSameAsOneShot, modelSource, read, startWatch, ticketsSource, usersSource } from '../watch/watchHarness.js';

describeWatch('ts7');

/** The pids of this process's `tsc --api` children: TypeScript 7's API processes. */
function apiProcesses(): number[] {
  let listing = '';
  try {
    listing = execFileSync('pgrep', ['-P', String(process.pid), '-f', 'tsc --api'], { encoding: 'utf8' });
  } catch {
    // pgrep exits 1 when nothing matches
  }
  return listing
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(Number);
}

describe('toolgen --watch --backend ts7, when its TypeScript 7 process stops', () => {
  it('says so in one line, starts the process again and regenerates what changed meanwhile', async () => {
    const root = writeProject({ 'src/model.ts': modelSource(), 'src/tickets.ts': ticketsSource(), 'src/users.ts': usersSource() });
    const before = new Set(apiProcesses());
    const watch = startWatch(root, { backend: 'ts7' });
    try {
      await watch.next();
      const started = apiProcesses().filter((pid) => !before.has(pid));
      expect(started).toHaveLength(1);
      process.kill(started[0]!, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));

      writeFileSync(path.join(root, 'src/tickets.ts'), ticketsSource('Reads one ticket, after a crash.'));
      const recovered = await watch.next();
      expect(watch.errors).toHaveLength(1);
      expect(watch.errors[0]).toBeInstanceOf(CompilerProcessError);
      expect(String((watch.errors[0] as Error).message)).toBe("TypeScript 7's API process (tsc --api) stopped; toolgen starts it again.");
      expect(read(root, 'src/tickets.tools.ts')).toContain("description: 'Reads one ticket, after a crash.',");
      expect(recovered.diagnostics).toEqual([]);
      expectSameAsOneShot(root);
      expect(apiProcesses().filter((pid) => !before.has(pid))).toHaveLength(1);
    } finally {
      await watch.stop();
    }
    expect(apiProcesses().filter((pid) => !before.has(pid))).toEqual([]);
  }, 60_000);
});
