import Anthropic from '@anthropic-ai/sdk';
import { generateText, stepCountIs, streamText, ToolLoopAgent, type LanguageModel, type ToolSet } from 'ai';
import OpenAI from 'openai';
import { describe, expectTypeOf, it } from 'vitest';
import type { AIFunction } from '@toolgen/runtime';
import { toAISDKTools, type AISDKToolApproval } from '@toolgen/runtime/ai-sdk';
import { runAnthropicToolUse, toAnthropicTools } from '@toolgen/runtime/anthropic';
import { runOpenAIToolCall, toOpenAITools } from '@toolgen/runtime/openai';

/*
 * What the adapters build and answer goes to the real clients without a cast. Only type-checked:
 * the functions below are never called, so no request is sent.
 */

declare const functions: readonly AIFunction[];
declare const model: LanguageModel;

describe('the OpenAI adapter types against the openai SDK', () => {
  it('chat: tools and tool messages fit chat.completions.create', () => {
    expectTypeOf(toOpenAITools(functions, { api: 'chat' })).toEqualTypeOf<OpenAI.ChatCompletionFunctionTool[]>();
    expectTypeOf(runOpenAIToolCall<OpenAI.ChatCompletionMessageToolCall>).returns.resolves.toEqualTypeOf<OpenAI.ChatCompletionToolMessageParam>();
    async function chatLoop(client: OpenAI): Promise<void> {
      const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Find the printer ticket.' }];
      const completion = await client.chat.completions.create({ model: 'gpt-5', messages, tools: toOpenAITools(functions, { api: 'chat' }) });
      const message = completion.choices[0]!.message;
      messages.push(message);
      for (const call of message.tool_calls ?? []) messages.push(await runOpenAIToolCall(functions, call));
      await client.chat.completions.create({ model: 'gpt-5', messages, tools: toOpenAITools(functions, { api: 'chat', names: 'name' }) });
    }
    expectTypeOf(chatLoop).toBeFunction();
  });

  it('responses: tools and function_call_output items fit responses.create', () => {
    expectTypeOf(toOpenAITools(functions, { api: 'responses' })).toEqualTypeOf<OpenAI.Responses.FunctionTool[]>();
    expectTypeOf(runOpenAIToolCall<OpenAI.Responses.ResponseFunctionToolCall>).returns.resolves.toEqualTypeOf<OpenAI.Responses.ResponseInputItem.FunctionCallOutput>();
    async function responsesLoop(client: OpenAI): Promise<void> {
      const tools = toOpenAITools(functions, { api: 'responses' });
      const input: OpenAI.Responses.ResponseInput = [{ role: 'user', content: 'Find the printer ticket.' }];
      const response = await client.responses.create({ model: 'gpt-5', input, tools });
      for (const item of response.output) {
        if (item.type !== 'function_call') continue;
        input.push(item, await runOpenAIToolCall(functions, item, () => ({})));
      }
      await client.responses.create({ model: 'gpt-5', input, tools });
    }
    expectTypeOf(responsesLoop).toBeFunction();
  });
});

describe('the Anthropic adapter types against @anthropic-ai/sdk', () => {
  it('tools and tool_result blocks fit messages.create', () => {
    expectTypeOf(toAnthropicTools(functions)).toEqualTypeOf<Anthropic.Tool[]>();
    expectTypeOf(runAnthropicToolUse).returns.resolves.toExtend<Anthropic.ToolResultBlockParam>();
    async function messagesLoop(client: Anthropic): Promise<void> {
      const tools = toAnthropicTools(functions);
      const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Close ticket 4711.' }];
      const reply = await client.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages, tools });
      messages.push({ role: 'assistant', content: reply.content });
      const results: Anthropic.ToolResultBlockParam[] = [];
      for (const block of reply.content) {
        if (block.type === 'tool_use') results.push(await runAnthropicToolUse(functions, block, { exposeErrors: false }));
      }
      messages.push({ role: 'user', content: results });
      await client.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages, tools });
    }
    expectTypeOf(messagesLoop).toBeFunction();
  });
});

describe('the AI SDK adapter types against ai 7', () => {
  it('tools and toolApproval fit generateText, streamText and ToolLoopAgent', () => {
    const { tools, toolApproval } = toAISDKTools(functions, { names: 'qualified', context: () => ({}) });
    expectTypeOf(tools).toExtend<ToolSet>();
    expectTypeOf(toolApproval).toEqualTypeOf<Readonly<Record<string, AISDKToolApproval>>>();
    async function run(): Promise<void> {
      await generateText({ model, tools, toolApproval, prompt: 'Close ticket 4711.', stopWhen: stepCountIs(5) });
      streamText({ model, tools, toolApproval, prompt: 'Close ticket 4711.' });
      await new ToolLoopAgent({ model, tools, toolApproval }).generate({ prompt: 'Close ticket 4711.' });
    }
    expectTypeOf(run).toBeFunction();
  });
});

interface FindArgs {
  readonly query: string;
  readonly since?: Date;
}
type Found = { title: string }[];
declare const find: AIFunction<FindArgs, Found, 'find', 'notes__find'>;
declare const remove: AIFunction<{ id: number }, undefined, 'remove', 'notes__remove'>;

describe('the AI SDK adapter types generated tools (issue 26, item 7)', () => {
  it('keys the ToolSet by wire name and types each input (JSON: a Date as its string) and output', async () => {
    const { tools, toolApproval } = toAISDKTools([find, remove]);
    expectTypeOf(toolApproval).toEqualTypeOf<Readonly<Record<'notes__find' | 'notes__remove', AISDKToolApproval>>>();
    expectTypeOf<keyof typeof tools>().toEqualTypeOf<'notes__find' | 'notes__remove'>();
    const result = await generateText({ model, tools, toolApproval, prompt: 'Find the notes.' });
    expectTypeOf(result.toolCalls).toBeArray();
    type Call = Exclude<(typeof result.toolCalls)[number], { dynamic: true }>;
    expectTypeOf<Call['toolName']>().toEqualTypeOf<'notes__find' | 'notes__remove'>();
    expectTypeOf<Extract<Call, { toolName: 'notes__find' }>['input']>().toExtend<{ readonly query: string; readonly since?: string }>();
    expectTypeOf<{ readonly query: string; readonly since?: string }>().toExtend<Extract<Call, { toolName: 'notes__find' }>['input']>();
    type Output = Exclude<(typeof result.toolResults)[number], { dynamic: true }>;
    expectTypeOf<Extract<Output, { toolName: 'notes__find' }>['output']>().toEqualTypeOf<Found>();
  });

  it("keys it by tool name with names: 'name'", () => {
    const { tools } = toAISDKTools([find, remove], { names: 'name' });
    expectTypeOf(tools).toHaveProperty('find');
    expectTypeOf<keyof typeof tools>().toEqualTypeOf<'find' | 'remove'>();
  });
});
