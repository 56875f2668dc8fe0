import { ToolFailure } from '../errors/ToolFailure.js';
import type { AIFunction, ToolInvocationContext } from './AIFunction.js';
import { enforceWorkspacePaths } from '../workspace/enforceWorkspacePaths.js';
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
export function registerCheckBeforeApproval(wrapped: AIFunction, check: CheckBeforeApproval): void {
  checks.set(wrapped, check);
}

/** Whether a call of `fn` is checked before it runs, whoever approved it (see `runChecksBeforeApproval`): it takes workspace paths. */
export function checksBeforeApproval(fn: AIFunction): boolean {
  return fn.metadata.workspacePaths.length > 0;
}

/**
 * Runs what a call of `fn` meets before it could run, whoever approved it: each check its wrappers
 * registered (workspace containment) and, where no wrapper contains it, its own workspace check
 * against the caller's `context.workspace` (what a generated function does first). Rejects with
 * the first `ToolFailure`, as the call would.
 */
export async function runChecksBeforeApproval(fn: AIFunction, validated: unknown, context: ToolInvocationContext = {}): Promise<void> {
  let contained = false;
  for (const link of functionChain(fn)) {
    const check = checks.get(link);
    if (check === undefined) continue;
    contained = true;
    await check(validated, context);
  }
  // a wrapper passes its own workspace inward; without one, the function checks the caller's
  if (!contained) await enforceWorkspacePaths(fn.qualifiedName, fn.metadata.workspacePaths, validated, context);
}

/**
 * What the model reads of a call of `fn` that would be refused whoever approved it
 * (`runChecksBeforeApproval`): the refusal's message; undefined when the call may run once
 * approved. An error that is no `ToolFailure` is thrown.
 */
export async function refusalBeforeApproval(fn: AIFunction, validated: unknown, context: ToolInvocationContext = {}): Promise<string | undefined> {
  try {
    await runChecksBeforeApproval(fn, validated, context);
    return undefined;
  } catch (error) {
    if (error instanceof ToolFailure) return error.message;
    throw error;
  }
}
