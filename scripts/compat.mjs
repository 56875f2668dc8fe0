// npm run test:compat: the adapters' contract tests against each SDK at the oldest and the newest
// version its peer range admits (issue 28). Each version is installed into a folder of its own
// under the OS's temporary folder (kept between runs), and vitest.compat.config.ts resolves the
// SDK from there; the SDK's types are checked against the adapters with tsc the same way.
//
//   npm run test:compat                  every SDK, both ends
//   npm run test:compat -- openai ai     only these SDKs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adapters = 'packages/runtime/test/adapters';

/**
 * What is tested: per SDK line, the packages that make it up (installed together, at one version
 * each end), the versions at both ends of the runtime's peer range, and the contract tests and type
 * tests that exercise it. Keep `versions` in step with packages/runtime/package.json's peer ranges.
 */
export const matrix = [
  { line: 'ai', packages: ['ai'], versions: ['7.0.0', '7.0.173'], tests: [`${adapters}/aiSdk.test.ts`, `${adapters}/aiSdkZodParity.test.ts`, `${adapters}/contentResults.test.ts`], typeTests: [`${adapters}/sdkTypes.test-d.ts`, `${adapters}/aiSdkZodParity.test-d.ts`, `${adapters}/aiSdk.test.ts`], extra: ['zod@4.6.7'] },
  { line: 'openai', packages: ['openai'], versions: ['6.49.0', '7.60.0'], tests: [`${adapters}/openai.test.ts`, `${adapters}/strictMaps.test.ts`, `${adapters}/sdkClients.test.ts`, `${adapters}/contentResults.test.ts`], typeTests: [`${adapters}/sdkTypes.test-d.ts`, `${adapters}/sdkClients.test.ts`, `${adapters}/openai.test.ts`] },
  { line: '@anthropic-ai/sdk', packages: ['@anthropic-ai/sdk'], versions: ['1.14.0', '1.17.0'], tests: [`${adapters}/anthropic.test.ts`, `${adapters}/sdkClients.test.ts`, `${adapters}/contentResults.test.ts`], typeTests: [`${adapters}/sdkTypes.test-d.ts`, `${adapters}/sdkClients.test.ts`, `${adapters}/anthropic.test.ts`] },
  { line: '@modelcontextprotocol/sdk', packages: ['@modelcontextprotocol/sdk'], versions: ['1.24.0', '1.32.2'], tests: [`${adapters}/mcpV1.test.ts`, `${adapters}/contentResults.test.ts`], typeTests: [`${adapters}/mcpV1.test.ts`], extra: ['zod@4.6.7'] },
  {
    line: '@modelcontextprotocol/server',
    packages: ['@modelcontextprotocol/server', '@modelcontextprotocol/client'],
    versions: ['2.4.0'],
    tests: [`${adapters}/mcp.test.ts`, `${adapters}/mcpConnect.test.ts`, `${adapters}/mcpHostile.test.ts`, `${adapters}/contentResults.test.ts`],
    typeTests: [`${adapters}/mcp.test.ts`, `${adapters}/mcpConnect.test.ts`],
    extra: ['zod@4.6.7'],
  },
  { line: '@openai/agents', packages: ['@openai/agents'], versions: ['0.14.3', '0.20.0'], tests: [`${adapters}/openaiAgents.test.ts`, `${adapters}/openaiAgentsApprovalBinding.test.ts`, `${adapters}/contentResults.test.ts`], typeTests: [`${adapters}/openaiAgents.test.ts`, `${adapters}/openaiAgentsApprovalBinding.test.ts`] },
];

const root = path.join(os.tmpdir(), 'toolgen-compat');

/** Installs `specs` into a folder of their own (once), and returns it. */
function installed(specs) {
  const folder = path.join(root, specs.join('+').replaceAll('/', '__'));
  if (existsSync(path.join(folder, '.complete'))) return folder;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), '{ "name": "toolgen-compat", "private": true }\n');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', ...specs], { cwd: folder, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm install ${specs.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  writeFileSync(path.join(folder, '.complete'), '');
  return folder;
}

