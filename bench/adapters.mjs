// Calls per second of one generated tool through the AI SDK adapter (toAISDKTools: the input
// schema's validate, as ai 7 runs it when it parses a call, then execute) against a bare invoke,
// in the same run, interleaved. Prints JSON on stdout; the target is a ratio of at least 0.9.
//
//   npm run build && node bench/adapters.mjs
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { customerSource, validArguments } from './validators.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(repo, 'package.json'));

// The representative tool of bench/validators.mjs, without its approval: a call that waits for a person is not one whose speed matters.
const source = customerSource.replace('.requiresApproval()', '');

/** Generates the tool with toolgen and imports its module, compiled to JavaScript. */
async function generatedTool(work) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.join(work, 'src'), { recursive: true });
  const compilerOptions = { target: 'ES2022', lib: ['ES2022', 'DOM'], module: 'NodeNext', moduleResolution: 'NodeNext', types: [], strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, skipLibCheck: true, noEmit: true };
  writeFileSync(path.join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }, null, 2));
  writeFileSync(path.join(work, 'src/customer.ts'), source);
  const { generate } = await import(pathToFileURL(path.join(repo, 'packages/generator/dist/index.js')).href);
  const result = generate({ project: path.join(work, 'tsconfig.json') });
  if (result.diagnostics.length > 0) {
    throw new Error(`the representative tool has diagnostics: ${result.diagnostics.map((d) => d.message).join('; ')}`);
  }
  const module = result.outputs.find((output) => output.path.endsWith('.tools.ts'));
  const ts = require('typescript');
  const compile = (source) => ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText;
  mkdirSync(path.join(work, 'build'), { recursive: true });
  writeFileSync(path.join(work, 'build/customer.js'), compile(source));
  writeFileSync(path.join(work, 'build/customer.tools.js'), compile(module.content));
  const compiled = await import(pathToFileURL(path.join(work, 'build/customer.tools.js')).href);
  return compiled.customerToolset.functions[0];
}

/**
 * Per side, ns per call of `calls` sequential calls, `rounds` times, alternating which side goes
 * first: wall time, and CPU time (user + system), which a busy shared machine disturbs less.
 */
async function interleaved(sides, { rounds = 41, calls = 2_000 } = {}) {
  const names = Object.keys(sides);
  for (const name of names) await sides[name](calls); // warm-up
  const samples = Object.fromEntries(names.map((name) => [name, { wall: [], cpu: [] }]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const cpu = process.cpuUsage();
      const start = process.hrtime.bigint();
      await sides[name](calls);
      const wall = Number(process.hrtime.bigint() - start);
      const used = process.cpuUsage(cpu);
      samples[name].wall.push(wall / calls);
      samples[name].cpu.push(((used.user + used.system) * 1000) / calls);
    }
  }
  return samples;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export async function benchAdapters() {
  const fn = await generatedTool(path.join(repo, 'bench/.work/adapters'));
  const { toAISDKTools } = await import('@toolgen/runtime/ai-sdk');
  const { asSchema } = await import('ai');
  const context = { services: {} };
  const { tools } = toAISDKTools([fn], { context });
  const tool = tools[fn.qualifiedName];
  const schema = asSchema(tool.inputSchema);
  const options = { toolCallId: 'call_1', messages: [], context: undefined };

  // both sides must answer the same before they are timed
  const bare = await fn.invoke(validArguments, context);
  const parsed = await schema.validate(validArguments);
  const adapted = await tool.execute(parsed.value, options);
  if (bare !== adapted || typeof bare !== 'string') {
    throw new Error(`the adapter answered ${JSON.stringify(adapted)}, invoke ${JSON.stringify(bare)}`);
  }

  const samples = await interleaved({
    invoke: async (calls) => {
      for (let i = 0; i < calls; i++) await fn.invoke(validArguments, context);
    },
    aiSdk: async (calls) => {
      for (let i = 0; i < calls; i++) {
        const validation = await schema.validate(validArguments);
        await tool.execute(validation.value, options);
      }
    },
  });
  const summary = (key) => {
    const ratios = samples.invoke[key].map((ns, round) => ns / samples.aiSdk[key][round]);
    return {
      invokeCallsPerSecond: 1e9 / median(samples.invoke[key]),
      aiSdkCallsPerSecond: 1e9 / median(samples.aiSdk[key]),
      // adapter calls per second ÷ bare invoke calls per second: the median of the per-round ratios
      ratio: median(ratios),
      ratioRange: [Math.min(...ratios), Math.max(...ratios)],
    };
  };
  return { tool: fn.qualifiedName, rounds: samples.invoke.wall.length, wall: summary('wall'), cpu: summary('cpu') };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchAdapters(), null, 2));
}
