import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '@toolgen/generator';
import { writeProject } from '../helpers.js';
import { hostileGroups, type CaseResult } from './hostileCases.js';
import { hostileToolsetSource } from './hostileToolset.js';

/*
 * The hostile-argument suite: a module toolgen generates (a toolset of recursive types, maps,
 * formats, dates and unknowns) and the tickets example's, bundled with their runtime and the
 * cases into one script; one child process per group of cases, killed when it takes longer than
 * the watchdog allows. A raw error is anything but a resolved call, a ToolFailure rejection with
 * a bounded message, or a Standard Schema result, or a prototype that changed.
 */

const repo = path.resolve(import.meta.dirname, '../../../..');
const watchdogMs = Number(process.env['TOOLGEN_HOSTILE_TIMEOUT_MS'] ?? 120_000);

let script: string;
const counted = { cases: 0, raw: 0 };
const timings: string[] = [];

beforeAll(async () => {
  const root = writeProject({ 'src/hostile.ts': hostileToolsetSource });
  let output = '';
  const code = await main(['--format', 'json'], { stdout: (text) => (output += text), stderr: (text) => (output += text) }, root);
  expect((JSON.parse(output) as { diagnostics: unknown[] }).diagnostics).toEqual([]);
  expect(code).toBe(0);
  const entry = path.join(root, 'child.ts');
  writeFileSync(
    entry,
    [
      `import { runHostileChild } from ${JSON.stringify(path.join(import.meta.dirname, 'hostileCases.ts'))};`,
      "import { hostileToolset } from './src/hostile.tools.js';",
      `import { ticketToolset } from ${JSON.stringify(path.join(repo, 'examples/tickets/src/tickets.tools.js'))};`,
      'await runHostileChild([hostileToolset, ticketToolset]);',
      '',
    ].join('\n'),
  );
  script = path.join(root, 'child.mjs');
  // the runtime from its sources, as the tests see it: one copy for the modules and the cases
  await build({
    entryPoints: [entry],
    outfile: script,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@toolgen/source'],
    // the CommonJS packages bundled (yaml) require Node's modules
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'error',
  });
}, 120_000);

afterAll(() => {
  console.log(`hostile-argument suite: ${counted.cases} cases, ${counted.raw} raw errors\n${timings.join('\n')}`);
});

/** Runs one group in a child process; fails when the child takes longer than the watchdog allows or does not report. */
function runGroup(group: string): Promise<CaseResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, group], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const watchdog = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the group "${group}" ran longer than ${watchdogMs} ms and was killed`));
    }, watchdogMs);
    child.on('exit', (code, signal) => {
      clearTimeout(watchdog);
      if (code !== 0) {
        reject(new Error(`the group "${group}" exited with ${code ?? signal}: ${stderr.slice(0, 2_000)}`));
        return;
      }
      resolve(JSON.parse(stdout) as CaseResult[]);
    });
  });
}

describe.each(hostileGroups)('%s', (group) => {
  it('resolves or fails as a ToolFailure, every case within the watchdog, with no prototype changed', async () => {
    const started = performance.now();
    const results = await runGroup(group);
    const slowest = results.reduce((slow, result) => (result.ms > slow.ms ? result : slow));
    timings.push(`  ${group}: ${results.length} cases in ${Math.round(performance.now() - started)} ms; slowest ${Math.round(slowest.ms)} ms (${slowest.via} ${slowest.name})`);
    counted.cases += results.length;
    const raw = results.filter((result) => result.outcome === 'raw');
    counted.raw += raw.length;
    expect(results.length).toBeGreaterThan(0);
    expect(raw.map((result) => `${result.via} ${result.name}: ${result.detail ?? ''}`)).toEqual([]);
  }, watchdogMs + 10_000);
});
