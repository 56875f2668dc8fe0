import { ToolArgumentError, ToolFailure } from '../errors/ToolFailure.js';
import { enforceWorkspacePaths } from '../middleware/enforceWorkspacePaths.js';
import { repairWith } from '../repair/lenientStep.js';
import type { ToolServices } from '../toolset/ToolServices.js';
import type { JsonValue, ToolInvocationContext } from './AIFunction.js';
import type { InjectedValues, ToolDefinition } from './ToolDefinition.js';
import { drainAsyncIterable, raceAbort } from './abortable.js';
import { resolveSettings } from './resolveSettings.js';
import { toJsonValue } from './toJsonValue.js';
import { acceptedArguments, validateArguments } from './validateArguments.js';

const opaqueMessage = 'The tool failed unexpectedly.';

/** `AIFunction.invoke` for the tool `definition` describes; see `defineTool`. */
export async function invokeTool(
  definition: ToolDefinition,
  args: unknown,
  context: ToolInvocationContext = {},
): Promise<JsonValue | undefined> {
  const signal = context.signal ?? new AbortController().signal;
  signal.throwIfAborted();

  const validation =
    acceptedArguments(definition.validate, args) ??
    validateArguments(definition.validate, context.lenient === true ? repair(definition, args, context) : args);
  if (!validation.ok) {
    if (validation.cause === undefined) throw new ToolArgumentError(validation.issues);
    context.logger?.error(`Tool ${definition.qualifiedName}: its validator could not read the arguments`, validation.cause);
    throw new ToolArgumentError(validation.issues, undefined, { cause: validation.cause });
  }
  // containment reads the paths as the tool will: valid, after any lenient repair
  await enforceWorkspacePaths(definition.qualifiedName, definition.metadata.workspacePaths, validation.value, { ...context, lenient: false });
  const stored =
    context.settingsStore === undefined || definition.createSettings === undefined ? undefined : await context.settingsStore.get(definition.name);
  signal.throwIfAborted();
  const settings = resolveSettings(definition, stored, context.settings);
  const injected: InjectedValues = {
    settings,
    // An empty object when the host passed none, even where users declared required services.
    services: context.services ?? ({} as ToolServices),
    signal,
    arguments: validation.input,
  };

  try {
    const result = await run(definition, validation.value, injected);
    const json = toJsonValue(result);
    signal.throwIfAborted();
    return json;
  } catch (error) {
    throw failureFor(error, definition, context, signal);
  }
}

function repair(definition: ToolDefinition, args: unknown, context: ToolInvocationContext): unknown {
  try {
    return repairWith(definition.qualifiedName, definition.validate, args, context);
  } catch (error) {
    if (error instanceof ToolArgumentError) throw error; // an ambiguity the step refuses to guess at
    return args; // what the validator cannot read is not repaired: validation reports it
  }
}

async function run(definition: ToolDefinition, args: Record<string, unknown>, injected: InjectedValues): Promise<unknown> {
  const returned = definition.call(args, injected);
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

function failureFor(error: unknown, definition: ToolDefinition, context: ToolInvocationContext, signal: AbortSignal): unknown {
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
