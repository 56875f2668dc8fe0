import path from 'node:path';
import * as esbuild from 'esbuild';
import { build as viteBuild, createLogger, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import webpack from 'webpack';
import toolgen from '@toolgen/generator/unplugin';
import { cliModule, diagnosticLines, expectedOutput, notesSource, runCli, runNode, writeApp } from './fixture.js';

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

async function buildWithWebpack(root: string) {
  const compiler = webpack({
    mode: 'none',
    context: root,
    target: 'node',
    entry: './src/main.ts',
    output: { path: path.join(root, 'dist-webpack'), filename: 'main.cjs' },
    resolve: { extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } },
    module: { rules: [{ test: /\.ts$/, loader: path.join(import.meta.dirname, 'tsLoader.cjs') }] },
    plugins: [toolgen.webpack({ project: root })],
  });
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

  it('leaves imports of modules no toolset source stands behind to the bundler', async () => {
    const root = writeApp({ 'src/main.ts': "import { nothing } from './missing.tools.js';\nconsole.log(nothing);\n" });
    await expect(buildWithEsbuild(root)).rejects.toThrow(/Could not resolve "\.\/missing\.tools\.js"/);
  });
});
