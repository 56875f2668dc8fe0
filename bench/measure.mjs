// Runs a command and measures its wall time, peak memory (max RSS) and CPU time. Uses
// /usr/bin/time -v when the machine has it; otherwise runs the Node script in a wrapper that
// reads process.resourceUsage() at exit.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const gnuTime = '/usr/bin/time';
const hasGnuTime = existsSync(gnuTime);
const wrapper = fileURLToPath(import.meta.url);

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Runs `node script ...args` in `cwd`. Resolves to { wallMs, maxRssKb, cpuMs, code, stdout, stderr }.
 */
export function measureNode(script, args, { cwd, env = process.env } = {}) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'toolgen-bench-'));
  const report = path.join(scratch, 'usage');
  const command = hasGnuTime
    ? [gnuTime, ['-o', report, '-f', '%e %M %U %S', process.execPath, script, ...args]]
    : [process.execPath, [wrapper, report, script, ...args]];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command[0], command[1], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text) => (stderr += text));
    child.once('error', reject);
    child.once('exit', (code) => {
      const wallMs = performance.now() - started;
      try {
        const usage = readFileSync(report, 'utf8').trim().split('\n').pop().trim().split(/\s+/).map(Number);
        const [, maxRssKb, user, system] = usage;
        resolve({ wallMs, maxRssKb, cpuMs: (user + system) * 1000, code, stdout, stderr });
      } catch (error) {
        reject(new Error(`no resource usage for ${script} ${args.join(' ')} (exit ${code}): ${stderr}\n${error}`));
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  });
}

// the fallback wrapper: node measure.mjs <report> <script> ...args
if (process.argv[1] === wrapper) {
  const [report, script, ...args] = process.argv.slice(2);
  const { writeFileSync } = await import('node:fs');
  const { pathToFileURL } = await import('node:url');
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(report, `0 ${usage.maxRSS} ${usage.userCPUTime / 1e6} ${usage.systemCPUTime / 1e6}\n`);
  });
  process.argv = [process.argv[0], script, ...args];
  await import(pathToFileURL(path.resolve(script)).href);
}
