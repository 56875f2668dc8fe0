import type { JsonSchema } from '../function/AIFunction.js';

/**
 * A tool's entry in the offline search index: how often each search term occurs in its text,
 * weighted by field, and the weighted length of that text. The generator writes it into each
 * function's metadata; the runtime computes it with the same code for tools that lack it (MCP
 * tools, hand-written functions).
 */
export interface ToolSearchTerms {
  /** Search term (`searchWords` of the text) → weighted frequency, keys sorted. */
  readonly terms: Readonly<Record<string, number>>;
  /** The sum of the weighted frequencies: BM25's document length. */
  readonly length: number;
}

/** How much one occurrence counts, by where it occurs (a light BM25F). */
export const searchFieldWeights = { name: 3, owner: 1, argumentName: 2, description: 1, argumentDescription: 1 } as const;

const stopWords = new Set([
  'a', 'about', 'all', 'an', 'and', 'any', 'are', 'as', 'at', 'be', 'by', 'can', 'do', 'does', 'for', 'from', 'has', 'have', 'how', 'i',
  'if', 'in', 'into', 'is', 'it', 'its', 'me', 'my', 'no', 'not', 'of', 'on', 'one', 'or', 'our', 'so', 'that', 'the', 'their', 'them',
  'then', 'there', 'this', 'to', 'us', 'was', 'we', 'what', 'when', 'which', 'who', 'will', 'with', 'you', 'your',
]);

/**
 * The search terms of a text: split at camelCase humps, `_`, `-` and every other non-alphanumeric,
 * lowercased, single letters and common short words dropped, each word reduced by `stemWord` (so `tickets`,
 * `ticket`; `closing`, `closed`, `close` meet).
 */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  for (const word of text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)) {
    if (word.length > 1 && !stopWords.has(word)) words.push(stemWord(word));
  }
  return words;
}

/**
 * A light suffix stripper for English (not Porter's full algorithm): plural and verb endings
 * (`-ies`, `-es`, `-s`, `-ing`, `-ed`), a doubled final consonant left by them, a final `-e`, and
 * a final `-y` as `i`, on words of more than three letters. `replies`/`reply` → `repli`,
 * `scheduled`/`schedule` → `schedul`, `running`/`run` → `run`.
 */
export function stemWord(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let stem = word;
  if (stem.endsWith('ies') && stem.length > 4) stem = `${stem.slice(0, -3)}y`;
  else if (stem.endsWith('sses')) stem = stem.slice(0, -2);
  else if (/(?:ch|sh|x|z)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.endsWith('s') && !/(?:ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  if (stem.endsWith('ing') && hasVowel(stem.slice(0, -3)) && stem.length > 5) stem = undouble(stem.slice(0, -3));
  else if (stem.endsWith('ed') && hasVowel(stem.slice(0, -2)) && stem.length > 4) stem = undouble(stem.slice(0, -2));
  if (stem.endsWith('e') && stem.length > 3) stem = stem.slice(0, -1);
  if (stem.endsWith('y') && stem.length > 3) stem = `${stem.slice(0, -1)}i`;
  return stem;
}

function hasVowel(stem: string): boolean {
  return /[aeiouy]/.test(stem);
}

/** `runn` → `run`, `stopp` → `stop`; not `add`, nor `ll`/`ss`/`zz` (`call`, `pass`). */
function undouble(stem: string): string {
  return stem.length >= 4 && /([b-df-hj-km-rtv-y])\1$/.test(stem) ? stem.slice(0, -1) : stem;
}

/** What the index reads of a tool: the wire name, the description and the canonical parameter schema. */
export interface SearchableTool {
  readonly qualifiedName: string;
  readonly description: string;
  readonly parameters: JsonSchema;
}

/**
 * Indexes a tool for BM25: the words of its name, the last segment of its qualified name (weight
 * 3), of the qualifier before it (1), of its top-level argument names (2), of its description (1)
 * and of its arguments' descriptions (1).
 */
export function indexToolForSearch(tool: SearchableTool): ToolSearchTerms {
  const counts = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const word of searchWords(text)) counts.set(word, (counts.get(word) ?? 0) + weight);
  };
  // the qualifier segments (owner, plugin, MCP server) are shared by a whole toolset: they weigh less than the tool's own name
  const split = tool.qualifiedName.lastIndexOf('__');
  add(tool.qualifiedName.slice(split < 0 ? 0 : split + 2), searchFieldWeights.name);
  if (split > 0) add(tool.qualifiedName.slice(0, split), searchFieldWeights.owner);
  add(tool.description, searchFieldWeights.description);
  for (const [name, schema] of argumentsOf(tool.parameters)) {
    add(name, searchFieldWeights.argumentName);
    const description = typeof schema === 'object' && schema !== null && !Array.isArray(schema) ? (schema as JsonSchema)['description'] : undefined;
    if (typeof description === 'string') add(description, searchFieldWeights.argumentDescription);
  }
  const terms: Record<string, number> = {};
  let length = 0;
  for (const term of [...counts.keys()].sort()) {
    const count = counts.get(term)!;
    terms[term] = count;
    length += count;
  }
  return { terms, length };
}

/** The top-level properties of a parameter schema, as `[name, schema]`. */
export function argumentsOf(parameters: JsonSchema): [string, unknown][] {
  const properties = parameters['properties'];
  return typeof properties === 'object' && properties !== null && !Array.isArray(properties) ? Object.entries(properties) : [];
}
