import { isDeepStrictEqual } from 'node:util';
import type { JsonSchema, JsonValue, SchemaVariantName } from '@toolgen/runtime';
import { isOpenAIStrictSchema } from '@toolgen/runtime/openai';
import { describe, expect, it } from 'vitest';
import { toJsonSchema } from '../../src/schema/toJsonSchema.js';
import { deriveProviderVariants } from '../../src/schema/variants.js';
import { variantNames } from '../../src/schema/variants/registry.js';
import { compileValidator } from '../emit/validator/compileValidator.js';
import { oracle } from '../emit/validator/oracle.js';
import { derive, deriveTogether, documentOf, sourcesOf } from './fixture.js';
import { fixtures } from './fromTypeFixtures.js';
import { Builds, builds, type Fixture, inputOf, Rejects, rejects } from './row.js';
import type { ShapeDocument } from '../../src/schema/shape.js';
import { anthropicProblems, asGemini, asStrict, compile as compileVariant, deepFreeze, geminiProblems, openAiStrictProblems } from './variants/invariants.js';

/*
 * Issue 32, item 4: the one table of constructs (fromTypeFixtures.ts's `fixtures`: the groups docs/schema.md shows, the
 * provider-variant features and the validator's rows), each row run through every mode a type goes through:
 * 1. derivation: the exact canonical schema, without problems (or the document written by hand prints it);
 * 2. ajv on that schema: the valid samples pass, the invalid ones fail;
 * 3. the generated validator: ajv's verdict on every sample, the value it builds, the exact issues a row pins;
 * 4. each provider variant: exactly what a row says, inside its provider's subset, deterministic and pure; a valid
 *    sample sent in the variant's form is accepted, and openai-strict's form normalizes back to it.
 * A tool's arguments are an object: a row of another type (a string, a tuple, a union) runs through 3 and 4 as the one
 * member of an object, `{ value: Subject }`, as a parameter of its type is (argumentsOf). A result has neither.
 * The fifth mode, TypeScript 7, derives every row with TypeScript in backends/ts7TypeHost.test.ts (test:ts7).
 * Adding a construct is one row.
 */

deriveTogether(sourcesOf(fixtures));

/** What a sample is after JSON: samples that are not (NaN, a Date) are for the validator only, which sees values, not text. */
const isJson = (sample: unknown): boolean => isDeepStrictEqual(JSON.parse(JSON.stringify(sample) ?? 'null'), sample);

const variantProblems: Readonly<Record<SchemaVariantName, (schema: JsonSchema) => string[]>> = {
  'openai-strict': openAiStrictProblems,
  anthropic: anthropicProblems,
  gemini: geminiProblems,
};

/**
 * Gemini's OpenAPI-style `nullable: true` beside an `enum` of strings: Gemini's enums hold strings
 * only, so it reads `nullable` as allowing null too; ajv reads OpenAPI 3.0.3, where null must be in
 * the enum. The oracle is told what Gemini reads.
 */
function asGeminiReadsNullable(schema: JsonSchema): JsonSchema {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (typeof node !== 'object' || node === null) return node;
    const entries = Object.entries(node).map(([key, value]) => [key, visit(value)] as const);
    const copy = Object.fromEntries(entries) as Record<string, unknown>;
    if (copy['nullable'] === true && Array.isArray(copy['enum'])) copy['enum'] = [...(copy['enum'] as unknown[]), null];
    return copy;
  };
  return visit(schema) as JsonSchema;
}

/** Reverses every object's keys except the order of `properties` (which is declaration order). */
function reverseKeys(value: JsonValue, inProperties = false): JsonValue {
  if (Array.isArray(value)) return (value as readonly JsonValue[]).map((item) => reverseKeys(item));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, reverseKeys(item, key === 'properties')] as const);
  return Object.fromEntries(inProperties ? entries : entries.reverse());
}

const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A row as a tool's arguments: itself when its schema is an object, else `{ value: Subject }`, samples and issues too. */
interface AsArguments {
  readonly schema: JsonSchema;
  readonly document: ShapeDocument | undefined;
  readonly valid: readonly unknown[];
  readonly invalid: readonly unknown[];
  readonly wrapped: boolean;
}

