import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulesLoadedBy } from '../../../test/modulesLoaded.js';

const plugin = path.resolve(import.meta.dirname, '..');

// What loading the built plugin (dist) loads, as ESLint loads it from a user's config: `npm test` builds it first.
/** The generator's own files by their path inside dist/, and the packages loaded from node_modules. */
function classify(files: readonly string[]): { generator: string[]; packages: string[] } {
  const generator = files.flatMap((file) => /\/packages\/generator\/(.*)$/.exec(file)?.[1] ?? []);
  const packages = files.flatMap((file) => {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
    return match === null ? [] : [match[1]!];
  });
  return { generator: [...new Set(generator)].sort(), packages: [...new Set(packages)].sort() };
}

// the CLI, watch mode, emission, the bundler plugins, MCP, token budgets and agent policies, and what only they use
const heavyPackages = ['typescript7', 'chokidar', 'unplugin', 'json-schema-to-typescript', 'gpt-tokenizer', 'ts-morph', 'tinyglobby', '@modelcontextprotocol/client', '@modelcontextprotocol/server'];
// the analysis, its host interfaces, and of the backends only the TypeScript 6 hosts over a program the caller made and the
// compiler-free type-node view they share (never the TypeScript 7 backend, which only `--backend ts7` loads)
const analysisFolders = /^dist\/(analysis|diagnostics|schema|host)\/|^dist\/backends\/ts6\/(analysisHost|Ts6TypeHost)\.js$|^dist\/backends\/typeNodeView\.js$/;

describe('loading the plugin', () => {
  // what the plugin holds: the published plugin bundles it (next test)
  it('@toolgen/generator/analysis loads only the generator\'s analysis, none of its CLI, watch mode, emission or their packages', () => {
    const { generator, packages } = classify(modulesLoadedBy('@toolgen/generator/analysis'));
    expect(generator).toContain('dist/analysis/analyzeSourceFile.js');
    expect(generator.filter((file) => !analysisFolders.test(file))).toEqual([]);
    expect(generator.filter((file) => /^dist\/backends\/ts6\/Ts6Project\.js$|^dist\/schema\/variants/.test(file))).toEqual([]);
    expect(packages.filter((name) => heavyPackages.includes(name))).toEqual([]);
  });

  it('as packed (scripts/bundle.mjs), holds the analysis itself and loads no package of the generator, nor the generator', () => {
    const bundle = path.join(plugin, 'dist/index.bundle-test.js');
    try {
      const built = spawnSync(process.execPath, [path.join(plugin, 'scripts/bundle.mjs'), bundle], { encoding: 'utf8', timeout: 60_000 });
      expect(built.status, built.stderr).toBe(0);
      const { generator, packages } = classify(modulesLoadedBy(bundle));
      expect(generator).toEqual([]);
      expect(packages.filter((name) => heavyPackages.includes(name) || name.startsWith('@toolgen/'))).toEqual([]);
      expect(readFileSync(bundle, 'utf8')).toMatch(/^\/\/ .*generator\/dist\/analysis\/analyzeSourceFile\.js$/m);
      const dependencies = Object.keys((JSON.parse(readFileSync(path.join(plugin, 'package.json'), 'utf8')) as { dependencies: object }).dependencies);
      expect(dependencies.filter((name) => name.startsWith('@toolgen/'))).toEqual([]);
    } finally {
      rmSync(bundle, { force: true });
    }
  });

  it('the recorder sees what the generator\'s root loads (so the test above can fail)', () => {
    const { generator, packages } = classify(modulesLoadedBy('@toolgen/generator'));
    expect(generator).toEqual(expect.arrayContaining(['dist/cli/main.js', 'dist/watch/watchProject.js']));
    expect(packages).toEqual(expect.arrayContaining(['chokidar']));
    // the tokenizer loads on the first count (issue 30): importing the generator does not pay for it
    expect(packages).not.toContain('gpt-tokenizer');
  });
});
