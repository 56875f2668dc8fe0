import { jsonSchema, TypeValidationError, type JSONSchema7, type Tool, type ToolSet } from 'ai';
import { acceptedArguments, declaresApproval, isApprovalGated } from '../approval/withApproval.js';
import { checksBeforeApproval, refusalBeforeApproval } from '../function/checksBeforeApproval.js';
import { ToolArgumentError, ToolFailure } from '../errors/ToolFailure.js';
import type { AIFunction, JsonSchema, JsonValue, ToolArgumentsCheck, ToolArgumentsValue, ToolInput, ToolInvocationContext, ToolLogger, ToolResult } from '../function/AIFunction.js';
import { jsonSchemaForTarget } from '../function/jsonSchemaForTarget.js';
import { applyLenientStep } from '../repair/lenientStep.js';
import type { ContentPart } from '../content/ContentResult.js';
import { contentOf, fileNameOf, modelBlock } from './contentParts.js';
import { asToolFailure, byWireName, callContext, contextFor, defaultLoggerOf, resultText, type AdapterOptions, type ToolCallInfo, type WireNames } from './toolCalls.js';

export type { AdapterOptions, ToolCallInfo, ToolContextOption, WireNames } from './toolCalls.js';

/**
 * How `toolApproval` treats one tool: ai 7's status for a call that asks the user, or for one that runs at once; for a
 * tool that needs approval and checks its calls first (workspace paths), a function of the call that denies one those
 * checks refuse, with their reason, rather than ask anyone about it.
 */
export type AISDKToolApproval =
  | 'user-approval'
  | 'not-applicable'
  | ((input: unknown, options?: { readonly toolCallId?: string }) => Promise<'user-approval' | { readonly type: 'denied'; readonly reason: string }>);

/**
 * The ai `Tool` a function becomes: its input the arguments as the model sends them (JSON, so a
 * `Date` is its string) and its output the JSON the call resolves to.
 */
export type AISDKTool<Fn> = Tool<ToolInput<Fn>, ToolResult<Fn>>;

/**
 * The ai `ToolSet` of some functions, keyed by wire name: `generateText`'s `toolCalls` and
 * `toolResults` are then typed per tool (`toolName`, `input`, `output`). A function whose names
 * are plain `string`s (a hand-written one, or a `resolveAgentTools` list) makes it a plain `ToolSet`.
 */
export type AISDKToolSet<Fn extends AnyFunction, Names extends WireNames = 'qualified'> = {
  readonly [F in Fn as Names extends 'name' ? F['name'] : F['qualifiedName']]: AISDKTool<F>;
};

/** What `toAISDKTools` returns: hand both to `generateText`, `streamText` or `new ToolLoopAgent(...)`. */
export interface AISDKTools<Tools = ToolSet> {
  /** An ai v7 `ToolSet`, keyed by wire name and typed per tool. */
  readonly tools: Tools;
  /** Per wire name, `'user-approval'` for a tool that needs approval (a function of the call where it checks calls first) and `'not-applicable'` for the others. */
  readonly toolApproval: Readonly<Record<keyof Tools & string, AISDKToolApproval>>;
}

/** Any function, typed or not: `run`'s arguments are its only contravariant position. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type AnyFunction = AIFunction<any, JsonValue | undefined, string, string>;

/** What `toAISDKTools` takes besides the functions. */
export interface AISDKToolsOptions<Names extends WireNames = 'qualified'> extends AdapterOptions {
  /** Wire names: `'qualified'` (the default) or `'name'`, where the caller vouches that tool names are unique. */
  readonly names?: Names;
  /**
   * Where an unexpected error of a call goes, with the tool's qualified name, when the call's
   * context has no `logger` of its own: `console.error` by default, `false` for nowhere.
   */
  readonly logger?: ToolLogger | false;
}

