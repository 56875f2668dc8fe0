import { jsonSchema, type JSONSchema7, type Tool, type ToolSet } from 'ai';
import { isApprovalGated } from '../approval/withApproval.js';
import { ToolArgumentError, ToolFailure } from '../errors/ToolFailure.js';
import type { AIFunction, JsonSchema, JsonValue, ToolInput, ToolInvocationContext, ToolResult } from '../function/AIFunction.js';
import { jsonSchemaForTarget } from '../function/jsonSchemaForTarget.js';
import { asToolFailure, byWireName, callContext, contextFor, resultText, type AdapterOptions, type ToolContextOption, type WireNames } from './toolCalls.js';

export type { AdapterOptions, ToolCallInfo, ToolContextOption, WireNames } from './toolCalls.js';

/** How `toolApproval` treats one tool: ai 7's status for a call that asks the user, or for one that runs at once. */
export type AISDKToolApproval = 'user-approval' | 'not-applicable';

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
  /** Per wire name, `'user-approval'` for a tool that needs approval and `'not-applicable'` for the others. */
  readonly toolApproval: Readonly<Record<keyof Tools & string, AISDKToolApproval>>;
}

/** Any function, typed or not: `run`'s arguments are its only contravariant position. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type AnyFunction = AIFunction<any, JsonValue | undefined, string, string>;

/**
 * Turns generated functions into an ai v7 `ToolSet` and the `toolApproval` setting that goes with it.
 *
 * Each tool is built once: its description, the canonical parameter schema (as draft-07, the
 * dialect ai 7 hands providers) through ai's `jsonSchema()` with a `validate` that runs toolgen's
 * validator, an `outputSchema` when the tool returns something, and an `execute` that runs the
 * function with the SDK's abort signal and its `toolCallId` as `callId`. The SDK keeps the model's
 * JSON as the call's input, so its messages and approvals hold what the model sent; `execute`
 * checks that JSON with the function's `validate` (a pure check, the same the SDK's validation
 * step made) and hands the checked value (`Date`s and all) to its `run`, through any wrapper.
 *
 * The model reads toolgen's own words: the result as JSON (a tool that returns nothing as a short
 * "Done"), a `ToolFailure` as its reason and fix, any other error as "The tool failed
 * unexpectedly." (in full to the context's `logger`), also when a `context` function throws. The
 * SDK's `tool-error` part holds a `ToolFailure` whose `cause` is the one `invoke` rejected with
 * (and its `cause` the unexpected error). An abort of the SDK's signal rejects with its reason.
 * Invalid arguments reach `execute` and come back as the validator's message with every JSON
 * Pointer (or, with `lenient: true` in the context, are repaired there by `invoke`), except for a tool that needs approval (and arguments that are not an object at all):
 * those the SDK refuses while parsing the call, so nobody is asked to approve a call that cannot
 * run, and the SDK puts its "Invalid input for tool …" before the same message.
 *
 * Approval is ai 7's own flow: `toolApproval` maps each wire name to `'user-approval'` when the
 * tool's declared approval is `require_approval` or the function is approval-wrapped (a
 * `resolveAgentTools` list), and to `'not-applicable'` otherwise; such a tool also carries ai's
 * tool-level `needsApproval: true`, so a caller that does not pass `toolApproval` on still gets
 * the approval step (a `toolApproval` the caller writes takes precedence, as in ai 7). Such a call ends the
 * `generateText` call with a `tool-approval-request`; the host appends a `tool-approval-response`
 * to the messages and calls again, and the approved call runs. An approval-wrapped function is
 * invoked as given, so its router decides too; give `resolveAgentTools` an
 * `auto_approve_required` router when the SDK's request is to be the only one. When messages
 * come back from a client, sign approvals with the SDK's `experimental_toolApprovalSecret`.
 *
 * ```ts
 * import { generateText, stepCountIs, type ModelMessage } from 'ai';
 * import { toAISDKTools } from '@toolgen/runtime/ai-sdk';
 *
 * const { tools, toolApproval } = toAISDKTools(ticketToolset.functions, { context: { services } });
 * // tools is typed per tool: first.toolCalls[0].input is { number: number } when its toolName is 'ticket__get_ticket'
 * const messages: ModelMessage[] = [{ role: 'user', content: 'Close ticket 4711, it is fixed.' }];
 * const first = await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(5) });
 * messages.push(...first.response.messages);
 * const approvals = first.content.filter((part) => part.type === 'tool-approval-request');
 * messages.push({ role: 'tool', content: approvals.map((part) => ({ type: 'tool-approval-response', approvalId: part.approvalId, approved: true })) });
 * const second = await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(5) }); // runs close_ticket
 * ```
 *
 * @throws {TypeError} when two functions go by one wire name.
 */
