import type { AIFunction, JsonSchema } from '../function/AIFunction.js';
import { defineTool } from '../function/defineTool.js';
import { escapePointerToken } from '../function/jsonPointer.js';
import type { ToolSearchMatch } from './matchTools.js';

/** The name of the discovery tool in tool search mode. */
export const searchToolsName = 'search_tools';

const parameters: JsonSchema = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      description: 'Words for what you need: the action, the thing it acts on, an argument name (e.g. "close ticket reason").',
    },
  },
  required: ['query'],
  additionalProperties: false,
};

const returns: JsonSchema = {
  type: 'object',
  properties: {
    tools: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, description: { type: 'string' }, arguments: { type: 'array', items: { type: 'string' } } },
        required: ['name', 'description', 'arguments'],
        additionalProperties: false,
      },
    },
    message: { type: 'string' },
  },
  required: ['tools', 'message'],
  additionalProperties: false,
};

/** The `search_tools` function: `search` finds and unlocks at most five tools for the query. */
export function createSearchToolsFunction(search: (query: string) => readonly ToolSearchMatch[]): AIFunction {
  return defineTool({
    name: searchToolsName,
    qualifiedName: searchToolsName,
    description:
      'Finds more tools by what they do. Returns at most five tools matching the words of the query in their names, ' +
      'descriptions and argument names; the tools it returns can be called from then on.',
    parameters,
    variants: { 'openai-strict': parameters, anthropic: parameters, gemini: parameters },
    losses: [],
    returns,
    metadata: { readOnly: true, approval: 'default', networkScope: 'none', confidentiality: 'any', workspacePaths: [], settings: null },
    validate: (input, issues) => {
      const args = input as Record<string, unknown>;
      for (const key of Object.keys(args)) {
        if (key !== 'query') issues.push({ pointer: `/${escapePointerToken(key)}`, message: 'is not a parameter of search_tools; remove it' });
      }
      if (!Object.hasOwn(args, 'query')) issues.push({ pointer: '', message: 'must have the property "query"' });
      else if (typeof args['query'] !== 'string') issues.push({ pointer: '/query', message: 'must be a string', expected: 'string' });
      return { query: args['query'] };
    },
    normalizeStrict: (input) => input,
    result: 'value',
    call: (args) => {
      const tools = search(args['query'] as string).map(({ name, description, arguments: names }) => ({ name, description, arguments: [...names] }));
      return {
        tools,
        message:
          tools.length === 0
            ? 'No tool matches these words. Try other words for the action or the thing it acts on.'
            : 'These tools are now available to call.',
      };
    },
  });
}
