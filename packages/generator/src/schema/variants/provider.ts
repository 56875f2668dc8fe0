import type { SchemaVariantName } from '@toolgen/runtime';
import type { VariantRules } from './walker.js';

/**
 * One provider variant (SPEC §3): everything the generator knows about it. Each lives in its own file under
 * `providers/` and is listed once in `registry.ts`; the derivation, the manifest, the generated modules and the
 * token counts read it from there.
 */
export interface SchemaVariantProvider<Name extends SchemaVariantName = SchemaVariantName> {
  /**
   * The variant's key (contract): in `variants` and `tokens` of every manifest entry and `AIFunction`, in
   * `losses[].variant`, and in TSH040's message. One of the runtime's `SchemaVariantName`s.
   */
  readonly name: Name;
  /** How the variant is derived from the canonical schema: its keyword table, walked by `walker.ts`. */
  readonly rules: VariantRules;
}