export function toAISDKTools<Fn extends AnyFunction, Names extends WireNames = 'qualified'>(
  functions: readonly Fn[],
  options: AdapterOptions & { readonly names?: Names } = {},
): AISDKTools<AISDKToolSet<Fn, Names>> {
  const entries = [...byWireName(functions as readonly AIFunction[], options.names)];
  return {
    tools: Object.fromEntries(entries.map(([name, fn]) => [name, aiSdkTool(fn, options.context)])) as unknown as AISDKToolSet<Fn, Names>,
    toolApproval: Object.fromEntries(entries.map(([name, fn]) => [name, needsApproval(fn) ? 'user-approval' : 'not-applicable'])) as Record<keyof AISDKToolSet<Fn, Names> & string, AISDKToolApproval>,
  };
}

function needsApproval(fn: AIFunction): boolean {
  return fn.metadata.approval === 'require_approval' || isApprovalGated(fn);
}

function aiSdkTool(fn: AIFunction, context: ToolContextOption | undefined): Tool<unknown, JsonValue | undefined> {
  const asksApproval = needsApproval(fn);
  return {
    description: fn.description,
    // the tool carries its approval itself, so it holds when the caller does not pass toolApproval on
    ...(asksApproval ? { needsApproval: true } : {}),
    inputSchema: jsonSchema<unknown>(draft07(fn.parameters.jsonSchema), {
      validate: (input) => {
        const checked = fn.validate(input);
        if (!checked.ok && (asksApproval || typeof input !== 'object' || input === null)) {
          return { success: false, error: new AISDKToolFailure(new ToolArgumentError(checked.issues.length > 0 ? checked.issues : [{ pointer: '', message: 'are not valid' }])) };
        }
        // the SDK keeps the model's JSON as the call's input (what its history and approvals hold); `execute` checks it again
        return { success: true, value: input };
      },
    }),
    ...(fn.returns === null ? { toModelOutput: () => ({ type: 'text', value: resultText(undefined) }) } : { outputSchema: jsonSchema(draft07(fn.returns)) }),
    execute: (input, { toolCallId, abortSignal }) => {
      const call = { callId: toolCallId, signal: abortSignal };
      if (typeof context !== 'function') return run(fn, input, callContext(context, call));
      // the SDK shows the model whatever execute rejects with: a failing context function too, so opaquely
      return contextFor(context, fn, call).then(
        (invokeContext) => run(fn, input, invokeContext),
        (error: unknown) => Promise.reject(new AISDKToolFailure(asToolFailure(error))),
      );
    },
  };
}

/**
 * Runs `fn` on the model's JSON `input`: validated (a pure check, the same the SDK's validation
 * step made) and then `run`, or, for a lenient call, `invoke`, which repairs first. A failure
 * rejects as an `AISDKToolFailure`; an abort of the call's own signal rejects as it is.
 */
function run(fn: AIFunction, input: unknown, context: ToolInvocationContext): Promise<JsonValue | undefined> {
  let called: Promise<JsonValue | undefined>;
  if (context.lenient === true) {
    called = fn.invoke(input, context);
  } else {
    const checked = fn.validate(input);
    if (!checked.ok) {
      if (checked.cause !== undefined) context.logger?.error(`Tool ${fn.qualifiedName}: its validator could not read the arguments`, checked.cause);
      return Promise.reject(new AISDKToolFailure(new ToolArgumentError(checked.issues)));
    }
    called = fn.run(checked.value, context);
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
