import { ToolFailure } from '../errors/ToolFailure.js';
import type { AIFunction, ToolInvocationContext } from './AIFunction.js';
import { functionChain } from './wrapFunction.js';

/**
 * What a wrapper checks of a call's validated arguments before its inner function runs, which no
 * approval could change (workspace containment: a path outside the workspace is refused whoever
 * approves it). An SDK's own approval step (the AI SDK's `toolApproval`, an Agents interruption,
 * an MCP elicitation) runs them first, so that nobody is asked about a call that cannot run.
 */
export type CheckBeforeApproval = (validated: unknown, context: ToolInvocationContext) => Promise<void>;

const checks = new WeakMap<AIFunction, CheckBeforeApproval>();

/** Registers what `wrapped` (a wrapper `wrapFunction` made) refuses before it runs its inner function. */
export function checkBeforeApproval(wrapped: AIFunction, check: CheckBeforeApproval): void {
  checks.set(wrapped, check);
}

/** Whether a wrapper in `fn` checks its calls before it runs (see `refusalBeforeApproval`). */
export function checksBeforeApproval(fn: AIFunction): boolean {
  for (const link of functionChain(fn)) {
    if (checks.has(link)) return true;
  }
  return false;
}

/**
 * What the model reads of a call of `fn` that would be refused whoever approved it: the message of
 * the first check in `fn`'s wrappers that rejects its validated arguments; undefined when none does
 * (the call may run once approved). An error that is no `ToolFailure` is thrown.
 */
export async function refusalBeforeApproval(fn: AIFunction, validated: unknown, context: ToolInvocationContext = {}): Promise<string | undefined> {
  for (const link of functionChain(fn)) {
    const check = checks.get(link);
    if (check === undefined) continue;
    try {
      await check(validated, context);
    } catch (error) {
      if (error instanceof ToolFailure) return error.message;
      throw error;
    }
  }
  return undefined;
}
