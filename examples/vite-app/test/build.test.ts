import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import toolgen from '@toolgen/generator/unplugin';
import { runToolgen } from '../../../test/runToolgen.js';
import { runScript } from '../../../test/runScript.js';
import { tsc7Executable } from '../../../test/tsc7.js';

const example = path.resolve(import.meta.dirname, '..');
const repo = path.resolve(example, '../..');
const tmp = path.join(example, 'test/.tmp');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the example's sources and configuration, inside the repository so that its imports resolve. */
function copyOfExample(): string {
  mkdirSync(tmp, { recursive: true });
  const copy = mkdtempSync(path.join(tmp, 'copy-'));
  for (const entry of ['src', 'package.json', 'tsconfig.json', 'vite.config.ts']) {
    cpSync(path.join(example, entry), path.join(copy, entry), { recursive: true });
  }
  return copy;
}

describe('examples/vite-app', () => {
  it('builds with `npm run build` (vite build), and the app calls the tools', () => {
    runScript(example, 'build', { stdio: 'pipe' });
    expect(existsSync(path.join(example, 'src/library.tools.ts'))).toBe(false);
    const output = runScript(example, 'start');
    expect(output).toBe(
      [
        'Toolset Library: library__search_books, library__lend_book',
        'library__search_books {"query":"programming"} -> [{"isbn":"978-0131103627","title":"The C Programming Language","available":true}]',
        'library__search_books {"query":7} -> error for the model: Invalid arguments:\n- /query: must be a string; got 7\nCorrect these arguments and call the tool again.',
        'library__lend_book {"isbn":"978-0131103627","days":14} -> {"dueOn":"2026-12-15"}',
        'library__lend_book {"isbn":"978-0131103627","days":14} -> error for the model: No book with ISBN 978-0131103627 is on the shelf. Search for the book first to find its ISBN.',
        '',
      ].join('\n'),
    );
  }, 120_000);

  it('yields the module the CLI writes, byte for byte', async () => {
    const loaded = new Map<string, string>();
    // sees each module as the plugin loaded it, before Vite compiles its TypeScript
    const capture: Plugin = {
      name: 'capture-generated',
      enforce: 'pre',
      transform(code, id) {
        if (id.endsWith('.tools.ts')) {
          loaded.set(path.relative(example, id), code);
        }
      },
    };
    // the example's configuration, with the plugin from the sources under test
    await build({
      root: example,
      configFile: false,
      logLevel: 'silent',
      plugins: [toolgen.vite({ project: 'tsconfig.json' }), capture],
      build: { ssr: 'src/main.ts', write: false },
    });
    const copy = copyOfExample();
    expect((await runToolgen(['-p', copy], repo)).code).toBe(0);
    expect([...loaded.keys()]).toEqual(['src/library.tools.ts']);
    expect(loaded.get('src/library.tools.ts')).toBe(readFileSync(path.join(copy, 'src/library.tools.ts'), 'utf8'));
  }, 120_000);

  it('fails `vite build` on a TSH error, with the lines the CLI prints', async () => {
    const copy = copyOfExample();
    const source = path.join(copy, 'src/library.ts');
    writeFileSync(source, readFileSync(source, 'utf8').replace('this.addTool(LibraryToolset.lendBook)', "this.addTool(LibraryToolset.lendBook).withName('lendBook')"));
    const cli = await runToolgen(['--check', '-p', '.'], copy);
    const lines = cli.stdout.split('\n').filter((line) => line.includes(' - error TSH'));
    expect(lines).toEqual([expect.stringMatching(/^src\/library\.ts:\d+:\d+ - error TSH008: Tool name "lendBook" is not lower_snake_case\./)]);

    const vite = spawnSync(process.execPath, [path.join(repo, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: copy, encoding: 'utf8' });
    expect(vite.status).toBe(1);
    expect(`${vite.stdout}${vite.stderr}`).toContain(lines[0]);
  }, 120_000);

  it('type-checks under TypeScript 6 and 7 once `toolgen --types-only` has written the declarations', () => {
    runScript(example, 'typecheck');
    expect(existsSync(path.join(example, '.toolgen/types/src/library.tools.d.ts'))).toBe(true);
    execFileSync(tsc7Executable, ['-p', 'tsconfig.json'], { cwd: example, encoding: 'utf8' });
  }, 120_000);
});
