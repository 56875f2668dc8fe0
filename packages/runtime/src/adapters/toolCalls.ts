import type { ToolApprovalResponse } from '../approval/ToolApprovalChannel.js';
import type { ToolApprovalRequest } from '../approval/ToolApprovalRequest.js';
import { ToolApprovalRouter } from '../approval/ToolApprovalRouter.js';
import { acceptedArguments, declaresApproval, isApprovalGated, withApproval } from '../approval/withApproval.js';
import { ToolFailure } from '../errors/ToolFailure.js';
import { refusalBeforeApproval } from '../function/checksBeforeApproval.js';
import { checkSameCopy } from '../function/runtimeCopy.js';
import type { AIFunction, JsonValue, ToolInvocationContext, ToolLogger } from '../function/AIFunction.js';

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
    checkSameCopy(fn, 'The adapter');
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

/**
 * The invoke context for one call, with the SDK's abort signal and call id when the context does not set its own, and
 * `fallbackLogger` (`defaultLoggerOf` the adapter's `logger` option) when it has no logger.
 */
export async function contextFor(
  option: ToolContextOption | undefined,
  fn: AIFunction,
  call: { readonly callId?: string | undefined; readonly signal?: AbortSignal | undefined } = {},
  fallbackLogger?: ToolLogger,
): Promise<ToolInvocationContext> {
  let context: ToolInvocationContext;
  if (typeof option !== 'function') context = callContext(option, call);
  else {
    const info: ToolCallInfo = call.callId === undefined ? { name: fn.name, qualifiedName: fn.qualifiedName } : { name: fn.name, qualifiedName: fn.qualifiedName, callId: call.callId };
    context = callContext(await option(info), call);
  }
  return fallbackLogger === undefined || context.logger !== undefined ? context : { ...context, logger: fallbackLogger };
}

/** Where an unexpected error goes when nobody said: the host's console, with the tool's name in the message. */
export const consoleLogger: ToolLogger = {
  error: (message, error) => console.error(`toolgen: ${message}:`, error),
};

/**
 * The logger of the calls whose context names none, from an adapter's `logger` option: that logger, `console.error` when
 * it is left out (so that nothing fails unseen), nowhere for `false`.
 */
export function defaultLoggerOf(option: ToolLogger | false | undefined): ToolLogger | undefined {
  return option === false ? undefined : (option ?? consoleLogger);
}

/** `contextFor` for a context that is not a function, without a promise: `given` with the call's id and signal under it. */
export function callContext(
  given: ToolInvocationContext | undefined,
  call: { readonly callId?: string | undefined; readonly signal?: AbortSignal | undefined },
): ToolInvocationContext {
  // one literal per case: spreading conditional objects makes a slow, many-shaped context for invoke to read
  const { callId, signal } = call;
  if (signal === undefined) return callId === undefined ? { ...given } : { callId, ...given };
  return callId === undefined ? { signal, ...given } : { callId, signal, ...given };
}

/** How one call ended, as the model is to read it. */
export type ToolCallOutcome =
  | { readonly ok: true; readonly value: JsonValue | undefined }
  | { readonly ok: false; readonly error: ToolFailure; readonly message: string };

/**
 * Invokes `fn` and never rejects for the tool's sake: invalid arguments become the validator's
 * message (every pointer), a `ToolFailure` its reason and fix, an unexpected error the opaque
 * message `invoke` already made of it (anything else, thrown by a wrapper, is opaque too and goes to
 * the context's `logger` in full). An abort of the call's own signal still rejects: the run
 * was cancelled, and nothing should be sent back.
 */
export async function runToolCall(fn: AIFunction, args: unknown, context: ToolInvocationContext): Promise<ToolCallOutcome> {
  return settledCall(fn, context, () => fn.invoke(args, context));
}

/** Like `runToolCall`, for arguments `fn.validate` accepted: `run`, not validated again. */
export function runCheckedCall(fn: AIFunction, args: Readonly<Record<string, unknown>>, context: ToolInvocationContext): Promise<ToolCallOutcome> {
  return settledCall(fn, context, () => fn.run(args, context));
}

async function settledCall(fn: AIFunction, context: ToolInvocationContext, call: () => Promise<JsonValue | undefined>): Promise<ToolCallOutcome> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (context.signal?.aborted === true) throw error;
    // invoke logs what a tool throws; what a wrapper around it threw is logged here
    if (!(error instanceof ToolFailure)) context.logger?.error(`Tool ${fn.qualifiedName} failed unexpectedly`, error);
    const failure = asToolFailure(error);
    return { ok: false, error: failure, message: failure.message };
  }
}

