import { tool, type FunctionTool, type RunContext, type ToolOutputFileContent, type ToolOutputImage, type ToolOutputText } from '@openai/agents';
import { issueSdkApprovalGrant } from '../approval/toolApprovalGrant.js';
import { defaultRaisedApprovalExpiryMs, raisedApprovals } from '../approval/RaisedApprovals.js';
import { checksBeforeApproval, refusalBeforeApproval } from '../function/checksBeforeApproval.js';
import { approvalGateOf, argumentsAsJson, sdkApprovalDigest, sdkShouldAsk, type ToolApprovalInvocationContext } from '../approval/withApproval.js';
import type { AIFunction, JsonValue, ToolInvocationContext, ToolLogger } from '../function/AIFunction.js';
import type { ContentPart } from '../content/ContentResult.js';
import { contentOf, fileNameOf, modelBlock, openAILeftOut } from './contentParts.js';
import { byWireName, contextFor, defaultLoggerOf, resultText, runCheckedCall, runToolCall, type ToolCallInfo, type WireNames } from './toolCalls.js';
import { openAIParameters } from './openaiStrict.js';

/** The `openai-strict` variant as the Agents SDK types a strict JSON Schema. */
export interface OpenAIAgentsToolParameters {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: false;
}

/** An `@openai/agents` function tool made from an AIFunction; its output is the text the model reads. */
export type OpenAIAgentsTool<TContext = unknown> = FunctionTool<TContext, OpenAIAgentsToolParameters, string>;

/** What the SDK tells a tool's `invoke` about the call (its `ToolCallDetails`, not exported by name). */
type ToolCallDetails = Parameters<OpenAIAgentsTool['invoke']>[2];

/**
 * The invoke context of every call, or a function of the call returning it. The function also
 * receives the SDK's `RunContext` (whose `context` is what `run(agent, input, { context })` was given).
 */
export type OpenAIAgentsContextOption<TContext = unknown> =
  | ToolInvocationContext
  | ((call: ToolCallInfo, runContext: RunContext<TContext> | undefined) => ToolInvocationContext | Promise<ToolInvocationContext>);

export interface OpenAIAgentsToolsOptions<TContext = unknown> {
  /** Wire names: `'qualified'` (the default) or `'name'`, where the caller vouches that tool names are unique. */
  readonly names?: WireNames;
  readonly context?: OpenAIAgentsContextOption<TContext>;
  /**
   * How long an interruption may be approved, in milliseconds; 24 hours unless given. An approval
   * the run reports later runs nothing.
   */
  readonly approvalExpiryMs?: number;
  /**
   * Where an unexpected error of a call goes, with the tool's qualified name, when the call's
   * context has no `logger` of its own: `console.error` by default, `false` for nowhere.
   */
  readonly logger?: ToolLogger | false;
}

/**
 * Turns generated functions into `@openai/agents` function tools, each built once with the SDK's
 * `tool()`: the `openai-strict` variant as parameters with `strict: true`, and `needsApproval`
 * for a `require_approval` tool or an approval-wrapped function (`resolveAgentTools`), so the run
 * stops with `result.interruptions` and resumes from its `RunState` once each is approved or rejected.
 *
 * Each call applies `fn.normalizeStrictArguments` to the model's arguments and invokes the
 * function once, with the SDK's abort signal and its call id as `callId`. The model reads
 * toolgen's own words as the tool's output: the result as JSON, invalid arguments as the
 * validator's message with every pointer, a `ToolFailure` as its reason and fix, anything else as
 * "The tool failed unexpectedly." (and in full to the context's `logger`). Only an abort, or a
 * `context` function that throws, fails the run. Arguments that are not JSON at all are answered
 * by the SDK before any tool runs.
 *
 * The SDK's approval is bound like toolgen's own. An interruption is raised only for a call whose
 * arguments validate, and recorded (tool, call id, digest of the validated arguments) in this
 * process for `options.approvalExpiryMs`. An approval the run reports runs the call only against
 * that record, once: a reused call id with other arguments, an approval written into a stored
 * `RunState`, `alwaysApprove`, a second execution or a run resumed in another process runs
 * nothing, and the model reads that the tool was not called. An approval-wrapped function whose
 * router decides alone (`auto_approve_required`, `auto_reject_required`, a background run) raises
 * no interruption: its router decides. Under `use_agent_policy` the interruption stands in for the
 * router's channel, which is not asked again.
 *
 * Wire names are qualified names (`ticket__close_ticket`) unless `options.names` is `'name'`;
 * the SDK's own renaming (it turns `-` into `_`) is not applied, so the model sees toolgen's names.
 *
 * ```ts
 * import { Agent, run, RunState } from '@openai/agents';
 * import { toOpenAIAgentsTools } from '@toolgen/runtime/openai-agents';
 *
 * const agent = new Agent({ name: 'Support', tools: toOpenAIAgentsTools(ticketToolset.functions, { context: { services } }) });
 * const first = await run(agent, 'Close ticket 4711, it is fixed.');
 * if (first.interruptions.length > 0) {
 *   const stored = first.state.toString(); // keep it with the conversation while someone decides
 *   const state = await RunState.fromString(agent, stored);
 *   for (const item of state.getInterruptions()) state.approve(item); // or state.reject(item, { message })
 *   const resumed = await run(agent, state); // a resumed run can stop again: check its interruptions too
 * }
 * ```
 *
 * @throws {TypeError} when two functions go by one wire name.
 * @throws {RangeError} when `options.approvalExpiryMs` is not a positive finite number.
 */
