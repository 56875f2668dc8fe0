import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packages = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every TypeScript source file of the packages (not their tests), relative to `packages/`. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else if (entry.name.endsWith('.ts')) {
        files.push(path.relative(packages, full).split(path.sep).join('/'));
      }
    }
  };
  for (const name of readdirSync(packages)) {
    walk(path.join(packages, name, 'src'));
  }
  return files.sort();
}

/** `import … from 'typescript'`, `import type ts from 'typescript'`, `import('ts-morph')`, `require('typescript7/sync')`, … */
const compilerImport = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)['"](?:typescript|typescript7|ts-morph|@ts-morph\/common)(?:\/[^'"]*)?['"]/;

/** Where a compiler may be imported: the generator's backends, and the ESLint plugin's one adapter for the program typescript-eslint hands it. */
const compilerImporters = [/^generator\/src\/backends\//, /^eslint-plugin\/src\/util\/program\.ts$/];

describe('the layout of the packages', () => {
  const files = sourceFiles();

  it('finds the sources it checks', () => {
    expect(files).toContain('generator/src/schema/derive/ShapeBuilder.ts');
    expect(files.length).toBeGreaterThan(100);
  });

  it('imports a compiler (typescript, typescript7, ts-morph) only in the backends', () => {
    const importing = files.filter((file) => compilerImport.test(readFileSync(path.join(packages, file), 'utf8')));
    expect(importing.filter((file) => !compilerImporters.some((allowed) => allowed.test(file)))).toEqual([]);
    // the rule has teeth: the backends do import the compilers
    expect(importing).toContain('generator/src/backends/ts6/Ts6TypeHost.ts');
  });

  it('computes what the outputs say of a tool in one place: its record (issue 31)', () => {
    // the module and the manifest print the same metadata, variants and counts: one record per tool, never built again beside it
    const computations = /(?<!function )\b(?:deriveProviderVariants|countToolTokens|indexToolForSearch)\(/;
    const computing = files.filter((file) => file.startsWith('generator/src/') && computations.test(readFileSync(path.join(packages, file), 'utf8')));
    expect(computing).toEqual(['generator/src/manifest/toolRecord.ts']);
    // and the manifest's tools are built by one function, from records
    const builders = files.filter((file) => /\bfunction manifestTool\(|: ManifestTool => \(|as ManifestTool\b/.test(readFileSync(path.join(packages, file), 'utf8')));
    expect(builders).toEqual([
      'generator/src/manifest/manifest.ts',
      'generator/src/surface/surfaceOf.ts', // takes a written manifest's entries as they are, for toolgen diff and report: builds none
    ]);
  });

  it('reads a manifest in one place (issue 31)', () => {
    // every JSON.parse of the generator, and what it parses: a manifest is read by manifest/readManifest.ts alone,
    // so a new parse of JSON has to be listed here, where a second reader of the manifest would be seen
    const parsing = files.filter((file) => file.startsWith('generator/src/') && /\bJSON\.parse\((?!String\.raw)/.test(readFileSync(path.join(packages, file), 'utf8')));
    expect(parsing).toEqual([
      'generator/src/analysis/hostQueries.ts', // package.json: which package declares a symbol
      'generator/src/backends/ts6/mirrorStamp.ts', // the stamp toolgen mcp's mirror of the modules wrote
      'generator/src/backends/ts7/loadTs7.ts', // package.json of typescript
      'generator/src/budget/tokenBudget.ts', // package.json: the token budget
      'generator/src/manifest/readManifest.ts', // the manifest
      'generator/src/mcp/serveProject.ts', // package.json: the services module
      'generator/src/policy/policyFiles.ts', // package.json: the policy globs
      'generator/src/schema/tsdoc/keywordTags.ts', // a @default or @examples value
    ]);
  });

  it('reads a builder call that states metadata in one place: its entry of the builder-call table (issue 31)', () => {
    // withTitle, idempotent(), additive() and requiresClientCapability state ToolMetadata fields as they are; the model, the
    // module and the manifest carry what the table states (`stated`), so no other generator source names these fields
    const fields = /\.(?:title|idempotent|additive)\b|\b(?:idempotent|additive):/;
    const naming = files.filter((file) => file.startsWith('generator/src/') && fields.test(readFileSync(path.join(packages, file), 'utf8')));
    expect(naming).toEqual([
      'generator/src/analysis/builderCalls.ts',
      'generator/src/mcp/printClientModule.ts', // an MCP server's tool's title, for import-mcp: not a toolset's
      // readers of a written manifest: toolgen diff compares what it states, toolgen report shows it
      'generator/src/surface/diffSurfaces.ts',
      'generator/src/surface/formatDiff.ts',
      'generator/src/surface/report/badges.ts',
    ]);
  });

  it('has no source file over 500 lines', () => {
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(packages, file), 'utf8').split('\n').length }))
      .filter((entry) => entry.lines > 500);
    expect(long).toEqual([]);
  });
});

describe('the examples', () => {
  const examples = path.resolve(packages, '../examples');
  // TypeScript 7's tsc, npm's `latest`, as a user's would be (issue 32: 0.3 s a project where TypeScript 6's took 2 to 5 s);
  // `npm run typecheck` compiles them with TypeScript 6
  const tsc = 'node ../../node_modules/typescript7/bin/tsc -p tsconfig.json ';
  /** The examples `npm run typecheck` compiles (scripts/typecheck.mjs). */
  const typecheck = readFileSync(path.resolve(packages, '../scripts/typecheck.mjs'), 'utf8');
  const listed = JSON.parse(/const examples = (\[[^\]]*\]);/.exec(typecheck)![1]!.replaceAll("'", '"')) as string[];

  it('are each in scripts/typecheck.mjs, but the two built by their tests with the plugin and the transformer', () => {
    const all = readdirSync(examples).filter((name) => readdirSync(path.join(examples, name)).includes('tsconfig.json'));
    expect(all.filter((name) => !listed.includes(name)).sort()).toEqual(['transformer-app', 'vite-app']);
  });

  // `npm test` does not run `npm run typecheck`: each example is type-checked in its test
  it.each(listed)('examples/%s is compiled by its test: the test runs a script of its package.json that compiles tsconfig.json with TypeScript 7\'s tsc', (name) => {
    const folder = path.join(examples, name);
    const scripts = (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
    const compiling = Object.keys(scripts).filter((script) => scripts[script]!.startsWith(tsc));
    const tests = readdirSync(path.join(folder, 'test')).filter((file) => file.endsWith('.test.ts')).map((file) => readFileSync(path.join(folder, 'test', file), 'utf8'));
    expect(compiling.filter((script) => tests.some((text) => text.includes(`runScript(example, '${script}'`)))).not.toEqual([]);
  });
});