function argumentsOf(fixture: Fixture, document: ShapeDocument | undefined): AsArguments {
  const { want: schema, valid, invalid } = fixture;
  if (schema['type'] === 'object') return { schema, document, valid, invalid, wrapped: false };
  const { $defs, ...member } = schema;
  const wrap = (sample: unknown): unknown => {
    if (sample instanceof Builds) return builds({ value: sample.input }, { value: sample.value });
    if (sample instanceof Rejects) return rejects({ value: sample.input }, sample.issues.map((issue) => ({ ...issue, pointer: `/value${issue.pointer}` })));
    return { value: sample };
  };
  return {
    schema: { type: 'object', properties: { value: member }, required: ['value'], additionalProperties: false, ...($defs === undefined ? {} : { $defs }) },
    document: document && {
      root: { kind: 'object', properties: [{ name: 'value', shape: document.root, optional: false }], additionalProperties: false },
      defs: document.defs,
    },
    valid: valid.map(wrap),
    invalid: invalid.map(wrap),
    wrapped: true,
  };
}

describe('the table of constructs', () => {
  it('holds every kind of row: TypeScript, documents by hand, schemas only, rows pinning variants and issues', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(100);
    expect(new Set(fixtures.map((fixture) => fixture.name)).size).toBe(fixtures.length);
    expect(fixtures.filter((fixture) => fixture.document !== undefined).length).toBeGreaterThan(0);
    expect(fixtures.filter((fixture) => fixture.source === undefined && fixture.document === undefined).length).toBeGreaterThan(0);
    expect(fixtures.filter((fixture) => fixture.variants !== undefined).length).toBeGreaterThanOrEqual(16);
    expect(fixtures.filter((fixture) => fixture.invalid.some((sample) => sample instanceof Rejects)).length).toBeGreaterThanOrEqual(15);
  });
});

