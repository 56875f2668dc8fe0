// What the generated modules cost the user's own type check (issue 13): `tsc --noEmit` (TypeScript 6,
// node_modules/typescript) of the bench corpus without and with the modules toolgen writes, paired
// and interleaved, wall time, CPU time and peak memory per run. Also the bytes per tool of the modules.
//   node bench/typecheck.mjs [tools ...]   (default 1000; runs per size: BENCH_TYPECHECK_RUNS, default 3)
// Prints JSON; run.mjs --only typecheck runs it the same way.
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCorpus } from './corpus.mjs';
import { measureNode } from './measure.mjs';

const bench = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(bench, '..');
const tscScript = path.join(repo, 'node_modules/typescript/bin/tsc');
const toolgenScript = path.join(repo, 'packages/generator/bin/toolgen.js');
/** The corpus shape: toolsets of 20 tools over shared model types. */
const toolsPerToolset = 20;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function modules(dir) {
  const folder = path.join(dir, 'src/toolsets');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.tools.ts'))
    .map((file) => path.join(folder, file));
}

async function checked(name, script, args) {
  const result = await measureNode(script, args, { cwd: repo });
  if (result.code !== 0) {
    throw new Error(`${name} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

/** Paired runs at one size: each round checks the corpus without, then with, the modules (order alternating). */
export async function typecheckBench({ tools, runs = 3, log = () => {} }) {
  const dir = path.join(bench, '.work', `typecheck${tools}`);
  writeCorpus({ dir, toolsets: Math.ceil(tools / toolsPerToolset), toolsPerToolset });
  const tsc = () => checked('tsc', tscScript, ['--noEmit', '-p', dir]);
  const without = async () => {
    for (const file of modules(dir)) rmSync(file);
    return tsc();
  };
  const withModules = async () => {
    await checked('toolgen', toolgenScript, ['-p', dir]);
    return tsc();
  };
  await withModules(); // untimed: the files in the OS cache for every measured run
  const bytes = modules(dir).reduce((sum, file) => sum + statSync(file).size, 0);
  const samples = { without: [], with: [] };
  for (let round = 0; round < runs; round++) {
    const order = round % 2 === 0 ? ['without', 'with'] : ['with', 'without'];
    for (const name of order) {
      samples[name].push(await (name === 'with' ? withModules() : without()));
    }
    const last = (name) => samples[name].at(-1);
    log(`${tools} tools, round ${round + 1}/${runs}: without ${(last('without').wallMs / 1000).toFixed(2)} s, with ${(last('with').wallMs / 1000).toFixed(2)} s`);
  }
  const stat = (name, key) => median(samples[name].map((sample) => sample[key]));
  const ratio = (key) => median(samples.with.map((sample, index) => sample[key] / samples.without[index][key]));
  rmSync(dir, { recursive: true, force: true });
  return {
    tools,
    runs,
    bytesPerTool: Math.round(bytes / tools),
    without: { wallMs: stat('without', 'wallMs'), cpuMs: stat('without', 'cpuMs'), maxRssKb: stat('without', 'maxRssKb') },
    with: { wallMs: stat('with', 'wallMs'), cpuMs: stat('with', 'cpuMs'), maxRssKb: stat('with', 'maxRssKb') },
    ratios: { wall: ratio('wallMs'), cpu: ratio('cpuMs'), rss: ratio('maxRssKb') },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = process.argv.slice(2).map(Number);
  const runs = Number(process.env.BENCH_TYPECHECK_RUNS ?? 3);
  const results = [];
  for (const tools of sizes.length === 0 ? [1000] : sizes) {
    results.push(await typecheckBench({ tools, runs, log: (text) => process.stderr.write(`${text}\n`) }));
  }
  console.log(JSON.stringify(results, null, 2));
}
