import type { SchemaVariantName } from '@toolgen/runtime';
import type { SchemaVariantProvider } from './provider.js';
import { anthropic } from './providers/anthropic.js';
import { gemini } from './providers/gemini.js';
import { openAiStrict } from './providers/openaiStrict.js';

/** Exactly one provider per runtime `SchemaVariantName`, each under its own name. */
export type VariantRegistry = { readonly [Name in SchemaVariantName]: SchemaVariantProvider<Name> };

/**
 * The provider variants, in the order every output lists them (the keys of `variants` and `tokens`, then
 * `losses`): the generator's one list of providers. The derivation, the manifest, the generated modules and the
 * token budget all read it.
 *
 * Adding a provider is one new file and one line here: `providers/<provider>.ts` exporting its
 * `SchemaVariantProvider`, and its entry below. Its name is contract, so it is also added to the runtime's
 * `SchemaVariantName` (the type of `AIFunction.variants`, SPEC §3): until the two agree this does not compile,
 * whichever of them misses the provider.
 */
const registry: VariantRegistry = {
  'openai-strict': openAiStrict,
  anthropic,
  gemini,
};

/** Every registered provider, in registry order. */
export const variantProviders: readonly SchemaVariantProvider[] = Object.values(registry);

/** Every variant's name, in registry order. */
export const variantNames: readonly SchemaVariantName[] = variantProviders.map((provider) => provider.name);

/** One value per variant, keyed in registry order (the order JSON then lists them in). */
export function perVariant<T>(valueOf: (provider: SchemaVariantProvider) => T): Record<SchemaVariantName, T> {
  const values: Partial<Record<SchemaVariantName, T>> = {};
  for (const provider of variantProviders) {
    values[provider.name] = valueOf(provider);
  }
  return values as Record<SchemaVariantName, T>;
}
