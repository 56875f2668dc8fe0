import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { tool, ToolFailure, type AIFunction, type ToolsetFunctions } from '@toolgen/runtime';
import { z } from 'zod';

// A second toolset, written by hand with tool(): zod schemas for the arguments, governance as
// options. The catalogue, the policies and the adapters treat these tools like generated ones.

const facts = new Set<string>(['Printers on floor 3 are leased from Acme.']);
let workspaceRoot = '.';

/** Where read_case_file reads from; the containment check runs before the tool does. */
export function setCaseFolder(root: string): void {
  workspaceRoot = root;
}

const owner = 'knowledge';

export const knowledgeToolset: ToolsetFunctions = {
  className: 'KnowledgeToolset',
  owner,
  displayName: 'Knowledge',
  functions: [
    tool({
      owner,
      name: 'remember_fact',
      description: 'Saves a fact to the long-term memory shared by all conversations.',
      input: z.object({ fact: z.string().describe('One sentence to remember.') }),
      // like memory_save in the seed: never offered to confidential agents
      confidentiality: 'non_confidential_only',
      execute: ({ fact }) => void facts.add(fact),
    }),
    tool({
      owner,
      name: 'recall_facts',
      description: 'Lists remembered facts that contain a word.',
      input: z.object({ word: z.string().describe('A word the fact contains.') }),
      readOnly: true,
      execute: ({ word }) => [...facts].filter((fact) => fact.toLowerCase().includes(word.toLowerCase())),
    }),
    tool({
      owner,
      name: 'forget_fact',
      description: 'Removes a fact from the long-term memory.',
      input: z.object({ fact: z.string().describe('The fact, word for word.') }),
      execute: ({ fact }) => void facts.delete(fact),
    }),
    tool({
      owner,
      name: 'read_case_file',
      description: 'Reads a confidential case file from the case folder.',
      input: z.object({ path: z.string().describe('The file, relative to the case folder.') }),
      readOnly: true,
      confidentiality: 'confidential_only',
      workspacePaths: [{ parameter: 'path', access: 'read' }],
      execute: async ({ path: file }) => {
        try {
          return await readFile(path.join(workspaceRoot, file), 'utf8');
        } catch {
          throw new ToolFailure(`There is no case file "${file}".`);
        }
      },
    }),
    tool({
      owner,
      name: 'publish_answer',
      description: 'Publishes an answer on the public help forum.',
      input: z.object({
        question: z.string().describe('The question as the customer asked it.'),
        answer: z.string().describe('The answer to publish.'),
      }),
      networkScope: 'egress',
      execute: ({ question }) => `published the answer to "${question}"`,
    }),
  ],
};

/** A tool the knowledge toolset gains in a later release; agents that offer the whole toolset get it with the next sync. */
export const countFactsTool: AIFunction = tool({
  owner,
  name: 'count_facts',
  description: 'Counts the remembered facts.',
  input: z.object({}),
  readOnly: true,
  execute: () => facts.size,
});
