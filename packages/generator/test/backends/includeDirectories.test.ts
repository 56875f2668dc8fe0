import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { includeDirectories } from '../../src/backends/ts7/Ts7Project.js';

// what the watcher watches for new files of a TypeScript 7 project, as TypeScript 6's wildcardDirectories says it
describe('includeDirectories (the TypeScript 7 backend in watch mode)', () => {
  const root = path.resolve('/work/app');
  const of = (raw: unknown) => includeDirectories(raw, root).map(({ path: folder, recursive }) => [path.relative(root, folder) || '.', recursive]);

  it.each([
    ['no include and no files: every file under the tsconfig', {}, [['.', true]]],
    ['a folder', { include: ['src'] }, [['src', true]]],
    ['a recursive wildcard', { include: ['src/**/*'] }, [['src', true]]],
    ['a wildcard in the file name only', { include: ['src/*.ts'] }, [['src', false]]],
    ['a wildcard in a folder part', { include: ['packages/*/src/*.ts'] }, [['packages', true]]],
    ['one file', { include: ['scripts/build.ts'] }, [['scripts', false]]],
    ['the same folder twice, once recursive', { include: ['src/*.ts', 'src/**/*.ts'] }, [['src', true]]],
    ['files and no include: no folder', { files: ['src/index.ts'] }, []],
  ])('%s', (_name, raw, expected) => {
    expect(of(raw)).toEqual(expected);
  });
});
