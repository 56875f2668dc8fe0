// Where the generated modules' cost to the user's `tsc --noEmit` comes from (issue 26, target 4):
// the same corpus as bench/typecheck.mjs, checked without the modules, with them as toolgen writes
// them, and with three rewrites of them that say what a different module would cost:
//   nocheck      every module starts with `// @ts-nocheck` (parsed and bound, never checked)
//   data         each validator and normalizer function is one JSON string handed to a declared
//                `__compile` (what validators as data would cost; the string is the module's first
//                parameter schema, about the size such data would have)
//   typesAndCalls  only the types and the typed, drift-checked calls stay (the floor of a module
//                that keeps item 2's check: no validators, schemas, metadata or definitions at all)
// Each variant is measured `runs` times, interleaved with runs without the modules; ratios are
// medians of per-run ratios.
//   node bench/typecheck-floor.mjs [tools [variant ...]]   (default 1000 and all four; runs: BENCH_TYPECHECK_RUNS, default 3)
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCorpus } from './corpus.mjs';
import { measureNode } from './measure.mjs';

const bench = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(bench, '..');
const tscScript = path.join(repo, 'node_modules/typescript/bin/tsc');
const toolgenScript = path.join(repo, 'packages/generator/bin/toolgen.js');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The module text each variant puts in place of a generated module. */
const variants = {
  generated: (text) => text,
  nocheck: (text) => `// @ts-nocheck\n${text}`,
  data: (text) => {
    const schema = /Parameters: JsonSchema = (JSON\.parse\(String\.raw`.*`\));/.exec(text)?.[1] ?? "JSON.parse('{}')";
    const lines = text.split('\n');
    const out = [];
    for (let index = 0; index < lines.length; index++) {
      const declared = /^function (\w+)\(/.exec(lines[index]);
      if (declared !== null) {
        while (lines[index] !== '}') index++;
        out.push(`const ${declared[1]} = __compile(${schema});`);
      } else if (!/^const \w+Keys\d+ = new Set/.test(lines[index])) {
        out.push(lines[index]);
      }
    }
    return out.join('\n').replace("from '@toolgen/runtime/generated';", "from '@toolgen/runtime/generated';\ndeclare function __compile(plan: unknown): any;");
  },
  typesAndCalls: (text) => {
    const lines = text.split('\n');
    const out = [];
    for (const line of lines) {
      if (/^import |^type |^\/\*\* /.test(line)) out.push(line);
    }
    // the calls, each with its arguments typed as the module types them
    let tool = '';
    for (const line of lines) {
      const head = /^const (\w+)Tool = defineTool<(\w+),/.exec(line);
      if (head !== null) tool = head[2];
      const call = /^ {2}call: \((_?args), (_?injected)\)(.*), \/\/ stale/.exec(line);
      if (call !== null) out.push(`export const ${tool}Call = (${call[1]}: ${tool}, ${call[2]}: InjectedValues)${call[3]};`);
    }
    return out
      .join('\n')
      .replace(/^import \{ [^}]*\bdefineTool\b[^}]*\} from '@toolgen\/runtime';$/m, "import type { JsonValue } from '@toolgen/runtime';\nimport type { InjectedValues } from '@toolgen/runtime/generated';")
      .replace(/^import \{ ([^}]*)\} from '@toolgen\/runtime\/generated';$/m, (_, names) => (names.includes('__toolgenWithin') ? "import type { __toolgenWithin } from '@toolgen/runtime/generated';" : ''));
  },
};

async function tsc(dir) {
  const result = await measureNode(tscScript, ['--noEmit', '-p', dir], { cwd: repo });
  if (result.code !== 0) throw new Error(`tsc failed (exit ${result.code}):\n${result.stdout.slice(0, 2000)}`);
  return result;
}

export async function typecheckFloor({ tools, runs = 3, only = Object.keys(variants), log = () => {} }) {
  const dir = path.join(bench, '.work', `typecheckFloor${tools}`);
  writeCorpus({ dir, toolsets: Math.ceil(tools / 20), toolsPerToolset: 20 });
  const generated = await measureNode(toolgenScript, ['-p', dir], { cwd: repo });
  if (generated.code !== 0) throw new Error(`toolgen failed: ${generated.stderr}`);
  const folder = path.join(dir, 'src/toolsets');
  const modules = new Map(readdirSync(folder).filter((file) => file.endsWith('.tools.ts')).map((file) => [file, readFileSync(path.join(folder, file), 'utf8')]));
  const place = (variant) => {
    for (const [file, text] of modules) {
      if (variant === undefined) rmSync(path.join(folder, file), { force: true });
      else writeFileSync(path.join(folder, file), variants[variant](text));
    }
  };
  const results = {};
  for (const variant of only) {
    place(variant);
    const bytes = [...modules.keys()].reduce((sum, file) => sum + readFileSync(path.join(folder, file)).length, 0);
    await tsc(dir); // untimed: files in the OS cache, and the variant type-checks
    const pairs = [];
    for (let round = 0; round < runs; round++) {
      place(undefined);
      const without = await tsc(dir);
      place(variant);
      const withVariant = await tsc(dir);
      pairs.push({ without, withVariant });
    }
    const ratio = (key) => median(pairs.map(({ without, withVariant }) => withVariant[key] / without[key]));
    results[variant] = { bytesPerTool: Math.round(bytes / tools), cpu: ratio('cpuMs'), rss: ratio('maxRssKb'), wall: ratio('wallMs') };
    log(`${tools} tools, ${variant}: CPU ${results[variant].cpu.toFixed(2)}, memory ${results[variant].rss.toFixed(2)}, ${results[variant].bytesPerTool} bytes per tool`);
  }
  rmSync(dir, { recursive: true, force: true });
  return { tools, runs, variants: results };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tools = Number(process.argv[2] ?? 1000);
  const runs = Number(process.env.BENCH_TYPECHECK_RUNS ?? 3);
  const only = process.argv.length > 3 ? process.argv.slice(3) : undefined;
  console.log(JSON.stringify(await typecheckFloor({ tools, runs, ...(only === undefined ? {} : { only }), log: (text) => process.stderr.write(`${text}\n`) }), null, 2));
}