// by name with %s: vitest cuts a $name title at 40 characters
describe.each(fixtures.map((fixture) => [fixture.name, fixture] as const))('%s', (_name, fixture) => {
  const document = documentOf(fixture);
  const schema = fixture.want;
  /** A tool's arguments: what the validator checks and the variants are for (a result has neither). */
  const isArguments = (fixture.purpose ?? 'input') === 'input';
  const args = argumentsOf(fixture, document);
  let compiled: ReturnType<typeof compileValidator> | undefined;
  const validatorOf = () => (compiled ??= compileValidator(args.document!));

  it.skipIf(document === undefined)('derives its canonical schema exactly, without problems', () => {
    const derived = fixture.source === undefined ? undefined : derive(fixture.source, fixture.purpose);
    expect(derived?.problems ?? []).toEqual([]);
    const printed = derived?.schema ?? toJsonSchema(document!);
    expect(printed).toEqual(schema);
    // toEqual ignores key order; the printed text must match too (declaration order of properties)
    expect(JSON.stringify(printed)).toBe(JSON.stringify(schema));
  });

  it.skipIf(fixture.noOracle !== undefined)('is checked by ajv: valid samples pass, invalid ones fail', () => {
    const accepts = oracle(schema);
    expect(fixture.valid.map(inputOf).filter((sample) => isJson(sample) && !accepts(sample))).toEqual([]);
    expect(fixture.invalid.map(inputOf).filter((sample) => isJson(sample) && accepts(sample))).toEqual([]);
  });

  it.skipIf(document === undefined || !isArguments)('is checked by the generated validator as by ajv, which builds each value and pins each issue', () => {
    if (args.wrapped) {
      // the object around a row of another type prints as the row's schema inside it, and ajv's verdicts hold inside it
      expect(JSON.stringify(toJsonSchema(args.document!))).toBe(JSON.stringify(args.schema));
      const accepts = fixture.noOracle === undefined ? oracle(args.schema) : undefined;
      expect(args.valid.map(inputOf).filter((sample) => isJson(sample) && accepts?.(sample) === false)).toEqual([]);
      expect(args.invalid.map(inputOf).filter((sample) => isJson(sample) && accepts?.(sample) === true)).toEqual([]);
    }
    const validator = validatorOf();
    for (const sample of args.valid) {
      const input = inputOf(sample);
      const { value, issues } = validator.check(input);
      expect(issues, JSON.stringify(input)).toEqual([]);
      if (typeof input === 'object' && input !== null) expect(value).not.toBe(input);
      // a value the tool gets that is not the sample (a Date from its text) is pinned with builds(input, value)
      expect(value, JSON.stringify(input)).toEqual(sample instanceof Builds ? sample.value : input);
    }
    for (const sample of args.invalid) {
      const { issues } = validator.check(inputOf(sample));
      if (sample instanceof Rejects) expect(issues, JSON.stringify(sample.input)).toEqual(sample.issues);
      else expect(issues.length, JSON.stringify(sample)).toBeGreaterThan(0);
    }
  });

  it.skipIf(!isArguments)('has provider variants as the row says, each inside its provider\'s subset, deterministic and pure', () => {
    const { schema } = args;
    const derived = deriveProviderVariants(schema);
    const { variants, losses } = derived;
    expect(Object.keys(variants)).toEqual([...variantNames]);
    // what a row pins is its own schema's variants: an object's
    if (args.wrapped) expect(fixture.variants).toBeUndefined();
    for (const variant of variantNames) {
      const want = fixture.variants?.[variant];
      if (want !== undefined) {
        expect(variants[variant], variant).toEqual(want.schema);
        expect(losses.filter((loss) => loss.variant === variant)).toEqual(want.losses.map(([pointer, keyword]) => ({ variant, pointer, keyword })));
      }
      expect(variantProblems[variant](variants[variant]), variant).toEqual([]);
      expect(() => compileVariant(variants[variant]), variant).not.toThrow();
    }
    // the OpenAI adapters send strict: true when the runtime's check says the variant is in strict form (issue 31)
    expect(isOpenAIStrictSchema(variants['openai-strict'])).toBe(true);
    const keys = losses.map((loss) => [variantNames.indexOf(loss.variant), loss.pointer, loss.keyword] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || order(a[1], b[1]) || order(a[2], b[2])));
    expect(new Set(keys.map((key) => key.join(' '))).size).toBe(keys.length);
    // byte-identical again, whatever the key order of the input, and never a change to the (deep-frozen) input
    const text = JSON.stringify(derived);
    expect(JSON.stringify(deriveProviderVariants(schema))).toBe(text);
    expect(JSON.stringify(deriveProviderVariants(reverseKeys(schema as JsonValue) as JsonSchema))).toBe(text);
    const frozen = deepFreeze(structuredClone(schema));
    expect(JSON.stringify(deriveProviderVariants(frozen))).toBe(text);
    expect(frozen).toEqual(schema);
  });

  it.skipIf(!isArguments || fixture.noOracle !== undefined)('takes each valid sample in each variant\'s form, and openai-strict\'s form back', () => {
    const { schema } = args;
    const { variants, losses } = deriveProviderVariants(schema);
    // A lost keyword widens what a variant takes, but for two: other keys beside named members, which a variant closes,
    // and a recursion cut after a level. The samples of a row that pins its variants use neither: every variant takes them.
    const narrowing = new Set(['additionalProperties', '$ref']);
    const lossless = (variant: SchemaVariantName) =>
      fixture.variants !== undefined || !losses.some((loss) => loss.variant === variant && narrowing.has(loss.keyword));
    const defs = (schema['$defs'] ?? {}) as JsonSchema;
    for (const sample of args.valid.map(inputOf).filter(isJson) as JsonValue[]) {
      if (lossless('openai-strict')) {
        const strict = asStrict(schema, sample, defs);
        expect(compileVariant(variants['openai-strict'])(strict), `openai-strict: ${JSON.stringify(strict)}`).toBe(true);
        if (document !== undefined) expect(validatorOf().normalize(strict), `openai-strict back: ${JSON.stringify(strict)}`).toEqual(sample);
      }
      if (lossless('anthropic')) expect(compileVariant(variants.anthropic)(sample), `anthropic: ${JSON.stringify(sample)}`).toBe(true);
      if (lossless('gemini')) {
        const gemini = asGemini(schema, sample, defs);
        expect(compileVariant(asGeminiReadsNullable(variants.gemini))(gemini), `gemini: ${JSON.stringify(gemini)}`).toBe(true);
      }
    }
  });
});
