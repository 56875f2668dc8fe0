import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const recorder = path.join(import.meta.dirname, 'recordLoads.mjs');

/**
 * Every file a fresh Node.js process loads to import `specifier` (resolved from this folder, without the tests' source
 * condition: the built packages, as a user's process loads them), with `/` separators.
 */
export function modulesLoadedBy(specifier: string): string[] {
  const result = spawnSync(process.execPath, [recorder, specifier], { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`importing ${specifier} failed (${result.status ?? result.signal}): ${result.stderr}`);
  const { resolved, cached } = JSON.parse(result.stdout) as { resolved: string[]; cached: string[] };
  const files = resolved.filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url));
  return [...new Set([...files, ...cached])].map((file) => file.split(path.sep).join('/'));
}
