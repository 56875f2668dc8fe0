import type { JsonSchema, SchemaLoss, SchemaVariantName } from '@toolgen/runtime';
import { isSchema, setOwn, type MutableSchema } from './variants/json.js';
import type { SchemaVariantProvider } from './variants/provider.js';
import { perVariant, variantNames } from './variants/registry.js';
import { walkNode, type Walk } from './variants/walker.js';

/** A tool's parameter schema rewritten for each provider, and what each rewrite could not express. */
export interface ProviderVariants {
  /** Keyed in registry order (`variants/registry.ts`). */
  readonly variants: Readonly<Record<SchemaVariantName, JsonSchema>>;
  /** Sorted by variant (in that order), then pointer, then keyword; no duplicates. */
  readonly losses: readonly SchemaLoss[];
}

/**
 * Derives the provider variants of a canonical parameter schema (SPEC §3): what a variant cannot express is
 * said in words and reported as a loss (the validator still enforces it). Pure, deterministic, never mutates.
 */
export function deriveProviderVariants(canonical: JsonSchema): ProviderVariants {
  const losses: SchemaLoss[] = [];
  const variants = perVariant((provider) => deriveVariant(provider, canonical, losses));
  return { variants, losses: sortLosses(losses) };
}

function deriveVariant({ name, rules }: SchemaVariantProvider, canonical: JsonSchema, losses: SchemaLoss[]): JsonSchema {
  const { $defs, ...root } = canonical;
  const walk: Walk = { variant: name, rules, defs: isSchema($defs) ? $defs : {}, losses, keptDefs: new Map() };
  const printed = walkNode(root, { pointer: '', inlining: new Map() }, walk);
  if (walk.keptDefs.size > 0) {
    setOwn(printed, '$defs', sortedDefs(walk.keptDefs));
  }
  return printed;
}

function sortedDefs(defs: ReadonlyMap<string, MutableSchema>): MutableSchema {
  const sorted: MutableSchema = {};
  for (const name of [...defs.keys()].sort(compareStrings)) {
    setOwn(sorted, name, defs.get(name)!);
  }
  return sorted;
}

function sortLosses(losses: readonly SchemaLoss[]): SchemaLoss[] {
  const unique = new Map(losses.map((loss) => [`${loss.variant}\u0000${loss.pointer}\u0000${loss.keyword}`, loss]));
  return [...unique.values()].sort(
    (a, b) =>
      variantNames.indexOf(a.variant) - variantNames.indexOf(b.variant) ||
      compareStrings(a.pointer, b.pointer) ||
      compareStrings(a.keyword, b.keyword),
  );
}

/** Code-unit order: the same on every machine, unlike `localeCompare`. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