export function toOpenAIAgentsTools<TContext = unknown>(
  functions: readonly AIFunction[],
  options: OpenAIAgentsToolsOptions<TContext> = {},
): OpenAIAgentsTool<TContext>[] {
  const expiry = options.approvalExpiryMs ?? defaultRaisedApprovalExpiryMs;
  if (typeof expiry !== 'number' || !Number.isFinite(expiry) || expiry <= 0) {
    throw new RangeError(`approvalExpiryMs must be a positive finite number of milliseconds; got ${String(expiry)}.`);
  }
  return [...byWireName(functions, options.names)].map(([name, fn]) => functionTool(name, fn, options));
}

/**
 * The arguments an interruption's call will run with, as toolgen validated and normalized them
 * (the strict variant's nulls removed, `{ "value": … }` unwrapped, `Date`s as ISO strings): what
 * to show the person instead of `item.arguments`, the model's raw text. `undefined` when toolgen
 * raised no interruption for this call in this process (then an approval would run nothing).
 *
 * ```ts
 * for (const item of state.getInterruptions()) console.log(item.name, interruptionArguments(item));
 * ```
 */
export function interruptionArguments(item: { readonly rawItem: unknown }): JsonValue | undefined {
  const raw = item.rawItem as { readonly type?: unknown; readonly name?: unknown; readonly callId?: unknown } | null;
  if (raw === null || typeof raw !== 'object' || raw.type !== 'function_call' || typeof raw.name !== 'string' || typeof raw.callId !== 'string') return undefined;
  return raisedApprovals.shown(raw.name, raw.callId) as JsonValue | undefined;
}