/**
 * Turns generated functions into an ai v7 `ToolSet` and the `toolApproval` setting that goes with it.
 *
 * Each tool is built once: its description, the canonical parameter schema (as draft-07, the
 * dialect ai 7 hands providers) through ai's `jsonSchema()` with a `validate` that runs toolgen's
 * validator, an `outputSchema` when the tool returns something, and an `execute` that runs the
 * function with the SDK's abort signal and its `toolCallId` as `callId`.
 *
 * Every call is validated in the SDK's own input step, as a `tool()` with a zod schema is: an
 * invalid call is a `tool-call` part with `invalid: true` and an `InvalidToolInputError`, it goes
 * to `experimental_repairToolCall` when one is given (its repair is validated again), and it never
 * reaches `execute` or an approval request. The model reads the SDK's
 * `AI_InvalidToolInputError: Invalid input for tool <wire name>: ` and then toolgen's message, with
 * every JSON Pointer (the error's `cause` is a `TypeValidationError` whose `cause` is the
 * `ToolArgumentError`). With `lenient: true` in a `context` object, the lenient step repairs the
 * arguments in that step first. The SDK keeps the model's JSON as the call's input, so its messages,
 * approvals and typed `toolCalls` hold what the model sent (a `Date` as its string); the value the
 * step checked it into (`Date`s and all) rides on that object under a symbol only this module holds,
 * and `execute` hands it to the function's `run`, through any wrapper, without validating again.
 * An input that did not come through the step (an approved call the SDK rebuilt from the messages,
 * `execute` called by hand) is validated in `execute`.
 *
 * The model reads toolgen's own words: the result as JSON (a tool that returns nothing as a short
 * "Done"), a `ToolFailure` as its reason and fix, any other error as "The tool failed
 * unexpectedly.", also when a `context` function throws. The error itself goes to the context's
 * `logger`, else to `options.logger`, else to `console.error` (`logger: false` turns that off). The
 * SDK's `tool-error` part holds a `ToolFailure` whose `cause` is the one `invoke` rejected with
 * (and its `cause` the unexpected error). An abort of the SDK's signal rejects with its reason.
 *
 * Approval is ai 7's own flow: `toolApproval` maps each wire name to `'user-approval'` when the
 * tool's declared approval is `require_approval` or the function is approval-wrapped (a
 * `resolveAgentTools` list), and to `'not-applicable'` otherwise; such a tool also carries ai's
 * tool-level `needsApproval: true`, so a caller that does not pass `toolApproval` on still gets
 * the approval step (a `toolApproval` the caller writes takes precedence, as in ai 7). Such a call ends the
 * `generateText` call with a `tool-approval-request`; the host appends the result's
 * `responseMessages` and a `tool-approval-response` to the messages and calls again, and the
 * approved call runs. An approval-wrapped function is invoked as given, so its router decides too;
 * give `resolveAgentTools` an `auto_approve_required` router when the SDK's request is to be the
 * only one. When messages come back from a client, sign approvals with the SDK's
 * `experimental_toolApprovalSecret`.
 *
 * ```ts
 * import { generateText, stepCountIs, type ModelMessage } from 'ai';
 * import { toAISDKTools } from '@toolgen/runtime/ai-sdk';
 *
 * const { tools, toolApproval } = toAISDKTools(ticketToolset.functions, { context: { services } });
 * // tools is typed per tool: first.toolCalls[0].input is { number: number } when its toolName is 'ticket__get_ticket'
 * const messages: ModelMessage[] = [{ role: 'user', content: 'Close ticket 4711, it is fixed.' }];
 * const first = await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(5) });
 * messages.push(...first.responseMessages);
 * const approvals = first.content.filter((part) => part.type === 'tool-approval-request');
 * messages.push({ role: 'tool', content: approvals.map((part) => ({ type: 'tool-approval-response', approvalId: part.approvalId, approved: true })) });
 * const second = await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(5) }); // runs close_ticket
 * ```
 *
 * @throws {TypeError} when two functions go by one wire name.
 */
