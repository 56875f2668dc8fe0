import type { JsonSchema } from '@toolgen/runtime';
import { describe, expect, it } from 'vitest';
import { isOpenAIStrictSchema } from '@toolgen/runtime/openai';
import type { ShapeDocument } from '../../src/schema/shape.js';
import { toJsonSchema } from '../../src/schema/toJsonSchema.js';
import { deriveProviderVariants } from '../../src/schema/variants.js';
import { canonical } from './variants/fixtures.js';
import { asStrict, compile } from './variants/invariants.js';

/*
 * What each variant makes of each feature, its invariants, determinism and purity, and that it takes every valid
 * sample in its form run for every row of the table of constructs in everyMode.test.ts; here are the variants' edges.
 */

const fixtures = Object.entries(canonical) as [string, JsonSchema][];

describe('the runtime\'s strict-form check (isOpenAIStrictSchema)', () => {
  it('refuses the canonical schema where it is not in strict form (so the check in everyMode.test.ts is not vacuous)', () => {
    expect(fixtures.filter(([, schema]) => !isOpenAIStrictSchema(schema)).length).toBeGreaterThan(fixtures.length / 2);
  });
});

describe('variants and the canonical schema', () => {
  it('sends an absent optional as null in openai-strict, which the canonical schema rejects', () => {
    const args = asStrict(canonical.flat, { query: 'printer' }, {});
    expect(args).toEqual({ query: 'printer', limit: null });
    expect(compile(deriveProviderVariants(canonical.flat).variants['openai-strict'])(args)).toBe(true);
    expect(compile(canonical.flat)(args)).toBe(false);
  });

  it('keeps absent, null and a value apart for an optional nullable member in openai-strict', () => {
    const strict = compile(deriveProviderVariants(canonical.optionalNullable).variants['openai-strict']);
    const others = { anything: null, notes: [] };
    expect(strict({ ...others, assignee: null })).toBe(true);
    expect(strict({ ...others, assignee: { value: null } })).toBe(true);
    expect(strict({ ...others, assignee: { value: 'ann' } })).toBe(true);
    expect(strict({ ...others, assignee: 'ann' })).toBe(false);
    expect(strict({ ...others, assignee: {} })).toBe(false);
    expect(strict({ ...others, assignee: { value: 'ann', other: 1 } })).toBe(false);
  });
});

describe('purity', () => {
  it('shares no object with its input', () => {
    const { variants } = deriveProviderVariants(canonical.enumConst);
    const properties = variants.anthropic['properties'] as Record<string, Record<string, unknown>>;
    expect(properties['status']?.['enum']).toEqual(canonical.enumConst.properties.status.enum);
    expect(properties['status']?.['enum']).not.toBe(canonical.enumConst.properties.status.enum);
  });
});

describe('edges', () => {
  it('leaves out defs that nothing reaches, and rejects a $ref to a missing def', () => {
    const unused: JsonSchema = { ...canonical.flat, $defs: { Unused: { type: 'string' } } };
    expect(deriveProviderVariants(unused).variants).toEqual(deriveProviderVariants(canonical.flat).variants);
    const missing: JsonSchema = { ...canonical.flat, properties: { x: { $ref: '#/$defs/Missing' } }, required: ['x'] };
    expect(() => deriveProviderVariants(missing)).toThrow('no $defs entry named "Missing"');
  });

  it('reports a loss once where union members lose the same keyword at the same pointer', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { size: { anyOf: [{ type: 'integer', maximum: 5 }, { type: 'string', maxLength: 5 }, { type: 'number', maximum: 9 }] } },
      required: ['size'],
      additionalProperties: false,
    };
    expect(deriveProviderVariants(schema).losses).toEqual([
      { variant: 'openai-strict', pointer: '/size', keyword: 'maxLength' },
      { variant: 'anthropic', pointer: '/size', keyword: 'maxLength' },
      { variant: 'anthropic', pointer: '/size', keyword: 'maximum' },
    ]);
  });

  it('gemini: a lone null type is said in words; a nullable string enum keeps its enum', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { nothing: { type: 'null' }, size: { anyOf: [{ type: 'string', enum: ['s', 'm'] }, { type: 'null' }] } },
      required: ['nothing', 'size'],
      additionalProperties: false,
    };
    const { variants, losses } = deriveProviderVariants(schema);
    expect(variants.gemini['properties']).toEqual({
      nothing: { description: 'Must be null.' },
      size: { type: 'string', nullable: true, enum: ['s', 'm'] },
    });
    expect(losses.filter((loss) => loss.variant === 'gemini')).toEqual([{ variant: 'gemini', pointer: '/nothing', keyword: 'type' }]);
  });

  it('gemini: null beside a union of a union goes onto the inner members, where OpenAPI reads it (beside a type)', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { code: { anyOf: [{ anyOf: [{ type: 'string', maxLength: 2 }, { type: 'integer' }], description: 'A code' }, { type: 'null' }] } },
      required: ['code'],
      additionalProperties: false,
    };
    expect(deriveProviderVariants(schema).variants.gemini['properties']).toEqual({
      code: { anyOf: [{ type: 'string', nullable: true, maxLength: 2 }, { type: 'integer', nullable: true }], description: 'A code' },
    });
  });

  it('escapes ~ and / in pointers and keeps __proto__ an own property', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"a/b~c":{"type":"string","minLength":1},"__proto__":{"type":"string","maxLength":2}},' +
        '"required":["a/b~c","__proto__"],"additionalProperties":false}',
    ) as JsonSchema;
    const { variants, losses } = deriveProviderVariants(schema);
    expect(losses.filter((loss) => loss.variant === 'anthropic').map((loss) => loss.pointer)).toEqual(['/__proto__', '/a~1b~0c']);
    const properties = variants.anthropic['properties'] as object;
    expect(Object.keys(properties)).toEqual(['a/b~c', '__proto__']);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
  });

  it('derives the variants of what toJsonSchema prints', () => {
    const document: ShapeDocument = {
      root: {
        kind: 'object',
        properties: [
          { name: 'limit', optional: true, shape: { kind: 'number', integer: true, maximum: 50, default: 20 } },
          { name: 'node', optional: false, shape: { kind: 'ref', name: 'Node' } },
        ],
        additionalProperties: false,
      },
      defs: {
        Node: {
          kind: 'object',
          properties: [{ name: 'next', optional: true, shape: { kind: 'union', members: [{ kind: 'ref', name: 'Node' }, { kind: 'null' }] } }],
          additionalProperties: false,
        },
      },
    };
    const { variants, losses } = deriveProviderVariants(toJsonSchema(document));
    expect(variants['openai-strict']['properties']).toEqual({
      limit: { anyOf: [{ type: 'integer', maximum: 50 }, { type: 'null' }], description: 'Defaults to 20.' },
      node: { $ref: '#/$defs/Node' },
    });
    expect(variants.gemini['properties']).toEqual({
      limit: { type: 'integer', maximum: 50, default: 20 },
      node: {
        type: 'object',
        properties: {
          next: { type: 'object', nullable: true, description: 'Recursive: a Node with the same structure as the one at /node.' },
        },
        required: [],
      },
    });
    expect(losses).toEqual([
      { variant: 'anthropic', pointer: '/limit', keyword: 'maximum' },
      { variant: 'anthropic', pointer: '/node/next', keyword: '$ref' },
      { variant: 'gemini', pointer: '/node/next', keyword: '$ref' },
    ]);
  });
});
