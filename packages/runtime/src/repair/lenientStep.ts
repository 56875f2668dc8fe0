import type { ArgumentIssue } from '../errors/ToolFailure.js';
import type { AIFunction, ToolInvocationContext } from '../function/AIFunction.js';
import type { ArgumentValidator } from '../function/ToolDefinition.js';
import { repairArguments } from './repairArguments.js';

/*
 * The lenient step of a function, for `invoke` and for wrappers that must see the arguments as
 * the tool will run them before it is called: approval shows a person the repaired, validated
 * arguments, never the raw text the model sent. It repairs against the function's own `validate`
 * (a wrapper's is its inner function's), so nothing needs to be registered beside it.
 */

/**
 * `args` as the lenient step of `fn` repairs them, each repair reported as `invoke` reports it
 * (unless `report` is false: a check that passes the raw arguments on, to be repaired again
 * where they are run); `args` unchanged when the step has nothing to repair.
 *
 * @throws {ToolArgumentError} for an ambiguity the step refuses to guess at (see `repairArguments`).
 */
export function applyLenientStep(fn: AIFunction, args: unknown, context: ToolInvocationContext, options: { readonly report?: boolean } = {}): unknown {
  return repairWith(fn.qualifiedName, issuesOf(fn), args, options.report === false ? {} : context);
}

/** `fn.validate` as the validator the repair step reads issues from. */
function issuesOf(fn: AIFunction): ArgumentValidator {
  return (input: unknown, issues: ArgumentIssue[]) => {
    const checked = fn.validate(input);
    if (!checked.ok) issues.push(...checked.issues);
    return {};
  };
}

/** `args` repaired against `validate`, each repair reported to `context.onRepair` and `context.logger.warn`. */
export function repairWith(qualifiedName: string, validate: ArgumentValidator, args: unknown, context: ToolInvocationContext): unknown {
  const { value, repairs } = repairArguments(args, validate);
  for (const made of repairs) {
    context.onRepair?.(made);
    context.logger?.warn?.(`Tool ${qualifiedName}: repaired the arguments at "${made.pointer}" (${made.kind})`, made);
  }
  return value;
}
