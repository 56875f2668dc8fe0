import type {
  ChatCompletionFunctionTool,
  ChatCompletionMessageToolCall,
  ChatCompletionToolMessageParam,
} from 'openai/resources/chat/completions';
import type { FunctionTool, ResponseFunctionCallOutputItem, ResponseFunctionToolCall, ResponseInputItem } from 'openai/resources/responses/responses';
import type { ContentPart } from '../content/ContentResult.js';
import type { AIFunction } from '../function/AIFunction.js';
import { contentAsText, contentOf, dataUrl, fileNameOf, modelBlock, openAILeftOut } from './contentParts.js';
import { openAIParameters } from './openaiStrict.js';
import {
  byWireName,
  contextFor,
  defaultLoggerOf,
  findCalledFunction,
  resultText,
  runnerFunction,
  runToolCall,
  type RunnerOptions,
  type ToolContextOption,
  type WireNames,
} from './toolCalls.js';

export type { RunnerApproval, RunnerOptions, ToolCallInfo, ToolContextOption, WireNames } from './toolCalls.js';
export { isOpenAIStrictSchema } from './openaiStrict.js';

/** Which OpenAI API the tools are for: Chat Completions or Responses. */
export type OpenAIApi = 'chat' | 'responses';

export interface OpenAIToolsOptions<TApi extends OpenAIApi = OpenAIApi> {
  readonly api: TApi;
  /** Wire names: `'qualified'` (the default) or `'name'`, where the caller vouches that tool names are unique. */
  readonly names?: WireNames;
}

/** The function tools of one API: Chat Completions' `ChatCompletionFunctionTool`, or the Responses API's `FunctionTool`. */
export type OpenAITool<TApi extends OpenAIApi> = TApi extends 'chat' ? ChatCompletionFunctionTool : FunctionTool;

/** A call `runOpenAIToolCall` answers: a chat completion's `message.tool_calls[i]`, or a Responses `function_call` output item. */
export type OpenAIToolCall = ChatCompletionMessageToolCall | ResponseFunctionToolCall;

/** The item that answers `call`: a `tool` message for a chat tool call, a `function_call_output` item for a Responses function call. */
export type OpenAIToolCallOutput<TCall extends OpenAIToolCall> = TCall extends ResponseFunctionToolCall
  ? ResponseInputItem.FunctionCallOutput
  : ChatCompletionToolMessageParam;

/**
 * The function tools to send OpenAI, built once from each function's `openai-strict` variant with
 * `strict: true` (`false` for a hand-written or MCP tool whose schema is not in strict form): for `api: 'chat'` in Chat Completions' shape
 * (`{ type: 'function', function: { name, description, parameters, strict: true } }`), for
 * `api: 'responses'` in the Responses API's (`{ type: 'function', name, description, parameters, strict: true }`).
 * Names are qualified names (`ticket__close_ticket`) unless `options.names` is `'name'`.
 * Answer the model's calls with `runOpenAIToolCall`.
 *
 * ```ts
 * import OpenAI from 'openai';
 * import { runOpenAIToolCall, toOpenAITools } from '@toolgen/runtime/openai';
 *
 * const tools = toOpenAITools(ticketToolset.functions, { api: 'chat' });
 * const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Is there a ticket about the printer?' }];
 * const completion = await client.chat.completions.create({ model: 'gpt-5', messages, tools });
 * const { message } = completion.choices[0]!;
 * messages.push(message);
 * for (const call of message.tool_calls ?? []) messages.push(await runOpenAIToolCall(ticketToolset.functions, call, { services }));
 * ```
 *
 * @throws {TypeError} when two functions go by one wire name.
 */
export function toOpenAITools<TApi extends OpenAIApi>(functions: readonly AIFunction[], options: OpenAIToolsOptions<TApi>): OpenAITool<TApi>[] {
  const tools: (ChatCompletionFunctionTool | FunctionTool)[] = [];
  for (const [name, fn] of byWireName(functions, options.names)) {
    const { parameters, strict } = openAIParameters(fn);
    tools.push(
      options.api === 'chat'
        ? { type: 'function', function: { name, description: fn.description, parameters, strict } }
        : { type: 'function', name, description: fn.description, parameters, strict },
    );
  }
  return tools as OpenAITool<TApi>[];
}

