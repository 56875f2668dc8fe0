import { Agent, run, setTracingDisabled } from '@openai/agents';
import { generateText, stepCountIs, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { AIFunction, ToolApprovalRequest, ToolApprovalResponse, ToolInvocationContext } from '@toolgen/runtime';
import { toAISDKTools } from '@toolgen/runtime/ai-sdk';
import { runAnthropicToolUse, toAnthropicTools } from '@toolgen/runtime/anthropic';
import { registerMcpTools } from '@toolgen/runtime/mcp';
import { runOpenAIToolCall, toOpenAITools, type ToolCallInfo } from '@toolgen/runtime/openai';
import { toOpenAIAgentsTools } from '@toolgen/runtime/openai-agents';
import { functionCall, message, ScriptedModel, toolOutputs as agentsOutputs } from './agentsFixtures.js';
import { connectClient, newServer, textOf } from './mcpFixtures.js';

/*
 * One driver per adapter for the adapter contract (adapterContract.test.ts): each offers functions
 * to its SDK and makes one model call go through the SDK's own machinery, then says what the model
 * reads next. A new adapter is one more driver.
 */

setTracingDisabled(true); // nothing may try to export Agents traces

export interface DriverCallOptions {
  /** A context, or a function of the call that returns one (each adapter's `context` option). */
  readonly context?: ToolInvocationContext | ((call: ToolCallInfo) => ToolInvocationContext);
  /** Aborts the call: the SDK's own signal (a run's, a request's) where it has one. */
  readonly signal?: AbortSignal;
}

/** What the model reads after a call a person was asked about and approved, and what each time they were asked about. */
export interface ApprovedOutcome {
  readonly outcome: Outcome;
  /** The arguments each question showed the person, as JSON text, in order: none when nobody was asked. */
  readonly asked: readonly string[];
}

/** What the model reads after the call, or that the SDK stopped to ask a person first. */
export type Outcome =
  | { readonly kind: 'answer'; readonly text: string; readonly isError: boolean | undefined; readonly callId: string | undefined }
  | { readonly kind: 'awaiting approval' };

export interface AdapterDriver {
  readonly name: string;
  /** The schema the SDK is given: a provider variant, or the canonical schema. */
  readonly variant: 'openai-strict' | 'anthropic' | 'canonical';
  /** Whether the SDK's answer says it is an error (a Chat Completions tool message cannot). */
  readonly flagsErrors: boolean;
  /** What the model reads of an invalid call: toolgen's message as it is, or inside the SDK's own words. */
  readonly wrapsInvalid: boolean;
  /** The tools as the SDK is offered them, wire name and schema (for MCP, what a client lists). */
  offer(functions: readonly AIFunction[], names?: 'name'): Promise<{ name: string; schema: unknown }[]>;
  call(functions: readonly AIFunction[], wireName: string, args: unknown, options?: DriverCallOptions): Promise<Outcome>;
  /** One call, with a person who approves whatever the SDK (or the runner's `approval`) asks about through this SDK's own flow. */
  callApproving(functions: readonly AIFunction[], wireName: string, args: unknown, options?: Pick<DriverCallOptions, 'context'>): Promise<ApprovedOutcome>;
}

const answer = (text: string, isError: boolean | undefined, callId: string | undefined): Outcome => ({ kind: 'answer', text, isError, callId });

const openaiChat: AdapterDriver = {
  name: 'OpenAI Chat Completions',
  variant: 'openai-strict',
  flagsErrors: false,
  wrapsInvalid: false,
  offer: async (functions, names) => toOpenAITools(functions, { api: 'chat', ...(names === undefined ? {} : { names }) }).map((tool) => ({ name: tool.function.name, schema: tool.function.parameters })),
  async call(functions, name, args, options = {}) {
    const context = withSignal(options);
    const reply = await runOpenAIToolCall(functions, { id: 'call_c1', type: 'function', function: { name, arguments: JSON.stringify(args) } }, context);
    return answer(String(reply.content), undefined, reply.tool_call_id);
  },
  async callApproving(functions, name, args, options = {}) {
    const person = approvingPerson();
    const reply = await runOpenAIToolCall(functions, { id: 'call_c1', type: 'function', function: { name, arguments: JSON.stringify(args) } }, options.context, { approval: person.approve });
    return { outcome: answer(String(reply.content), undefined, reply.tool_call_id), asked: person.asked };
  },
};

const openaiResponses: AdapterDriver = {
  name: 'OpenAI Responses',
  variant: 'openai-strict',
  flagsErrors: false,
  wrapsInvalid: false,
  offer: async (functions, names) => toOpenAITools(functions, { api: 'responses', ...(names === undefined ? {} : { names }) }).map((tool) => ({ name: tool.name, schema: tool.parameters })),
  async call(functions, name, args, options = {}) {
    const item = { id: 'fc_r1', type: 'function_call' as const, call_id: 'call_r1', name, arguments: JSON.stringify(args), status: 'completed' as const };
    const reply = await runOpenAIToolCall(functions, item, withSignal(options));
    return answer(String(reply.output), undefined, reply.call_id);
  },
  async callApproving(functions, name, args, options = {}) {
    const person = approvingPerson();
    const item = { id: 'fc_r1', type: 'function_call' as const, call_id: 'call_r1', name, arguments: JSON.stringify(args), status: 'completed' as const };
    const reply = await runOpenAIToolCall(functions, item, options.context, { approval: person.approve });
    return { outcome: answer(String(reply.output), undefined, reply.call_id), asked: person.asked };
  },
};

const anthropic: AdapterDriver = {
  name: 'Anthropic Messages',
  variant: 'anthropic',
  flagsErrors: true,
  wrapsInvalid: false,
  offer: async (functions, names) => toAnthropicTools(functions, names === undefined ? {} : { names }).map((tool) => ({ name: tool.name, schema: tool.input_schema })),
  async call(functions, name, input, options = {}) {
    const reply = await runAnthropicToolUse(functions, { id: 'toolu_a1', name, input }, withSignal(options));
    return answer(String(reply.content), reply.is_error === true, reply.tool_use_id);
  },
  async callApproving(functions, name, input, options = {}) {
    const person = approvingPerson();
    const reply = await runAnthropicToolUse(functions, { id: 'toolu_a1', name, input }, options.context, { approval: person.approve });
    return { outcome: answer(String(reply.content), reply.is_error === true, reply.tool_use_id), asked: person.asked };
  },
};

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

const aiSdk: AdapterDriver = {
  name: 'AI SDK (generateText)',
  variant: 'canonical',
  flagsErrors: true,
  wrapsInvalid: true,
  offer: async (functions, names) =>
    Object.entries(toAISDKTools(functions, names === undefined ? {} : { names }).tools).map(([name, tool]) => ({
      name,
      schema: (tool.inputSchema as { jsonSchema?: unknown }).jsonSchema,
    })),
  async call(functions, toolName, args, options = {}) {
    const { tools, toolApproval } = toAISDKTools(functions, options.context === undefined ? {} : { context: options.context });
    const toolCallId = 'call_s1';
    const model = callingModel(toolCallId, toolName, args);
    const result = await generateText({ model, tools, toolApproval, prompt: 'Go.', stopWhen: stepCountIs(3), ...(options.signal === undefined ? {} : { abortSignal: options.signal }) });
    if (result.content.some((part) => part.type === 'tool-approval-request')) return { kind: 'awaiting approval' };
    return aiSdkAnswer(model, toolCallId);
  },
  async callApproving(functions, toolName, args, options = {}) {
    const { tools, toolApproval } = toAISDKTools(functions, options.context === undefined ? {} : { context: options.context });
    const toolCallId = 'call_s1';
    const model = callingModel(toolCallId, toolName, args);
    const messages: ModelMessage[] = [{ role: 'user', content: 'Go.' }];
    const first = await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(3) });
    // a request the SDK answered itself (a call toolApproval denied) asks nobody
    const requests = first.content.flatMap((part) => (part.type === 'tool-approval-request' && part.isAutomatic !== true ? [part] : []));
    if (requests.length === 0) return { outcome: aiSdkAnswer(model, toolCallId), asked: [] };
    messages.push(...first.responseMessages, { role: 'tool', content: requests.map((part) => ({ type: 'tool-approval-response', approvalId: part.approvalId, approved: true })) });
    await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(3) });
    return { outcome: aiSdkAnswer(model, toolCallId), asked: requests.map((part) => JSON.stringify(part.toolCall.input)) };
  },
};

