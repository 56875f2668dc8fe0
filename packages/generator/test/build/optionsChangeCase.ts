import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { generate, GenerationSession } from '@toolgen/generator';
import { prepareBackend } from '../../src/backends/index.js';
import type { BackendName } from '../../src/host/Project.js';
import { strictCompilerOptions, writeProject } from '../helpers.js';

/*
 * A session kept between builds (the bundler plugin's, the transformer's) reads the tsconfig again on
 * a rescan: other compiler options than its program's start it over with them, as the watcher reopens
 * its session. Found by a new-user trial: after `"strict": false`, the transformer and esbuild's
 * rebuild kept the strict program, and so its schemas. Run on each backend (optionsChange.test.ts
 * here, backends/optionsChange.test.ts for TypeScript 7).
 */

const source = `import { Toolset } from '@toolgen/runtime';

export class RateToolset extends Toolset {
  constructor() {
    super();
    this.addTool(RateToolset.rate).readOnly();
  }

  /**
   * Rates.
   * @param rating A rating or null.
   */
  static rate(rating: number | null): number {
    return rating ?? 0;
  }
}
`;

const moduleText = (result: ReturnType<typeof generate>) => result.outputs.find((output) => output.path.endsWith('rate.tools.ts'))?.content;

/** A kept session generates what a fresh generation does with the new options, and again after they change back. */
export async function expectOptionsChangeFollowed(backend: BackendName): Promise<void> {
  const root = writeProject({ 'src/rate.ts': source });
  const tsconfig = path.join(root, 'tsconfig.json');
  await prepareBackend(backend, tsconfig);
  const session = GenerationSession.open({ project: tsconfig, incremental: true, backend });
  const strict = moduleText(session.generate());
  expect(strict).toContain('"rating":{"anyOf":[{"type":"number"},{"type":"null"}]');

  writeFileSync(tsconfig, JSON.stringify({ compilerOptions: { ...strictCompilerOptions, strict: false }, include: ['src'] }));
  const changes = session.update(session.analyzer.project.config.fileNames, true).changes;
  expect([...changes.files].map((file) => path.relative(root, file))).toEqual(['src/rate.ts']);
  const loose = moduleText(session.generate());
  expect(loose).toBe(moduleText(generate({ project: tsconfig, backend })));
  expect(loose).toContain('"rating":{"type":"number"');

  writeFileSync(tsconfig, JSON.stringify({ compilerOptions: strictCompilerOptions, include: ['src'] }));
  session.update(session.analyzer.project.config.fileNames, true);
  expect(moduleText(session.generate())).toBe(strict);
}
