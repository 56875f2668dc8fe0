// npm run bench: cold toolgen against tsc --noEmit and ts-json-schema-generator, peak memory,
// watch latency and validator speed, all measured in this run; writes bench/RESULTS.md.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, watch as watchFolder, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundlerBench, bundlerReport } from './bundler.mjs';
import { writeCorpus } from './corpus.mjs';
import { eslintBench, eslintReport } from './eslint.mjs';
import { mcpHttpBench } from './mcpHttp.mjs';
import { startupBench } from './startup.mjs';
import { measureNode } from './measure.mjs';
import { summarizeProfile } from './profile-summary.mjs';

const bench = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(bench, '..');
const work = path.join(bench, '.work');
const require = createRequire(path.join(repo, 'package.json'));
const started = performance.now();
const log = (text) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}\n`);

const tscScript = path.join(repo, 'node_modules/typescript/bin/tsc');
const toolgenScript = path.join(repo, 'packages/generator/bin/toolgen.js');
const tsjsgScript = path.join(path.dirname(require.resolve('ts-json-schema-generator/package.json')), 'dist/ts-json-schema-generator.js');

/** Corpus sizes: N toolsets of 10 tools; cold runs per tool per size (interleaved). */
// BENCH_QUICK=1: one run at 100 and 1000 tools and 5 watch edits, to try the harness
const quick = process.env.BENCH_QUICK === '1';
const sizes = quick
  ? [
      { tools: 100, toolsets: 10, runs: 1 },
      { tools: 1000, toolsets: 100, runs: 1 },
    ]
  : [
      { tools: 100, toolsets: 10, runs: 5 },
      { tools: 1000, toolsets: 100, runs: 5 },
      { tools: 5000, toolsets: 500, runs: 3 },
    ];
const watchEdits = quick ? 5 : 20;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/** Nearest-rank percentile. */
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)];
const version = (name) => JSON.parse(readFileSync(path.join(repo, 'node_modules', name, 'package.json'), 'utf8')).version;

function removeOutputs(dir) {
  rmSync(path.join(dir, 'toolgen.manifest.json'), { force: true });
  for (const folder of ['src/toolsets', 'src/models', 'src']) {
    for (const file of readdirSync(path.join(dir, folder))) {
      if (file.endsWith('.tools.ts')) {
        rmSync(path.join(dir, folder, file));
      }
    }
  }
}

// every run starts from the sources alone: generated modules left by a toolgen run would add to tsc's work
const commands = (dir) => ({
  tsc: { script: tscScript, args: ['-p', dir, '--noEmit'], before: () => removeOutputs(dir) },
  toolgen: { script: toolgenScript, args: ['-p', dir], before: () => removeOutputs(dir) },
  // the experimental TypeScript 7 backend (issue 16): the same generation on TypeScript 7.1's API (its tsgo process is a child, timed with it)
  'toolgen-ts7': { script: toolgenScript, args: ['-p', dir, '--backend', 'ts7'], before: () => removeOutputs(dir) },
  tsjsg: {
    script: tsjsgScript,
    args: ['--path', path.join(dir, 'schema-args/*.ts'), '--tsconfig', path.join(dir, 'tsconfig.args.json'), '--type', '*', '--no-type-check', '--out', path.join(dir, 'schemas.json')],
    before: () => removeOutputs(dir),
  },
});

async function run(name, command, cwd) {
  command.before?.();
  const result = await measureNode(command.script, command.args, { cwd });
  if (result.code !== 0) {
    throw new Error(`${name} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

/** Cold runs of tsc, toolgen and ts-json-schema-generator on one corpus, in rotating order. */
async function coldRuns(size) {
  const dir = path.join(work, `c${size.tools}`);
  writeCorpus({ dir, toolsets: size.toolsets, toolsPerToolset: 10 });
  const all = commands(dir);
  const names = Object.keys(all);
  // one untimed run each, so that every measured run finds the files in the OS cache
  for (const name of names) {
    await run(name, all[name], dir);
  }
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let index = 0; index < size.runs; index++) {
    const order = names.map((_, offset) => names[(index + offset) % names.length]);
    for (const name of order) {
      samples[name].push(await run(name, all[name], dir));
    }
    log(`${size.tools} tools, run ${index + 1}/${size.runs}: ${names.map((name) => `${name} ${(samples[name].at(-1).wallMs / 1000).toFixed(2)} s`).join(', ')}`);
  }
  // the two backends' outputs, byte for byte: TypeScript 7's --check against what TypeScript 6 wrote
  removeOutputs(dir);
  await run('toolgen', all.toolgen, dir);
  const parity = await measureNode(toolgenScript, ['-p', dir, '--backend', 'ts7', '--check'], { cwd: dir });
  const identical = parity.code === 0;
  log(`${size.tools} tools: the ts7 backend's output is ${identical ? 'byte-identical to' : 'NOT the same as'} the ts6 backend's${identical ? '' : `\n${parity.stdout}${parity.stderr}`}`);
  removeOutputs(dir);
  const stats = (name, key) => median(samples[name].map((sample) => sample[key]));
  const range = (name, key) => [Math.min(...samples[name].map((sample) => sample[key])), Math.max(...samples[name].map((sample) => sample[key]))];
  const pairRatio = (a, b, key) => median(samples[a].map((sample, index) => sample[key] / samples[b][index][key]));
  const schemas = JSON.parse(readFileSync(path.join(dir, 'schemas.json'), 'utf8'));
  return {
    ...size,
    wall: Object.fromEntries(names.map((name) => [name, stats(name, 'wallMs')])),
    cpu: Object.fromEntries(names.map((name) => [name, stats(name, 'cpuMs')])),
    rss: Object.fromEntries(names.map((name) => [name, stats(name, 'maxRssKb')])),
    wallRange: Object.fromEntries(names.map((name) => [name, range(name, 'wallMs')])),
    rssRange: Object.fromEntries(names.map((name) => [name, range(name, 'maxRssKb')])),
    ratios: {
      tsc: pairRatio('toolgen', 'tsc', 'wallMs'),
      tsjsg: pairRatio('toolgen', 'tsjsg', 'wallMs'),
      tscCpu: pairRatio('toolgen', 'tsc', 'cpuMs'),
      rss: pairRatio('toolgen', 'tsc', 'maxRssKb'),
      ts7: pairRatio('toolgen-ts7', 'toolgen', 'wallMs'),
      ts7Tsc: pairRatio('toolgen-ts7', 'tsc', 'wallMs'),
    },
    tsjsgDefinitions: Object.keys(schemas.definitions ?? {}).length,
    ts7Identical: identical,
  };
}

