import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, type ExpectStatic } from 'vitest';
import { readPageProject } from './docProject.js';
import { fences, readPage, repoRoot } from './markdown.js';

/*
 * docs/getting-started.md, done for real: `npm pack` each package, install the tarballs into a
 * fresh project outside the repository (the runtime as a dependency, the generator and the
 * ESLint plugin as dev dependencies, with TypeScript 6.0.3; and again with TypeScript 7 and no
 * plugin, the page's other set-up), write the page's package.json, tsconfig, eslint.config.js and
 * files, then run what the page runs: `npx toolgen`, `tsc`, the programs, `npx toolgen --check`
 * and ESLint. The TypeScript 6 project installs the ESLint plugin before the generator, and lints
 * in between: the plugin must work without the generator (issue 31). Third-party packages come
 * from npm's cache where it has them (the root's pinned versions, which `npm ci` put there), else
 * from the registry.
 */

const page = 'docs/getting-started.md';
const markdown = readPage(page);
const project = readPageProject(page, markdown);
const rootPackage = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
const pinned = (name: string) => `${name}@${rootPackage.devDependencies[name]!}`;

function tarball(folder: string): string {
  const { name, version } = JSON.parse(readFileSync(path.join(repoRoot, 'packages', folder, 'package.json'), 'utf8')) as { name: string; version: string };
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/** The environment of a user's shell: without the npm_* variables of an enclosing `npm test`. */
const userEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'INIT_CWD'));

/**
 * Runs a command the way a user's shell would. Asynchronous, so the two projects below are set up side
 * by side: an install mostly waits on npm's cache and the disk.
 */
function run(command: string, args: readonly string[], cwd: string, input?: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: userEnv, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], timeout: 150_000 });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => resolve({ status: null, stdout, stderr: `${stderr}${error.message}` }));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    if (input !== undefined) child.stdin?.end(input);
  });
}

