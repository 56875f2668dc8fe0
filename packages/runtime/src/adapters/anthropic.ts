import type { DocumentBlockParam, ImageBlockParam, TextBlockParam, Tool, ToolResultBlockParam, ToolUseBlock, ToolUseBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ContentPart } from '../content/ContentResult.js';
import type { AIFunction } from '../function/AIFunction.js';
import { contentOf, modelBlock } from './contentParts.js';
import { byWireName, contextFor, defaultLoggerOf, findCalledFunction, resultText, runnerFunction, runToolCall, type RunnerOptions, type ToolContextOption, type WireNames } from './toolCalls.js';

export type { RunnerApproval, RunnerOptions, ToolCallInfo, ToolContextOption, WireNames } from './toolCalls.js';

export interface AnthropicToolsOptions {
  /** Wire names: `'qualified'` (the default) or `'name'`, where the caller vouches that tool names are unique. */
  readonly names?: WireNames;
}

/** A `tool_use` block `runAnthropicToolUse` answers: from a response's `content`, or as a request holds it. */
export type AnthropicToolUse = Pick<ToolUseBlock | ToolUseBlockParam, 'id' | 'name' | 'input'>;

/** The blocks of a `tool_result` that answers with a `ContentResult`. */
export type AnthropicToolResultContent = Array<TextBlockParam | ImageBlockParam | DocumentBlockParam>;

/**
 * The answer to one `tool_use` block. `is_error` is present, and true, when the call failed.
 * `content` is text, or blocks for a tool that returns a `ContentResult`.
 */
export type AnthropicToolResult = ToolResultBlockParam & { type: 'tool_result'; tool_use_id: string; content: string | AnthropicToolResultContent };

/**
 * The tools to send Anthropic's Messages API, built once: `{ name, description, input_schema }`
 * with each function's `anthropic` variant as `input_schema`. Names are qualified names
 * (`ticket__close_ticket`) unless `options.names` is `'name'`. Answer each `tool_use` block with
 * `runAnthropicToolUse`.
 *
 * ```ts
 * import Anthropic from '@anthropic-ai/sdk';
 * import { runAnthropicToolUse, toAnthropicTools } from '@toolgen/runtime/anthropic';
 *
 * const tools = toAnthropicTools(ticketToolset.functions);
 * const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Close ticket 4711, it is fixed.' }];
 * const reply = await client.messages.create({ model: 'claude-sonnet-5', max_tokens: 1024, messages, tools });
 * messages.push({ role: 'assistant', content: reply.content });
 * const results = [];
 * for (const block of reply.content) {
 *   if (block.type === 'tool_use') results.push(await runAnthropicToolUse(ticketToolset.functions, block, { services }));
 * }
 * messages.push({ role: 'user', content: results });
 * ```
 *
 * @throws {TypeError} when two functions go by one wire name.
 */
export function toAnthropicTools(functions: readonly AIFunction[], options: AnthropicToolsOptions = {}): Tool[] {
  return [...byWireName(functions, options.names)].map(([name, fn]) => ({
    name,
    description: fn.description,
    input_schema: { ...structuredClone(fn.variants.anthropic), type: 'object' },
  }));
}

/**
 * Runs the tool a `tool_use` block calls and resolves to the `tool_result` block that answers it:
 * `{ type: 'tool_result', tool_use_id, content }` with the result as JSON, or with
 * `is_error: true` and the text the model reads when the call failed. It never rejects for the
 * tool's sake: a name no function has, invalid arguments (the validator's message, every
 * pointer, from the one validation `invoke` runs), a `ToolFailure` (its reason and fix) and any
 * other error ("The tool failed unexpectedly.", in full to the context's `logger`) are all
 * answered so. Only an abort of the context's signal, or a `context` function that throws,
 * rejects. It invokes the functions it is given: pass the list `resolveAgentTools` returned for
 * approval and the agent's policies to apply. The tool is found by qualified name, or by tool
 * name when the tools were sent with `names: 'name'` (and only one of `functions` has it).
 *
 * It fails closed: a call of a `require_approval` tool that is not approval-wrapped runs only
 * when `options.approval` approves it (a function shown the validated arguments) or is
 * `'unchecked'`; otherwise it answers `is_error` that the call needs approval and was not run.
 *
 * ```ts
 * const result = await runAnthropicToolUse(functions, block, (call) => ({ services, callId: call.callId }));
 * ```
 */
export async function runAnthropicToolUse(
  functions: readonly AIFunction[],
  block: AnthropicToolUse,
  context?: ToolContextOption,
  options: RunnerOptions = {},
): Promise<AnthropicToolResult> {
  const fn = findCalledFunction(functions, block.name);
  if (typeof fn === 'string') return failed(block, fn);
  const invokeContext = await contextFor(context, fn, { callId: block.id }, defaultLoggerOf(options.logger));
  const run = await runnerFunction(fn, block.input, options, invokeContext);
  if (typeof run === 'string') return failed(block, run);
  const outcome = await runToolCall(run, block.input, invokeContext);
  if (!outcome.ok) return failed(block, outcome.message);
  const parts = contentOf(fn, outcome.value);
  return { type: 'tool_result', tool_use_id: block.id, content: parts === undefined ? resultText(outcome.value) : parts.map(anthropicBlock) };
}

/** What Anthropic cannot take, in the words the model reads. */
const anthropicLeftOut = { image: 'Anthropic takes images as JPEG, PNG, GIF or WebP only', blob: 'Anthropic takes PDFs and JPEG, PNG, GIF or WebP images only' };

/** One content block as a `tool_result` block (`modelBlock` decides): text, an image (base64), or a PDF as a document titled with its URI. */
function anthropicBlock(part: ContentPart): TextBlockParam | ImageBlockParam | DocumentBlockParam {
  const block = modelBlock(part, anthropicLeftOut);
  switch (block.kind) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image', source: { type: 'base64', media_type: block.mimeType as 'image/png', data: block.data } };
    case 'pdf':
      return { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: block.data }, title: block.uri };
  }
}

function failed(block: AnthropicToolUse, message: string): AnthropicToolResult {
  return { type: 'tool_result', tool_use_id: block.id, content: message, is_error: true };
}