/** The AI SDK's mock model: one turn calling the tool, then one answering 'ok'. */
function callingModel(toolCallId: string, toolName: string, args: unknown): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doGenerate: [
      { content: [{ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(args) }], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [] },
      { content: [{ type: 'text', text: 'ok' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] },
    ],
  });
}

/** What the AI SDK's mock model read of the call in its second turn. */
function aiSdkAnswer(model: MockLanguageModelV4, toolCallId: string): Outcome {
  for (const prompt of model.doGenerateCalls[1]?.prompt ?? []) {
    if (prompt.role !== 'tool') continue;
    for (const part of prompt.content) {
      if (part.type !== 'tool-result' || part.toolCallId !== toolCallId) continue;
      const output = part.output as { type: string; value?: unknown; reason?: string };
      if (output.type === 'execution-denied') return answer(output.reason ?? 'denied', true, toolCallId);
      return answer(output.type === 'json' ? JSON.stringify(output.value) : String(output.value), output.type.startsWith('error'), toolCallId);
    }
  }
  throw new Error('The AI SDK sent the model no result for the call.');
}

const openaiAgents: AdapterDriver = {
  name: 'OpenAI Agents SDK',
  variant: 'openai-strict',
  flagsErrors: false,
  wrapsInvalid: false,
  offer: async (functions, names) =>
    toOpenAIAgentsTools(functions, names === undefined ? {} : { names }).map((tool) => ({ name: tool.name, schema: (tool as { parameters?: unknown }).parameters })),
  async call(functions, name, args, options = {}) {
    const model = new ScriptedModel(() => [functionCall(name, args, 'call_g1')], () => [message('ok')]);
    const agent = new Agent({ name: 'Contract', instructions: 'Call the tool.', model, tools: toOpenAIAgentsTools(functions, options.context === undefined ? {} : { context: options.context }) });
    const result = await run(agent, 'Go.', options.signal === undefined ? {} : { signal: options.signal });
    if (result.interruptions.length > 0) return { kind: 'awaiting approval' };
    const text = agentsOutputs(model.requests[1])['call_g1'];
    if (text === undefined) throw new Error('The Agents SDK sent the model no result for the call.');
    return answer(text, undefined, 'call_g1');
  },
  async callApproving(functions, name, args, options = {}) {
    const model = new ScriptedModel(() => [functionCall(name, args, 'call_g1')], () => [message('ok')]);
    const tools = toOpenAIAgentsTools(functions, options.context === undefined ? {} : { context: options.context });
    const agent = new Agent({ name: 'Contract', instructions: 'Call the tool.', model, tools });
    const first = await run(agent, 'Go.');
    const asked = first.interruptions.map((item) => item.arguments ?? '');
    if (asked.length > 0) {
      for (const item of first.state.getInterruptions()) first.state.approve(item);
      await run(agent, first.state);
    }
    const text = agentsOutputs(model.requests[1])['call_g1'];
    if (text === undefined) throw new Error('The Agents SDK sent the model no result for the call.');
    return { outcome: answer(text, undefined, 'call_g1'), asked };
  },
};

