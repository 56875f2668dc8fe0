import { execSync, type ExecSyncOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Runs the script `name` of the package.json in `folder` as `npm run --silent <name>` does: in the platform's shell, in
 * `folder`, with the node_modules/.bin folder of it and of each folder above it on PATH. Returns what it printed on stdout;
 * throws, with its stderr, when it exits non-zero. It spares npm's own start-up, 0.4 CPU s a script.
 */
export function runScript(folder: string, name: string, options: Pick<ExecSyncOptions, 'stdio' | 'timeout'> = {}): string {
  const scripts = (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  const script = scripts[name];
  if (script === undefined) throw new Error(`${folder}/package.json has no script "${name}"`);
  const bins: string[] = [];
  for (let at = path.resolve(folder); ; at = path.dirname(at)) {
    bins.push(path.join(at, 'node_modules', '.bin'));
    if (path.dirname(at) === at) break;
  }
  const env = { ...process.env, PATH: [...bins, process.env['PATH'] ?? ''].join(path.delimiter) };
  return execSync(script, { cwd: folder, env, encoding: 'utf8', ...options });
}
