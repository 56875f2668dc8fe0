import { generateText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { z } from 'zod';
import {
  resolveAgentTools, tool, ToolApprovalError, ToolApprovalRouter, ToolArgumentError, ToolCatalogue, ToolFailure, type AIFunction, type JsonSchema, type ToolServices, type ToolsetFunctions,
} from '@toolgen/runtime';
import { toAISDKTools } from '@toolgen/runtime/ai-sdk';
import { runAnthropicToolUse } from '@toolgen/runtime/anthropic';
import { runOpenAIToolCall, toOpenAITools } from '@toolgen/runtime/openai';

// tool() (SPEC §8, issue 31): a hand-written tool from a Standard Schema or a JSON Schema with a
// validator, governed and adapted like a generated one.

const facts = ['Printers on floor 3 are leased from Acme.', 'The VPN restarts at midnight.'];

const recallFacts = tool({
  owner: 'knowledge',
  name: 'recall_facts',
  description: 'Lists remembered facts that contain a word.',
  input: z.object({ word: z.string().min(2).describe('A word the fact contains.'), limit: z.number().int().positive().optional() }),
  readOnly: true,
  execute: ({ word, limit }) => facts.filter((fact) => fact.toLowerCase().includes(word.toLowerCase())).slice(0, limit ?? 10),
});

const flatSchema: JsonSchema = {
  type: 'object',
  properties: { fact: { type: 'string', description: 'The fact, word for word.' } },
  required: ['fact'],
  additionalProperties: false,
};

const forgotten: string[] = [];
const forgetFact = tool({
  owner: 'knowledge',
  name: 'forget_fact',
  description: 'Removes a fact from the long-term memory.',
  input: {
    jsonSchema: flatSchema,
    validate: (input: unknown) => {
      const fact = (input as { fact?: unknown }).fact;
      return typeof fact === 'string' ? { value: { fact } } : { issues: [{ message: 'must be a string', path: ['fact'] }] };
    },
  },
  requiresApproval: true,
  execute: ({ fact }, { services }) => {
    forgotten.push(`${fact} (${(services as { readonly user?: string }).user ?? 'nobody'})`);
    return 'forgotten';
  },
});

describe('tool()', () => {
  it('builds an AIFunction: qualified name, the schema the Standard Schema gives, governance as metadata', () => {
    expect(recallFacts.qualifiedName).toBe('knowledge__recall_facts');
    expect(recallFacts.name).toBe('recall_facts');
    expect(recallFacts.parameters.jsonSchema).toEqual({
      type: 'object',
      properties: {
        word: { type: 'string', minLength: 2, description: 'A word the fact contains.' },
        limit: { type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER },
      },
      required: ['word'],
    });
    expect(recallFacts.metadata).toMatchObject({ readOnly: true, approval: 'default', networkScope: 'none', confidentiality: 'any' });
    expect(forgetFact.metadata).toMatchObject({ readOnly: false, approval: 'require_approval' });
  });

  it("validates with the input's own validator: a valid call runs, an invalid one is a ToolArgumentError with JSON Pointers", async () => {
    expect(await recallFacts.invoke({ word: 'printers' })).toEqual([facts[0]]);
    const invalid = await recallFacts.invoke({ word: 'x', limit: -1 }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(ToolArgumentError);
    expect((invalid as ToolArgumentError).issues.map((issue) => issue.pointer)).toEqual(['/word', '/limit']);
    expect(recallFacts.validate({ word: 'vpn' })).toMatchObject({ ok: true, value: { word: 'vpn' } });
  });

  it('gives execute the services and the signal of the invoke context', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const probe = tool({
      owner: 'probe',
      name: 'probe',
      description: 'Reports what it got.',
      input: z.object({}),
      execute: (_args, context) => {
        seen = context.signal;
        return (context.services as ToolServices & { readonly user: string }).user;
      },
    });
    expect(await probe.invoke({}, { services: { user: 'ada' } as unknown as ToolServices, signal: controller.signal })).toBe('ada');
    expect(seen?.aborted).toBe(false);
    controller.abort();
    expect(seen?.aborted).toBe(true);
  });

  it('passes a ToolFailure on to the model, and hides any other error', async () => {
    const failing = (error: Error) =>
      tool({ owner: 'probe', name: 'fail', description: 'Fails.', input: z.object({}), execute: () => { throw error; } });
    await expect(failing(new ToolFailure('No such fact.', 'Recall facts first.')).invoke({})).rejects.toThrow('No such fact.');
    await expect(failing(new Error('database password is hunter2')).invoke({})).rejects.not.toThrow(/hunter2/);
  });

  it('refuses a governance option of the wrong kind instead of reading it as the weaker default', () => {
    const base = { owner: 'knowledge', name: 'wipe', description: 'Wipes the memory.', input: z.object({}), execute: () => 'wiped' };
    // JavaScript callers, or options built from configuration: TypeScript refuses these at compile time
    expect(() => tool({ ...base, requiresApproval: 'true' as never })).toThrow("tool(): requiresApproval of knowledge__wipe is \"true\"; give true or false.");
    expect(() => tool({ ...base, readOnly: 1 as never })).toThrow(/readOnly of knowledge__wipe is 1; give true or false/);
    expect(() => tool({ ...base, networkScope: 'internet' as never })).toThrow("networkScope of knowledge__wipe is \"internet\"; give one of 'none', 'incidental', 'egress'.");
    expect(() => tool({ ...base, confidentiality: 'secret' as never })).toThrow(/confidentiality of knowledge__wipe is "secret"; give one of 'any', 'confidential_only', 'non_confidential_only'/);
    expect(() => tool({ ...base, title: '  ' })).toThrow(/the title of knowledge__wipe is "  "; give a display title, or leave it out/);
    expect(tool({ ...base, requiresApproval: true }).metadata.approval).toBe('require_approval');
  });

  it('refuses an owner that is not a name segment, naming the one to use', () => {
    const base = { name: 'wipe', description: 'Wipes the memory.', input: z.object({}), execute: () => 'wiped' };
    expect(() => tool({ ...base, owner: 'Bad Owner!' })).toThrow('tool(): the owner "Bad Owner!" of wipe is not a name segment (lowercase letters, digits, "_" and "-"); use "bad_owner_".');
    expect(() => tool({ ...base, owner: '  ' })).toThrow(/the owner "  " of wipe is not a name segment .*; give it at least one letter or digit/);
    expect(() => tool({ ...base, owner: '' })).toThrow(/give it at least one letter or digit/);
    expect(tool({ ...base, owner: 'memory-v2' }).qualifiedName).toBe('memory-v2__wipe');
  });

  it('refuses, naming the fix: a name that is not snake_case, a schema that is not an object, an input of another kind', () => {
    const base = { owner: 'knowledge', description: 'x', execute: () => undefined };
    expect(() => tool({ ...base, name: 'recallFacts', input: z.object({}) })).toThrow('name the tool "recall_facts"');
    expect(() => tool({ ...base, name: 'count', input: z.string() as never })).toThrow(/must describe an object/);
    expect(() => tool({ ...base, name: 'count', input: { parse: () => ({}) } as never })).toThrow(/neither a Standard Schema that gives its JSON Schema .* nor \{ jsonSchema, validate \}/);
  });
});

// the Standard Schema libraries the SPEC names, each as its users write a schema (arktype's are functions)
describe.each([
  ['zod 4', z.object({ word: z.string(), limit: z.number().optional() })],
  ['valibot (toStandardJsonSchema)', toStandardJsonSchema(v.object({ word: v.string(), limit: v.optional(v.number()) }))],
  ['arktype', type({ word: 'string', 'limit?': 'number' })],
])('tool() with %s', (_library, input) => {
  const recall = tool({ owner: 'knowledge', name: 'recall_facts', description: 'Lists facts.', input, execute: ({ word, limit }) => `${word}:${String(limit)}` });

  it("takes the library's JSON Schema, without its $schema", () => {
    expect(recall.parameters.jsonSchema).toEqual({ type: 'object', properties: { word: { type: 'string' }, limit: { type: 'number' } }, required: ['word'] });
  });

  it("validates with the library: a valid call runs, an invalid one names the pointer in the library's words", async () => {
    expect(await recall.invoke({ word: 'vpn', limit: 2 })).toBe('vpn:2');
    const invalid = (await recall.invoke({ word: 1 }).catch((error: unknown) => error)) as ToolArgumentError;
    expect(invalid).toBeInstanceOf(ToolArgumentError);
    expect(invalid.issues).toEqual([{ pointer: '/word', message: expect.stringMatching(/string/) }]);
  });
});

describe('a tool() in the catalogue and the adapters', () => {
  const knowledge: ToolsetFunctions = { className: 'KnowledgeToolset', owner: 'knowledge', displayName: 'Knowledge', functions: [recallFacts, forgetFact] };
  const catalogue = new ToolCatalogue();
  catalogue.sync({ toolsets: [knowledge] });

  it('is offered, denied and approval-gated by policy like a generated tool', async () => {
    const agent = { name: 'assistant', toolsets: [{ owner: 'knowledge' }], policies: [{ toolName: 'knowledge__recall_facts', approvalMode: 'deny' as const }] };
    const unattended = resolveAgentTools(agent, catalogue, {});
    expect(unattended.tools).toEqual([]);
    expect(unattended.omitted).toEqual([
      { name: 'knowledge__recall_facts', reason: 'denied' },
      { name: 'knowledge__forget_fact', reason: 'no_approval_channel' },
    ]);
    // with a channel, the person's answer decides; a rejection never runs the tool
    const rejecting = new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: { name: 'chat', requestApproval: async () => ({ decision: 'reject', reason: 'not now' }) } });
    const forget = resolveAgentTools(agent, catalogue, { approvals: rejecting }).get('knowledge__forget_fact')!.function;
    await expect(forget.invoke({ fact: 'The VPN restarts at midnight.' })).rejects.toBeInstanceOf(ToolApprovalError);
    expect(forgotten).toEqual([]);
    const approving = new ToolApprovalRouter({ runMode: 'auto_approve_required' });
    const approved = resolveAgentTools(agent, catalogue, { approvals: approving }).get('knowledge__forget_fact')!.function;
    expect(await approved.invoke({ fact: 'The VPN restarts at midnight.' }, { services: { user: 'ada' } as unknown as ToolServices })).toBe('forgotten');
    expect(forgotten).toEqual(['The VPN restarts at midnight. (ada)']);
    forgotten.length = 0;
  });

  it('goes to OpenAI with strict: false when its schema is not in strict form, and strict: true when it is', () => {
    const [recall, forget] = toOpenAITools([recallFacts, forgetFact], { api: 'responses' });
    expect(recall).toMatchObject({ name: 'knowledge__recall_facts', strict: false, parameters: recallFacts.parameters.jsonSchema });
    expect(forget).toMatchObject({ name: 'knowledge__forget_fact', strict: true, parameters: flatSchema });
  });

  it.each<[string, JsonSchema, boolean]>([
    ['closed, every property required', { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false }, true],
    ['an optional property', { type: 'object', properties: { a: { type: 'string' } }, required: [], additionalProperties: false }, false],
    ['an open object', { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, false],
    ['a nested optional property', {
      type: 'object', required: ['a'], additionalProperties: false,
      properties: { a: { type: 'object', properties: { b: { type: 'number' } }, required: [], additionalProperties: false } },
    }, false],
    ['a keyword strict mode refuses (minLength)', { type: 'object', properties: { a: { type: 'string', minLength: 2 } }, required: ['a'], additionalProperties: false }, false],
    ['a $defs entry not in strict form', {
      type: 'object', properties: { a: { $ref: '#/$defs/A' } }, required: ['a'], additionalProperties: false,
      $defs: { A: { type: 'object', properties: { b: { type: 'number' } } } },
    }, false],
    ['a $defs entry in strict form', {
      type: 'object', properties: { a: { $ref: '#/$defs/A' } }, required: ['a'], additionalProperties: false,
      $defs: { A: { type: 'object', properties: { b: { type: 'number' } }, required: ['b'], additionalProperties: false } },
    }, true],
  ])('goes to OpenAI with strict: %s → %s', (_case, jsonSchema, strict) => {
    const probe = tool({ owner: 'probe', name: 'probe', description: 'Probes.', input: { jsonSchema, validate: (value: unknown) => ({ value: value as Record<string, unknown> }) }, execute: () => 'ok' });
    expect(toOpenAITools([probe], { api: 'chat' })[0]).toMatchObject({ function: { strict, parameters: jsonSchema } });
  });

  it('is run by the OpenAI and Anthropic runners, which fail closed on approval', async () => {
    const call = { type: 'function_call', call_id: 'call_1', name: 'knowledge__recall_facts', arguments: '{"word":"vpn"}' } as const;
    expect(await runOpenAIToolCall([recallFacts], call)).toEqual({ type: 'function_call_output', call_id: 'call_1', output: JSON.stringify([facts[1]]) });
    const answer = await runAnthropicToolUse([forgetFact], { id: 'toolu_1', name: 'knowledge__forget_fact', input: { fact: 'x' } });
    expect(answer).toMatchObject({ is_error: true, content: expect.stringContaining('needs approval and was not run') });
    expect(forgotten).toEqual([]);
  });

  it("runs through the AI SDK's generateText, validated in the SDK's input step", async () => {
    const { tools } = toAISDKTools([recallFacts]);
    const model = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'knowledge__recall_facts', input: '{"word":"printers"}' }],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage: { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } },
        warnings: [],
      }),
    });
    const result = await generateText({ model, tools, prompt: 'What do we know about printers?' });
    expect(result.toolResults.map((each) => each.output)).toEqual([[facts[0]]]);
  });
});

// the function is an AIFunction like any other: it goes where a generated one goes
const _asFunction: AIFunction = recallFacts;
void _asFunction;
