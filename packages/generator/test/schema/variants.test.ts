import type { JsonSchema, JsonValue, SchemaVariantName } from '@toolgen/runtime';
import { describe, expect, it } from 'vitest';
import { isOpenAIStrictSchema } from '@toolgen/runtime/openai';
import type { ShapeDocument } from '../../src/schema/shape.js';
import { toJsonSchema } from '../../src/schema/toJsonSchema.js';
import { deriveProviderVariants } from '../../src/schema/variants.js';
import { documentOf, validatorFixtures } from '../emit/validator/fixtures.js';
import { canonical } from './variants/fixtures.js';
import { anthropicRows, geminiRows, openAiRows, type Row } from './variants/rows.js';
import {
  anthropicProblems, asGemini, asStrict, compile, deepFreeze, geminiProblems, openAiStrictProblems,
} from './variants/invariants.js';

function expectVariant(variant: SchemaVariantName, row: Row): void {
  const derived = deriveProviderVariants(row.canonical);
  expect(derived.variants[variant]).toEqual(row.want.schema);
  const losses = derived.losses.filter((loss) => loss.variant === variant);
  expect(losses).toEqual(row.want.losses.map(([pointer, keyword]) => ({ variant, pointer, keyword })));
}

describe('deriveProviderVariants: openai-strict', () => {
  it.each(openAiRows)('$name', (row) => expectVariant('openai-strict', row));
});

describe('deriveProviderVariants: anthropic', () => {
  it.each(anthropicRows)('$name', (row) => expectVariant('anthropic', row));
});

describe('deriveProviderVariants: gemini', () => {
  it.each(geminiRows)('$name', (row) => expectVariant('gemini', row));
});

const fixtures = Object.entries(canonical) as [string, JsonSchema][];

/** The canonical schema of every feature the validator tests, for more shapes than the tables above; tools have object roots. */
const validatorDocuments = validatorFixtures
  .filter((fixture) => documentOf(fixture).root.kind === 'object')
  .map((fixture) => [fixture.name, toJsonSchema(documentOf(fixture))] as [string, JsonSchema]);

// the OpenAI adapters send a tool with strict: true when the runtime's check says its variant is in strict form
// (issue 31); every generated variant must be, or generated tools would silently lose strict mode
describe('the runtime\'s strict-form check (isOpenAIStrictSchema)', () => {
  it.each([...fixtures, ...validatorDocuments])('takes the openai-strict variant of %s', (_name, schema) => {
    expect(isOpenAIStrictSchema(deriveProviderVariants(schema).variants['openai-strict'])).toBe(true);
  });

  it('refuses the canonical schema where it is not in strict form (so the check is not vacuous)', () => {
    expect(fixtures.filter(([, schema]) => !isOpenAIStrictSchema(schema)).length).toBeGreaterThan(fixtures.length / 2);
  });
});

const invariants: Readonly<Record<SchemaVariantName, (schema: JsonSchema) => string[]>> = {
  'openai-strict': openAiStrictProblems,
  anthropic: anthropicProblems,
  gemini: geminiProblems,
};