const mcp: AdapterDriver = {
  name: 'MCP (registerMcpTools, a real client)',
  variant: 'canonical',
  flagsErrors: true,
  wrapsInvalid: false,
  async offer(functions, names) {
    const server = newServer();
    registerMcpTools(server, functions, names === undefined ? {} : { names });
    const { tools } = await (await connectClient(server)).listTools();
    return tools.map((tool) => ({ name: tool.name, schema: tool.inputSchema }));
  },
  async call(functions, name, args, options = {}) {
    const server = newServer();
    registerMcpTools(server, functions, options.context === undefined ? {} : { context: options.context });
    const client = await connectClient(server);
    const result = await client.callTool({ name, arguments: args as Record<string, unknown> }, options.signal === undefined ? undefined : { signal: options.signal });
    return answer(textOf(result), result.isError === true, undefined);
  },
  async callApproving(functions, name, args, options = {}) {
    const server = newServer();
    registerMcpTools(server, functions, options.context === undefined ? {} : { context: options.context });
    const asked: string[] = [];
    const client = await connectClient(server, async (request) => {
      asked.push(/Arguments: (.*)/.exec(request.params.message ?? '')?.[1] ?? '');
      return { action: 'accept', content: { approve: true } };
    });
    const result = await client.callTool({ name, arguments: args as Record<string, unknown> });
    return { outcome: answer(textOf(result), result.isError === true, undefined), asked };
  },
};

/** A person who approves every call a runner asks about, and what each question showed them. */
function approvingPerson(): { approve: (request: ToolApprovalRequest) => ToolApprovalResponse; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    approve: (request) => {
      asked.push(JSON.stringify(request.arguments));
      return { decision: 'approve' };
    },
  };
}

/** A context with the signal in it, for the adapters that take the signal there (they have no run of their own). */
function withSignal(options: DriverCallOptions): DriverCallOptions['context'] {
  const { context, signal } = options;
  if (signal === undefined) return context;
  if (typeof context === 'function') return (call: ToolCallInfo) => ({ ...context(call), signal });
  return { ...context, signal };
}

export const adapterDrivers: readonly AdapterDriver[] = [aiSdk, openaiChat, openaiResponses, anthropic, openaiAgents, mcp];
