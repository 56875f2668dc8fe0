import type { AIFunction, JsonValue, ToolInvocationContext } from '../function/AIFunction.js';

/** What a wrapper does instead of the inner function's `invoke`; it calls `inner.invoke` itself when the call may go on. */
export type WrappedInvoke = (args: unknown, context: ToolInvocationContext) => Promise<JsonValue | undefined>;

const innerFunctions = new WeakMap<AIFunction, AIFunction>();

/**
 * A frozen copy of `inner` whose `invoke` is `invoke` (and whose qualified name may differ);
 * everything else (schemas, metadata, strict normalization) is `inner`'s. The wrapper remembers
 * `inner`, so checks such as `isApprovalGated` see through any number of wrappers.
 */
export function wrapFunction(inner: AIFunction, invoke: WrappedInvoke, overrides: { readonly qualifiedName?: string } = {}): AIFunction {
  const wrapped: AIFunction = {
    ...inner,
    qualifiedName: overrides.qualifiedName ?? inner.qualifiedName,
    invoke: (args, context = {}) => invoke(args, context),
    normalizeStrictArguments: (args) => inner.normalizeStrictArguments(args),
  };
  innerFunctions.set(wrapped, inner);
  return Object.freeze(wrapped);
}

/** `fn`'s own object, then each function it wraps, outermost first. */
export function* functionChain(fn: AIFunction): Generator<AIFunction> {
  for (let current: AIFunction | undefined = fn; current !== undefined; current = innerFunctions.get(current)) {
    yield current;
  }
}

/** A copy of `inner` published under another qualified name; calls go straight to `inner`. */
export function renameFunction(inner: AIFunction, qualifiedName: string): AIFunction {
  return inner.qualifiedName === qualifiedName ? inner : wrapFunction(inner, (args, context) => inner.invoke(args, context), { qualifiedName });
}