/**
 * Runs one tool call the model made and resolves to the item to send back: for a chat
 * `tool_calls[i]`, `{ role: 'tool', tool_call_id, content }`; for a Responses `function_call`
 * item, `{ type: 'function_call_output', call_id, output }`. The arguments are the JSON text the
 * API sends; the strict variant's nulls for omitted optionals are removed
 * (`fn.normalizeStrictArguments`) before `invoke`, which validates them once.
 *
 * It never rejects for the tool's sake: the result is sent as JSON, and arguments that are not
 * JSON, a name no function has, invalid arguments (the validator's message, every pointer), a
 * `ToolFailure` (its reason and fix) and any other error ("The tool failed unexpectedly.", in full
 * to the context's `logger`) each become the text the model reads. Only an abort of the context's
 * signal, or a `context` function that throws, rejects. It invokes the functions it is given:
 * pass the list `resolveAgentTools` returned for approval and the agent's policies to apply.
 *
 * It fails closed: a call of a `require_approval` tool that is not approval-wrapped runs only
 * when `options.approval` approves it (a function shown the validated arguments) or is
 * `'unchecked'`; otherwise the model reads that the call needs approval and was not run.
 * The tool is found by qualified name, or by tool name when the tools were sent with
 * `names: 'name'` (and only one of `functions` has it).
 *
 * ```ts
 * const response = await client.responses.create({ model: 'gpt-5', input, tools: toOpenAITools(functions, { api: 'responses' }) });
 * for (const item of response.output) {
 *   if (item.type !== 'function_call') continue;
 *   // the call goes back into the input with its output (output items are not all input items)
 *   input.push(item, await runOpenAIToolCall(functions, item, (call) => ({ services, callId: call.callId })));
 * }
 * ```
 */
export async function runOpenAIToolCall<TCall extends OpenAIToolCall>(
  functions: readonly AIFunction[],
  call: TCall,
  context?: ToolContextOption,
  options: RunnerOptions = {},
): Promise<OpenAIToolCallOutput<TCall>> {
  const answered = await answer(functions, call, context, options);
  const output: ChatCompletionToolMessageParam | ResponseInputItem.FunctionCallOutput =
    call.type === 'function_call'
      ? { type: 'function_call_output', call_id: call.call_id, output: typeof answered === 'string' ? answered : answered.map(responsesOutputItem) }
      : { role: 'tool', tool_call_id: call.id, content: typeof answered === 'string' ? answered : contentAsText(answered, 'Chat Completions tool messages carry only text') };
  return output as OpenAIToolCallOutput<TCall>;
}

/** One content block as a Responses `function_call_output` item (`modelBlock` decides): `input_text`, `input_image` with a `data:` URL, or a PDF as `input_file`. */
function responsesOutputItem(part: ContentPart): ResponseFunctionCallOutputItem {
  const block = modelBlock(part, openAILeftOut);
  switch (block.kind) {
    case 'text':
      return { type: 'input_text', text: block.text };
    case 'image':
      return { type: 'input_image', image_url: dataUrl(block.mimeType, block.data), detail: 'auto' };
    case 'pdf':
      return { type: 'input_file', file_data: dataUrl('application/pdf', block.data), filename: fileNameOf(block.uri) };
  }
}

/** What the model reads of the call: text, or the blocks of a `ContentResult`. */
async function answer(
  functions: readonly AIFunction[],
  call: OpenAIToolCall,
  option: ToolContextOption | undefined,
  options: RunnerOptions,
): Promise<string | readonly ContentPart[]> {
  if (call.type === 'custom') {
    return `"${call.custom.name}" is a custom tool, and these are function tools: call one of the functions you were given.`;
  }
  const [name, argumentText, callId] = call.type === 'function_call' ? [call.name, call.arguments, call.call_id] : [call.function.name, call.function.arguments, call.id];
  const fn = findCalledFunction(functions, name);
  if (typeof fn === 'string') return fn;
  let args: unknown;
  try {
    args = argumentText.trim() === '' ? {} : JSON.parse(argumentText);
  } catch (error) {
    return `The arguments of ${name} are not valid JSON (${(error as Error).message}). Send them again as one JSON object.`;
  }
  const context = await contextFor(option, fn, { callId }, defaultLoggerOf(options.logger));
  const normalized = fn.normalizeStrictArguments(args);
  const run = await runnerFunction(fn, normalized, options, context);
  if (typeof run === 'string') return run;
  const outcome = await runToolCall(run, normalized, context);
  if (!outcome.ok) return outcome.message;
  return contentOf(fn, outcome.value) ?? resultText(outcome.value);
}