describe('invariants of every variant', () => {
  it.each(fixtures)('%s: each variant stays inside its provider subset', (_name, schema) => {
    const { variants } = deriveProviderVariants(schema);
    for (const [variant, check] of Object.entries(invariants)) {
      expect(check(variants[variant as SchemaVariantName]), variant).toEqual([]);
    }
  });

  it.each(validatorDocuments)('validator fixture %s: each variant stays inside its provider subset', (_name, schema) => {
    const { variants } = deriveProviderVariants(schema);
    for (const [variant, check] of Object.entries(invariants)) {
      expect(check(variants[variant as SchemaVariantName]), variant).toEqual([]);
    }
  });

  it.each(fixtures)('%s: each variant compiles as a JSON Schema', (_name, schema) => {
    const { variants } = deriveProviderVariants(schema);
    expect(Object.keys(variants)).toEqual(['openai-strict', 'anthropic', 'gemini']);
    for (const variant of Object.values(variants)) {
      expect(() => compile(variant)).not.toThrow();
    }
  });

  it.each(fixtures)('%s: losses are sorted by variant, pointer and keyword, without duplicates', (_name, schema) => {
    const { losses } = deriveProviderVariants(schema);
    const order = ['openai-strict', 'anthropic', 'gemini'];
    const keys = losses.map((loss) => [order.indexOf(loss.variant), loss.pointer, loss.keyword] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || compare(a[1], b[1]) || compare(a[2], b[2]));
    expect(keys).toEqual(sorted);
    expect(new Set(keys.map((key) => key.join(' '))).size).toBe(keys.length);
  });
});

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Arguments valid for the canonical schema that use no feature a variant loses. */
const validArguments: readonly (readonly [keyof typeof canonical, JsonValue])[] = [
  ['flat', { query: 'printer' }],
  ['flat', { query: 'printer', limit: 3 }],
  ['nullable', { assignee: null, ref: 2 }],
  ['nullable', { assignee: 'ann', closedAt: '2024-05-01T10:00:00Z', ref: 'T-1' }],
  ['optionalNullable', { notes: [] }],
  ['optionalNullable', { assignee: null, anything: null, notes: [{}, { due: null }, { due: '2024-05-01T10:00:00Z' }] }],
  ['optionalNullable', { assignee: 'ann', anything: { value: 1 }, notes: [] }],
  ['nested', {}],
  ['nested', { filter: { owner: 'me' } }],
  ['enumConst', { status: 'open', priority: 'high', target: { kind: 'team', slug: 'ops' } }],
  ['numericEnum', { severity: 2, level: true, label: 'minor' }],
  ['numericEnum', { severity: 1, level: null, label: 'major' }],
  ['bounds', { limit: 5, score: 0.5, title: 'Hello' }],
  ['pattern', { id: 'T-12' }],
  ['formats', { due: '2024-05-01T10:00:00Z', email: 'ann@example.com', site: 'https://example.com' }],
  ['array', { tags: ['a', 'b'] }],
  ['tuples', { point: [1, 2], range: ['a'], command: ['run', true, false] }],
  ['maps', { labels: {}, meta: { source: 'web' } }],
  ['selfRecursive', { tree: { label: 'root', children: [{ label: 'leaf' }] } }],
  ['mutuallyRecursive', { category: { name: 'c', items: [{ name: 'i' }] }, featured: { name: 'f', category: { name: 'd', items: [] } } }],
  ['sharedDefs', { owner: { name: 'ann' } }],
  ['annotations', {}],
  ['annotations', { mode: 'fast', legacy: true }],
];

describe('variants accept what the canonical schema accepts', () => {
  it.each(validArguments)('%s: %j', (name, args) => {
    const schema: JsonSchema = canonical[name];
    const { variants } = deriveProviderVariants(schema);
    const defs = (schema['$defs'] ?? {}) as JsonSchema;
    expect(compile(schema)(args)).toBe(true);
    expect(compile(variants['openai-strict'])(asStrict(schema, args, defs))).toBe(true);
    expect(compile(variants.anthropic)(args)).toBe(true);
    expect(compile(variants.gemini)(asGemini(schema, args, defs))).toBe(true);
  });

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

describe('determinism and purity', () => {
  it.each(fixtures)('%s: deriving twice prints byte-identical JSON', (_name, schema) => {
    expect(JSON.stringify(deriveProviderVariants(schema))).toBe(JSON.stringify(deriveProviderVariants(schema)));
  });

  it.each(fixtures)('%s: never mutates its (deep-frozen) input', (_name, schema) => {
    const before = JSON.stringify(schema);
    const frozen = deepFreeze(structuredClone(schema));
    expect(() => deriveProviderVariants(frozen)).not.toThrow();
    expect(JSON.stringify(frozen)).toBe(before);
  });

  it.each(fixtures)('%s: prints the same JSON whatever the key order of its input', (_name, schema) => {
    const reversed = reverseKeys(schema) as JsonSchema;
    expect(JSON.stringify(reversed)).not.toBe(JSON.stringify(schema));
    expect(JSON.stringify(deriveProviderVariants(reversed))).toBe(JSON.stringify(deriveProviderVariants(schema)));
  });

  it('shares no object with its input', () => {
    const { variants } = deriveProviderVariants(canonical.enumConst);
    const properties = variants.anthropic['properties'] as Record<string, Record<string, unknown>>;
    expect(properties['status']?.['enum']).toEqual(canonical.enumConst.properties.status.enum);
    expect(properties['status']?.['enum']).not.toBe(canonical.enumConst.properties.status.enum);
  });
});

/** Reverses every object's keys except the order of `properties` (which is declaration order). */
function reverseKeys(value: JsonValue, inProperties = false): JsonValue {
  if (Array.isArray(value)) {
    return (value as readonly JsonValue[]).map((item) => reverseKeys(item));
  }
  if (typeof value !== 'object' || value === null) {
    return value;
  }
  const entries = Object.entries(value).map(([key, item]) => [key, reverseKeys(item, key === 'properties')] as const);
  return Object.fromEntries(inProperties ? entries : entries.reverse());
}

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