/** A cold toolgen run at 1000 tools under node --cpu-prof, summarized by where the time went. */
async function profileCold() {
  const dir = path.join(work, 'c1000');
  removeOutputs(dir);
  const profileDir = path.join(work, 'profile');
  rmSync(profileDir, { recursive: true, force: true });
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir', profileDir, toolgenScript, '-p', dir], { stdio: 'ignore' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`profiled toolgen exited ${code}`))));
  });
  const file = path.join(profileDir, readdirSync(profileDir)[0]);
  const { wall, self, total } = summarizeProfile(file);
  const category = (key) => {
    if (key === '(garbage collector)') return 'garbage collection';
    if (/\((typescript|ts-morph|ts-morph-common)\.js:/.test(key)) return 'TypeScript: parse, bind, check (ts-morph bundle)';
    if (/\((fromType|analyzeTool|analyzeParameters|analyzeSettings|analyzeResult|readChainCalls|builderCalls|chainArguments|methodDocs|shapeProblems|checkWorkspacePaths|analyzeSourceFile|chain|AnalysisHost|toJsonSchema|checkUniqueNames|analyzeProject)\.js:/.test(key)) return 'toolgen analysis (its own code)';
    if (/\((module|validator|BlockWriter|CodeWriter|printValidation|printNormalization|ShapeFacts|scope|preamble|expressions|literals|Pointer|NormalizationNeeds|discriminator|messages|formats)\.js:/.test(key)) return 'emission: module and validator printing';
    if (/\((variants|walker|handlers|json|provider|registry|openaiStrict|anthropic|gemini|refs|words|manifest)\.js:/.test(key)) return 'emission: provider variants and manifest';
    if (/\(loader:|wrapSafe|compileFunction|\(node:internal/.test(key) || key.startsWith('wrapSafe')) return 'module loading';
    if (/\(node:fs|writeFileUtf8|readFileUtf8|readFileSync|writeFileSync/.test(key)) return 'file I/O';
    return 'other';
  };
  const byCategory = new Map();
  for (const [key, ms] of self) {
    byCategory.set(category(key), (byCategory.get(category(key)) ?? 0) + ms);
  }
  const wanted = ['IncrementalProject', 'snapshot', 'ProjectAnalyzer', 'analyzeSourceFile', 'emitModule', 'emitValidator', 'deriveProviderVariants', 'serializeManifest', 'typeToString'];
  const inclusive = [...total].filter(([key]) => wanted.some((name) => key.startsWith(`${name} (`))).sort((a, b) => b[1] - a[1]);
  return {
    wall,
    categories: [...byCategory].sort((a, b) => b[1] - a[1]),
    topSelf: [...self].sort((a, b) => b[1] - a[1]).slice(0, 12),
    inclusive,
  };
}

/** Latency from a one-file save to the regenerated module on disk, over `watchEdits` edits of the corpus of `tools` tools, on the `backend` given. */
async function watchLatency(tools = 1000, backend = 'ts6') {
  const dir = path.join(work, `c${tools}`);
  if (!existsSync(dir)) writeCorpus({ dir, toolsets: tools / 10, toolsPerToolset: 10 });
  removeOutputs(dir);
  const child = spawn(process.execPath, [toolgenScript, '--watch', '-p', dir, '--backend', backend], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const listeners = new Set();
  child.stdout.setEncoding('utf8').on('data', (text) => {
    stdout += text;
    listeners.forEach((listener) => listener());
  });
  child.stderr.setEncoding('utf8').on('data', (text) => (stderr += text));
  const summaries = () => stdout.split('Watching for changes.').length - 1;
  const untilSummaries = (count) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`watch: no cycle summary within 60 s\n${stdout}\n${stderr}`)), 60_000);
      const check = () => {
        if (summaries() >= count) {
          clearTimeout(timer);
          listeners.delete(check);
          resolve();
        }
      };
      listeners.add(check);
      check();
    });
  const originals = new Map();
  const latencies = [];
  try {
    await untilSummaries(1);
    for (let edit = 0; edit < watchEdits; edit++) {
      const index = (edit * 37) % (tools / 10);
      const source = path.join(dir, `src/toolsets/t${index}.ts`);
      const module = path.join(dir, `src/toolsets/t${index}.tools.ts`);
      const text = originals.get(source) ?? readFileSync(source, 'utf8');
      originals.set(source, text);
      const marker = `edit ${edit} of the benchmark`;
      const edited = text.replace(/withDisplayName\('([^']*)'\)/, `withDisplayName('$1 (${marker})')`);
      const before = summaries();
      let resolveSeen;
      const seen = new Promise((resolve) => (resolveSeen = resolve));
      const watcher = watchFolder(path.dirname(module), (_event, name) => {
        if (name === path.basename(module) && existsSync(module) && readFileSync(module, 'utf8').includes(marker)) {
          resolveSeen(performance.now());
        }
      });
      const timeout = setTimeout(() => resolveSeen(Number.NaN), 30_000);
      const savedAt = performance.now();
      writeFileSync(source, edited);
      const writtenAt = await seen;
      clearTimeout(timeout);
      watcher.close();
      if (Number.isNaN(writtenAt)) {
        throw new Error(`watch: edit ${edit} never reached ${module}\n${stdout}\n${stderr}`);
      }
      latencies.push(writtenAt - savedAt);
      await untilSummaries(before + 1);
    }
  } finally {
    child.kill('SIGINT');
    const code = await new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));
    for (const [file, text] of originals) {
      writeFileSync(file, text);
    }
    if (code !== 0) {
      log(`watch: toolgen --watch exited ${code} on SIGINT`);
    }
  }
  // the summary line of each cycle after the first: how many source files it analyzed again, and its duration
  const summaryLines = [...stdout.matchAll(/; (?:(\d+) source files? analyzed, )?\d+ files? written in (\d+) ms/g)].slice(1);
  const cycles = summaryLines.map((match) => Number(match[2]));
  const analyzed = summaryLines.map((match) => Number(match[1] ?? 0));
  const result = {
    tools,
    backend,
    latencies,
    median: median(latencies),
    p95: percentile(latencies, 95),
    firstEdits: latencies.slice(0, 3),
    analyzed,
    cycleMedian: median(cycles),
    cycleP95: percentile(cycles, 95),
  };
  log(
    `watch (${backend}) at ${tools} tools: save → module median ${result.median.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, first 3 edits ${result.firstEdits.map((value) => value.toFixed(0)).join(' / ')} ms; ` +
      `source files analyzed per edit ${[...new Set(analyzed)].join(', ')} (${analyzed.length} cycles)`,
  );
  return result;
}

