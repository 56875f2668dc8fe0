import type { AIFunction } from '../function/AIFunction.js';
import { maxToolSearchResults, type ToolSearchMatch } from './matchTools.js';
import { synonymsOf, synonymWeight } from './searchSynonyms.js';
import { argumentsOf, indexToolForSearch, searchWords, type ToolSearchTerms } from './searchTerms.js';

/** BM25's term-frequency saturation and length normalization. */
export const bm25Parameters = { k1: 1.2, b: 0.75 } as const;

/** Terms computed at run time, once per function object, for functions without `metadata.search`. */
const computed = new WeakMap<AIFunction, ToolSearchTerms>();

/**
 * The search terms of a function: the ones the generator wrote into its metadata, or, for a
 * function without them (an MCP tool, a hand-written one), the same index computed from its
 * qualified name, description and canonical parameter schema, once per function object.
 */
export function searchTermsOf(fn: AIFunction): ToolSearchTerms {
  const written = fn.metadata.search;
  if (written !== undefined) return written;
  let terms = computed.get(fn);
  if (terms === undefined) {
    terms = indexToolForSearch({ qualifiedName: fn.qualifiedName, description: fn.description, parameters: fn.parameters.jsonSchema });
    computed.set(fn, terms);
  }
  return terms;
}

/**
 * BM25 over a fixed set of functions: the eligible, unpinned tools of one agent resolution.
 * Document frequencies and the average length are computed over exactly that set, so a tool the
 * agent cannot see never weighs on a ranking. A query word matches a term equal to its stem at
 * full weight, a synonym's (see `searchSynonymGroups`) at `synonymWeight`; per query word the
 * better of the two counts.
 */
export class ToolSearchIndex {
  readonly #functions: readonly AIFunction[];
  readonly #documents: readonly ToolSearchTerms[];
  readonly #documentFrequency = new Map<string, number>();
  readonly #averageLength: number;

  readonly #synonyms: boolean;

  /** `synonyms: false` matches query words only as they are (to measure what the synonym table adds). */
  constructor(functions: readonly AIFunction[], options: { readonly synonyms?: boolean } = {}) {
    this.#functions = functions;
    this.#synonyms = options.synonyms !== false;
    this.#documents = functions.map(searchTermsOf);
    let total = 0;
    for (const document of this.#documents) {
      total += document.length;
      for (const term of Object.keys(document.terms)) this.#documentFrequency.set(term, (this.#documentFrequency.get(term) ?? 0) + 1);
    }
    this.#averageLength = this.#documents.length === 0 ? 0 : total / this.#documents.length;
  }

  /** At most `limit` functions with a positive score, best first, then by qualified name. */
  search(query: string, limit = maxToolSearchResults): ToolSearchMatch[] {
    const words = [...new Set(searchWords(query))];
    if (words.length === 0 || limit <= 0) return [];
    const expansions = words.map((word) => ({ word, synonyms: (this.#synonyms ? synonymsOf(word) : []).filter((synonym) => !words.includes(synonym)) }));
    const matches: ToolSearchMatch[] = [];
    this.#documents.forEach((document, index) => {
      let score = 0;
      for (const { word, synonyms } of expansions) {
        let best = this.#termScore(word, document);
        for (const synonym of synonyms) best = Math.max(best, synonymWeight * this.#termScore(synonym, document));
        score += best;
      }
      if (score > 0) {
        const fn = this.#functions[index]!;
        matches.push({ name: fn.qualifiedName, description: fn.description, arguments: argumentsOf(fn.parameters.jsonSchema).map(([name]) => name), score });
      }
    });
    return matches.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).slice(0, limit);
  }

  #termScore(term: string, document: ToolSearchTerms): number {
    const frequency = Object.hasOwn(document.terms, term) ? document.terms[term]! : 0;
    if (frequency === 0) return 0;
    const n = this.#documents.length;
    const df = this.#documentFrequency.get(term) ?? 0;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const { k1, b } = bm25Parameters;
    const norm = this.#averageLength === 0 ? 1 : 1 - b + (b * document.length) / this.#averageLength;
    return (idf * (frequency * (k1 + 1))) / (frequency + k1 * norm);
  }
}
