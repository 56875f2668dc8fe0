import { ToolFailure } from '../errors/ToolFailure.js';
import type { AIFunction, JsonValue, ToolInvocationContext } from '../function/AIFunction.js';

/*
 * What every SDK adapter shares (SPEC §7): wire names, the per-call context, and one way to run a
 * call that answers the model in toolgen's own words. Each adapter file (`ai-sdk.ts`, `openai.ts`,
 * …) imports its SDK's types and this module; this module imports no SDK.
 */

/** Which name a tool goes by on the wire: its qualified name (unique across toolsets) or its tool name. */
export type WireNames = 'qualified' | 'name';

/** The call an adapter is about to run, as a context function receives it. */
export interface ToolCallInfo {
  /** The tool's name within its toolset: `search_tickets`. */
  readonly name: string;
  /** Its qualified name: `ticket__search_tickets`. */
  readonly qualifiedName: string;
  /** The SDK's id of the call, when it has one. */
  readonly callId?: string;
}

/** The invoke context of every call, or a function of the call returning it. */
export type ToolContextOption = ToolInvocationContext | ((call: ToolCallInfo) => ToolInvocationContext | Promise<ToolInvocationContext>);

/** What every adapter takes besides the functions. */
export interface AdapterOptions {
  /** Wire names: `'qualified'` (the default) or `'name'`, where the caller vouches that tool names are unique. */
  readonly names?: WireNames;
  readonly context?: ToolContextOption;
}

/** The name `fn` goes by on the wire. */
export function wireName(fn: AIFunction, names: WireNames = 'qualified'): string {
  return names === 'name' ? fn.name : fn.qualifiedName;
}

/**
 * The functions by wire name, in the order given. Two functions with one wire name throw a
 * `TypeError` naming both: the model could not tell them apart.
 */
export function byWireName(functions: readonly AIFunction[], names: WireNames = 'qualified'): ReadonlyMap<string, AIFunction> {
  const map = new Map<string, AIFunction>();
  for (const fn of functions) {
    const key = wireName(fn, names);
    const existing = map.get(key);
    if (existing !== undefined) {
      throw new TypeError(
        `Two tools go by the wire name "${key}": ${existing.qualifiedName} and ${fn.qualifiedName}. ` +
          (names === 'name' ? "Use names: 'qualified' (the default), or pass only one of them." : 'Pass each function once.'),
      );
    }
    map.set(key, fn);
  }
  return map;
}

/** The invoke context for one call, with the SDK's abort signal and call id when the context does not set its own. */
export async function contextFor(
  option: ToolContextOption | undefined,
  fn: AIFunction,
  call: { readonly callId?: string | undefined; readonly signal?: AbortSignal | undefined } = {},
): Promise<ToolInvocationContext> {
  const info: ToolCallInfo = call.callId === undefined ? { name: fn.name, qualifiedName: fn.qualifiedName } : { name: fn.name, qualifiedName: fn.qualifiedName, callId: call.callId };
  const given = typeof option === 'function' ? await option(info) : (option ?? {});
  return {
    ...(call.callId === undefined ? {} : { callId: call.callId }),
    ...(call.signal === undefined ? {} : { signal: call.signal }),
    ...given,
  };
}

/** How one call ended, as the model is to read it. */
export type ToolCallOutcome =
  | { readonly ok: true; readonly value: JsonValue | undefined }
  | { readonly ok: false; readonly error: ToolFailure; readonly message: string };

/**
 * Invokes `fn` and never rejects for the tool's sake: invalid arguments become the validator's
 * message (every pointer), a `ToolFailure` its reason and fix, an unexpected error the opaque
 * message `invoke` already made of it. An abort of the call's own signal still rejects: the run
 * was cancelled, and nothing should be sent back.
 */
export async function runToolCall(fn: AIFunction, args: unknown, context: ToolInvocationContext): Promise<ToolCallOutcome> {
  try {
    return { ok: true, value: await fn.invoke(args, context) };
  } catch (error) {
    if (context.signal?.aborted === true) throw error;
    const failure = error instanceof ToolFailure ? error : new ToolFailure('The tool failed unexpectedly.', undefined, { cause: error });
    return { ok: false, error: failure, message: failure.message };
  }
}

/** A tool's result as the text a model reads: JSON, or a short word for nothing. */
export function resultText(value: JsonValue | undefined): string {
  return value === undefined ? 'Done (the tool returns nothing).' : JSON.stringify(value);
}