/** Runs a bench script that prints its results as JSON, in a process of its own. */
async function scriptBench(script) {
  const { stdout } = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(bench, script)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (text) => (out += text));
    child.once('exit', (code) => (code === 0 ? resolve({ stdout: out }) : reject(new Error(`${script} exited ${code}`))));
  });
  return JSON.parse(stdout);
}

const validatorBench = () => scriptBench('validators.mjs');
const adapterBench = () => scriptBench('adapters.mjs');
const searchBench = () => scriptBench('search.mjs');

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    nproc: os.availableParallelism?.() ?? cpus.length,
    memoryGiB: os.totalmem() / 2 ** 30,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

const fixed = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mib = (kb) => `${(kb / 1024).toFixed(0)} MiB`;
const verdict = (ok) => (ok ? 'met' : '**not met**');

/**
 * Bytes per tool of the generated modules on the typecheck corpus (50 toolsets of 20 tools) before issue 13's first
 * change: `toolgen` built at eb95c96^ run on this corpus (bench/corpus.mjs as of 18616b4). Target 5 is half of it.
 */
const bytesPerToolBefore = 20050;
/** Issue 26's target for the same measure: about half of what issue 13 left (9,325). */
const bytesPerToolTarget = 4700;

/** The targets of issues 13 and 26 (0 and 5 are issue 26's), one row each: what was measured in this run, the target, met or not. */
function targetRows({ cold, watch, watch5000, watchTs7, startup, validators, eslint, typecheck }) {
  const rows = [];
  const at = (tools) => cold.find((entry) => entry.tools === tools);
  const checkAt = (tools) => typecheck?.find((entry) => entry.tools === tools);
  const sizes = [1000, 5000];
  const both = (pick) => sizes.map((tools) => pick(tools)).filter((value) => value !== undefined);
  const list = (values) => values.map((value) => fixed(value)).join(' / ');
  if (typecheck !== undefined && typecheck.length > 0) {
    const cpu = both((tools) => checkAt(tools)?.ratios.cpu);
    const wall = both((tools) => checkAt(tools)?.ratios.wall);
    const rss = both((tools) => checkAt(tools)?.ratios.rss);
    rows.push([
      '0',
      `\`tsc --noEmit\` with the generated modules ÷ without, at ${typecheck.map((entry) => entry.tools).join(' / ')} tools: CPU ${list(cpu)}, wall ${list(wall)}; peak memory ${list(rss)}`,
      '≤ 1.3 (time and memory)',
      verdict([...cpu, ...rss].every((value) => value <= 1.3)),
    ]);
  }
  const coldTsc = both((tools) => at(tools)?.ratios.tsc);
  const coldTsjsg = both((tools) => at(tools)?.ratios.tsjsg);
  rows.push(['1', `cold toolgen ÷ \`tsc --noEmit\` at 1000 / 5000 tools: ${list(coldTsc)}; ÷ ts-json-schema-generator: ${list(coldTsjsg)} (wall)`, '≤ 1.0 and ≤ 1.0', verdict([...coldTsc, ...coldTsjsg].every((value) => value <= 1))]);
  const rss5000 = at(5000)?.ratios.rss;
  if (rss5000 !== undefined) {
    rows.push(['2', `peak memory toolgen ÷ tsc at 5000 tools: ${fixed(rss5000)}`, '≤ 1.2', verdict(rss5000 <= 1.2)]);
  }
  const analyzed = watch.analyzed === undefined ? '' : `; source files analysed per edit: ${[...new Set(watch.analyzed)].join(', ')}`;
  rows.push(['3', `watch, save → module on disk at 1000 tools, ${watch.latencies.length} edits: median ${fixed(watch.median, 0)} ms, p95 ${fixed(watch.p95, 0)} ms, first three ${watch.latencies.slice(0, 3).map((value) => fixed(value, 0)).join(', ')} ms${analyzed}`, 'p95 ≤ 100 ms', verdict(watch.p95 <= 100)]);
  if (watch5000 !== undefined) {
    rows.push(['3b', `watch, save → module on disk at 5000 tools, ${watch5000.latencies.length} edits: median ${fixed(watch5000.median, 0)} ms, p95 ${fixed(watch5000.p95, 0)} ms (the watcher's cycle to the manifest written: median ${fixed(watch5000.cycleMedian, 0)} ms, p95 ${fixed(watch5000.cycleP95, 0)} ms)`, 'p95 ≤ 100 ms (issue 30)', verdict(watch5000.p95 <= 100)]);
  }
  if (eslint !== undefined) {
    const { cpu, wall } = eslint.ratios;
    rows.push(['4', `typed ESLint run with the plugin's \`recommended\` ÷ \`recommendedTypeChecked\` alone: CPU ${fixed(cpu)}, wall ${fixed(wall)}`, '≤ 1.15', verdict(cpu <= 1.15 && wall <= 1.15)]);
  }
  const bytes = typecheck?.[0]?.bytesPerTool;
  if (bytes !== undefined) {
    rows.push(['5', `generated bytes per tool: ${bytes} (before issue 13: ${bytesPerToolBefore}; ${fixed((100 * bytes) / bytesPerToolBefore, 1)} %)`, `≤ ${bytesPerToolTarget} (issue 26)`, verdict(bytes <= bytesPerToolTarget)]);
  }
  const v = validators.results;
  rows.push(['6', `validation of invalid arguments, generated ÷ ajv: ${fixed(v.generated.invalid / v.ajv.invalid)} (valid: ${fixed(v.generated.valid / v.ajv.valid)})`, '≤ 1.0', verdict(v.generated.invalid <= v.ajv.invalid)]);
  const ts7 = both((tools) => at(tools)?.ratios.ts7);
  rows.push(['7', `\`--backend ts7\` ÷ \`--backend ts6\`, cold, at 1000 / 5000 tools: ${list(ts7)} (wall)`, '≤ 0.5 (issue 30)', verdict(ts7.every((value) => value <= 0.5))]);
  for (const entry of watchTs7 ?? []) {
    rows.push([
      entry.tools === 1000 ? '8' : '8b',
      `watch with \`--backend ts7\`, save → module on disk at ${entry.tools} tools, ${entry.latencies.length} edits: median ${fixed(entry.median, 0)} ms, p95 ${fixed(entry.p95, 0)} ms`,
      'p95 ≤ 100 ms (issue 30)',
      verdict(entry.p95 <= 100),
    ]);
  }
  if (startup !== undefined) {
    rows.push(['9', `start-up, toolgen ÷ \`tsc --noEmit\` on an empty project: wall ${fixed(startup.ratios.wall)}, CPU ${fixed(startup.ratios.cpu)}, peak memory ${fixed(startup.ratios.rss)}`, '(issue 30: measured)', '']);
  }
  return ['| # | measured in this run | target | |', '|---|---|---|---|', ...rows.map((row) => `| ${row.join(' | ')} |`)];
}

