// What the ESLint plugin adds to a typed lint run (issue 13, target 4): ESLint 10 (the repo's `eslint`, by
// API) over the 1000-tool bench corpus with its generated modules, typed linting (`projectService`):
// baseline = typescript-eslint's `recommendedTypeChecked`, with = the same plus `@toolgen/eslint-plugin`'s
// `recommended`. Each lint is a fresh process (as CI and `npx eslint` run); rounds rotate the order;
// medians of wall and CPU time, ratios are medians of per-round ratios. Lints every `.ts` file of src/
// except the generated modules, which the program holds but `globalIgnores(['**/*.tools.ts'])` leaves
// out (the plugin README's option): their type-aware rules cost ~3x the rest today (what issue 13's
// target 0 is about), which would hide the plugin's share. BENCH_ESLINT_GENERATED=1 lints them too.
//   node bench/eslint.mjs            (rounds: BENCH_ESLINT_RUNS, default 5)
// Prints JSON; run.mjs --only eslint runs it the same way, and the full run puts it in RESULTS.md.
//   node bench/eslint.mjs --lint <none|plugin specifier> <dir> [--generated] [--stats]   one lint, reported as JSON (what each round runs;
//   under `node --cpu-prof` it is the profile of one lint)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCorpus } from './corpus.mjs';
import { measureNode } from './measure.mjs';

const bench = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(bench, '..');
const self = fileURLToPath(import.meta.url);
const toolgenScript = path.join(repo, 'packages/generator/bin/toolgen.js');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** One lint of `dir` in this process: the flat config of `side`, every `.ts` file of src/. */
async function lintOnce(plugin, dir, { withGenerated = false, stats = false } = {}) {
  const { ESLint } = await import('eslint');
  const { default: tseslint } = await import('typescript-eslint');
  const config = [
    ...(withGenerated ? [] : [{ ignores: ['**/*.tools.ts'] }]),
    ...tseslint.configs.recommendedTypeChecked,
    { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: dir } } },
  ];
  if (plugin !== 'none') {
    const { default: toolgen } = await import(plugin);
    config.push(...toolgen.configs.recommended);
  }
  const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: config, stats });
  const started = performance.now();
  const results = await eslint.lintFiles(['src/**/*.ts']);
  const messages = results.flatMap((result) => result.messages);
  const fatal = messages.filter((message) => message.fatal || message.ruleId === null);
  if (fatal.length > 0) {
    throw new Error(`eslint: ${fatal.length} fatal messages, the first: ${fatal[0].message}`);
  }
  const byPlugin = (toolgen) => messages.filter((message) => message.ruleId.startsWith('@toolgen/') === toolgen).length;
  const lintMs = performance.now() - started;
  const counts = { files: results.length, lintMs, messages: byPlugin(false), toolgenMessages: byPlugin(true) };
  if (!stats) {
    return counts;
  }
  // ESLint's own timing (the `stats` option): parsing (typescript-eslint's program included) and each rule, per file
  const times = { parseMs: 0, toolgenRulesMs: 0, otherRulesMs: 0 };
  for (const pass of results.flatMap((result) => result.stats?.times.passes ?? [])) {
    times.parseMs += pass.parse?.total ?? 0;
    for (const [ruleId, { total }] of Object.entries(pass.rules ?? {})) {
      times[ruleId.startsWith('@toolgen/') ? 'toolgenRulesMs' : 'otherRulesMs'] += total;
    }
  }
  return { ...counts, ...times };
}

