import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import plugin, { cliOnlyCodes, type RuleName } from '@toolgen/eslint-plugin';
import { diagnosticCatalogue } from '@toolgen/generator/analysis';
import { diagnosticFixtures, markedSpans, otherFile, otherSource } from '../../generator/test/analysis/diagnosticFixtures.js';
import {
  fixtureTsconfig, printEslintConfig, recommendedEslintConfig, repoRoot, runEslint, runToolgen, sortReported, writeFolder, type Reported,
} from './helpers.js';

// These run the built plugin (dist), as a user's `npx eslint` does: `npm test` builds it first.
const codeOfRule = (rule: string) => plugin.rules[rule as RuleName].meta.docs.code;

describe('the real eslint binary with the recommended config', () => {
  it('reports over a broken project exactly what the toolgen CLI reports: codes, positions, severities and wording', async () => {
    const files: Record<string, string> = { 'tsconfig.json': fixtureTsconfig, 'eslint.config.js': recommendedEslintConfig, [otherFile]: otherSource };
    diagnosticFixtures.forEach((fixture, index) => {
      files[`src/${fixture.code.toLowerCase()}-${index}.ts`] = markedSpans(fixture.source).text;
    });
    const root = writeFolder(files);

    const [eslint, cli] = await Promise.all([runEslint(root, ['src'], codeOfRule), runToolgen(root, '.')]);

    expect(eslint.fatal).toEqual([]);
    expect(eslint.reported).toEqual(cli);
    const expectedCodes = Object.keys(diagnosticCatalogue).filter((code) => !cliOnlyCodes.includes(code as never));
    expect(new Set(cli.map((diagnostic) => diagnostic.code))).toEqual(new Set(expectedCodes));
  });

  it('decides TSH007 against the projects a tsconfig references, as the CLI does', async () => {
    const compilerOptions = JSON.parse(fixtureTsconfig).compilerOptions as Record<string, unknown>;
    const root = writeFolder({
      'eslint.config.js': recommendedEslintConfig,
      'lib/tsconfig.json': JSON.stringify({ compilerOptions: { ...compilerOptions, noEmit: false, composite: true, outDir: 'dist', rootDir: 'src' }, include: ['src'] }),
      'lib/src/orders.ts': otherSource,
      'app/tsconfig.json': JSON.stringify({ compilerOptions, include: ['src'], references: [{ path: '../lib' }] }),
      'app/src/app.ts': `import { Toolset } from '@toolgen/runtime';

export class AppToolset extends Toolset {
  constructor() {
    super();
    this.addTool(AppToolset.recentOrders).withName('list_orders');
  }

  /** Lists the orders of the last week. */
  static recentOrders(): string[] {
    return [];
  }
}
`,
    });

    const linting = runEslint(root, ['app/src', 'lib/src'], codeOfRule);
    const cli = [...(await runToolgen(root, 'app')), ...(await runToolgen(root, 'lib'))];
    const eslint = await linting;

    expect(eslint.fatal).toEqual([]);
    expect(eslint.reported).toEqual(cli);
    expect(cli.map(({ file, code, message }) => [file, code, message])).toEqual([
      [
        'app/src/app.ts',
        'TSH007',
        `TSH007: Tool name "list_orders" is also used by tool "list_orders" of OrderToolset (../lib/src/orders.ts:10:10). Tool names are unique across the project and its references: rename one with withName('…').`,
      ],
    ]);
  });

  // `npm run lint`, which `npm test` runs here rather than as a step of its own: the typed lint of examples/ was done twice
  it('lints the repository with its config (npm run lint): nothing to report, and on examples/ the toolgen rules are on and agree with the CLI', async () => {
    const linting = runEslint(repoRoot, ['.'], codeOfRule);
    const examples = readdirSync(path.join(repoRoot, 'examples')).filter((name) => existsSync(path.join(repoRoot, 'examples', name, 'tsconfig.json')));
    expect(examples).toContain('tickets');
    const cli: Reported[] = [];
    for (const name of examples) cli.push(...(await runToolgen(repoRoot, `examples/${name}`)));
    const eslint = await linting;
    expect(eslint.fatal).toEqual([]);
    expect(eslint.other, 'npm run lint finds problems').toEqual([]);
    expect(eslint.reported).toEqual(sortReported(cli));

    const config = printEslintConfig(repoRoot, 'examples/tickets/src/tickets.ts');
    for (const name of Object.keys(plugin.rules)) {
      expect(config.rules[`@toolgen/${name}`]?.[0], name).toBe(diagnosticCatalogue[codeOfRule(name)].severity === 'error' ? 2 : 1);
    }
    // one eslint run over the repository, and one toolgen run per example beside it: minutes on a loaded 2-core machine
  }, 240_000);
});