function report({ startup, cold, profile, watch, watch5000, watchTs7, validators, adapters, mcpHttp, bundler, search, eslint, typecheck, loadBefore, loadAfter, durationMs }) {
  const m = machine();
  const at = (tools) => cold.find((entry) => entry.tools === tools);
  const v = validators.results;
  const ratio = (a, b) => a / b;
  const lines = [];
  lines.push('# Benchmark results', '');
  lines.push(
    `Written by \`npm run bench\` (bench/run.mjs) on ${new Date().toISOString().slice(0, 10)}; the whole run took ${seconds(durationMs)}. ` +
      'Every ratio compares runs made in this same run, interleaved, so machine load affects both sides alike. Lower is better for toolgen.',
    '',
  );
  lines.push('## The targets (issues 13, 26 and 30)', '');
  lines.push(...targetRows({ cold, watch, watch5000, watchTs7, startup, validators, eslint, typecheck }), '');
  lines.push('## Summary', '');
  lines.push(`| measure | ${cold.map((entry) => `${entry.tools} tools`).join(' | ')} | target | |`);
  lines.push(`|---|${cold.map(() => '---|').join('')}---|---|`);
  const row = (label, pick, target, ok) => `| ${label} | ${cold.map((entry) => fixed(pick(entry))).join(' | ')} | ${target} | ${ok} |`;
  const big = [at(1000), at(5000)].filter((entry) => entry !== undefined);
  lines.push(row('cold toolgen ÷ `tsc --noEmit`, wall time', (entry) => entry.ratios.tsc, '≤ 1.0 at 1000 and 5000', verdict(big.every((entry) => entry.ratios.tsc <= 1))));
  lines.push(row('cold toolgen ÷ `tsc --noEmit`, CPU time', (entry) => entry.ratios.tscCpu, '(for reference)', ''));
  lines.push(row('cold toolgen ÷ ts-json-schema-generator, wall time', (entry) => entry.ratios.tsjsg, '(for reference)', ''));
  lines.push(row('peak memory toolgen ÷ tsc', (entry) => entry.ratios.rss, '≤ 1.2', verdict(big.every((entry) => entry.ratios.rss <= 1.2))));
  const at1000 = (text) => cold.map((entry) => (entry.tools === 1000 ? text : '')).join(' | ');
  lines.push(
    `| watch: save → module on disk (1000 tools, ${watch.latencies.length} edits, the first included) | ${at1000(`median ${fixed(watch.median, 0)} ms, p95 ${fixed(watch.p95, 0)} ms`)} | p95 ≤ 100 ms | ${verdict(watch.p95 <= 100)} |`,
  );
  const validOk = v.generated.valid <= 1.5 * v.handWritten.valid && v.generated.valid < v.ajv.valid && v.generated.valid < v.zod.valid;
  const invalidOk = v.generated.invalid <= 2 * v.handWritten.invalid && v.generated.invalid < v.ajv.invalid && v.generated.invalid < v.zod.invalid;
  lines.push(
    `| validation, valid arguments: generated ÷ hand-written / ÷ ajv / ÷ zod | ${at1000(`${fixed(ratio(v.generated.valid, v.handWritten.valid))} / ${fixed(ratio(v.generated.valid, v.ajv.valid))} / ${fixed(ratio(v.generated.valid, v.zod.valid))}`)} | ≤ 1.5 / < 1 / < 1 | ${verdict(validOk)} |`,
  );
  lines.push(
    `| validation, invalid arguments: generated ÷ hand-written / ÷ ajv / ÷ zod | ${at1000(`${fixed(ratio(v.generated.invalid, v.handWritten.invalid))} / ${fixed(ratio(v.generated.invalid, v.ajv.invalid))} / ${fixed(ratio(v.generated.invalid, v.zod.invalid))}`)} | ≤ 2 / < 1 / < 1 | ${verdict(invalidOk)} |`,
  );
  if (adapters !== undefined) {
    lines.push(
      `| AI SDK adapter: calls/s through \`toAISDKTools\` (validate + execute) ÷ bare \`invoke\`, wall / CPU time | ${at1000(`${fixed(adapters.wall.ratio)} / ${fixed(adapters.cpu.ratio)}`)} | ≥ 0.9 | ${verdict(adapters.wall.ratio >= 0.9)} |`,
    );
  }
  lines.push('');

  lines.push('## Machine and versions', '');
  lines.push(`- CPU: ${m.cpu}; \`nproc\`: ${m.nproc}; memory: ${fixed(m.memoryGiB, 1)} GiB; ${m.platform}; Node.js ${m.node}`);
  lines.push(`- load average (1, 5, 15 min) at start: ${loadBefore.map((value) => fixed(value)).join(', ')}; at end: ${loadAfter.map((value) => fixed(value)).join(', ')}`);
  lines.push(
    `- toolgen ${version('@toolgen/generator')} (ts-morph ${version('ts-morph')}, bundling TypeScript ${require('ts-morph').ts.version}), ` +
      `tsc: TypeScript ${version('typescript')} (run by path), ts-json-schema-generator ${version('ts-json-schema-generator')}, ajv ${version('ajv')}, zod ${version('zod')}, chokidar ${version('chokidar')}`,
  );
  lines.push(`- peak memory and CPU time from ${existsSync('/usr/bin/time') ? '`/usr/bin/time`' : '`process.resourceUsage()` in a wrapper'}; wall time from the parent process`);
  lines.push('');

  if (startup !== undefined) {
    const s = startup;
    lines.push('## Start-up (issue 30)', '');
    lines.push(
      `What toolgen costs before it analyses any tool (bench/startup.mjs): a project of one source file and no toolset (\`lib: ES2022\`), generated by toolgen and checked by \`tsc --noEmit\`, ` +
        `${s.runs} interleaved rounds after one to warm the file cache; \`toolgen --version\` loads the CLI and nothing else; an empty script is Node's own start. Medians.` +
        (s.separate === undefined ? '' : ` Measured on its own (\`node bench/run.mjs --only startup\`), ${s.separate}.`),
      '',
      '| command | wall time | CPU time | peak RSS |',
      '|---|---|---|---|',
      ...Object.keys(s.wallMs).map((name) => `| ${name === 'node' ? 'node (an empty script)' : name === 'toolgen' ? 'toolgen on the empty project' : name === 'tsc' ? 'tsc --noEmit on the empty project' : `\`${name}\``} | ${seconds(s.wallMs[name])} | ${seconds(s.cpuMs[name])} | ${mib(s.maxRssKb[name])} |`),
      '',
      `toolgen ÷ tsc on the empty project, medians of per-round ratios: wall ${fixed(s.ratios.wall)}, CPU ${fixed(s.ratios.cpu)}, peak memory ${fixed(s.ratios.rss)}.`,
      '',
      ...(s.mcpLaterStart === undefined
        ? []
        : [
            '`toolgen mcp -p examples/tickets` until it reads stdin (closed, so it exits): the first start transpiles the modules into `node_modules/.cache/toolgen/mcp`, ' +
              `a later one imports that copy without loading TypeScript (issue 32). Later ÷ first, medians of per-round ratios: wall ${fixed(s.mcpLaterStart.wall)}, CPU ${fixed(s.mcpLaterStart.cpu)}.`,
            '',
          ]),
    );
  }

  lines.push('## Cold generation', '');
  lines.push(
    'The corpus (bench/corpus.mjs, seeded) is N toolset files of 10 tools each, sharing model files that use every SPEC §3 construct ' +
      '(string enums and numeric enums, literal unions, arrays, readonly arrays, named tuples, interfaces, aliases, data classes, optional and `| undefined` members, ' +
      '`| null`, `Record` and index signatures, discriminated unions, intersections, `Page<T>`, `Pick/Omit/Partial/Required/Readonly`, a recursive tree, `Date`, ' +
      '`unknown`/`any`, and the TSDoc tags), with settings, injected services and signals, destructured parameters, and method bodies that do a little real work. ' +
      'The tsconfig is the bundled example\'s (strict, `lib: ES2022 + DOM`). Each measured toolgen run starts from a project without generated files; ' +
      'ts-json-schema-generator runs once per size with `--type "*"` over one exported interface per tool (schema-args/, the same parameter types and docs) with ' +
      '`--no-type-check`, which is its fastest mode. Medians of the runs below; ratios are medians of per-run ratios.',
    '',
  );
  lines.push('| tools | runs | tsc --noEmit | toolgen | ts-json-schema-generator | tsc peak RSS | toolgen peak RSS | tsjsg peak RSS | tsc CPU | toolgen CPU |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|');
  const spread = (entry, key, name, format) => (entry[key] === undefined ? '' : ` (${entry[key][name].map(format).join('–')})`);
  const secondsShort = (ms) => (ms / 1000).toFixed(2);
  const mibShort = (kb) => (kb / 1024).toFixed(0);
  for (const entry of cold) {
    lines.push(
      `| ${entry.tools} | ${entry.runs} | ${seconds(entry.wall.tsc)}${spread(entry, 'wallRange', 'tsc', secondsShort)} | ${seconds(entry.wall.toolgen)}${spread(entry, 'wallRange', 'toolgen', secondsShort)} | ` +
        `${seconds(entry.wall.tsjsg)} (${entry.tsjsgDefinitions} definitions) | ` +
        `${mib(entry.rss.tsc)}${spread(entry, 'rssRange', 'tsc', mibShort)} | ${mib(entry.rss.toolgen)}${spread(entry, 'rssRange', 'toolgen', mibShort)} | ${mib(entry.rss.tsjsg)} | ` +
        `${seconds(entry.cpu.tsc)} | ${seconds(entry.cpu.toolgen)} |`,
    );
  }
  lines.push('', 'In parentheses: the fastest and slowest run, the smallest and largest peak. Peak memory varies from run to run with when V8 happens to run a full garbage collection.', '');
  if (cold.every((entry) => entry.wall['toolgen-ts7'] !== undefined)) {
    lines.push(
      '### The two backends',
      '',
      'The same cold generation with `--backend ts6` (the default, ts-morph\'s TypeScript 6) and `--backend ts7` (TypeScript 7.1\'s JavaScript API, experimental), ' +
        'interleaved with the runs above. Wall time is the measure: the TypeScript 7 backend\'s checker runs in a `tsgo` child process. ' +
        `Outputs: ${cold.every((entry) => entry.ts7Identical) ? 'byte-identical at every size (`--backend ts7 --check` after a ts6 generation exits 0)' : `different at ${cold.filter((entry) => !entry.ts7Identical).map((entry) => entry.tools).join(', ')} tools`}.`,
      '',
      '| tools | toolgen --backend ts6 | toolgen --backend ts7 | ts7 ÷ ts6 | ts7 ÷ tsc |',
      '|---|---|---|---|---|',
    );
    for (const entry of cold) {
      lines.push(
        `| ${entry.tools} | ${seconds(entry.wall.toolgen)}${spread(entry, 'wallRange', 'toolgen', secondsShort)} | ${seconds(entry.wall['toolgen-ts7'])}${spread(entry, 'wallRange', 'toolgen-ts7', secondsShort)} | ${fixed(entry.ratios.ts7, 2)} | ${fixed(entry.ratios.ts7Tsc, 2)} |`,
      );
    }
    lines.push('');
  }

  lines.push('## Where a cold run spends its time (1000 tools, `node --cpu-prof`)', '');
  lines.push(`One more cold toolgen run, profiled (${seconds(profile.wall)} under the profiler). Self time by area:`, '');
  lines.push('| area | self time | share |', '|---|---|---|');
  const profiled = profile.categories.reduce((sum, [, ms]) => sum + ms, 0);
  for (const [name, ms] of profile.categories) {
    lines.push(`| ${name} | ${fixed(ms, 0)} ms | ${fixed((100 * ms) / profiled, 0)} % |`);
  }
  lines.push('', 'Inclusive time of the main steps:', '', '| function | total |', '|---|---|');
  for (const [name, ms] of profile.inclusive) {
    lines.push(`| \`${name}\` | ${fixed(ms, 0)} ms |`);
  }
  lines.push('', 'Top functions by self time:', '', '| function | self |', '|---|---|');
  for (const [name, ms] of profile.topSelf) {
    lines.push(`| \`${name}\` | ${fixed(ms, 0)} ms |`);
  }
  lines.push('');

  lines.push('## Watch mode', '');
  lines.push(
    `\`toolgen --watch\` on the 1000-tool corpus, ${watch.latencies.length} edits of one toolset file each (its display name), one at a time: ` +
      'the time from the write of the source to the moment the regenerated module, with the edit in it, is on disk (seen through `fs.watch` on its folder), ' +
      'the first edit made as soon as the watcher prints its first summary. ' +
      `It includes the watcher's 10 ms debounce. Median ${fixed(watch.median, 0)} ms, p95 ${fixed(watch.p95, 0)} ms; ` +
      `the first three edits ${(watch.firstEdits ?? []).map((value) => fixed(value, 0)).join(', ')} ms ` +
      `(the watcher's own cycle, from the end of the debounce to the manifest written: median ${fixed(watch.cycleMedian, 0)} ms, p95 ${fixed(watch.cycleP95, 0)} ms).`,
    '',
    `All latencies (ms): ${watch.latencies.map((value) => fixed(value, 0)).join(', ')}.`,
    '',
    `Source files analyzed again per edit (from each cycle's summary line): ${(watch.analyzed ?? []).join(', ') || 'n/a'} ` +
      '(an edited toolset file is imported by no other file: 1 is the target).',
    '',
  );
  if (watch5000 !== undefined) {
    lines.push(
      `The same at 5000 tools (${watch5000.latencies.length} edits${watch5000.separate === undefined ? '' : `; measured on its own, \`node bench/run.mjs --only watch5000\`, ${watch5000.separate}`}): ` +
        `save → module on disk median ${fixed(watch5000.median, 0)} ms, p95 ${fixed(watch5000.p95, 0)} ms; the watcher's cycle to the manifest written median ${fixed(watch5000.cycleMedian, 0)} ms, p95 ${fixed(watch5000.cycleP95, 0)} ms.`,
      '',
      `All latencies (ms): ${watch5000.latencies.map((value) => fixed(value, 0)).join(', ')}.`,
      '',
    );
  }

  for (const ts7 of watchTs7 ?? []) {
    lines.push(
      `With \`--backend ts7\` at ${ts7.tools} tools (${ts7.latencies.length} edits; the program refreshed through TypeScript 7's API snapshots): ` +
        `save → module on disk median ${fixed(ts7.median, 0)} ms, p95 ${fixed(ts7.p95, 0)} ms; the watcher's cycle median ${fixed(ts7.cycleMedian, 0)} ms, p95 ${fixed(ts7.cycleP95, 0)} ms; ` +
        `source files analyzed per edit ${[...new Set(ts7.analyzed ?? [])].join(', ')}.`,
      '',
    );
  }

  lines.push('## Validation', '');
  lines.push(
    'One representative tool (bench/validators.mjs): a nested object with a string enum, a literal union, length bounds, a pattern, an e-mail format, ' +
      'an array with a bound, an optional integer with bounds, a nullable member and a boolean. Its generated validator (the `validate` of the module toolgen ' +
      'writes, compiled to JavaScript), a hand-written validator with the same contract (every problem, JSON Pointers, a fresh value), ajv ' +
      `${version('ajv')} compiled from the canonical schema with \`allErrors\`, and zod ${version('zod')} \`safeParse\`. The invalid arguments have ` +
      `${v.generated.problemsReported} problems; each validator reports them all. Median ns per call of 7 timed rounds after a warm-up.`,
    '',
  );
  lines.push('| validator | valid arguments | invalid arguments | problems reported |', '|---|---|---|---|');
  for (const name of ['generated', 'handWritten', 'ajv', 'zod']) {
    lines.push(`| ${name} | ${fixed(v[name].valid, 0)} ns | ${fixed(v[name].invalid, 0)} ns | ${v[name].problemsReported} |`);
  }
  lines.push('');
  if (adapters !== undefined) {
    const { wall, cpu } = adapters;
    lines.push('## AI SDK adapter', '');
    lines.push(
      `The representative tool, without its approval, through \`toAISDKTools\` (bench/adapters.mjs): its input schema's \`validate\`, as ai ${version('ai')} runs it ` +
        `when it parses a call, then \`execute\`, against \`invoke\` on the same arguments; ${adapters.rounds} interleaved rounds, ratios are medians of per-round ratios. ` +
        `Wall time: bare \`invoke\` ${fixed(wall.invokeCallsPerSecond, 0)} calls/s, through the adapter ${fixed(wall.aiSdkCallsPerSecond, 0)} calls/s, ratio ${fixed(wall.ratio)} ` +
        `(per round ${fixed(wall.ratioRange[0])}–${fixed(wall.ratioRange[1])}); CPU time: ${fixed(cpu.invokeCallsPerSecond, 0)} and ${fixed(cpu.aiSdkCallsPerSecond, 0)} calls/s, ratio ${fixed(cpu.ratio)}.`,
      '',
    );
  }
  if (mcpHttp !== undefined) {
    lines.push('## MCP over Streamable HTTP (issue 29)', '');
    lines.push(
      `\`toolgen mcp -p examples/tickets --http 0 --auth-token-env …\` on loopback (bench/mcpHttp.mjs): ${mcpHttp.sessions} sessions at once, each the MCP SDK's own Client over ` +
        `StreamableHTTPClientTransport with the bearer token, making ${mcpHttp.callsPerSession} calls of \`get_ticket\` one after another, then one of \`close_ticket\`, which needs ` +
        `an approval these clients cannot give. ${mcpHttp.calls} calls in ${fixed(mcpHttp.seconds, 1)} s (${fixed(mcpHttp.callsPerSecond, 0)} calls/s): latency p50 ${fixed(mcpHttp.p50Ms, 1)} ms, ` +
        `p99 ${fixed(mcpHttp.p99Ms, 1)} ms, max ${fixed(mcpHttp.maxMs, 1)} ms; ${mcpHttp.errors} errors; calls of the approval tool that ran without a decision: ${mcpHttp.approvalRunsWithoutDecision}. ` +
        'The clients run in the benchmark process and the server in its own: both on this machine.',
      '',
    );
  }
  if (bundler !== undefined) {
    lines.push(...bundlerReport(bundler));
  }
  if (search !== undefined) {
    const { search: q, tokens: t } = search;
    lines.push('## Tool search and token counts', '');
    lines.push(
      `search_tools on the labelled set of packages/runtime/test/search/catalogue.ts (bench/search.mjs): ${q.queries} queries over ${q.tools} tools; ` +
        'recall@5 counts a query when a relevant tool is among the first five, MRR is the mean reciprocal rank of the first relevant tool.',
      '',
      '| matcher | recall@5 | MRR | queries missed |',
      '|---|---|---|---|',
      `| lexical (\`matchTools\`, before) | ${fixed(q.lexical.recallAt5)} | ${fixed(q.lexical.mrr)} | ${q.lexical.misses} |`,
      `| BM25 without the synonym table | ${fixed(q.bm25NoSynonyms.recallAt5)} | ${fixed(q.bm25NoSynonyms.mrr)} | ${q.bm25NoSynonyms.misses} |`,
      `| BM25 (\`ToolSearchIndex\`, what search_tools uses) | ${fixed(q.bm25.recallAt5)} | ${fixed(q.bm25.mrr)} | ${q.bm25.misses} |`,
      '',
      `Token counting (o200k_base, caches empty) of the ${t.tools}-tool corpus: ${fixed(t.countMs, 0)} ms, ${fixed(100 * t.share, 1)} % of its in-process generation ` +
        `(${seconds(t.generateMs)}, which includes it); target under 5 %: ${verdict(t.share < 0.05)}.`,
      '',
    );
  }
  if (eslint !== undefined) {
    lines.push(...eslintReport(eslint));
  }
  // the profile notes: NOTES.md, then one file per topic in notes/ (each target's profile and what was done)
  const notesFolder = path.join(bench, 'notes');
  const noteFiles = [path.join(bench, 'NOTES.md'), ...(existsSync(notesFolder) ? readdirSync(notesFolder).filter((name) => name.endsWith('.md')).sort().map((name) => path.join(notesFolder, name)) : [])];
  for (const notes of noteFiles.filter((file) => existsSync(file))) {
    lines.push(readFileSync(notes, 'utf8').trim(), '');
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv.includes('--report-only')) {
  // re-renders RESULTS.md from the last run's numbers (bench/.work/results.json)
  writeFileSync(path.join(bench, 'RESULTS.md'), report(JSON.parse(readFileSync(path.join(work, 'results.json'), 'utf8'))));
  process.exit(0);
}
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
// --only typecheck: what the generated modules add to tsc --noEmit of the corpus (bench/typecheck.mjs), at 1000 tools (and 5000 unless quick)
if (only === 'typecheck') {
  const { typecheckBench } = await import('./typecheck.mjs');
  const results = [];
  for (const tools of quick ? [1000] : [1000, 5000]) {
    results.push(await typecheckBench({ tools, runs: 3, log }));
  }
  console.log(JSON.stringify(results, null, 2));
  process.exit(0);
}
if (only !== undefined) {
  // one part alone, printed as JSON (RESULTS.md is only written by a full run): cold, profile, watch, validators, adapters, bundler, eslint
  const parts = { startup: () => startupBench({ runs: quick ? 3 : 7, log }), cold: async () => Promise.all(sizes.map(coldRuns)), profile: profileCold, watch: () => watchLatency(1000), watch5000: () => watchLatency(5000), watchTs7: async () => [await watchLatency(1000, 'ts7'), await watchLatency(5000, 'ts7')], validators: validatorBench, adapters: adapterBench, search: searchBench, bundler: () => bundlerBench({ runs: quick ? 1 : 3, log }), eslint: () => eslintBench({ runs: quick ? 1 : 3, log }) };
  if (!existsSync(path.join(work, 'c1000'))) {
    writeCorpus({ dir: path.join(work, 'c1000'), toolsets: 100, toolsPerToolset: 10 });
  }
  console.log(JSON.stringify(await parts[only](), null, 2));
  process.exit(0);
}
const loadBefore = os.loadavg();
log(`machine: ${JSON.stringify(machine())}, load ${loadBefore.map((value) => value.toFixed(2)).join(' ')}`);
log('start-up: an empty project');
const startup = await startupBench({ runs: quick ? 3 : 7, log });
const cold = [];
for (const size of sizes) {
  log(`cold runs at ${size.tools} tools`);
  cold.push(await coldRuns(size));
}
log('profiling one cold run at 1000 tools');
const profile = await profileCold();
log('watch latency at 1000 tools');
const watchResult = await watchLatency(1000);
log('watch latency at 5000 tools');
const watch5000 = quick ? undefined : await watchLatency(5000);
log('watch latency with --backend ts7 at 1000 (and 5000) tools');
const watchTs7 = [await watchLatency(1000, 'ts7'), ...(quick ? [] : [await watchLatency(5000, 'ts7')])];
log('validators');
const validators = await validatorBench();
log('AI SDK adapter');
const adapters = await adapterBench();
log('MCP over Streamable HTTP: 50 sessions × 100 calls');
const mcpHttp = await mcpHttpBench({ sessions: 50, callsPerSession: quick ? 20 : 100, log });
log('tool search quality and token counting');
const search = await searchBench();
log('vite build of the 1000-tool corpus, with the modules on disk and with the bundler plugin');
const bundler = await bundlerBench({ runs: quick ? 1 : 3, log });
log('typed ESLint run of the 1000-tool corpus, without and with the toolgen plugin');
const eslint = await eslintBench({ runs: quick ? 1 : 3, log });
log('tsc --noEmit of the corpus without and with the generated modules, at 1000 and 5000 tools');
const { typecheckBench } = await import('./typecheck.mjs');
const typecheck = [];
for (const [tools, runs] of quick ? [[1000, 1]] : [[1000, 3], [5000, 2]]) {
  typecheck.push(await typecheckBench({ tools, runs, log }));
}
const results = { startup, cold, profile, watch: watchResult, watch5000, watchTs7, validators, adapters, mcpHttp, bundler, search, eslint, typecheck, loadBefore, loadAfter: os.loadavg(), durationMs: performance.now() - started };
writeFileSync(path.join(work, 'results.json'), JSON.stringify(results, null, 2));
writeFileSync(path.join(bench, 'RESULTS.md'), report(results));
log(`done in ${seconds(performance.now() - started)}; wrote bench/RESULTS.md`);
