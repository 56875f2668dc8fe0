import type { AIFunction, JsonValue, ToolArgumentsCheck } from './AIFunction.js';
import type { ToolDefinition } from './ToolDefinition.js';
import { invokeFunction, runTool } from './invokeTool.js';
import { resolveSettings } from './resolveSettings.js';
import { markFunction } from './runtimeCopy.js';
import { createToolParameters } from './toolParameters.js';
import { validateArguments } from './validateArguments.js';

/**
 * Turns what a generated module knows about a tool into its `AIFunction`. Generated code calls
 * this once per tool, with `Args` the type its validator checks and `Result` the JSON its method's
 * result becomes (written out by the generator; the runtime trusts them). `validate` is step 3
 * below, `run` steps 4–6; `invoke` then does, in order:
 *
 * 1. reject at once, with the signal's reason, when `context.signal` is already aborted;
 * 2. when `context.lenient` is `true`, repair the arguments (`repairArguments`) and report each repair;
 * 3. validate: a non-object or any validator issue rejects with a `ToolArgumentError` listing every issue;
 * 4. construct the settings with their code defaults, then apply the values stored for the tool in
 *    `context.settingsStore`, then `context.settings`; both may only change configurable members
 *    with values that fit their schema, or the call rejects with a `ToolSettingsError` (a host bug);
 * 5. call the method, awaiting a promise or draining an async iterable into an array; an abort
 *    rejects with its reason right away, even when the tool ignores its signal;
 * 6. resolve to the result as `JSON.stringify` would send it (`undefined` for `void`).
 *
 * A `ToolFailure` the tool throws rejects as is; any other error is logged to `context.logger`
 * and rejects as a `ToolFailure` with an opaque message, or its own with `context.exposeErrors`.
 *
 * A tool with `workspacePath` parameters checks them against `context.workspace` once they are
 * valid (after step 3, so an invalid path argument is a `ToolArgumentError` with its pointer), and
 * refuses to run without a workspace unless the host passes `workspace: 'unchecked'`; see
 * `enforceWorkspacePaths`.
 */
export function defineTool<Args = Readonly<Record<string, unknown>>, Result = JsonValue | undefined, Name extends string = string, QualifiedName extends string = string>(
  definition: ToolDefinition<Args> & { readonly name: Name; readonly qualifiedName: QualifiedName },
): AIFunction<Args, Result, Name, QualifiedName> {
  const fn: AIFunction<Args, Result, Name, QualifiedName> = {
    name: definition.name,
    qualifiedName: definition.qualifiedName,
    description: definition.description,
    parameters: createToolParameters(definition),
    variants: definition.variants,
    losses: definition.losses,
    returns: definition.returns,
    metadata: definition.metadata,
    invoke: (args, context) => invokeFunction(fn, args, context),
    validate: (args) => validateArguments(definition.validate, args) as ToolArgumentsCheck<Args>,
    run: (args, context) => runTool(definition as ToolDefinition<never>, args, context) as Promise<Result>,
    normalizeStrictArguments: (args) => normalizeStrict(definition, args),
    resolveSettings: (stored, overrides) => resolveSettings(definition, stored, overrides),
  };
  return markFunction(fn);
}

/**
 * The strict normalization, never throwing: it leaves alone what it cannot read, and so it also
 * hands back, unchanged, arguments it cannot walk (nested deeper than the stack, or a host's
 * getter that throws). `invoke` then refuses them with the argument limits' own message.
 */
function normalizeStrict(definition: ToolDefinition<never>, args: unknown): unknown {
  try {
    return definition.normalizeStrict(args);
  } catch {
    return args;
  }
}
