import type { ToolTokenCounts, ToolTokenVariant } from '@toolgen/runtime';
import { createDiagnostic, type Diagnostic } from '../diagnostics/Diagnostic.js';
import type { Manifest } from '../manifest/manifest.js';
import { perTokenVariant, tokenEncoding, tokenVariants } from './countTokens.js';
import type { TokenBudget } from './tokenBudget.js';

/** The `budget` of `toolgen --format json`: what the project's tool list costs, per toolset and in all. */
export interface BudgetReport {
  /** `o200k_base`: exact for OpenAI's GPT-4o/4.1/o-series/GPT-5 models, an approximation for Anthropic and Gemini. */
  readonly encoding: typeof tokenEncoding;
  /** The configured budget, or null. */
  readonly tokenBudget: number | null;
  /** Every tool of the manifest (a manifest entry written without counts adds to `uncounted`). */
  readonly total: ToolTokenCounts;
  readonly tools: number;
  readonly uncounted: number;
  readonly toolsets: readonly {
    readonly className: string;
    readonly owner: string;
    readonly module: string;
    readonly tools: number;
    readonly tokens: ToolTokenCounts;
  }[];
}

/** What a budget reads of a manifest: each toolset's names and its tools' `tokens`. */
export interface BudgetInput {
  readonly toolsets: readonly (Pick<Manifest['toolsets'][number], 'className' | 'owner' | 'module'> & { readonly tools: readonly Pick<Manifest['toolsets'][number]['tools'][number], 'tokens'>[] })[];
}

/** Sums the manifest's per-tool `tokens`, per toolset and for the whole project. */
export function budgetOf(manifest: BudgetInput, budget: TokenBudget | undefined): BudgetReport {
  const total = zero();
  let tools = 0;
  let uncounted = 0;
  const toolsets = manifest.toolsets.map((toolset) => {
    const tokens = zero();
    for (const tool of toolset.tools) {
      tools++;
      if (tool.tokens === undefined) {
        uncounted++;
        continue;
      }
      for (const variant of tokenVariants) {
        tokens[variant] += tool.tokens[variant];
        total[variant] += tool.tokens[variant];
      }
    }
    return { className: toolset.className, owner: toolset.owner, module: toolset.module, tools: toolset.tools.length, tokens };
  });
  return { encoding: tokenEncoding, tokenBudget: budget?.tokens ?? null, total, tools, uncounted, toolsets };
}

/**
 * TSH040 when the whole tool list, offered with its costliest schema, exceeds the budget: an
 * agent offered every tool pays that much in every request.
 */
export function checkTokenBudget(report: BudgetReport, budget: TokenBudget | undefined): Diagnostic[] {
  if (budget === undefined) return [];
  const [variant, tokens] = tokenVariants.map((name) => [name, report.total[name]] as const).reduce((a, b) => (b[1] > a[1] ? b : a));
  if (tokens <= budget.tokens) return [];
  return [
    createDiagnostic('TSH040', 'overBudget', budget.location, {
      tokens: String(tokens),
      variant,
      tools: String(report.tools),
      budget: String(budget.tokens),
    }),
  ];
}

function zero(): Record<ToolTokenVariant, number> {
  return perTokenVariant(() => 0);
}