async function lint(side, dir, stats = false) {
  const result = await measureNode(self, ['--lint', pluginOf[side], dir, ...(withGenerated ? ['--generated'] : []), ...(stats ? ['--stats'] : [])], { cwd: dir });
  if (result.code !== 0) {
    throw new Error(`eslint (${side}) failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  return { ...result, ...JSON.parse(result.stdout) };
}

/** The corpus in bench/.work/eslint<tools> with its generated modules. */
async function prepare(tools, toolsPerToolset) {
  const dir = path.join(bench, '.work', `eslint${tools}`);
  writeCorpus({ dir, toolsets: Math.ceil(tools / toolsPerToolset), toolsPerToolset });
  const result = await measureNode(toolgenScript, ['-p', dir], { cwd: dir });
  if (result.code !== 0) {
    throw new Error(`toolgen failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  return dir;
}

/**
 * What each side loads: nothing, or the plugin as a config imports it. BENCH_ESLINT_BEFORE=<file> adds a
 * side "before", another build of the plugin (an earlier commit's dist), to compare in the same run.
 */
const withGenerated = process.env.BENCH_ESLINT_GENERATED === '1';
const pluginOf = { baseline: 'none', with: '@toolgen/eslint-plugin', ...(process.env.BENCH_ESLINT_BEFORE ? { before: path.resolve(process.env.BENCH_ESLINT_BEFORE) } : {}) };

/** Lints at one size, every side once per round, the order rotating from round to round. */
export async function eslintBench({ tools = 1000, toolsPerToolset = 10, runs = 5, log = () => {} } = {}) {
  const dir = await prepare(tools, toolsPerToolset);
  // untimed, with ESLint's per-rule timing (which would slow the measured runs): the files in the OS cache for every measured run
  const timed = await lint('with', dir, true);
  const sides = Object.keys(pluginOf);
  const samples = Object.fromEntries(sides.map((side) => [side, []]));
  for (let round = 0; round < runs; round++) {
    const order = sides.map((_, offset) => sides[(round + offset) % sides.length]);
    for (const side of order) {
      samples[side].push(await lint(side, dir));
    }
    log(`eslint ${tools} tools, round ${round + 1}/${runs}: ${sides.map((side) => `${side} ${(samples[side].at(-1).wallMs / 1000).toFixed(2)} s (CPU ${(samples[side].at(-1).cpuMs / 1000).toFixed(2)} s)`).join(', ')}`);
  }
  const stat = (side, key) => median(samples[side].map((sample) => sample[key]));
  const perRound = (side, key) => samples[side].map((sample, index) => sample[key] / samples.baseline[index][key]);
  const ratios = (side) => ({
    wall: median(perRound(side, 'wallMs')),
    cpu: median(perRound(side, 'cpuMs')),
    rss: median(perRound(side, 'maxRssKb')),
    wallRange: [Math.min(...perRound(side, 'wallMs')), Math.max(...perRound(side, 'wallMs'))],
    cpuRange: [Math.min(...perRound(side, 'cpuMs')), Math.max(...perRound(side, 'cpuMs'))],
  });
  const side = (name) => ({
    wallMs: stat(name, 'wallMs'),
    cpuMs: stat(name, 'cpuMs'),
    maxRssKb: stat(name, 'maxRssKb'),
    lintMs: stat(name, 'lintMs'),
    messages: samples[name][0].messages,
    toolgenMessages: samples[name][0].toolgenMessages,
  });
  return {
    tools,
    generatedLinted: withGenerated,
    toolsets: Math.ceil(tools / toolsPerToolset),
    files: samples.with[0].files,
    runs,
    ...Object.fromEntries(sides.map((name) => [name, side(name)])),
    ratios: ratios('with'),
    // where the lint's own time went, in the one run with ESLint's stats (wall time inside the process)
    stats: { lintMs: timed.lintMs, parseMs: timed.parseMs, toolgenRulesMs: timed.toolgenRulesMs, otherRulesMs: timed.otherRulesMs },
    ...(samples.before === undefined ? {} : { beforeRatios: ratios('before') }),
  };
}

/** The report section of RESULTS.md. */
export function eslintReport(result) {
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const percent = (ratio) => `${ratio >= 1 ? '+' : ''}${(100 * (ratio - 1)).toFixed(1)} %`;
  const row = (label, side) =>
    `| ${label} | ${seconds(side.wallMs)} | ${seconds(side.cpuMs)} | ${(side.maxRssKb / 1024).toFixed(0)} MiB | ${side.messages} / ${side.toolgenMessages} |`;
  const added = (ratios) =>
    `${percent(ratios.wall)} wall time (per round ${percent(ratios.wallRange[0])} to ${percent(ratios.wallRange[1])}) and ${percent(ratios.cpu)} CPU time ` +
    `(${percent(ratios.cpuRange[0])} to ${percent(ratios.cpuRange[1])})`;
  const { ratios } = result;
  return [
    '## ESLint plugin',
    '',
    `A typed lint (ESLint 10 by API, \`parserOptions.projectService\`) of the ${result.tools}-tool corpus (${result.toolsets} toolsets; bench/eslint.mjs): ` +
      `${result.files} files, ${result.generatedLinted ? 'the generated modules included' : 'every source, the generated modules left out by `globalIgnores` (the program still holds them)'}; ` +
      `each lint a fresh process, ${result.runs} rounds in rotating order; ratios are medians of per-round ratios. ` +
      'Baseline: typescript-eslint\'s `recommendedTypeChecked`; with: the same plus `@toolgen/eslint-plugin`\'s `recommended`.',
    '',
    '| | wall | CPU | peak RSS | messages (typescript-eslint / toolgen) |',
    '|---|---|---|---|---|',
    row('`recommendedTypeChecked`', result.baseline),
    row('+ toolgen `recommended`', result.with),
    ...(result.before === undefined ? [] : [row('+ toolgen `recommended`, the build of `BENCH_ESLINT_BEFORE`', result.before)]),
    '',
    `The plugin adds ${added(ratios)}; target ≤ +15 %: ${ratios.wall <= 1.15 && ratios.cpu <= 1.15 ? 'met' : '**not met**'}.` +
      (result.beforeRatios === undefined ? '' : ` The \`BENCH_ESLINT_BEFORE\` build added ${added(result.beforeRatios)}.`),
    '',
    `In the untimed lint with ESLint's \`stats\` (times inside the process): ${seconds(result.stats.lintMs)} in all, parsing with the typed program ${seconds(result.stats.parseMs)}, ` +
      `typescript-eslint's rules ${seconds(result.stats.otherRulesMs)}, toolgen's rules ${seconds(result.stats.toolgenRulesMs)} ` +
      `(${(100 * result.stats.toolgenRulesMs / (result.stats.lintMs - result.stats.toolgenRulesMs)).toFixed(1)} % of the rest).`,
    '',
  ];
}

const argv = process.argv.slice(2);
if (process.argv[1] === self && argv[0] === '--lint') {
  const result = await lintOnce(argv[1], path.resolve(argv[2]), { withGenerated: argv.includes('--generated'), stats: argv.includes('--stats') });
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else if (process.argv[1] === self) {
  const runs = Number(process.env.BENCH_ESLINT_RUNS ?? 5);
  const result = await eslintBench({ runs, log: (text) => process.stderr.write(`${text}\n`) });
  console.log(JSON.stringify(result, null, 2));
}
