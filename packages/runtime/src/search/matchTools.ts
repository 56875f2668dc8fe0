import type { AIFunction } from '../function/AIFunction.js';

/** One search hit. */
export interface ToolSearchMatch {
  readonly name: string;
  readonly description: string;
  /** The tool's argument names. */
  readonly arguments: readonly string[];
  readonly score: number;
}

/** The most `search_tools` returns. */
export const maxToolSearchResults = 5;

const stopWords = new Set(['a', 'an', 'and', 'by', 'for', 'from', 'i', 'in', 'is', 'it', 'me', 'my', 'of', 'on', 'or', 'that', 'the', 'this', 'to', 'with']);

/**
 * Ranks `functions` against `query` lexically: each query word scores where it matches a word of
 * the qualified name (3, or 2 for a partial match), of an argument name (2, or 1) or of the
 * description (1, or 0.5). A partial match is a shared prefix of 3 characters or more
 * (`ticket` ~ `tickets`). Words are split at non-alphanumerics and camelCase; common short words
 * are ignored. Returns at most `limit` tools with a positive score, best first, then by name.
 */
export function matchTools(query: string, functions: readonly AIFunction[], limit = maxToolSearchResults): ToolSearchMatch[] {
  const terms = [...new Set(words(query))];
  if (terms.length === 0 || limit <= 0) return [];
  const matches: ToolSearchMatch[] = [];
  for (const fn of functions) {
    const argumentNames = argumentNamesOf(fn);
    const fields: [readonly string[], number][] = [
      [words(fn.qualifiedName), 3],
      [argumentNames.flatMap(words), 2],
      [words(fn.description), 1],
    ];
    let score = 0;
    for (const term of terms) {
      for (const [fieldWords, weight] of fields) {
        if (fieldWords.includes(term)) score += weight;
        else if (fieldWords.some((word) => partial(term, word))) score += weight === 3 ? 2 : weight / 2;
      }
    }
    if (score > 0) matches.push({ name: fn.qualifiedName, description: fn.description, arguments: argumentNames, score });
  }
  return matches.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).slice(0, limit);
}

function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !stopWords.has(word));
}

function partial(term: string, word: string): boolean {
  return (term.length >= 3 && word.startsWith(term)) || (word.length >= 3 && term.startsWith(word));
}

function argumentNamesOf(fn: AIFunction): string[] {
  const properties = fn.parameters.jsonSchema['properties'];
  return typeof properties === 'object' && properties !== null && !Array.isArray(properties) ? Object.keys(properties) : [];
}
