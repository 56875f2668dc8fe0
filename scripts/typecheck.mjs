// `npm run typecheck`: the packages' build (`tsc -b`, which the others read the declarations of),
// then the tests' and each example's project, as many at once as there are cores (issue 32: they
// ran one after another, 43 s on 2 cores). Every compiler's output is printed, in order, and the
// exit code is the first non-zero one.
//
// Within `npm test` (npm_lifecycle_event "test"), an example whose test runs a script of its
// package.json that compiles its tsconfig.json with tsc (`npm start`: tsc, then the program) is
// type-checked there, in the vitest run that follows, where a type error fails the test: it is not
// checked twice.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const examples = ['tickets', 'governed-agent', 'openai-agents', 'mcp', 'ai-sdk', 'openai', 'anthropic'];
const withinNpmTest = process.env['npm_lifecycle_event'] === 'test';
const projects = ['tsconfig.test.json', ...examples.filter((name) => !(withinNpmTest && compiledByItsTest(name))).map((name) => `examples/${name}`)];

/** Whether a test of `examples/<name>` runs one of its scripts that compiles `tsconfig.json` with TypeScript 6's tsc. */
function compiledByItsTest(name) {
  const folder = path.join(root, 'examples', name);
  const scripts = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')).scripts ?? {};
  const compiling = Object.keys(scripts).filter((script) => scripts[script].startsWith('node ../../node_modules/typescript/bin/tsc -p tsconfig.json '));
  const tests = path.join(folder, 'test');
  const testText = existsSync(tests) ? readdirSync(tests).filter((file) => file.endsWith('.test.ts')).map((file) => readFileSync(path.join(tests, file), 'utf8')).join('\n') : '';
  return compiling.some((script) => testText.includes(`'run', '--silent', '${script}'`));
}

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const build = await run(['-b']);
process.stdout.write(build.output);
if (build.code !== 0) process.exit(build.code);

const results = new Array(projects.length);
let next = 0;
async function worker() {
  while (next < projects.length) {
    const index = next++;
    results[index] = await run(['-p', projects[index]]);
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), projects.length) }, worker));
let exitCode = 0;
projects.forEach((project, index) => {
  const { code, output } = results[index];
  if (output !== '') process.stdout.write(`tsc -p ${project}:\n${output}`);
  if (code !== 0 && exitCode === 0) exitCode = code;
});
process.exit(exitCode);
