import type { AIFunction, ToolInvocationContext } from '../function/AIFunction.js';
import type { ArgumentValidator } from '../function/ToolDefinition.js';
import { functionChain } from '../middleware/wrapFunction.js';
import { repairArguments } from './repairArguments.js';

/*
 * The lenient step of a generated function, for wrappers that must see the arguments as the tool
 * will run them before it is called: approval shows a person the repaired, validated arguments,
 * never the raw text the model sent.
 */

const validators = new WeakMap<AIFunction, ArgumentValidator>();

/** Records `validate` as the validator `fn`'s lenient step repairs against; `defineTool` calls it. */
export function registerLenientStep(fn: AIFunction, validate: ArgumentValidator): void {
  validators.set(fn, validate);
}

/**
 * `args` as the lenient step of `fn` (or of the generated function it wraps) repairs them, each
 * repair reported as `invoke` reports it (unless `report` is false: a check that passes the raw
 * arguments on, to be repaired again where they are run); `args` unchanged when `fn` has no lenient step (a
 * hand-written function) or the step has nothing to repair.
 *
 * @throws {ToolArgumentError} for an ambiguity the step refuses to guess at (see `repairArguments`).
 */
export function applyLenientStep(fn: AIFunction, args: unknown, context: ToolInvocationContext, options: { readonly report?: boolean } = {}): unknown {
  for (const link of functionChain(fn)) {
    const validate = validators.get(link);
    if (validate !== undefined) return repairWith(link.qualifiedName, validate, args, options.report === false ? {} : context);
  }
  return args;
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
