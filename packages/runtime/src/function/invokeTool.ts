import { ToolArgumentError, ToolFailure } from '../errors/ToolFailure.js';
import { enforceWorkspacePaths } from '../workspace/enforceWorkspacePaths.js';
import { applyLenientStep } from '../repair/lenientStep.js';
import type { ToolArguments, ToolServices } from '../toolset/ToolServices.js';
import type { AIFunction, ToolInvocationContext } from './AIFunction.js';
import type { InjectedValues, ToolDefinition } from './ToolDefinition.js';
import { drainAsyncIterable, raceAbort } from './abortable.js';
import { resolveSettings } from './resolveSettings.js';
import { toJsonValue } from './toJsonValue.js';

const opaqueMessage = 'The tool failed unexpectedly.';

/**
 * Where `invoke` hands `run` the arguments object as the model sent it (after the lenient
 * repairs), for a method that takes `ToolArguments`. Private to the runtime: a symbol, so no
 * host's context field can be mistaken for it.
 */
const sentArguments = Symbol('toolgen.sentArguments');

/**
 * `invoke` of any function: rejects at once when the signal is already aborted; applies the
 * lenient step when `context.lenient` is `true` (reporting each repair); validates with
 * `fn.validate`, rejecting with a `ToolArgumentError` that lists every issue; then `fn.run`s the
 * checked arguments, so whatever a wrapper adds to `run` (approval, containment) sees exactly
 * what the tool will receive.
 */
export async function invokeFunction<Args, Result>(
  fn: AIFunction<Args, Result>,
  args: unknown,
  context: ToolInvocationContext = {},
  options: { readonly abortFirst?: boolean } = {},
): Promise<Result> {
  // a wrapper's run says an abort in its own words (an approval: a ToolApprovalError), so it checks itself
  if (options.abortFirst !== false) context.signal?.throwIfAborted();
  const input = context.lenient === true ? repair(fn as unknown as AIFunction, args, context) : args;
  const checked = fn.validate(input);
  if (!checked.ok) {
    if (checked.cause !== undefined) context.logger?.error(`Tool ${fn.qualifiedName}: its validator could not read the arguments`, checked.cause);
    throw new ToolArgumentError(checked.issues, undefined, checked.cause === undefined ? undefined : { cause: checked.cause });
  }
  // repaired once, here: what run receives is not repaired again
  const withSent: ToolInvocationContext & { readonly [sentArguments]: unknown } = { ...context, lenient: false, [sentArguments]: input };
  return fn.run(checked.value, withSent);
}

function repair(fn: AIFunction, args: unknown, context: ToolInvocationContext): unknown {
  try {
    return applyLenientStep(fn, args, context);
  } catch (error) {
    if (error instanceof ToolArgumentError) throw error; // an ambiguity the step refuses to guess at
    return args; // what the validator cannot read is not repaired: validation reports it
  }
}

/**
 * `run` of the generated tool `definition` describes, with arguments its validator accepted:
 * checks workspace paths, resolves the settings, calls the method and resolves to its result as
 * JSON; see `defineTool`.
 */
export async function runTool(definition: ToolDefinition<never>, args: unknown, context: ToolInvocationContext = {}): Promise<unknown> {
  const signal = context.signal ?? new AbortController().signal;
  signal.throwIfAborted();
  await enforceWorkspacePaths(definition.qualifiedName, definition.metadata.workspacePaths, args, context);
  const stored =
    context.settingsStore === undefined || definition.createSettings === undefined ? undefined : await context.settingsStore.get(definition.name);
  signal.throwIfAborted();
  const settings = resolveSettings(definition, stored, context.settings);
  const sent = (context as { readonly [sentArguments]?: unknown })[sentArguments];
  const injected: InjectedValues = {
    settings,
    // An empty object when the host passed none, even where users declared required services.
    services: context.services ?? ({} as ToolServices),
    signal,
    // run called directly: the arguments as JSON, as the model would have sent them
    arguments: (sent ?? toJsonValue(args)) as ToolArguments,
  };

  try {
    const result = await call(definition, args, injected);
    const json = toJsonValue(result);
    signal.throwIfAborted();
    return json;
  } catch (error) {
    throw failureFor(error, definition, context, signal);
  }
}

async function call(definition: ToolDefinition<never>, args: unknown, injected: InjectedValues): Promise<unknown> {
  const returned = definition.call(args as never, injected);
  switch (definition.result) {
    case 'void':
      return undefined;
    case 'value':
      return returned;
    case 'promise':
      return raceAbort(Promise.resolve(returned), injected.signal);
    case 'asyncIterable':
      return drainAsyncIterable(returned, injected.signal);
  }
}

function failureFor(error: unknown, definition: ToolDefinition<never>, context: ToolInvocationContext, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason;
  if (error instanceof ToolFailure) return error;
  context.logger?.error(`Tool ${definition.qualifiedName} failed unexpectedly`, error);
  const message = context.exposeErrors === true ? messageOf(error) : opaqueMessage;
  return new ToolFailure(message === '' ? opaqueMessage : message, undefined, { cause: error });
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return String(error);
  } catch {
    return '';
  }
}
