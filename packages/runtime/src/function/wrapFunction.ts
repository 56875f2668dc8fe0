import type { AIFunction, JsonValue, ToolInvocationContext } from './AIFunction.js';
import { invokeFunction } from './invokeTool.js';
import { markFunction } from './runtimeCopy.js';

/**
 * What a wrapper does instead of the inner function's `run`: it receives arguments the inner
 * function's `validate` accepted, and calls `inner.run` itself when the call may go on.
 */
export type WrappedRun = (args: unknown, context: ToolInvocationContext) => Promise<JsonValue | undefined>;

/** What a wrapper does instead of the inner function's `invoke`; by default, validation and then the wrapper's `run`. */
export type WrappedInvoke = (args: unknown, context: ToolInvocationContext) => Promise<JsonValue | undefined>;

const innerFunctions = new WeakMap<AIFunction, AIFunction>();

/**
 * A frozen copy of `inner` whose `run` is `run` (and whose qualified name may differ); its
 * `invoke` repairs (when lenient) and validates with `inner`'s validator, then calls that `run`,
 * unless `overrides.invoke` replaces it. Everything else (schemas, metadata, `validate`, strict
 * normalization) is `inner`'s. The wrapper remembers `inner`, so checks such as
 * `isApprovalGated` see through any number of wrappers.
 */
export function wrapFunction(
  inner: AIFunction,
  run: WrappedRun,
  overrides: { readonly qualifiedName?: string; readonly invoke?: WrappedInvoke } = {},
): AIFunction {
  const invoke = overrides.invoke;
  const wrapped: AIFunction = {
    ...inner,
    qualifiedName: overrides.qualifiedName ?? inner.qualifiedName,
    invoke: invoke === undefined ? (args, context = {}) => invokeFunction(wrapped, args, context, { abortFirst: false }) : (args, context = {}) => invoke(args, context),
    validate: (args) => inner.validate(args),
    run: (args, context = {}) => run(args, context),
    normalizeStrictArguments: (args) => inner.normalizeStrictArguments(args),
  };
  innerFunctions.set(wrapped, inner);
  return Object.freeze(markFunction(wrapped));
}

/** `fn`'s own object, then each function it wraps, outermost first. */
export function* functionChain(fn: AIFunction): Generator<AIFunction> {
  for (let current: AIFunction | undefined = fn; current !== undefined; current = innerFunctions.get(current)) {
    yield current;
  }
}

/** A copy of `inner` published under another qualified name; calls go straight to `inner`. */
export function renameFunction(inner: AIFunction, qualifiedName: string): AIFunction {
  return inner.qualifiedName === qualifiedName
    ? inner
    : wrapFunction(inner, (args, context) => inner.run(args as never, context), { qualifiedName, invoke: (args, context) => inner.invoke(args, context) });
}
