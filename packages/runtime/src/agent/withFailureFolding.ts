import { ToolFailure } from '../errors/ToolFailure.js';
import type { AIFunction, JsonValue, ToolInvocationContext } from '../function/AIFunction.js';
import { toJsonValue } from '../function/toJsonValue.js';
import { toolCallFingerprint } from '../approval/toolCallFingerprint.js';
import { ToolApprovalError } from '../approval/ToolApprovalError.js';
import { wrapFunction } from '../function/wrapFunction.js';

/** Counts failures per tool and arguments, for one run. Share one tracker between the functions of a run. */
export class ToolFailureTracker {
  readonly #counts = new Map<string, number>();

  /** Records one more failure of this call; returns how many there were in a row. */
  recordFailure(fingerprint: string): number {
    const count = (this.#counts.get(fingerprint) ?? 0) + 1;
    this.#counts.set(fingerprint, count);
    return count;
  }

  /** Forgets the failures of this call (it succeeded). */
  recordSuccess(fingerprint: string): void {
    this.#counts.delete(fingerprint);
  }
}

/** The third (or later) failure of one tool with the same arguments, folded into one result. */
export class RepeatedToolFailure extends ToolFailure {
  override readonly name: string = 'RepeatedToolFailure';
  readonly toolName: string;
  readonly attempts: number;

  constructor(toolName: string, attempts: number, last: unknown) {
    super(
      `${toolName} has now failed ${attempts} times with the same arguments. Last failure: ${last instanceof ToolFailure ? last.message : 'The tool failed unexpectedly.'}`,
      'Do not call it again with these arguments: change them, try another way, or tell the user what blocks you.',
      { cause: last },
    );
    this.toolName = toolName;
    this.attempts = attempts;
  }
}

/** How many identical failures in a row are folded. */
export const failureFoldingThreshold = 3;

/**
 * Folds repeated failures: from the third failure in a row of `fn` with the same arguments
 * (compared by canonical JSON), the call rejects with one `RepeatedToolFailure` that says so,
 * instead of the same error again. A success resets the count. Aborts and pending approvals are
 * not failures: they pass through uncounted, as does the abort signal.
 */
export function withFailureFolding(fn: AIFunction, tracker: ToolFailureTracker): AIFunction {
  const folded = async (fingerprint: string, context: ToolInvocationContext, call: () => Promise<JsonValue | undefined>) => {
    try {
      const result = await call();
      tracker.recordSuccess(fingerprint);
      return result;
    } catch (error) {
      if (context.signal?.aborted === true) throw error;
      if (error instanceof ToolApprovalError && (error.outcome.status === 'pending' || error.outcome.status === 'aborted')) throw error;
      const attempts = tracker.recordFailure(fingerprint);
      if (attempts >= failureFoldingThreshold) throw new RepeatedToolFailure(fn.qualifiedName, attempts, error);
      throw error;
    }
  };
  // invalid arguments are failures too, so invoke is folded as a whole; run's arguments are compared as the JSON they are
  return wrapFunction(fn, (args, context) => folded(toolCallFingerprint(fn.qualifiedName, toJsonValue(args)), context, () => fn.run(args as never, context)), {
    invoke: (args, context) => folded(toolCallFingerprint(fn.qualifiedName, args), context, () => fn.invoke(args, context)),
  });
}
