import type { AIFunction, ToolTokenVariant } from '../function/AIFunction.js';

/** What a tool list costs: the sum of its functions' `metadata.tokens`, per schema they are offered with. */
export interface ToolListTokens {
  /** Tokens per schema, over the functions that carry counts (`o200k_base`; see `ToolTokenCounts`). */
  readonly total: Readonly<Record<ToolTokenVariant, number>>;
  /** Functions that carry no counts (MCP tools, hand-written functions): not in `total`. */
  readonly uncounted: number;
}

const variants: readonly ToolTokenVariant[] = ['openai-strict', 'anthropic', 'gemini', 'canonical'];

/** Sums the token counts of `functions` (those without counts are counted in `uncounted`). */
export function toolListTokens(functions: readonly AIFunction[]): ToolListTokens {
  const total: Record<ToolTokenVariant, number> = { 'openai-strict': 0, anthropic: 0, gemini: 0, canonical: 0 };
  let uncounted = 0;
  for (const fn of functions) {
    const tokens = fn.metadata.tokens;
    if (tokens === undefined) {
      uncounted++;
      continue;
    }
    for (const variant of variants) total[variant] += tokens[variant];
  }
  return { total, uncounted };
}
