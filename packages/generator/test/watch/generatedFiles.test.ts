import { chmodSync, mkdirSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '@toolgen/generator';
import { writeProject } from '../helpers.js';
import { collector, expectSameAsOneShot, modelSource, read, ticketsSource, usersSource } from './watchHarness.js';

const testTimeout = 120_000;

/** The watcher's summary lines so far. */
function summaries(stdout: string): string[] {
  return stdout.split('\n').filter((line) => line.endsWith('Watching for changes.'));
}

/** Starts `toolgen --watch` in-process on `root`; `stop` aborts it and returns its exit code. */
function watchCli(root: string) {
  const out = collector();
  const controller = new AbortController();
  const exit = main(['--watch'], out.output, root, controller.signal);
  const count = () => summaries(out.stdout).length;
  return {
    out,
    /** Waits for the summary after the `seen` ones, and returns it. */
    async summaryAfter(seen: number, what: string): Promise<string> {
      await out.until(() => count() > seen, what);
      return summaries(out.stdout)[seen]!;
    },
    count,
    async stop(): Promise<number> {
      controller.abort();
      return exit;
    },
  };
}

/**
 * Makes `file` unwritable to toolgen and returns what makes it writable again: a read-only file
 * in a read-only folder, or, where chmod does not stop this user (root), a folder at its path.
 */
function makeUnwritable(root: string, file: string): { readonly restore: () => void; readonly cause: RegExp } {
  const target = path.join(root, file);
  const folder = path.dirname(target);
  if (chmodStopsWrites(root)) {
    chmodSync(target, 0o444);
    chmodSync(folder, 0o555);
    return {
      restore: () => {
        chmodSync(folder, 0o755);
        chmodSync(target, 0o644);
      },
      cause: /permission denied \(EACCES\)/,
    };
  }
  rmSync(target);
  mkdirSync(target);
  return { restore: () => rmdirSync(target), cause: /it is a directory \(EISDIR\)/ };
}

function chmodStopsWrites(root: string): boolean {
  const probe = path.join(root, 'probe');
  mkdirSync(probe);
  chmodSync(probe, 0o555);
  try {
    writeFileSync(path.join(probe, 'file'), '');
    return false;
  } catch {
    return true;
  } finally {
    chmodSync(probe, 0o755);
    rmSync(probe, { recursive: true, force: true });
  }
}

describe('toolgen --watch compares the generated files with the disk', () => {
  it(
    'restores a deleted manifest or module and rewrites a module checked out stale, each said on one line, with no source edit',
    async () => {
      const root = writeProject({ 'src/model.ts': modelSource(), 'src/tickets.ts': ticketsSource(), 'src/users.ts': usersSource() });
      const watch = watchCli(root);
      try {
        await watch.summaryAfter(0, 'the first summary');
        const manifest = read(root, 'toolgen.manifest.json');
        const users = read(root, 'src/users.tools.ts');
        const staleTickets = read(root, 'src/tickets.tools.ts');

        rmSync(path.join(root, 'toolgen.manifest.json'));
        expect(await watch.summaryAfter(1, 'the manifest restored')).toMatch(/^toolgen: 2 toolsets, 3 tools; 0 errors, 0 warnings; 1 file written in \d+ ms\. Watching for changes\.$/);
        expect(watch.out.stdout).toContain('\ntoolgen: toolgen.manifest.json was deleted outside toolgen; restored.\n');
        expect(read(root, 'toolgen.manifest.json')).toBe(manifest);

        rmSync(path.join(root, 'src/users.tools.ts'));
        await watch.summaryAfter(2, 'the module restored');
        expect(watch.out.stdout).toContain('\ntoolgen: src/users.tools.ts was deleted outside toolgen; restored.\n');
        expect(read(root, 'src/users.tools.ts')).toBe(users);

        writeFileSync(path.join(root, 'src/tickets.ts'), ticketsSource('Reads a ticket.'));
        await watch.summaryAfter(3, 'the edit');
        const tickets = read(root, 'src/tickets.tools.ts');
        expect(tickets).toContain("description: 'Reads a ticket.',");

        // as `git checkout` of a stale committed module does: the file removed and written again
        rmSync(path.join(root, 'src/tickets.tools.ts'));
        writeFileSync(path.join(root, 'src/tickets.tools.ts'), staleTickets);
        await watch.summaryAfter(4, 'the stale module rewritten');
        expect(watch.out.stdout).toContain('\ntoolgen: src/tickets.tools.ts was changed outside toolgen; rewritten.\n');
        expect(read(root, 'src/tickets.tools.ts')).toBe(tickets);
        expectSameAsOneShot(root);

        // its own writes did not wake it: the next summary is the next edit's
        writeFileSync(path.join(root, 'src/users.ts'), usersSource('lookup_user'));
        expect(await watch.summaryAfter(5, 'the second edit')).toMatch(/; 1 source file analyzed, 2 files written in \d+ ms\. Watching for changes\.$/);
        expect(watch.out.stdout.match(/outside toolgen/g)).toHaveLength(3);
        expectSameAsOneShot(root);
      } finally {
        expect(await watch.stop()).toBe(0);
      }
      expect(watch.out.stderr).toBe('');
    },
    testTimeout,
  );

  it(
    'writes the other modules and the manifest when one module cannot be written, names it in the summary, and writes it once it can be',
    async () => {
      const root = writeProject({ 'src/model.ts': modelSource(), 'src/tickets.ts': ticketsSource(), 'src/admin/users.ts': usersSource() });
      const watch = watchCli(root);
      let unwritable: ReturnType<typeof makeUnwritable> | undefined;
      try {
        await watch.summaryAfter(0, 'the first summary');
        unwritable = makeUnwritable(root, 'src/admin/users.tools.ts');

        writeFileSync(path.join(root, 'src/tickets.ts'), ticketsSource('Reads a ticket.'));
        writeFileSync(path.join(root, 'src/admin/users.ts'), usersSource('lookup_user'));
        const edited = () => read(root, 'src/tickets.tools.ts').includes("description: 'Reads a ticket.',") && read(root, 'toolgen.manifest.json').includes('"name": "lookup_user"');
        await watch.out.until(edited, 'the other module and the manifest written');
        const failed = summaries(watch.out.stdout).at(-1)!;
        expect(failed).toMatch(/^toolgen: 2 toolsets, 3 tools; 0 errors, 0 warnings; .*; cannot write src\/admin\/users\.tools\.ts: .*, tried again until it can be\. Watching for changes\.$/);
        expect(failed).toMatch(unwritable.cause);
        expect(read(root, 'src/tickets.tools.ts')).toContain("description: 'Reads a ticket.',");
        const seen = watch.count();

        unwritable.restore();
        unwritable = undefined;
        // no source edit: a retry writes it
        expect(await watch.summaryAfter(seen, 'the module written once it can be')).toMatch(/^toolgen: 2 toolsets, 3 tools; 0 errors, 0 warnings; 1 file written in \d+ ms\. Watching for changes\.$/);
        expect(statSync(path.join(root, 'src/admin/users.tools.ts')).isFile()).toBe(true);
        expect(read(root, 'src/admin/users.tools.ts')).toContain("name: 'lookup_user',");
        expectSameAsOneShot(root);
      } finally {
        unwritable?.restore();
        expect(await watch.stop()).toBe(0);
      }
      // said once on stderr, in the one-line form, though tried again meanwhile
      expect(watch.out.stderr).toMatch(/^toolgen: cannot write src\/admin\/users\.tools\.ts: (?:permission denied \(EACCES\)|it is a directory \(EISDIR\))\n$/);
    },
    testTimeout,
  );
});