function functionTool<TContext>(name: string, fn: AIFunction, options: OpenAIAgentsToolsOptions<TContext>): OpenAIAgentsTool<TContext> {
  const asks = sdkShouldAsk(fn);
  const expiryMs = options.approvalExpiryMs ?? defaultRaisedApprovalExpiryMs;
  // generated tools' variant is a strict schema (an object whose every property is required, closed
  // everywhere); a hand-written or MCP tool's may not be, and is then sent with strict: false
  const { parameters, strict } = openAIParameters(fn);
  const built = tool<OpenAIAgentsToolParameters, TContext, string>({
    name,
    description: fn.description,
    parameters: parameters as unknown as OpenAIAgentsToolParameters,
    strict: true,
    // a person is asked only about a call that can run, and the request is bound to what will run
    needsApproval: asks
      ? async (runContext, input, callId) => {
          const validated = validatedCall(fn, input);
          if (validated === undefined || callId === undefined) return false; // execute answers the validator's words; nothing runs unasked
          // execute answers a call refused whoever approved it (a path outside the workspace): nobody is asked
          const checked = checksBeforeApproval(fn) ? await callContext(options, fn, runContext as RunContext<TContext>, { toolCall: { callId } } as ToolCallDetails) : {};
          if ((await refusalBeforeApproval(fn, validated.value, checked)) !== undefined) return false;
          raisedApprovals.raise(fn.qualifiedName, callId, sdkApprovalDigest(fn, validated.value), expiryMs, { wireName: name, args: argumentsAsJson(validated.value) });
          return true;
        }
      : false,
    // nothing the tool does escapes `execute`; what does (an abort, a throwing context function) fails the run
    errorFunction: null,
    execute: async (input, runContext, details) => {
      const args = fn.normalizeStrictArguments(input);
      const invokeContext = await callContext(options, fn, runContext, details);
      if (!asks) return answer(fn, await runToolCall(fn, args, invokeContext));
      const callId = details?.toolCall?.callId ?? '';
      const validated = validatedCall(fn, input);
      // invalid arguments are answered in the validator's words, and nobody was asked
      if (validated === undefined) return answer(fn, await runToolCall(fn, args, invokeContext));
      // a call refused whoever approved it (a path outside the workspace) is answered so, and nobody was asked
      const refusal = await refusalBeforeApproval(fn, validated.value, invokeContext);
      if (refusal !== undefined) return refusal;
      const digest = sdkApprovalDigest(fn, validated.value);
      if (!raisedApprovals.take(fn.qualifiedName, callId, digest)) return unraisedApproval(fn, callId, invokeContext);
      const approved: ToolApprovalInvocationContext =
        approvalGateOf(fn) === undefined ? invokeContext : { ...invokeContext, approvalGrant: issueSdkApprovalGrant(callId, digest) };
      return answer(fn, await runCheckedCall(fn, validated.value, approved));
    },
  });
  // tool() turns every character but letters and digits into `_`; toolgen's names are valid as they are.
  // Its options are typed strict (JSON Schema parameters pass through either way); the tool says which it is
  return built.name === name && built.strict === strict ? built : { ...built, name, strict };
}

function callContext<TContext>(
  options: OpenAIAgentsToolsOptions<TContext>,
  fn: AIFunction,
  runContext: RunContext<TContext> | undefined,
  details: ToolCallDetails | undefined,
): Promise<ToolInvocationContext> {
  const option = options.context;
  const perCall = typeof option === 'function' ? (call: ToolCallInfo) => option(call, runContext) : option;
  return contextFor(perCall, fn, { callId: details?.toolCall?.callId, signal: details?.signal }, defaultLoggerOf(options.logger));
}

/** Agents' structured tool outputs, which the SDK turns into `input_text`, `input_image` and `input_file` items. */
type AgentsToolOutput = ToolOutputText | ToolOutputImage | ToolOutputFileContent;

/** What the model reads of the call: text, or the blocks of a `ContentResult` as the SDK's structured outputs. */
function answer(fn: AIFunction, outcome: Awaited<ReturnType<typeof runToolCall>>): string | AgentsToolOutput[] {
  if (!outcome.ok) return outcome.message;
  const parts = contentOf(fn, outcome.value);
  return parts === undefined ? resultText(outcome.value) : parts.map(agentsOutput);
}

/** One content block as an Agents tool output (`modelBlock` decides): text, an image, or a PDF as a file named from its URI. */
function agentsOutput(part: ContentPart): AgentsToolOutput {
  const block = modelBlock(part, openAILeftOut);
  switch (block.kind) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image', image: { data: block.data, mediaType: block.mimeType } };
    case 'pdf':
      return { type: 'file', file: { data: block.data, mediaType: 'application/pdf', filename: fileNameOf(block.uri) } };
  }
}

/** What `fn`'s validator returns for the model's strict arguments; undefined when it rejects them. */
function validatedCall(fn: AIFunction, input: unknown): { readonly value: Readonly<Record<string, unknown>> } | undefined {
  const checked = fn.validate(fn.normalizeStrictArguments(input));
  return checked.ok ? { value: checked.value } : undefined;
}

/** What the model reads when the SDK reports an approval toolgen did not ask for; nothing ran. */
function unraisedApproval(fn: AIFunction, callId: string, context: ToolInvocationContext): string {
  const message =
    `${fn.qualifiedName} was not called: the run reports call ${JSON.stringify(callId)} as approved, but no approval request was raised ` +
    'for this tool with these arguments under that call id in this process (a reused call id, an approval written into a stored run state, ' +
    'or a run resumed in another process). Call the tool again to ask the user.';
  context.logger?.warn?.(`Tool ${fn.qualifiedName}: refused an approval toolgen did not ask for`, { callId });
  return message;
}
