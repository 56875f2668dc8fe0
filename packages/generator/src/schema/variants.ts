import type { JsonSchema, SchemaLoss, SchemaVariantName } from '@toolgen/runtime';
import { anthropic } from './variants/anthropic.js';
import { gemini } from './variants/gemini.js';
import { isSchema, setOwn, type MutableSchema } from './variants/json.js';
import { openAiStrict } from './variants/openaiStrict.js';
import { walkNode, type VariantRules, type Walk } from './variants/walker.js';

/** A tool's parameter schema rewritten for each provider, and what each rewrite could not express. */
export interface ProviderVariants {
  /** Keyed in the order `openai-strict`, `anthropic`, `gemini`. */
  readonly variants: Readonly<Record<SchemaVariantName, JsonSchema>>;
  /** Sorted by variant (in that order), then pointer, then keyword; no duplicates. */
  readonly losses: readonly SchemaLoss[];
}

const variantOrder: readonly SchemaVariantName[] = ['openai-strict', 'anthropic', 'gemini'];

/**
 * Derives the provider variants of a canonical parameter schema (SPEC §3): what a variant cannot express is
 * said in words and reported as a loss (the validator still enforces it). Pure, deterministic, never mutates.
 */
export function deriveProviderVariants(canonical: JsonSchema): ProviderVariants {
  const losses: SchemaLoss[] = [];
  const variants = {
    'openai-strict': deriveVariant(openAiStrict, canonical, losses),
    anthropic: deriveVariant(anthropic, canonical, losses),
    gemini: deriveVariant(gemini, canonical, losses),
  };
  return { variants, losses: sortLosses(losses) };
}

function deriveVariant(rules: VariantRules, canonical: JsonSchema, losses: SchemaLoss[]): JsonSchema {
  const { $defs, ...root } = canonical;
  const walk: Walk = { rules, defs: isSchema($defs) ? $defs : {}, losses, keptDefs: new Map() };
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
      variantOrder.indexOf(a.variant) - variantOrder.indexOf(b.variant) ||
      compareStrings(a.pointer, b.pointer) ||
      compareStrings(a.keyword, b.keyword),
  );
}

/** Code-unit order: the same on every machine, unlike `localeCompare`. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
