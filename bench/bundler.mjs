// The bundler plugin's cost: `vite build` of the 1000-tool corpus with an entry importing every
// generated module, once with the modules on disk (written by the toolgen CLI beforehand, no
// plugin) and once with no module on disk and @toolgen/generator/unplugin generating them in the
// build. Interleaved runs, each in its own process. Used by run.mjs; alone:
//
//   node bench/bundler.mjs            # prints the measurements as JSON
//   node bench/bundler.mjs <dir> <plugin|files>   # one build (what each measured run executes)
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCorpus } from './corpus.mjs';
import { measureNode } from './measure.mjs';

const script = fileURLToPath(import.meta.url);
const bench = path.dirname(script);
const repo = path.resolve(bench, '..');
const toolgenScript = path.join(repo, 'packages/generator/bin/toolgen.js');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function removeModules(dir) {
  rmSync(path.join(dir, 'toolgen.manifest.json'), { force: true });
  for (const file of readdirSync(path.join(dir, 'src/toolsets'))) {
    if (file.endsWith('.tools.ts')) {
      rmSync(path.join(dir, 'src/toolsets', file));
    }
  }
}

/** Writes the corpus with an entry that imports every generated module and counts its tools. */
function writeApp(dir, toolsets) {
  writeCorpus({ dir, toolsets, toolsPerToolset: 10 });
  const imports = Array.from({ length: toolsets }, (_, index) => `import * as t${index} from './toolsets/t${index}.tools.js';`);
  const modules = Array.from({ length: toolsets }, (_, index) => `t${index}`).join(', ');
  writeFileSync(
    path.join(dir, 'src/main.ts'),
    `${imports.join('\n')}\n\nconst toolsets = [${modules}].flatMap((module) => Object.values(module));\nconsole.log(toolsets.reduce((count, toolset) => count + toolset.functions.length, 0));\n`,
  );
}

/** One build; for `files`, the toolgen run that writes the modules first (timed apart, as `generated`). */
async function measure(dir, mode) {
  removeModules(dir);
  let generated;
  if (mode === 'files') {
    generated = await measureNode(toolgenScript, ['-p', dir], { cwd: dir });
    if (generated.code !== 0) {
      throw new Error(`toolgen failed:\n${generated.stdout}${generated.stderr}`);
    }
  }
  const result = await measureNode(script, [dir, mode], { cwd: dir });
  if (result.code !== 0) {
    throw new Error(`vite build (${mode}) failed:\n${result.stdout}${result.stderr}`);
  }
  return { ...result, generated };
}

/** Interleaved `vite build` runs with the modules on disk and with the plugin, at 1000 tools. */
export async function bundlerBench({ runs = 3, log = () => undefined } = {}) {
  const dir = path.join(bench, '.work/vite1000');
  writeApp(dir, 100);
  const modes = ['files', 'plugin'];
  // one untimed run each, so that every measured run finds the files in the OS cache
  for (const mode of modes) {
    await measure(dir, mode);
  }
  const samples = { files: [], plugin: [] };
  for (let index = 0; index < runs; index++) {
    for (const mode of index % 2 === 0 ? modes : [...modes].reverse()) {
      samples[mode].push(await measure(dir, mode));
    }
    log(`vite build, run ${index + 1}/${runs}: modules on disk ${(samples.files.at(-1).wallMs / 1000).toFixed(2)} s, plugin ${(samples.plugin.at(-1).wallMs / 1000).toFixed(2)} s`);
  }
  removeModules(dir);
  const stat = (mode, key) => median(samples[mode].map((sample) => sample[key]));
  const cli = (key) => median(samples.files.map((sample) => sample.generated[key]));
  return {
    tools: 1000,
    runs,
    wall: { files: stat('files', 'wallMs'), plugin: stat('plugin', 'wallMs'), cli: cli('wallMs') },
    cpu: { files: stat('files', 'cpuMs'), plugin: stat('plugin', 'cpuMs'), cli: cli('cpuMs') },
    rss: { files: stat('files', 'maxRssKb'), plugin: stat('plugin', 'maxRssKb'), cli: cli('maxRssKb') },
    ratio: median(samples.plugin.map((sample, index) => sample.wallMs / samples.files[index].wallMs)),
    ratioToCliAndBuild: median(samples.plugin.map((sample, index) => sample.wallMs / (samples.files[index].wallMs + samples.files[index].generated.wallMs))),
  };
}

/** The RESULTS.md section for `bundlerBench`'s result. */
export function bundlerReport(result) {
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const mib = (kb) => `${(kb / 1024).toFixed(0)} MiB`;
  return [
    '## Bundler plugin (Vite)',
    '',
    `\`vite build\` (an SSR build, which Vite does not minify) of the ${result.tools}-tool corpus with an entry importing all of its generated modules, ${result.runs} interleaved runs each: ` +
      'with the modules on disk (written by the toolgen CLI before the build, not timed) and no plugin, and with no module on disk and `@toolgen/generator/unplugin` ' +
      'generating them in the build (bench/bundler.mjs). The difference is the plugin: loading the project, analysing it and printing the modules.',
    '',
    '| build | wall time | CPU time | peak RSS |',
    '|---|---|---|---|',
    `| modules on disk, no plugin | ${seconds(result.wall.files)} | ${seconds(result.cpu.files)} | ${mib(result.rss.files)} |`,
    `| (the toolgen run that wrote them, before the build) | ${seconds(result.wall.cli)} | ${seconds(result.cpu.cli)} | ${mib(result.rss.cli)} |`,
    `| no module on disk, the plugin | ${seconds(result.wall.plugin)} | ${seconds(result.cpu.plugin)} | ${mib(result.rss.plugin)} |`,
    '',
    `Wall time, medians of per-run ratios: plugin ÷ modules on disk ${result.ratio.toFixed(2)}; plugin ÷ (toolgen run + build with modules on disk) ${result.ratioToCliAndBuild.toFixed(2)}.`,
    '',
  ];
}

if (process.argv[1] === script) {
  const [dir, mode] = process.argv.slice(2);
  if (dir === undefined) {
    console.log(JSON.stringify(await bundlerBench({ log: (text) => process.stderr.write(`${text}\n`) }), null, 2));
  } else {
    // one measured build, in this process
    const { build } = await import('vite');
    const plugins = mode === 'plugin' ? [(await import('@toolgen/generator/unplugin')).default.vite({ project: dir })] : [];
    await build({ root: dir, configFile: false, logLevel: 'silent', plugins, build: { ssr: 'src/main.ts', outDir: `dist-${mode}`, emptyOutDir: true } });
  }
}
