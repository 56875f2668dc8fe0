import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '@toolgen/generator';
import { writeProject } from '../helpers.js';
import { collector, ticketsSource, modelSource } from './watchHarness.js';

const testTimeout = 120_000;
const bin = path.resolve(import.meta.dirname, '../../bin/toolgen.js');

function project(): string {
  return writeProject({ 'src/model.ts': modelSource(), 'src/tickets.ts': ticketsSource() });
}

describe('toolgen --watch on the command line', () => {
  it(
    'prints one JSON document per cycle, on one line, and exits 0 when stopped',
    async () => {
      const root = project();
      const out = collector();
      const controller = new AbortController();
      const exit = main(['--watch', '--format', 'json'], out.output, root, controller.signal);
      const lines = () => out.stdout.split('\n').filter((line) => line !== '');
      await out.until(() => lines().length >= 1, 'the first cycle');
      expect(JSON.parse(lines()[0]!)).toEqual({ diagnostics: [], generated: ['src/tickets.tools.ts', 'toolgen.manifest.json'], removed: [] });

      writeFileSync(path.join(root, 'src/tickets.ts'), ticketsSource().replace('.readOnly();\n    this.addTool', '.readOnly(;\n    this.addTool'));
      await out.until(() => lines().length >= 2, 'the cycle after the syntax error');
      expect(JSON.parse(lines()[1]!)).toEqual({
        diagnostics: [{ code: 'TS1005', severity: 'error', file: 'src/tickets.ts', line: 7, column: 103, message: "')' expected." }],
        generated: [],
        removed: [],
      });
      controller.abort();
      expect(await exit).toBe(0);
      expect(out.stderr).toBe('');
    },
    testTimeout,
  );

  it(
    'prints diagnostics when they change and a summary per cycle in text format',
    async () => {
      const root = project();
      const out = collector();
      const controller = new AbortController();
      const exit = main(['--watch', '-p', '.'], out.output, root, controller.signal);
      await out.until(() => out.stdout.includes('Watching for changes.'), 'the first summary');
      expect(out.stdout).toMatch(/^toolgen: 1 toolset, 2 tools; 0 errors, 0 warnings; 2 files written in \d+ ms\. Watching for changes\.\n$/);

      writeFileSync(path.join(root, 'src/tickets.ts'), ticketsSource().replace("withDescription('Reads one ticket by its number.')", "withName('Get-Ticket')"));
      await out.until(() => out.stdout.split('Watching for changes.').length > 2, 'the second summary');
      const second = out.stdout.split('\n').slice(1).join('\n');
      // the toolset with errors keeps its last good module and manifest entry: nothing is written
      expect(second).toMatch(
        /^src\/tickets\.ts:7:52 - error TSH008: Tool name "Get-Ticket" is not lower_snake_case\..*\nsrc\/tickets\.ts:12:10 - warning TSH009: .*\ntoolgen: 1 toolset, 2 tools; 1 error, 1 warning; 1 source file analyzed, 0 files written in \d+ ms\. Watching for changes\.\n$/,
      );
      controller.abort();
      expect(await exit).toBe(0);
    },
    testTimeout,
  );

  it('exits 2 when the project cannot be loaded at start', async () => {
    const root = project();
    writeFileSync(path.join(root, 'tsconfig.json'), '{ "compilerOptions": ');
    const out = collector();
    expect(await main(['--watch'], out.output, root)).toBe(2);
    expect(out.stderr).toMatch(/^toolgen: .*tsconfig\.json does not parse: /);
  });

  it(
    'ends cleanly on SIGINT with exit code 0 (the real bin, in its own process)',
    async () => {
      const root = project();
      const out = collector();
      const child = spawn(process.execPath, [bin, '--watch', '-p', root], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.setEncoding('utf8').on('data', (text: string) => out.append(text));
      child.stderr.setEncoding('utf8').on('data', (text: string) => out.output.stderr(text));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        await out.until(() => out.stdout.includes('Watching for changes.'), 'the first summary');
      } catch (error) {
        child.kill('SIGKILL');
        throw error;
      }
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(out.stderr).toBe('');
    },
    testTimeout,
  );
});
