import { describe, expect, it } from 'vitest';
import type { AIFunction, JsonSchema } from '@toolgen/runtime';
import { indexToolForSearch, matchTools, searchWords, stemWord, ToolSearchIndex } from '@toolgen/runtime/search';
import { evaluateRanking, labelledQueries, parametersOf, searchCatalogue } from './catalogue.js';

/** The catalogue as functions: only what search reads. `indexed` gives them the terms the generator would write. */
function catalogueFunctions(indexed: boolean): AIFunction[] {
  return searchCatalogue.map((tool) => {
    const parameters = parametersOf(tool) as JsonSchema;
    const search = indexToolForSearch({ qualifiedName: tool.qualifiedName, description: tool.description, parameters });
    return {
      name: tool.qualifiedName.split('__')[1]!,
      qualifiedName: tool.qualifiedName,
      description: tool.description,
      parameters: { jsonSchema: parameters },
      metadata: indexed ? { search } : {},
    } as unknown as AIFunction;
  });
}

describe('the search tokenizer', () => {
  it('splits camelCase, snake_case and punctuation, lowercases, drops stop words and single letters, and stems', () => {
    expect(searchWords("ticket__searchTickets: the customer's open_tickets, closing")).toEqual(['ticket', 'search', 'ticket', 'customer', 'open', 'ticket', 'clos']);
    expect(searchWords('HTTPServer getURLPath')).toEqual(['http', 'server', 'get', 'url', 'path']);
  });

  it.each([
    ['tickets', 'ticket'],
    ['replies', 'repli'],
    ['reply', 'repli'],
    ['scheduled', 'schedul'],
    ['schedule', 'schedul'],
    ['running', 'run'],
    ['addresses', 'address'],
    ['status', 'status'],
    ['string', 'string'],
    ['added', 'add'],
    ['add', 'add'],
    ['calling', 'call'],
    ['v2', 'v2'],
  ])('stems %s as %s', (word, stem) => {
    expect(stemWord(word)).toBe(stem);
  });

  it('weights name, argument names, description and argument descriptions', () => {
    const parameters: JsonSchema = { type: 'object', properties: { reason: { type: 'string', description: 'Why it closes' } } };
    expect(indexToolForSearch({ qualifiedName: 'ticket__close_ticket', description: 'Closes a ticket.', parameters })).toEqual({
      terms: { clos: 5, ticket: 5, reason: 2, why: 1 },
      length: 13,
    });
  });
});

describe('BM25 search', () => {
  it('returns at most five tools, best first', () => {
    const index = new ToolSearchIndex(catalogueFunctions(true));
    const found = index.search('list');
    expect(found).toHaveLength(5);
    expect([...found].sort((a, b) => b.score - a.score)).toEqual(found);
    expect(index.search('list', 3)).toHaveLength(3);
    expect(index.search('the of a')).toEqual([]);
  });

  it('ranks only the functions it was given (the eligible ones): IDF over that set', () => {
    const all = catalogueFunctions(true);
    const eligible = all.filter((fn) => !fn.qualifiedName.startsWith('billing__'));
    const found = new ToolSearchIndex(eligible).search('refund the payment');
    expect(found.every((match) => !match.name.startsWith('billing__'))).toBe(true);
  });

  it('indexes functions without generated terms (MCP tools) the same way', () => {
    const generated = new ToolSearchIndex(catalogueFunctions(true));
    const computed = new ToolSearchIndex(catalogueFunctions(false));
    for (const { query } of labelledQueries.slice(0, 10)) {
      expect(computed.search(query)).toEqual(generated.search(query));
    }
  });

  it(`finds a relevant tool in the first five for at least 90 % of ${labelledQueries.length} labelled queries over ${searchCatalogue.length} tools, and beats the lexical matcher`, () => {
    expect(searchCatalogue.length).toBeGreaterThanOrEqual(200);
    expect(labelledQueries.length).toBeGreaterThanOrEqual(50);
    const functions = catalogueFunctions(true);
    const index = new ToolSearchIndex(functions);
    const bm25 = evaluateRanking((query) => index.search(query).map((match) => match.name));
    const lexical = evaluateRanking((query) => matchTools(query, functions).map((match) => match.name));
    expect(bm25.recallAt5, `BM25 ${JSON.stringify(bm25)}, lexical ${JSON.stringify(lexical)}`).toBeGreaterThanOrEqual(0.9);
    expect(bm25.recallAt5).toBeGreaterThan(lexical.recallAt5);
    expect(bm25.mrr).toBeGreaterThan(lexical.mrr);
    // without its synonym table, BM25 still beats the lexical matcher
    const plain = new ToolSearchIndex(functions, { synonyms: false });
    const withoutSynonyms = evaluateRanking((query) => plain.search(query).map((match) => match.name));
    expect(withoutSynonyms.recallAt5).toBeGreaterThan(lexical.recallAt5);
  });
});
