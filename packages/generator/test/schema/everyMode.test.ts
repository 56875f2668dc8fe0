import type { JsonSchema, JsonValue } from '@toolgen/runtime';
import { describe, expect, it } from 'vitest';
import { deriveProviderVariants } from '../../src/schema/variants.js';
import { compileValidator } from '../emit/validator/compileValidator.js';
import { compile, derive, deriveTogether } from './fixture.js';
import { fixtures } from './fromTypeFixtures.js';
import { asGemini, asStrict, compile as compileVariant } from './variants/invariants.js';

/*
 * Issue 32, item 4: each construct fixture of fromTypeFixtures.ts (its TypeScript, its canonical
 * schema, its valid and invalid samples) run through every mode a tool's arguments go through:
 * derivation (fromType.test.ts checks the exact schema), ajv on the schema, the generated validator
 * (the same verdict as ajv on every sample), and each provider variant (a valid sample sent in the
 * variant's form is accepted by the variant, and openai-strict's form normalizes back to the sample).
 * Adding a construct is one fixture there; it runs here too.
 */

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

deriveTogether(fixtures);

/** The fixtures a tool's arguments can be: input, with an object at the root (a tool's parameters always are). */
const argumentFixtures = fixtures.filter((fixture) => (fixture.purpose ?? 'input') === 'input' && derive(fixture.source).document.root.kind === 'object');

describe('the construct fixtures', () => {
  it('include most of the table as arguments (the rest are results or not objects at the root)', () => {
    expect(argumentFixtures.length).toBeGreaterThanOrEqual(30);
  });
});

describe.each(argumentFixtures)('$name, through every mode', (fixture) => {
  const derived = derive(fixture.source);
  const schema = derived.schema;
  const defs = (schema['$defs'] ?? {}) as JsonSchema;
  let compiled: ReturnType<typeof compileValidator> | undefined;
  /** The fixture's generated validator, emitted and loaded once for both modes. */
  const validatorOf = () => (compiled ??= compileValidator(derived.document));

  it('the generated validator gives ajv\'s verdict on every sample, and builds a valid sample unchanged unless it converts it', () => {
    const ajv = compile(schema);
    const validator = validatorOf();
    const verdicts = [...fixture.valid, ...fixture.invalid].map((sample) => ({ sample, ajv: ajv(sample), validator: validator.check(sample).issues.length === 0 }));
    expect(verdicts.filter((verdict) => verdict.ajv !== verdict.validator)).toEqual([]);
    for (const sample of fixture.valid) {
      // what the tool receives round-trips through JSON to the sample (a Date prints as the ISO text it came from, or its normal form)
      const built = JSON.parse(JSON.stringify(validator.check(sample).value)) as unknown;
      expect(compile(schema)(built), JSON.stringify(sample)).toBe(true);
    }
  });

  it('each provider variant without losses accepts every valid sample sent in its form, and openai-strict\'s form normalizes back to it', () => {
    const { variants, losses } = deriveProviderVariants(schema);
    const lossless = (variant: string) => !losses.some((loss) => loss.variant === variant);
    const validator = validatorOf();
    for (const sample of fixture.valid as JsonValue[]) {
      if (lossless('openai-strict')) {
        const strict = asStrict(schema, sample, defs);
        expect(compileVariant(variants['openai-strict'])(strict), `openai-strict: ${JSON.stringify(strict)}`).toBe(true);
        expect(validator.normalize(strict), `openai-strict back: ${JSON.stringify(strict)}`).toEqual(sample);
      }
      if (lossless('anthropic')) expect(compileVariant(variants.anthropic)(sample), `anthropic: ${JSON.stringify(sample)}`).toBe(true);
      if (lossless('gemini')) {
        const gemini = asGemini(schema, sample, defs);
        expect(compileVariant(asGeminiReadsNullable(variants.gemini))(gemini), `gemini: ${JSON.stringify(gemini)}`).toBe(true);
      }
    }
  });
});