export function toAISDKTools<Fn extends AnyFunction, Names extends WireNames = 'qualified'>(
  functions: readonly Fn[],
  options: AISDKToolsOptions<Names> = {},
): AISDKTools<AISDKToolSet<Fn, Names>> {
  const entries = [...byWireName(functions as readonly AIFunction[], options.names)];
  const calls = new CallContexts(options);
  return {
    tools: Object.fromEntries(entries.map(([name, fn]) => [name, aiSdkTool(fn, calls)])) as unknown as AISDKToolSet<Fn, Names>,
    toolApproval: Object.fromEntries(entries.map(([name, fn]) => [name, approvalOf(fn, calls)])) as Record<keyof AISDKToolSet<Fn, Names> & string, AISDKToolApproval>,
  };
}

function approvalOf(fn: AIFunction, calls: CallContexts): AISDKToolApproval {
  if (!needsApproval(fn)) return 'not-applicable';
  if (!checksBeforeApproval(fn)) return 'user-approval';
  // nobody is asked about a call that would be refused whoever approved it: the model reads why instead
  return async (input, options) => {
    let validated: unknown;
    try {
      validated = await acceptedArguments(fn, input);
    } catch {
      return 'user-approval'; // the SDK's input step refuses it before this; were it not, execute would
    }
    // the call's own context: the workspace a function no wrapper contains is checked against
    const refusal = await refusalBeforeApproval(fn, validated, await calls.of(fn, { callId: options?.toolCallId ?? '', signal: undefined }));
    return refusal === undefined ? 'user-approval' : { type: 'denied', reason: refusal };
  };
}

function needsApproval(fn: AIFunction): boolean {
  return declaresApproval(fn) || isApprovalGated(fn);
}

/**
 * The invoke context of each call of one `toAISDKTools` set: the caller's context (or what its
 * function returns), with the SDK's call id and abort signal, and the default logger when the
 * context names none.
 */
class CallContexts {
  /** The context of every call, when the caller gave an object (or nothing): its logger already settled. */
  readonly #fixed: ToolInvocationContext | undefined;
  readonly #perCall: ((call: ToolCallInfo) => ToolInvocationContext | Promise<ToolInvocationContext>) | undefined;
  readonly #logger: ToolLogger | undefined;
  #warnedLenient = false;

  constructor(options: AISDKToolsOptions<WireNames>) {
    this.#logger = defaultLoggerOf(options.logger);
    const { context } = options;
    if (typeof context === 'function') {
      this.#perCall = context;
      this.#fixed = undefined;
    } else {
      this.#perCall = undefined;
      this.#fixed = this.#withLogger(context ?? {});
    }
  }

  /** The context the SDK's input step repairs with, when the caller's object asks for the lenient step. */
  get lenient(): ToolInvocationContext | undefined {
    return this.#fixed?.lenient === true ? this.#fixed : undefined;
  }

  /** Where the SDK's input step reports a validator that could not read the arguments. */
  get logger(): ToolLogger | undefined {
    return this.#fixed === undefined ? this.#logger : this.#fixed.logger;
  }

  /** The context of one call, or a promise of it when the caller's context is a function. */
  of(fn: AIFunction, call: { readonly callId: string; readonly signal: AbortSignal | undefined }): ToolInvocationContext | Promise<ToolInvocationContext> {
    if (this.#fixed !== undefined) return callContext(this.#fixed, call);
    return contextFor(this.#perCall, fn, call).then((context) => {
      if (context.lenient === true) this.#warnOfLenient(context);
      return this.#withLogger(context);
    });
  }

  #withLogger(context: ToolInvocationContext): ToolInvocationContext {
    return context.logger !== undefined || this.#logger === undefined ? context : { ...context, logger: this.#logger };
  }

  /** A context function's `lenient` comes too late: the SDK checked the call before `execute` asked for the context. */
  #warnOfLenient(context: ToolInvocationContext): void {
    if (this.#warnedLenient) return;
    this.#warnedLenient = true;
    const message =
      'toAISDKTools: lenient: true from a context function does not repair anything, because the SDK validates each call before execute builds its context. ' +
      'Put lenient: true in a context object (toAISDKTools(functions, { context: { lenient: true, ... } })) instead.';
    const logger = context.logger ?? this.#logger;
    if (logger?.warn !== undefined) logger.warn(message, { lenient: true });
    else console.warn(`toolgen: ${message}`);
  }
}

