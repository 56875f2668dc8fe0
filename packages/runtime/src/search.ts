// `@toolgen/runtime/search`: the tool search's index and ranking, which the generator builds at
// generation time. An agent's search is `resolveAgentToolsWithSearch` on the main entry.

export { matchTools, maxToolSearchResults, type ToolSearchMatch } from './search/matchTools.js';
export { bm25Parameters, searchTermsOf, ToolSearchIndex } from './search/ToolSearchIndex.js';
export {
  indexToolForSearch,
  searchFieldWeights,
  searchWords,
  stemWord,
  type SearchableTool,
  type ToolSearchTerms,
} from './search/searchTerms.js';
export { searchSynonymGroups, synonymWeight } from './search/searchSynonyms.js';
