import { expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import { tool, type JsonSchema, type ToolArgs, type ToolResult } from '@toolgen/runtime';

// what a user holds from tool() is typed from the schema and from execute (issue 31)

test('arguments come from the Standard Schema, the result from execute', () => {
  const recall = tool({
    owner: 'knowledge',
    name: 'recall_facts',
    description: 'Lists remembered facts that contain a word.',
    input: z.object({ word: z.string(), limit: z.number().optional() }),
    execute: async ({ word, limit }) => {
      expectTypeOf(word).toEqualTypeOf<string>();
      expectTypeOf(limit).toEqualTypeOf<number | undefined>();
      return [{ fact: word, at: new Date() }];
    },
  });
  expectTypeOf(recall.name).toEqualTypeOf<'recall_facts'>();
  expectTypeOf<ToolArgs<typeof recall>>().toEqualTypeOf<{ word: string; limit?: number | undefined }>();
  // the result as JSON: a Date is sent as its ISO string
  expectTypeOf<ToolResult<typeof recall>>().toEqualTypeOf<{ fact: string; at: string }[]>();
});

test('a JSON Schema with a validator types the arguments from the validator', () => {
  const schema: JsonSchema = { type: 'object', properties: { fact: { type: 'string' } }, required: ['fact'] };
  const forget = tool({
    owner: 'knowledge',
    name: 'forget_fact',
    description: 'Removes a fact.',
    input: { jsonSchema: schema, validate: (input: unknown) => ({ value: input as { readonly fact: string } }) },
    execute: ({ fact }) => fact.length,
  });
  expectTypeOf(forget.name).toEqualTypeOf<'forget_fact'>();
  expectTypeOf<ToolArgs<typeof forget>>().toEqualTypeOf<{ readonly fact: string }>();
  expectTypeOf<ToolResult<typeof forget>>().toEqualTypeOf<number>();
  // @ts-expect-error: execute's arguments are the validator's, not any object
  tool({ owner: 'k', name: 'x', description: 'x', input: { jsonSchema: schema, validate: (input: unknown) => ({ value: input as { readonly fact: string } }) }, execute: ({ other }) => other });
});

test('a validator written as `ok ? { value } : { issues }` types the arguments without undefined (trial of issue 31)', () => {
  const add = tool({
    owner: 'calc',
    name: 'add',
    description: 'Adds two numbers.',
    input: {
      jsonSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
      validate: (input: unknown) => {
        const o = input as { a?: unknown; b?: unknown };
        if (typeof o.a === 'number' && typeof o.b === 'number') return { value: { a: o.a, b: o.b } };
        return { issues: [{ message: 'a and b must be numbers' }] };
      },
    },
    execute: ({ a, b }) => a + b,
  });
  expectTypeOf(add.name).toEqualTypeOf<'add'>();
  expectTypeOf<ToolArgs<typeof add>>().toEqualTypeOf<{ a: number; b: number }>();
  expectTypeOf<ToolResult<typeof add>>().toEqualTypeOf<number>();
});
