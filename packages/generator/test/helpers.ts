import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { temporaryFolder } from '../../../test/temporaryFolders.js';

const tmpRoot = path.join(import.meta.dirname, '.tmp');

export const strictCompilerOptions = {
  target: 'ES2022',
  lib: ['ES2022', 'DOM'],
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  types: [],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  skipLibCheck: true,
  noEmit: true,
};

/**
 * Writes a throwaway TypeScript project inside the repository (so `@toolgen/runtime` resolves
 * through the workspace's node_modules) and returns its folder. Removed after the test file.
 */
export function writeProject(files: Readonly<Record<string, string>>, tsconfig: object = {}): string {
  const root = temporaryFolder(tmpRoot, 'project-');
  const config = { compilerOptions: strictCompilerOptions, include: ['src'], ...tsconfig };
  writeFileSync(path.join(root, 'tsconfig.json'), `${JSON.stringify(config, null, 2)}\n`);
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  return root;
}
