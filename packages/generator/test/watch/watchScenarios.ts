import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '@toolgen/generator';
import type { BackendName } from '../../src/host/Project.js';
import { writeProject } from '../helpers.js';
import { expectSameAsOneShot, modelSource, read, relative, startWatch, ticketsSource, usersSource } from './watchHarness.js';

const testTimeout = 120_000;

function entriesOf(manifest: string, source: string): Manifest['toolsets'] {
  return (JSON.parse(manifest) as Manifest).toolsets.filter((toolset) => toolset.source === source);
}

function project(): string {
  return writeProject({
    'src/model.ts': modelSource(),
    'src/tickets.ts': ticketsSource(),
    'src/users.ts': usersSource(),
  });
}

/**
 * What `toolgen --watch` does, on either backend: watch/watch.test.ts runs these on TypeScript 6,
 * backends/watch.test.ts on TypeScript 7 (its program refreshed through the API's snapshots).
 */
export function describeWatch(backend: BackendName): void {
  describe(`toolgen --watch (--backend ${backend})`, () => {
    it(
      'generates at start, then rewrites only the module whose description changed',
      async () => {
        const root = project();
        const watch = startWatch(root, { backend });
        try {
          const start = await watch.next();
          expect(start.index).toBe(0);
          expect(relative(root, start.written)).toEqual(['src/tickets.tools.ts', 'src/users.tools.ts', 'toolgen.manifest.json']);
          expect(start.diagnostics).toEqual([]);
          expect(start.syntaxErrors).toEqual([]);
          const users = read(root, 'src/users.tools.ts');

          writeFileSync(path.join(root, 'src/tickets.ts'), ticketsSource('Reads one ticket, with its history.'));
          const edited = await watch.next();
          expect(relative(root, edited.changed)).toEqual(['src/tickets.ts']);
          expect(relative(root, edited.analyzed)).toEqual(['src/tickets.ts']);
          expect(relative(root, edited.written)).toEqual(['src/tickets.tools.ts', 'toolgen.manifest.json']);
          expect(edited.diagnostics).toEqual([]);
          expect(edited.diagnosticsChanged).toBe(false);
          expect(read(root, 'src/tickets.tools.ts')).toContain("description: 'Reads one ticket, with its history.',");
          expect(read(root, 'src/users.tools.ts')).toBe(users);
          expectSameAsOneShot(root);
        } finally {
          await watch.stop();
        }
        expect(watch.errors).toEqual([]);
      },
      testTimeout,
    );

    it(
      'reports a tool renamed to a duplicate name in both files, keeps both modules, and recovers when renamed back',
      async () => {
        const root = project();
        const watch = startWatch(root, { backend });
        try {
          await watch.next();
          const tickets = read(root, 'src/tickets.tools.ts');
          const users = read(root, 'src/users.tools.ts');
          const manifest = read(root, 'toolgen.manifest.json');

          writeFileSync(path.join(root, 'src/users.ts'), usersSource('get_ticket'));
          const clash = await watch.next();
          expect(relative(root, clash.analyzed)).toEqual(['src/users.ts']);
          expect(clash.diagnosticsChanged).toBe(true);
          expect(clash.diagnostics.map((d) => [d.code, path.relative(root, d.file), d.line, d.column, d.message])).toEqual([
            ['TSH007', 'src/tickets.ts', 12, 10, expect.stringMatching(/^Tool name "get_ticket" is also used by tool "get_ticket" of UserToolset \(src\/users\.ts:6:49\)/)],
            ['TSH007', 'src/users.ts', 6, 49, expect.stringMatching(/^Tool name "get_ticket" is also used by tool "get_ticket" of TicketToolset \(src\/tickets\.ts:12:10\)/)],
          ]);
          // a toolset with errors is not emitted: both modules and the manifest stay as they were
          expect(clash.written).toEqual([]);
          expect(read(root, 'src/tickets.tools.ts')).toBe(tickets);
          expect(read(root, 'src/users.tools.ts')).toBe(users);
          expect(read(root, 'toolgen.manifest.json')).toBe(manifest);
          expectSameAsOneShot(root);

          writeFileSync(path.join(root, 'src/users.ts'), usersSource());
          const back = await watch.next();
          expect(back.diagnostics).toEqual([]);
          expect(back.diagnosticsChanged).toBe(true);
          expect(back.written).toEqual([]);
          expect(read(root, 'src/users.tools.ts')).toBe(users);
          expect(read(root, 'toolgen.manifest.json')).toBe(manifest);
        } finally {
          await watch.stop();
        }
      },
      testTimeout,
    );

    it(
      'keeps the module and manifest entries of a file that gains an error while others regenerate, and regenerates them once fixed',
      async () => {
        const root = project();
        const watch = startWatch(root, { backend });
        try {
          await watch.next();
          const users = read(root, 'src/users.tools.ts');
          const manifest = read(root, 'toolgen.manifest.json');
          const usersEntries = entriesOf(manifest, 'src/users.ts');
          expect(usersEntries).toHaveLength(1);

          writeFileSync(path.join(root, 'src/users.ts'), usersSource('Find-User'));
          const failed = await watch.next();
          expect(failed.diagnostics.map((d) => d.code)).toEqual(['TSH008']);
          expect(failed.written).toEqual([]);
          expect(read(root, 'src/users.tools.ts')).toBe(users);
          expect(read(root, 'toolgen.manifest.json')).toBe(manifest);
          expectSameAsOneShot(root);

          // another file regenerates meanwhile; the manifest keeps the failing file's last good entries
          writeFileSync(path.join(root, 'src/tickets.ts'), ticketsSource('Reads a ticket.'));
          const other = await watch.next();
          expect(relative(root, other.written)).toEqual(['src/tickets.tools.ts', 'toolgen.manifest.json']);
          expect(read(root, 'src/users.tools.ts')).toBe(users);
          expect(entriesOf(read(root, 'toolgen.manifest.json'), 'src/users.ts')).toEqual(usersEntries);
          expect(entriesOf(read(root, 'toolgen.manifest.json'), 'src/tickets.ts')[0]!.tools[0]!.description).toBe('Reads a ticket.');
          expect(other.result.manifest.toolsets.map((toolset) => toolset.source)).toEqual(['src/tickets.ts', 'src/users.ts']);
          expectSameAsOneShot(root);

          writeFileSync(path.join(root, 'src/users.ts'), usersSource('lookup_user'));
          const fixed = await watch.next();
          expect(fixed.diagnostics).toEqual([]);
          expect(relative(root, fixed.written)).toEqual(['src/users.tools.ts', 'toolgen.manifest.json']);
          expect(read(root, 'src/users.tools.ts')).toContain("name: 'lookup_user',");
          expect(entriesOf(read(root, 'toolgen.manifest.json'), 'src/users.ts')[0]!.tools.map((tool) => tool.name)).toEqual(['lookup_user']);
          expectSameAsOneShot(root);
        } finally {
          await watch.stop();
        }
        expect(watch.errors).toEqual([]);
      },
      testTimeout,
    );

    it(
      'keeps the module and both manifest entries of a file holding two toolsets when one gains an error',
      async () => {
        const pairSource = (shoutName?: string) =>
          usersSource() + usersSource(shoutName).replace(/^import .*\n/, '').replaceAll('UserToolset', 'ShoutToolset').replaceAll('findUser', 'shoutUser');
        const root = writeProject({ 'src/pair.ts': pairSource() });
        const watch = startWatch(root, { backend });
        try {
          await watch.next();
          const pair = read(root, 'src/pair.tools.ts');
          const manifest = read(root, 'toolgen.manifest.json');
          expect(entriesOf(manifest, 'src/pair.ts').map((entry) => entry.className)).toEqual(['UserToolset', 'ShoutToolset']);

          writeFileSync(path.join(root, 'src/pair.ts'), pairSource('Shout-User'));
          const failed = await watch.next();
          expect(failed.diagnostics.map((d) => d.code)).toEqual(['TSH008']);
          expect(failed.written).toEqual([]);
          expect(read(root, 'src/pair.tools.ts')).toBe(pair);
          expect(read(root, 'toolgen.manifest.json')).toBe(manifest);
          expectSameAsOneShot(root);

          writeFileSync(path.join(root, 'src/pair.ts'), pairSource('yell_user'));
          const fixed = await watch.next();
          expect(relative(root, fixed.written)).toEqual(['src/pair.tools.ts', 'toolgen.manifest.json']);
          expect(read(root, 'src/pair.tools.ts')).toContain("name: 'yell_user',");
          expect(entriesOf(read(root, 'toolgen.manifest.json'), 'src/pair.ts').flatMap((entry) => entry.tools.map((tool) => tool.name))).toEqual(['find_user', 'yell_user']);
          expectSameAsOneShot(root);
        } finally {
          await watch.stop();
        }
        expect(watch.errors).toEqual([]);
      },
      testTimeout,
    );

    it(
      'survives a syntax error: keeps the last good module and manifest, goes on with other files, regenerates once fixed',
      async () => {
        const root = project();
        const watch = startWatch(root, { backend });
        try {
          await watch.next();
          const tickets = read(root, 'src/tickets.tools.ts');
          const manifest = read(root, 'toolgen.manifest.json');

          writeFileSync(path.join(root, 'src/tickets.ts'), ticketsSource().replace('.readOnly();\n    this.addTool', '.readOnly(;\n    this.addTool'));
          const broken = await watch.next();
          expect(broken.syntaxErrors.map((e) => [e.code, path.relative(root, e.file), e.line, e.message])).toEqual([['TS1005', 'src/tickets.ts', 7, "')' expected."]]);
          expect(relative(root, broken.held)).toEqual(['src/tickets.ts']);
          expect(broken.manifestHeld).toBe(true);
          expect(broken.written).toEqual([]);
          expect(read(root, 'src/tickets.tools.ts')).toBe(tickets);
          expect(read(root, 'toolgen.manifest.json')).toBe(manifest);

          // another file still regenerates while the error stands; the manifest waits
          writeFileSync(path.join(root, 'src/users.ts'), usersSource('lookup_user'));
          const other = await watch.next();
          expect(relative(root, other.written)).toEqual(['src/users.tools.ts']);
          expect(other.syntaxErrors).toHaveLength(1);
          expect(read(root, 'src/users.tools.ts')).toContain("name: 'lookup_user',");

          writeFileSync(path.join(root, 'src/tickets.ts'), ticketsSource('Reads a ticket.'));
          const fixed = await watch.next();
          expect(fixed.syntaxErrors).toEqual([]);
          expect(fixed.held).toEqual([]);
          expect(fixed.manifestHeld).toBe(false);
          expect(relative(root, fixed.written)).toEqual(['src/tickets.tools.ts', 'toolgen.manifest.json']);
          expect(read(root, 'src/tickets.tools.ts')).toContain("description: 'Reads a ticket.',");
          expectSameAsOneShot(root);
        } finally {
          await watch.stop();
        }
      },
      testTimeout,
    );

    it(
      'removes the module of a deleted toolset file, and moves the module of a renamed one',
      async () => {
        const root = project();
        const watch = startWatch(root, { backend });
        try {
          await watch.next();

          rmSync(path.join(root, 'src/users.ts'));
          const deleted = await watch.next();
          expect(relative(root, deleted.removed)).toEqual(['src/users.tools.ts']);
          expect(relative(root, deleted.written)).toEqual(['toolgen.manifest.json']);
          expect(existsSync(path.join(root, 'src/users.tools.ts'))).toBe(false);
          expect(read(root, 'toolgen.manifest.json')).not.toContain('UserToolset');
          expectSameAsOneShot(root);

          renameSync(path.join(root, 'src/tickets.ts'), path.join(root, 'src/desk.ts'));
          let renamed = await watch.next();
          // the unlink and the add may arrive in two bursts
          while (existsSync(path.join(root, 'src/tickets.tools.ts')) || !existsSync(path.join(root, 'src/desk.tools.ts'))) {
            renamed = await watch.next();
          }
          expect(relative(root, renamed.written)).toContain('toolgen.manifest.json');
          expect(read(root, 'toolgen.manifest.json')).toContain('"source": "src/desk.ts"');
          expectSameAsOneShot(root);
        } finally {
          await watch.stop();
        }
      },
      testTimeout,
    );

    it(
      'analyzes again the toolsets that import a changed type, and only those',
      async () => {
        const root = project();
        const watch = startWatch(root, { backend });
        try {
          await watch.next();
          writeFileSync(path.join(root, 'src/model.ts'), modelSource("'open' | 'pending' | 'closed'"));
          const cycle = await watch.next();
          expect(relative(root, cycle.analyzed)).toEqual(['src/model.ts', 'src/tickets.ts']);
          expect(relative(root, cycle.written)).toEqual(['src/tickets.tools.ts', 'toolgen.manifest.json']);
          expect(read(root, 'src/tickets.tools.ts')).toContain('"pending"');
          expectSameAsOneShot(root);
        } finally {
          await watch.stop();
        }
      },
      testTimeout,
    );

    it(
      'analyzes every toolset again when a module augmentation changes or is deleted',
      async () => {
        const augmentation = (member: string) => `export {};\n\ndeclare module '@toolgen/runtime' {\n  interface ToolServices {\n    ${member}: () => Date;\n  }\n}\n`;
        const root = writeProject({
          'src/augment.ts': augmentation('clock'),
          'src/model.ts': modelSource(),
          'src/tickets.ts': ticketsSource(),
          'src/users.ts': usersSource(),
        });
        const watch = startWatch(root, { backend });
        try {
          await watch.next();
          writeFileSync(path.join(root, 'src/augment.ts'), augmentation('now'));
          const changed = await watch.next();
          expect(relative(root, changed.analyzed)).toEqual(['src/augment.ts', 'src/model.ts', 'src/tickets.ts', 'src/users.ts']);
          expect(changed.written).toEqual([]);

          rmSync(path.join(root, 'src/augment.ts'));
          const deleted = await watch.next();
          expect(relative(root, deleted.analyzed)).toEqual(['src/model.ts', 'src/tickets.ts', 'src/users.ts']);
          expectSameAsOneShot(root);
        } finally {
          await watch.stop();
        }
      },
      testTimeout,
    );

    it(
      'debounces a burst of saves into one cycle and is not woken by its own outputs',
      async () => {
        const root = project();
        const watch = startWatch(root, { backend });
        try {
          await watch.next();
          for (const version of [1, 2, 3, 4, 5]) {
            writeFileSync(path.join(root, 'src/tickets.ts'), ticketsSource(`Version ${version}.`));
          }
          const cycle = await watch.next();
          expect(relative(root, cycle.written)).toEqual(['src/tickets.tools.ts', 'toolgen.manifest.json']);
          expect(read(root, 'src/tickets.tools.ts')).toContain("description: 'Version 5.',");
          // the module and manifest it just wrote must not start another cycle
          await watch.expectQuiet(1_000);
        } finally {
          await watch.stop();
        }
      },
      testTimeout,
    );

    it(
      'ends with the last of two quick writes of a file, though chokidar reports one change per file per 50 ms',
      async () => {
        const root = project();
        const watch = startWatch(root, { backend });
        try {
          await watch.next();
          const tickets = path.join(root, 'src/tickets.ts');
          // an editor saving in two writes: the cycle may read the first, and chokidar drops the event of the second
          // (whether the race happens depends on the machine's speed; the watcher reads the file again after 55 ms either way)
          writeFileSync(tickets, ticketsSource('First write.'));
          await new Promise((resolve) => setTimeout(resolve, 25));
          writeFileSync(tickets, ticketsSource('Second write.'));
          let cycle = await watch.next();
          while (!read(root, 'src/tickets.tools.ts').includes("description: 'Second write.',")) {
            cycle = await watch.next();
          }
          expect(relative(root, cycle.changed)).toEqual(['src/tickets.ts']);
          expectSameAsOneShot(root);
          await watch.expectQuiet(500);
        } finally {
          await watch.stop();
        }
        expect(watch.errors).toEqual([]);
      },
      testTimeout,
    );

    it(
      'keeps the last good session while the tsconfig does not parse, and reloads it once fixed',
      async () => {
        const root = project();
        const watch = startWatch(root, { backend });
        const tsconfig = path.join(root, 'tsconfig.json');
        const good = read(root, 'tsconfig.json');
        try {
          await watch.next();
          writeFileSync(tsconfig, '{ "compilerOptions": { "strict": tru');
          writeFileSync(path.join(root, 'src/users.ts'), usersSource('lookup_user'));
          const kept = await watch.next();
          expect(String(watch.errors[0])).toMatch(/tsconfig\.json does not parse/);
          expect(read(root, 'src/users.tools.ts')).toContain("name: 'lookup_user',");
          expect(relative(root, kept.written)).toContain('src/users.tools.ts');

          writeFileSync(tsconfig, good);
          const reloaded = await watch.next();
          expect(reloaded.diagnostics).toEqual([]);
          expectSameAsOneShot(root);
        } finally {
          await watch.stop();
        }
      },
      testTimeout,
    );
  });
}
