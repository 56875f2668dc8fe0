import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { defineTool, ToolFailure, type AIFunction, type ToolsetFunctions, type JsonSchema, type ToolMetadata } from '@toolgen/runtime';
import { flatValidator, type FlatType } from './flatValidator.js';

// A second toolset, written by hand with defineTool the way generated modules call it.

const facts = new Set<string>(['Printers on floor 3 are leased from Acme.']);
let workspaceRoot = '.';

/** Where read_case_file reads from; the containment check runs before the tool does. */
export function setCaseFolder(root: string): void {
  workspaceRoot = root;
}

interface KnowledgeTool {
  readonly name: string;
  readonly description: string;
  readonly properties: Readonly<Record<string, FlatType>>;
  readonly descriptions: Readonly<Record<string, string>>;
  readonly metadata: Partial<ToolMetadata>;
  readonly run: (args: Record<string, unknown>) => unknown;
}

function knowledgeTool(tool: KnowledgeTool): AIFunction {
  const names = Object.keys(tool.properties);
  const parameters: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { type: tool.properties[name]!, description: tool.descriptions[name] ?? '' }])),
    required: names,
    additionalProperties: false,
  };
  return defineTool({
    name: tool.name,
    qualifiedName: `knowledge__${tool.name}`,
    description: tool.description,
    parameters,
    variants: { 'openai-strict': parameters, anthropic: parameters, gemini: parameters },
    losses: [],
    returns: {},
    metadata: { readOnly: false, approval: 'default', networkScope: 'none', confidentiality: 'any', workspacePaths: [], settings: null, ...tool.metadata },
    validate: flatValidator(tool.properties, names),
    normalizeStrict: (input) => input,
    result: 'promise',
    call: async (args) => tool.run(args),
  });
}

export const knowledgeToolset: ToolsetFunctions = {
  className: 'KnowledgeToolset',
  owner: 'knowledge',
  displayName: 'Knowledge',
  functions: [
    knowledgeTool({
      name: 'remember_fact',
      description: 'Saves a fact to the long-term memory shared by all conversations.',
      properties: { fact: 'string' },
      descriptions: { fact: 'One sentence to remember.' },
      // like memory_save in the seed: never offered to confidential agents
      metadata: { confidentiality: 'non_confidential_only' },
      run: ({ fact }) => void facts.add(String(fact)),
    }),
    knowledgeTool({
      name: 'recall_facts',
      description: 'Lists remembered facts that contain a word.',
      properties: { word: 'string' },
      descriptions: { word: 'A word the fact contains.' },
      metadata: { readOnly: true },
      run: ({ word }) => [...facts].filter((fact) => fact.toLowerCase().includes(String(word).toLowerCase())),
    }),
    knowledgeTool({
      name: 'forget_fact',
      description: 'Removes a fact from the long-term memory.',
      properties: { fact: 'string' },
      descriptions: { fact: 'The fact, word for word.' },
      metadata: {},
      run: ({ fact }) => void facts.delete(String(fact)),
    }),
    knowledgeTool({
      name: 'read_case_file',
      description: 'Reads a confidential case file from the case folder.',
      properties: { path: 'string' },
      descriptions: { path: 'The file, relative to the case folder.' },
      metadata: { readOnly: true, confidentiality: 'confidential_only', workspacePaths: [{ parameter: 'path', access: 'read' }] },
      run: async ({ path: file }) => {
        try {
          return await readFile(path.join(workspaceRoot, String(file)), 'utf8');
        } catch {
          throw new ToolFailure(`There is no case file "${String(file)}".`);
        }
      },
    }),
    knowledgeTool({
      name: 'publish_answer',
      description: 'Publishes an answer on the public help forum.',
      properties: { question: 'string', answer: 'string' },
      descriptions: { question: 'The question as the customer asked it.', answer: 'The answer to publish.' },
      metadata: { networkScope: 'egress' },
      run: ({ question }) => `published the answer to "${String(question)}"`,
    }),
  ],
};

/** A tool the knowledge toolset gains in a later release; agents that offer the whole toolset get it with the next sync. */
export const countFactsTool: AIFunction = knowledgeTool({
  name: 'count_facts',
  description: 'Counts the remembered facts.',
  properties: {},
  descriptions: {},
  metadata: { readOnly: true },
  run: () => facts.size,
});