async function succeed(check: ExpectStatic, command: string, args: readonly string[], cwd: string): Promise<string> {
  const result = await run(command, args, cwd);
  check(result.status, `${command} ${args.join(' ')} in ${cwd}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** The page's JSON block holding the scripts: the package.json it tells the user to have. */
function packageJsonOfPage(): Record<string, unknown> {
  const block = fences(markdown).find((fence) => fence.lang === 'json' && /"scripts"/.test(fence.text));
  if (block === undefined) throw new Error(`${page} shows no package.json with "scripts"`);
  return JSON.parse(block.text) as Record<string, unknown>;
}

function eslintConfigOfPage(): string {
  const block = fences(markdown).find((fence) => fence.lang === 'js' && fence.text.startsWith('// eslint.config.js\n'));
  if (block === undefined) throw new Error(`${page} shows no eslint.config.js`);
  return block.text;
}

/** Packs the three packages into `packs`, once per run. */
async function packAll(packs: string): Promise<void> {
  mkdirSync(packs);
  await succeed(expect, 'npm', ['pack', '-w', '@toolgen/runtime', '-w', '@toolgen/generator', '-w', '@toolgen/eslint-plugin', '--pack-destination', packs], repoRoot);
}

/** How a project of this file starts. */
interface Setup {
  /** `app`, with the page's eslint.config.js; or `app-ts7`, without. */
  readonly eslint: boolean;
  /**
   * `'alone'`: installed as the page's first command does. `'with the rest'`: the package.json names it, as that command
   * would have written it, for the project's next `npm install` to install it with the rest (one install fewer, 2.7 CPU s).
   */
  readonly runtime: 'alone' | 'with the rest';
}

/** A fresh project with the page's package.json, tsconfig and files, and the runtime's tarball as `setup` says. */
async function pageProject(check: ExpectStatic, work: string, packs: string, setup: Setup): Promise<string> {
  const app = path.join(work, setup.eslint ? 'app' : 'app-ts7');
  mkdirSync(path.join(app, 'src'), { recursive: true });
  const runtime = path.join(packs, tarball('runtime'));
  const dependencies = setup.runtime === 'alone' ? {} : { dependencies: { '@toolgen/runtime': `file:${path.relative(app, runtime)}` } };
  writeFileSync(path.join(app, 'package.json'), `${JSON.stringify({ name: 'toolgen-app', version: '1.0.0', private: true, ...packageJsonOfPage(), ...dependencies }, null, 2)}\n`);
  writeFileSync(path.join(app, 'tsconfig.json'), project.tsconfig!.text);
  if (setup.eslint) writeFileSync(path.join(app, 'eslint.config.js'), eslintConfigOfPage());
  for (const file of project.files) writeFileSync(path.join(app, file.path), file.content);
  if (setup.runtime === 'alone') await succeed(check, 'npm', [...install, runtime], app);
  return app;
}

const install = ['install', '--prefer-offline', '--no-audit', '--no-fund'];

/**
 * How a command of the page is started: with `npx`, as the page shows, or by the `node_modules/.bin` link npx runs, which
 * spares npm's start-up (0.6 CPU s a command) where another project of this file has shown npx finding it.
 */
type Launch = 'npx' | 'bin';

function launched(how: Launch, app: string, command: string, args: readonly string[]): [string, string[]] {
  return how === 'npx' ? ['npx', [command, ...args]] : [path.join(app, 'node_modules/.bin', command), [...args]];
}

/** What the page runs once the packages are in: `npx toolgen`, `tsc`, every program, `toolgen --check`. */
async function runThePage(check: ExpectStatic, app: string, how: Launch): Promise<void> {
  check(await succeed(check, ...launched(how, app, 'toolgen', []), app)).toBe(project.toolgen.text!.text);
  // the second half of the page's `npm run build`, whose first half was the toolgen above
  await succeed(check, ...launched(how, app, 'tsc', []), app);
  // every program of the page, the call through the AI SDK adapter included
  const programs = project.files.filter((file) => file.run);
  check(programs.map((program) => program.path)).toEqual(['src/main.ts', 'src/sdk.ts']);
  for (const program of programs) {
    const printed = await succeed(check, 'node', [path.join('dist', path.basename(program.path).replace(/\.ts$/, '.js'))], app);
    check(printed.trim(), program.path).toBe(program.expected!.text.trim());
  }
  await succeed(check, ...launched(how, app, 'toolgen', ['--check']), app);
}

let work = '';
let packs = '';

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'toolgen-pack-'));
  packs = path.join(work, 'toolgen-packages');
  await packAll(packs);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

it.concurrent(
  'packs each package; with TypeScript 6 the tarballs install into a fresh project, where the ESLint plugin works without the generator (issue 31), then toolgen, tsc, the programs and ESLint',
  { timeout: 300_000 },
  async ({ expect }) => {
    const app = await pageProject(expect, work, packs, { eslint: true, runtime: 'alone' });
    const lint = ['typescript@6.0.3', pinned('@types/node'), pinned('eslint'), pinned('typescript-eslint')];
    // issue 31: the plugin and ESLint first, as a team that lints without generating would install them
    await succeed(expect, 'npm', [...install, '--save-dev', path.join(packs, tarball('eslint-plugin')), ...lint], app);
    for (const heavy of ['@toolgen/generator', 'ts-morph', 'chokidar', 'unplugin', '@modelcontextprotocol/server', '@modelcontextprotocol/client', 'gpt-tokenizer', 'json-schema-to-typescript']) {
      expect(existsSync(path.join(app, 'node_modules', heavy)), `${heavy} is installed`).toBe(false);
    }
    const hidden = path.join(app, 'src/hidden.ts');
    writeFileSync(hidden, "import { Toolset } from '@toolgen/runtime';\n\nclass HiddenToolset extends Toolset {}\n\nexport const hidden = new HiddenToolset();\n");
    const linted = await run('npx', ['eslint', 'src/hidden.ts'], app);
    expect(linted.status, linted.stderr).toBe(1);
    expect(linted.stdout).toMatch(/TSH001: Toolset class "HiddenToolset" is not exported.*@toolgen\/export-toolset/);
    rmSync(hidden);

    // then the rest of the page's install: the generator, and `ai` for the page's last section, the program through the AI SDK
    await succeed(expect, 'npm', [...install, '--save-dev', path.join(packs, tarball('generator')), pinned('ai')], app);
    const installed = JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(Object.keys(installed['dependencies']!)).toEqual(['@toolgen/runtime']);
    expect(Object.keys(installed['devDependencies']!).sort()).toEqual(['@toolgen/eslint-plugin', '@toolgen/generator', '@types/node', 'ai', 'eslint', 'typescript', 'typescript-eslint']);
    await runThePage(expect, app, 'npx');
    await succeed(expect, 'npx', ['eslint', '.'], app);
  },
);

it.concurrent("issue 28: with TypeScript 7, npm's latest, and no ESLint plugin, the page's steps work too: toolgen, TypeScript 7's tsc, the programs, --check", { timeout: 300_000 }, async ({ expect }) => {
  // the page's TypeScript 7 command installs a bare `typescript`; here it is pinned to the 7 this was written against
  const command = fences(markdown).find((fence) => fence.lang === 'sh' && fence.text.includes('toolgen-generator') && !fence.text.includes('eslint'));
  expect(command?.text, `${page} shows the TypeScript 7 install`).toContain('--save-dev ../toolgen-packages/toolgen-generator-0.1.0.tgz typescript @types/node\n');
  // the project above installs the runtime alone, as the page's first command does
  const app = await pageProject(expect, work, packs, { eslint: false, runtime: 'with the rest' });
  await succeed(expect, 'npm', [...install, '--save-dev', path.join(packs, tarball('generator')), 'typescript@7.0.2', pinned('@types/node'), pinned('ai')], app);
  // the tsc the page's build runs is TypeScript 7's
  expect(realpathSync(path.join(app, 'node_modules/.bin/tsc'))).toBe(realpathSync(path.join(app, 'node_modules/typescript/bin/tsc')));
  expect((JSON.parse(readFileSync(path.join(app, 'node_modules/typescript/package.json'), 'utf8')) as { version: string }).version).toBe('7.0.2');
  await runThePage(expect, app, 'bin');
  // toolgen mcp loads the generated modules with its own TypeScript 6, never the project's 7
  writeFileSync(path.join(app, 'services.mjs'), 'export const services = { tickets: { search: () => [], close: () => undefined } };\n');
  const requests = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pack-test', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  ];
  const served = await run(...launched('bin', app, 'toolgen', ['mcp', '-p', '.', '--services', './services.mjs']), app, requests.map((request) => JSON.stringify(request)).join('\n') + '\n');
  const listed = served.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { id?: number; result?: { tools?: { name: string }[] } });
  expect(listed.find((message) => message.id === 2)?.result?.tools?.map((tool) => tool.name), served.stderr).toContain('ticket__search_tickets');
});