/** What the model is told of an error `invoke` rejected with: a `ToolFailure` as it is, anything else opaquely. */
export function asToolFailure(error: unknown): ToolFailure {
  return error instanceof ToolFailure ? error : new ToolFailure('The tool failed unexpectedly.', undefined, { cause: error });
}

/**
 * A tool's result as the text a model reads (SPEC §7): a string as its text, not JSON-quoted;
 * anything else as JSON; a short word for nothing.
 */
export function resultText(value: JsonValue | undefined): string {
  if (value === undefined) return 'Done (the tool returns nothing).';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The function a model's call names, for runners that receive only the name: by qualified name,
 * else by tool name when exactly one function has it (tools sent with `names: 'name'`). When
 * none matches, or several do, the text to answer the model with instead.
 */
export function findCalledFunction(functions: readonly AIFunction[], name: string): AIFunction | string {
  const qualified = functions.find((fn) => fn.qualifiedName === name);
  if (qualified !== undefined) return qualified;
  const named = functions.filter((fn) => fn.name === name);
  if (named.length === 1) return named[0]!;
  return named.length === 0
    ? `There is no tool named "${name}". Call one of the tools you were given, by its exact name.`
    : `"${name}" names ${named.length} tools (${named.map((fn) => fn.qualifiedName).join(', ')}). Call one of them by its qualified name.`;
}

/**
 * Who approves a `require_approval` tool's call for a runner that has no approval of its own
 * (`runOpenAIToolCall`, `runAnthropicToolUse`): a function asked about each such call, shown the
 * validated arguments that will run (an `ToolApprovalChannel`'s `requestApproval`), or `'unchecked'`
 * to run such calls without asking, on purpose.
 */
export type RunnerApproval = ((request: ToolApprovalRequest, signal: AbortSignal) => ToolApprovalResponse | Promise<ToolApprovalResponse>) | 'unchecked';

/** What the runners take besides the functions, the call and the context. */
export interface RunnerOptions {
  /**
   * Asks about calls of `require_approval` tools that are not approval-wrapped. Without it such a
   * call is not run: the model reads that it needs approval. Approval-wrapped functions (the list
   * `resolveAgentTools` returned with an approval router) ask their own router either way.
   */
  readonly approval?: RunnerApproval;
  /**
   * Where an unexpected error of a call goes, with the tool's qualified name, when the call's
   * context has no `logger` of its own: `console.error` by default, `false` for nowhere.
   */
  readonly logger?: ToolLogger | false;
}

/**
 * The function a runner invokes for `fn`, failing closed: `fn` itself when it needs no approval,
 * is approval-wrapped, or the host passed `approval: 'unchecked'`; wrapped for approval through
 * `options.approval` when that is a function; otherwise the text that answers the model, since
 * nobody could approve the call: the validator's message for arguments it rejects (what the model
 * can correct), else that the call needs approval.
 */
export async function runnerFunction(fn: AIFunction, args: unknown, options: RunnerOptions = {}, context: ToolInvocationContext = {}): Promise<AIFunction | string> {
  const { approval } = options;
  if (!declaresApproval(fn) || isApprovalGated(fn) || approval === 'unchecked') return fn;
  if (typeof approval === 'function') {
    const channel = { name: 'runner', requestApproval: async (request: ToolApprovalRequest, signal: AbortSignal) => approval(request, signal) };
    return withApproval(fn, new ToolApprovalRouter({ runMode: 'use_agent_policy', channel }));
  }
  let validated: unknown;
  try {
    validated = await acceptedArguments(fn, args, context);
  } catch (error) {
    return error instanceof ToolFailure ? error.message : 'The arguments could not be read.';
  }
  // a call refused whoever approved it (a path outside the workspace) is answered so
  const refusal = await refusalBeforeApproval(fn, validated, context);
  if (refusal !== undefined) return refusal;
  context.logger?.warn?.(
    `Tool ${fn.qualifiedName} needs approval and was not run: pass the functions resolveAgentTools returned with an approval router, ` +
      "or { approval } to the runner (a function that asks a person, or 'unchecked' to run it without asking)",
    { qualifiedName: fn.qualifiedName },
  );
  return `This call of ${fn.qualifiedName} needs approval and was not run: nobody here can approve it. Tell the user it needs their approval.`;
}
