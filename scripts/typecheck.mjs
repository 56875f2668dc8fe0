// `npm run typecheck`: the packages' build (`tsc -b`, which the others read the declarations of),
// then the tests' and each example's project, as many at once as there are cores (issue 32: they
// ran one after another, 43 s on 2 cores). Every compiler's output is printed, in order, and the
// exit code is the first non-zero one.
//
// Everything here is TypeScript 6's, the repo's own. `npm test` does not run it: it checks the same
// with TypeScript 7's native tsc, npm's `latest`, four to six times faster: `npm run build` is its
// `tsc -b` (2 s against 13 s from nothing on 2 cores; the JavaScript is byte-identical), vitest type-checks
// tsconfig.test.json, and each example's test compiles it (architecture/layout.test.ts holds each
// example to that); typeTestsTs6.test.ts checks the type tests with TypeScript 6 as well.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const examples = ['tickets', 'governed-agent', 'openai-agents', 'mcp', 'ai-sdk', 'openai', 'anthropic'];
const projects = ['tsconfig.test.json', ...examples.map((name) => `examples/${name}`)];

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
