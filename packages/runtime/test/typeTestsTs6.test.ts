import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

/*
 * vitest runs the type tests (`*.test-d.ts`) with TypeScript 7's tsc, which checks every test in 3 s where TypeScript 6's took
 * 13 s, on one core at the end of the run (vitest.config.ts). What a user holds is typed under both: this checks the type tests
 * again with TypeScript 6's tsc, against the same built declarations. A process of its own: in a test worker's process, beside
 * the other tests' programs, the same check cost half as much CPU again.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

it('the type tests of every package hold under TypeScript 6 as well (tsc -p tsconfig.typetests.json)', async () => {
  const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
  const checked = await promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.typetests.json', '--pretty', 'false'], { cwd: repoRoot }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string; message: string }) => error.stdout || error.message,
  );
  expect(checked.split('\n').filter(Boolean)).toEqual([]);
}, 120_000);
