import { describe, expectTypeOf, it } from 'vitest';
import type { SchemaVariantName } from '@toolgen/runtime';
import type { SchemaVariantProvider } from '../../src/schema/variants/provider.js';
import type { VariantRegistry } from '../../src/schema/variants/registry.js';

/*
 * The registry is typed against the runtime's SchemaVariantName, the contract type of
 * AIFunction.variants, so the two cannot drift. Only type-checked: nothing here runs.
 */

declare const openAiStrict: SchemaVariantProvider<'openai-strict'>;
declare const anthropic: SchemaVariantProvider<'anthropic'>;
declare const gemini: SchemaVariantProvider<'gemini'>;
declare function register(registry: VariantRegistry): void;

describe('the provider registry types', () => {
  it('has one entry per runtime SchemaVariantName, each a provider of that name', () => {
    expectTypeOf<keyof VariantRegistry>().toEqualTypeOf<SchemaVariantName>();
    expectTypeOf<VariantRegistry['anthropic']['name']>().toEqualTypeOf<'anthropic'>();
    expectTypeOf(register).toBeCallableWith({ 'openai-strict': openAiStrict, anthropic, gemini });
  });

  it('does not compile a registry that misses a provider, files one under another\'s name, or adds one the runtime lacks', () => {
    // @ts-expect-error gemini is missing
    register({ 'openai-strict': openAiStrict, anthropic });
    // @ts-expect-error gemini's provider under anthropic's name
    register({ 'openai-strict': openAiStrict, anthropic: gemini, gemini });
    // @ts-expect-error mistral is not a runtime SchemaVariantName
    register({ 'openai-strict': openAiStrict, anthropic, gemini, mistral: anthropic });
    // @ts-expect-error a provider's name is a runtime SchemaVariantName
    expectTypeOf<SchemaVariantProvider<'mistral'>>().not.toBeNever();
  });
});