function versionIn(folder, name) {
  return JSON.parse(readFileSync(path.join(folder, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** Runs the contract tests of `entry` with its packages resolved from `folder`; true when they pass and really loaded that folder's SDK. */
function runTests(entry, folder) {
  const log = path.join(folder, 'resolved.log');
  rmSync(log, { force: true });
  const from = Object.fromEntries(entry.packages.map((name) => [name, folder]));
  const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.compat.config.ts', ...entry.tests], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, TOOLGEN_COMPAT_FROM: JSON.stringify(from), TOOLGEN_COMPAT_LOG: log },
  });
  const summary = /Tests\s+(.*)/.exec(result.stdout.replace(/\x1b\[[0-9;]*m/g, ''))?.[1]?.trim() ?? 'no summary';
  const resolved = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
  const outside = resolved.filter((file) => !file.startsWith(folder));
  const loaded = entry.packages.every((name) => resolved.some((file) => file.startsWith(path.join(folder, 'node_modules', name))));
  const ok = result.status === 0 && loaded && outside.length === 0;
  if (!ok) {
    process.stdout.write(result.stdout + result.stderr);
    if (!loaded) process.stdout.write(`the tests did not load ${entry.packages.join(', ')} from ${folder}\n`);
    if (outside.length > 0) process.stdout.write(`resolved outside ${folder}: ${outside.join(', ')}\n`);
  }
  return { ok, summary };
}

/** The declaration file an export target names: its `types` (ESM first), else the `.d.mts`/`.d.ts` beside its JavaScript. */
function typesOf(target) {
  if (typeof target === 'string') return target.endsWith('.d.ts') || target.endsWith('.d.mts') ? target : target.replace(/\.m?js$/, (ext) => (ext === '.mjs' ? '.d.mts' : '.d.ts'));
  if (target === null || typeof target !== 'object') return undefined;
  for (const condition of ['types', 'import', 'default', 'require']) {
    const found = target[condition] === undefined ? undefined : typesOf(target[condition]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** tsconfig `paths` that send `name` and its subpaths (by its exports map) to the copy in `folder`. */
function pathsFor(folder, name) {
  const dir = path.join(folder, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const paths = {};
  const exportsMap = typeof manifest.exports === 'object' && manifest.exports !== null && !Array.isArray(manifest.exports) && Object.keys(manifest.exports).every((key) => key.startsWith('.')) ? manifest.exports : { '.': manifest.exports ?? manifest.types ?? manifest.main };
  for (const [key, target] of Object.entries(exportsMap)) {
    const types = typesOf(target);
    if (types === undefined || key === './package.json') continue;
    paths[name + key.slice(1)] = [path.join(dir, types)];
  }
  paths[`${name}/*`] ??= [path.join(dir, '*.d.mts'), path.join(dir, '*.d.ts'), path.join(dir, '*', 'index.d.ts')];
  return paths;
}

/** Type-checks `entry.typeTests` (and the adapter sources they import) with its packages' declarations from `folder`. */
function checkTypes(entry, folder) {
  if (entry.typeTests === undefined) return { ok: true, summary: '' };
  mkdirSync(path.join(repo, '.compat'), { recursive: true });
  const config = path.join(repo, '.compat', `tsconfig.${path.basename(folder)}.json`);
  const paths = Object.assign({}, ...entry.packages.map((name) => pathsFor(folder, name)));
  // the adapters' sources through the source condition: tsconfig.test.json's references, which would give the declarations built
  // against the repository's SDKs, are not inherited by `extends`
  writeFileSync(config, `${JSON.stringify({ extends: '../tsconfig.test.json', compilerOptions: { noEmit: true, customConditions: ['@toolgen/source'], paths }, include: entry.typeTests.map((file) => `../${file}`) }, null, 2)}\n`);
  const result = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', config, '--listFiles'], { cwd: repo, encoding: 'utf8' });
  const listed = result.stdout.split('\n');
  // TypeScript reads one copy of a package per name and version: the repository's, when it holds this very version
  const sameAsRepo = (name) => existsSync(path.join(repo, 'node_modules', name, 'package.json')) && versionIn(repo, name) === versionIn(folder, name);
  const stray = entry.packages.filter((name) => !sameAsRepo(name) && listed.some((file) => file.startsWith(path.join(repo, 'node_modules', name) + '/')));
  const errors = listed.filter((line) => /error TS\d+/.test(line));
  if (errors.length > 0) process.stdout.write(`${errors.join('\n')}\n`);
  if (stray.length > 0) process.stdout.write(`the type check read ${stray.join(', ')} from the repository's node_modules, not ${folder}\n`);
  return { ok: result.status === 0 && stray.length === 0, summary: errors.length === 0 ? 'types hold' : `${errors.length} type errors` };
}

const only = process.argv.slice(2);
const rows = [];
let failed = false;
for (const entry of matrix.filter((candidate) => only.length === 0 || only.includes(candidate.line))) {
  for (const version of entry.versions) {
    const specs = [...entry.packages.map((name) => `${name}@${version}`), ...(entry.extra ?? [])];
    const started = Date.now();
    const folder = installed(specs);
    const actual = entry.packages.map((name) => `${name}@${versionIn(folder, name)}`).join(', ');
    const tests = runTests(entry, folder);
    const types = checkTypes(entry, folder);
    const ok = tests.ok && types.ok;
    failed ||= !ok;
    rows.push(`| ${entry.line} | ${actual} | ${ok ? 'pass' : '**fail**'} | ${[tests.summary, types.summary].filter(Boolean).join('; ')} | ${((Date.now() - started) / 1000).toFixed(0)} s |`);
    process.stdout.write(`${rows.at(-1)}\n`);
  }
}
process.stdout.write(`\n| SDK | version | result | tests | time |\n|---|---|---|---|---|\n${rows.join('\n')}\n`);
process.exitCode = failed ? 1 : 0;