function aiSdkTool(fn: AIFunction, calls: CallContexts): Tool<unknown, JsonValue | undefined> {
  return {
    description: fn.description,
    // the tool carries its approval itself, so it holds when the caller does not pass toolApproval on
    ...(needsApproval(fn) ? { needsApproval: true } : {}),
    inputSchema: jsonSchema<unknown>(draft07(fn.parameters.jsonSchema), { validate: (input) => checkInput(fn, input, calls) }),
    ...(fn.returns === null ? { toModelOutput: () => ({ type: 'text', value: resultText(undefined) }) } : { outputSchema: jsonSchema(draft07(fn.returns)) }),
    ...(fn.metadata.content === true ? { toModelOutput: ({ output }: { readonly output: JsonValue | undefined }) => modelOutput(fn, output) } : {}),
    execute: (input, { toolCallId, abortSignal }) => {
      const context = calls.of(fn, { callId: toolCallId, signal: abortSignal });
      if (!(context instanceof Promise)) return run(fn, input, context);
      // the SDK shows the model whatever execute rejects with: a failing context function too, so opaquely
      return context.then(
        (invokeContext) => run(fn, input, invokeContext),
        (error: unknown) => Promise.reject(new AISDKToolFailure(asToolFailure(error))),
      );
    },
  };
}

/**
 * What the model reads of a `ContentResult`: its blocks as the SDK's content parts. Text as text;
 * a PNG, JPEG, GIF or WebP image (also as a blob resource) and a PDF blob as file data with their
 * media type; a resource link or a text resource written out as text; any other image or blob as
 * text saying it was left out, since a provider that cannot take a file type fails the whole
 * request. A malformed value goes out as JSON.
 */
function modelOutput(fn: AIFunction, output: JsonValue | undefined): ToolResultOutput {
  const parts = contentOf(fn, output);
  if (parts === undefined) return output === undefined ? { type: 'text', value: resultText(undefined) } : { type: 'json', value: output as Extract<ToolResultOutput, { type: 'json' }>['value'] };
  return { type: 'content', value: parts.map(modelContentPart) };
}

/** ai's `ToolResultOutput` (its own package does not export it). */
type ToolResultOutput = Awaited<ReturnType<NonNullable<Tool<unknown, JsonValue | undefined>['toModelOutput']>>>;
type ModelContentPart = Extract<ToolResultOutput, { type: 'content' }>['value'][number];

/** What the AI SDK's providers are given only as these types, in the words the model reads. */
const aiSdkLeftOut = { image: 'images go to the model as PNG, JPEG, GIF or WebP only', blob: 'tool results go to the model with PDFs and PNG, JPEG, GIF or WebP images only' };

function modelContentPart(part: ContentPart): ModelContentPart {
  const block = modelBlock(part, aiSdkLeftOut);
  switch (block.kind) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'file', mediaType: block.mimeType, data: { type: 'data', data: block.data }, ...(block.uri === undefined ? {} : { filename: fileNameOf(block.uri) }) };
    case 'pdf':
      return { type: 'file', mediaType: 'application/pdf', data: { type: 'data', data: block.data }, filename: fileNameOf(block.uri) };
  }
}

/**
 * The SDK's input step for one call: the model's JSON (repaired first when the context object is
 * lenient) checked by the function's validator. A valid call keeps the JSON as its input; an
 * invalid one fails with toolgen's message, which the SDK turns into an `InvalidToolInputError`.
 */
