import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '@toolgen/generator';
import { cycleTimeoutMs } from '../watch/watchHarness.js';
import { policyProject, toolsetsSource } from './policyFixture.js';

const testTimeout = 120_000;

/** Runs `toolgen --watch` in-process; `until` waits for the stdout to satisfy a condition. */
function watch(argv: readonly string[], root: string) {
  let stdout = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  const controller = new AbortController();
  const exit = main(
    ['--watch', ...argv],
    {
      stdout: (text) => {
        stdout += text;
        waiters.forEach((waiter) => waiter());
      },
      stderr: (text) => {
        stderr += text;
        waiters.forEach((waiter) => waiter());
      },
    },
    root,
    controller.signal,
  );
  const lines = () => stdout.split('\n').filter((line) => line !== '');
  return {
    lines,
    get stderr() {
      return stderr;
    },
    until(count: number): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (lines().length >= count) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${count} lines; stdout so far:\n${stdout}\nstderr:\n${stderr}`));
        }, cycleTimeoutMs);
        waiters.add(check);
        check();
      });
    },
    async stop(): Promise<number> {
      controller.abort();
      return exit;
    },
  };
}

type Reported = { code: string; file: string; line: number; column: number };
const brief = (line: string) =>
  (JSON.parse(line) as { diagnostics: Reported[] }).diagnostics.map(({ code, file, line: at, column }) => `${file}:${at}:${column} ${code}`);

describe('toolgen --watch --policy', () => {
  it(
    'checks the policy files at start, again when one changes, and again when the tools change',
    async () => {
      const root = policyProject({ 'agents/support.yaml': '- toolName: ticket__search_tickets\n  approvalMode: deny\n' });
      const run = watch(['--format', 'json', '--policy', 'agents/*.yaml'], root);
      await run.until(1);
      expect(brief(run.lines()[0]!)).toEqual([]);

      writeFileSync(path.join(root, 'agents/support.yaml'), '# edited\n- toolName: ticket__search_ticket\n  approvalMode: deny\n');
      await run.until(2);
      expect(brief(run.lines()[1]!)).toEqual(['agents/support.yaml:2:13 TSH030']);

      // the tool it names appears: the manifest changed, so the check runs again
      writeFileSync(path.join(root, 'src/tools.ts'), toolsetsSource.replace('static searchTickets', "static searchTicket").replace('TicketToolset.searchTickets', 'TicketToolset.searchTicket'));
      await run.until(3);
      expect(brief(run.lines()[2]!)).toEqual([]);

      // a new file the glob matches
      writeFileSync(path.join(root, 'agents/other.yaml'), '- toolName: ticket__close_ticket\n  approvalMode: auto_approve\n');
      await run.until(4);
      expect(brief(run.lines()[3]!)).toEqual(['agents/other.yaml:2:17 TSH031']);

      expect(await run.stop()).toBe(0);
      expect(run.stderr).toBe('');
    },
    testTimeout,
  );

  it(
    'prints a policy file that stops loading as a diagnostic and keeps watching',
    async () => {
      const root = policyProject({ 'support.yaml': '- toolName: ticket__close_ticket\n  approvalMode: deny\n' });
      const run = watch(['--policy', 'support.yaml'], root);
      await run.until(1);
      expect(run.lines()[0]).toMatch(/^toolgen: 3 toolsets, 4 tools; 0 errors, 0 warnings; 2 files written in \d+ ms; 1 policy file checked\. Watching for changes\.$/);
      writeFileSync(path.join(root, 'support.yaml'), '- toolName: ticket__close_ticket\n  approvalMode: [deny\n');
      await run.until(3);
      expect(run.lines()[1]).toMatch(/^support\.yaml:\d+:\d+ - error TSH033: The policy file cannot be loaded/);
      expect(run.lines()[2]).toMatch(/^toolgen: 3 toolsets, 4 tools; 1 error, 0 warnings; 0 files written in \d+ ms; 1 policy file checked\. Watching for changes\.$/);
      expect(await run.stop()).toBe(0);
    },
    testTimeout,
  );
});
