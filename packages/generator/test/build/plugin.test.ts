import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { build as viteBuild, createLogger, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import webpack from 'webpack';
import toolgen from '@toolgen/generator/unplugin';
import { bundlerCompilerOptions, cliModule, diagnosticLines, expectedOutput, notesSource, runCli, runNode, writeApp } from './fixture.js';

// count_words loses its @param doc: a TSH010 warning, which builds report and pass
const warnedNotes = notesSource.replace('   * @param text Any text.\n', '');
// a name that is not lower_snake_case: a TSH008 error, which fails builds
const failingNotes = notesSource.replace('this.addTool(NoteToolset.countWords)', "this.addTool(NoteToolset.countWords).withName('Count-Words')");

/** The project's diagnostic lines as `toolgen --check` prints them (it writes nothing). */
async function cliDiagnostics(root: string, severity: 'error' | 'warning'): Promise<string[]> {
  const lines = diagnosticLines((await runCli(['--check', '-p', root])).stdout, severity);
  expect(lines.length).toBeGreaterThan(0);
  return lines;
}

async function buildWithVite(root: string) {
  const loaded = new Map<string, string>();
  const warnings: string[] = [];
  const logger = createLogger('silent');
  logger.warn = (message) => void warnings.push(message);
  logger.warnOnce = logger.warn;
  // sees each module as loaded, before Vite compiles its TypeScript
  const capture: Plugin = {
    name: 'capture-generated',
    enforce: 'pre',
    transform(code, id) {
      if (id.endsWith('.tools.ts')) {
        loaded.set(id, code);
      }
    },
  };
  await viteBuild({
    root,
    configFile: false,
    customLogger: logger,
    logLevel: 'silent',
    plugins: [toolgen.vite({ project: root }), capture],
    build: { ssr: 'src/main.ts', outDir: 'dist-vite', emptyOutDir: true },
  });
  return { loaded, warnings, output: path.join(root, 'dist-vite/main.js') };
}

async function buildWithEsbuild(root: string) {
  const outfile = path.join(root, 'dist-esbuild/main.mjs');
  const result = await esbuild.build({
    entryPoints: [path.join(root, 'src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'silent',
    plugins: [toolgen.esbuild({ project: root })],
  });
  return { warnings: result.warnings.map((warning) => warning.text), output: outfile };
}

/**
 * webpack 5 with ts-loader, the TypeScript loader most webpack apps use: `transpileOnly`, as the app type-checks with tsc; or
 * type-checking, which needs `toolgen --types-only`'s declarations (see below). The source folder is the `rootDir`, as in
 * docs/getting-started.md: the generated module is a file of that folder to webpack and to ts-loader.
 */
function webpackConfig(root: string, loaderOptions: object): webpack.Configuration {
  const compilerOptions = { rootDir: path.join(root, 'src'), noEmit: false };
  return {
    mode: 'none',
    context: root,
    target: 'node',
    entry: './src/main.ts',
    output: { path: path.join(root, 'dist-webpack'), filename: 'main.cjs' },
    resolve: { extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } },
    module: { rules: [{ test: /\.ts$/, loader: 'ts-loader', options: { configFile: path.join(root, 'tsconfig.json'), compilerOptions, ...loaderOptions } }] },
    plugins: [toolgen.webpack({ project: root })],
  };
}

async function buildWithWebpack(root: string, loaderOptions: object = { transpileOnly: true }) {
  const compiler = webpack(webpackConfig(root, loaderOptions));
  const stats = await new Promise<webpack.Stats>((resolve, reject) => compiler.run((error, result) => (error ? reject(error) : resolve(result!))));
  await new Promise((resolve) => compiler.close(resolve));
  if (stats.hasErrors()) {
    throw new Error(stats.compilation.errors.map((error) => error.message).join('\n'));
  }
  return { warnings: stats.compilation.warnings.map((warning) => warning.message), output: path.join(root, 'dist-webpack/main.cjs') };
}

const builders = [
  ['Vite', buildWithVite],
  ['esbuild', buildWithEsbuild],
  ['webpack', buildWithWebpack],
] as const;

describe('@toolgen/generator/unplugin', () => {
  it('yields the module the CLI writes, byte for byte, to an import of ./notes.tools.js (Vite)', async () => {
    const root = writeApp({ 'src/notes.ts': warnedNotes });
    const { loaded } = await buildWithVite(root);
    expect([...loaded.keys()]).toEqual([path.join(root, 'src/notes.tools.ts')]);
    expect(loaded.get(path.join(root, 'src/notes.tools.ts'))).toBe(await cliModule({ 'src/notes.ts': warnedNotes }));
  });

  it.each(builders)('builds an app that calls the generated tools, with the CLI’s warnings as warnings (%s)', async (_name, buildApp) => {
    const root = writeApp({ 'src/notes.ts': warnedNotes });
    const { output, warnings } = await buildApp(root);
    expect(runNode(output)).toBe(expectedOutput);
    for (const line of await cliDiagnostics(root, 'warning')) {
      expect(warnings.some((warning) => warning.includes(line))).toBe(true);
    }
  });

  it.each(builders)('fails the build on a TSH error with the CLI’s diagnostic lines (%s)', async (_name, buildApp) => {
    const root = writeApp({ 'src/notes.ts': failingNotes });
    const expected = await cliDiagnostics(root, 'error');
    const failure = await buildApp(root).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    for (const line of expected) {
      expect((failure as Error).message).toContain(line);
    }
  });

  it("type-checks under webpack with ts-loader once toolgen --types-only has written the declarations (docs/build.md)", async () => {
    // ts-loader checks each file against the files on disk, where the generated module is not
    const root = writeApp({}, { ...bundlerCompilerOptions, rootDirs: ['.', '.toolgen/types'] });
    await expect(buildWithWebpack(root, {})).rejects.toThrow("TS2307: Cannot find module './notes.tools.js'");
    expect(await runCli(['--types-only', '-p', root, '--out-dir', path.join(root, '.toolgen/types')])).toMatchObject({ code: 0 });
    const { output } = await buildWithWebpack(root, {});
    expect(runNode(output)).toBe(expectedOutput);
    // a type error of the app is ts-loader's error, checked against the declarations
    const wrong = writeApp({ 'src/main.ts': "import { noteToolset } from './notes.tools.js';\nconst count: string = await noteToolset.tools.count_words.invoke({ text: 'a b' });\nconsole.log(count);\n" }, {
      ...bundlerCompilerOptions,
      rootDirs: ['.', '.toolgen/types'],
    });
    expect(await runCli(['--types-only', '-p', wrong, '--out-dir', path.join(wrong, '.toolgen/types')])).toMatchObject({ code: 0 });
    await expect(buildWithWebpack(wrong, {})).rejects.toThrow("TS2322: Type 'number' is not assignable to type 'string'");
  });

  it('builds the module again under webpack --watch when its source changes, and fails the round while it has a TSH error', async () => {
    const root = writeApp();
    const compiler = webpack({ ...webpackConfig(root, { transpileOnly: true }), mode: 'development', devtool: false });
    const rounds: { errors: string; output: string }[] = [];
    let changed: (() => void) | undefined;
    const watching = compiler.watch({ aggregateTimeout: 50 }, (error, stats) => {
      const errors = error?.message ?? stats!.compilation.errors.map((failure) => failure.message).join('\n');
      rounds.push({ errors, output: errors === '' ? readFileSync(path.join(root, 'dist-webpack/main.cjs'), 'utf8') : '' });
      changed?.();
    });
    const round = (change: () => void, until: (latest: { errors: string; output: string }) => boolean) =>
      new Promise<{ errors: string; output: string }>((resolve) => {
        changed = () => {
          if (until(rounds.at(-1)!)) resolve(rounds.at(-1)!);
        };
        change();
      });
    try {
      const first = await round(() => undefined, (latest) => latest.output !== '');
      expect(first.output).toContain('Finds notes whose text contains a word.');
      const notes = path.join(root, 'src/notes.ts');
      const renamed = await round(
        () => writeFileSync(notes, notesSource.replace('Finds notes whose text contains a word.', 'Looks up the notes holding a word.')),
        (latest) => latest.output.includes('Looks up the notes holding a word.'),
      );
      expect(renamed.output).not.toContain('Finds notes whose text contains a word.');
      const failed = await round(() => writeFileSync(notes, failingNotes), (latest) => latest.errors !== '');
      for (const line of await cliDiagnostics(root, 'error')) expect(failed.errors).toContain(line);
      const fixed = await round(() => writeFileSync(notes, notesSource), (latest) => latest.output.includes('Finds notes whose text contains a word.'));
      expect(fixed.errors).toBe('');
    } finally {
      await new Promise((resolve) => watching?.close(resolve));
    }
  });

  it('refuses the bundlers unplugin builds for but toolgen does not support, in its type and when called', () => {
    // @ts-expect-error rspack is not a bundler of ToolgenUnplugin
    const rspack = toolgen.rspack as (options: object) => unknown;
    expect(() => rspack({})).toThrow('@toolgen/generator/unplugin does not support rspack yet: it supports Vite, Rollup, Rolldown, esbuild and webpack.');
    for (const framework of ['rsbuild', 'farm', 'unloader', 'bun']) {
      expect(() => (toolgen as unknown as Record<string, (options: object) => unknown>)[framework]!({})).toThrow(`does not support ${framework} yet`);
    }
  });

  it('leaves imports of modules no toolset source stands behind to the bundler', async () => {
    const root = writeApp({ 'src/main.ts': "import { nothing } from './missing.tools.js';\nconsole.log(nothing);\n" });
    await expect(buildWithEsbuild(root)).rejects.toThrow(/Could not resolve "\.\/missing\.tools\.js"/);
  });
});