function checkInput(fn: AIFunction, input: unknown, calls: CallContexts): { success: true; value: unknown } | { success: false; error: Error } {
  let value = input;
  const lenient = calls.lenient;
  if (lenient !== undefined) {
    try {
      value = applyLenientStep(fn, input, lenient);
    } catch (error) {
      if (error instanceof ToolArgumentError) return { success: false, error: new InvalidArguments(input, error) };
      throw error;
    }
  }
  const checked = fn.validate(value);
  if (checked.ok) {
    // the checked value rides on the JSON the SDK keeps and hands to execute, hidden from JSON and from keys
    // configurable: an object validated again (the same input handed to validate twice) gets the newer check
    if (typeof value === 'object' && value !== null && Object.isExtensible(value)) Object.defineProperty(value, checkedArgs, { value: checked.value, configurable: true });
    return { success: true, value };
  }
  if (checked.cause !== undefined) calls.logger?.error(`Tool ${fn.qualifiedName}: its validator could not read the arguments`, checked.cause);
  return { success: false, error: new InvalidArguments(input, new ToolArgumentError(checked.issues.length > 0 ? checked.issues : [{ pointer: '', message: 'are not valid' }])) };
}

/**
 * The arguments the SDK's input step checked, on the very object it accepted. Only this module
 * holds the symbol, so no JSON (the model's, or messages a client sends back) can carry it.
 */
const checkedArgs = Symbol('toolgen checked arguments');

/** The value the input step checked `input` into, when `input` is the object it accepted. */
function checkedBefore(input: unknown): ToolArgumentsCheck<ToolArgumentsValue> | undefined {
  if (typeof input !== 'object' || input === null || !Object.hasOwn(input, checkedArgs)) return undefined;
  return { ok: true, value: (input as { readonly [checkedArgs]: ToolArgumentsValue })[checkedArgs] };
}

/**
 * Runs `fn` on the JSON `input` the SDK's input step accepted: `run` with the value that step
 * checked it into (or, for an input that did not come through it, such as `execute` called by
 * hand, with the value a check here gives). A failure rejects as an `AISDKToolFailure`; an abort
 * of the call's own signal rejects as it is.
 */
function run(fn: AIFunction, input: unknown, context: ToolInvocationContext): Promise<JsonValue | undefined> {
  let called: Promise<JsonValue | undefined>;
  const checked = checkedBefore(input) ?? fn.validate(input);
  if (checked.ok) {
    called = fn.run(checked.value, context);
  } else if (context.lenient === true) {
    // only when execute is called by hand: the SDK's input step lets no invalid call through
    called = fn.invoke(input, context);
  } else {
    if (checked.cause !== undefined) context.logger?.error(`Tool ${fn.qualifiedName}: its validator could not read the arguments`, checked.cause);
    return Promise.reject(new AISDKToolFailure(new ToolArgumentError(checked.issues)));
  }
  return called.catch((error: unknown) => {
    if (context.signal?.aborted === true) throw error;
    // invoke logs what a tool throws; what a wrapper around it threw is logged here
    if (!(error instanceof ToolFailure)) context.logger?.error(`Tool ${fn.qualifiedName} failed unexpectedly`, error);
    throw new AISDKToolFailure(asToolFailure(error));
  });
}

function draft07(schema: JsonSchema): JSONSchema7 {
  return jsonSchemaForTarget(schema, 'draft-07') as JSONSchema7;
}

/**
 * Invalid arguments as the SDK's input step reports them: a `TypeValidationError` of the model's
 * own value, so the SDK takes it as it is (it wraps any other error in one that repeats the whole
 * value), whose text is toolgen's message alone. `cause` is the `ToolArgumentError`, with the issues.
 */
class InvalidArguments extends TypeValidationError {
  constructor(value: unknown, failure: ToolArgumentError) {
    super({ value, cause: failure });
    this.message = failure.message;
  }

  override toString(): string {
    return this.message;
  }
}

/**
 * A failed call as `execute` throws it. The SDK sends the model `String(error)`, which for this
 * error is toolgen's message alone, with no `ToolFailure:` before it; `cause` is the failure.
 */
class AISDKToolFailure extends ToolFailure {
  constructor(failure: ToolFailure) {
    super(failure.reason, failure.fix, { cause: failure });
    this.message = failure.message;
  }

  override toString(): string {
    return this.message;
  }
}
