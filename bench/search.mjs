// Tool search quality and token-count cost. Prints JSON on stdout:
// - recall@5 and MRR of the lexical matcher (matchTools), of BM25 without the synonym table and
//   of BM25 as search_tools uses it, on the labelled set of packages/runtime/test/search/catalogue.ts;
// - what counting tokens costs in a cold toolgen run at 1000 tools: the generation of the bench
//   corpus in-process, and the counting of every tool's name, description and four schemas with
//   empty caches (a fresh instance of the counting module), against it. Target: under 5 %.
//
//   npm run build && node bench/search.mjs
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeCorpus } from './corpus.mjs';

const bench = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(bench, '..');
const require = createRequire(path.join(repo, 'package.json'));
const dist = (file) => pathToFileURL(path.join(repo, file)).href;

async function labelledSet() {
  const { transformSync } = require('esbuild');
  const source = readFileSync(path.join(repo, 'packages/runtime/test/search/catalogue.ts'), 'utf8');
  const { code } = transformSync(source, { loader: 'ts', format: 'esm' });
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

async function searchQuality() {
  const runtime = await import(dist('packages/runtime/dist/index.js'));
  const { searchCatalogue, labelledQueries, parametersOf, evaluateRanking } = await labelledSet();
  const functions = searchCatalogue.map((tool) => {
    const parameters = parametersOf(tool);
    return {
      qualifiedName: tool.qualifiedName,
      description: tool.description,
      parameters: { jsonSchema: parameters },
      metadata: { search: runtime.indexToolForSearch({ qualifiedName: tool.qualifiedName, description: tool.description, parameters }) },
    };
  });
  const started = performance.now();
  const index = new runtime.ToolSearchIndex(functions);
  const plain = new runtime.ToolSearchIndex(functions, { synonyms: false });
  const measure = (rank) => {
    const { recallAt5, mrr, misses } = evaluateRanking(rank);
    return { recallAt5, mrr, misses: misses.length };
  };
  const lexical = measure((query) => runtime.matchTools(query, functions).map((match) => match.name));
  const bm25NoSynonyms = measure((query) => plain.search(query).map((match) => match.name));
  const bm25 = measure((query) => index.search(query).map((match) => match.name));
  return { tools: searchCatalogue.length, queries: labelledQueries.length, lexical, bm25NoSynonyms, bm25, ms: performance.now() - started };
}

async function tokenCost() {
  const dir = path.join(bench, '.work/search-c1000');
  writeCorpus({ dir, toolsets: 100, toolsPerToolset: 10 });
  const { generate } = await import(dist('packages/generator/dist/index.js'));
  const started = performance.now();
  const result = generate({ project: path.join(dir, 'tsconfig.json') });
  const generateMs = performance.now() - started;
  // a fresh module instance: its caches are empty, as in a cold run
  const { countToolTokens } = await import(`${dist('packages/generator/dist/budget/countTokens.js')}?fresh`);
  const tools = result.manifest.toolsets.flatMap((toolset) => toolset.tools);
  const counting = performance.now();
  for (const tool of tools) {
    countToolTokens({ qualifiedName: tool.qualifiedName, description: tool.description, parametersSchema: tool.parameters }, tool.variants);
  }
  const countMs = performance.now() - counting;
  return { tools: tools.length, generateMs, countMs, share: countMs / generateMs };
}

console.log(JSON.stringify({ search: await searchQuality(), tokens: await tokenCost() }, null, 2));
