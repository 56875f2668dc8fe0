import path from 'node:path';
import { generateText, InvalidToolInputError, stepCountIs, streamText, type ToolCallRepairFunction, type ToolSet } from 'ai';
import { MockLanguageModelV4, simulateReadableStream } from 'ai/test';
import { beforeEach, describe, expect, it } from 'vitest';
import { main } from '@toolgen/generator';
import { toAISDKTools } from '@toolgen/runtime/ai-sdk';
import { journal } from './shop/catalog.js';
import { shopToolset } from './shop/shop.tools.js';
import { zodTools } from './shop/zodShop.js';

/*
 * Issue 27: an ai 7 app with six zod tool()s and its toolgen port (shop/), driven by one scripted
 * model, see the same stream parts (invalid calls included), the same results and the same
 * repairToolCall. Only the words of an error differ: toolgen's name each problem's pointer.
 * aiSdkZodParity.test-d.ts holds the typed side.
 */

const apps: Record<string, ToolSet> = { zod: zodTools, toolgen: toAISDKTools(shopToolset.functions, { names: 'name', logger: false }).tools };

type Turn = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>;
type StreamPart = Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer Part> ? Part : never;
const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };

/** The model's script: one turn of calls (valid, invalid, and one that needs approval), then an answer. */
const calls: [toolCallId: string, toolName: string, input: unknown][] = [
  ['c1', 'search_products', { query: 'dune' }],
  ['c2', 'get_product', { id: 7 }],
  ['c3', 'schedule_delivery', { orderId: 'o1', on: '2026-03-02T09:00:00+01:00' }],
  ['c4', 'add_to_cart', { productId: 'p2' }],
  ['c5', 'cancel_order', { orderId: 5 }],
  ['c6', 'delete_customer', { customerId: 'cu1' }],
];

function script(): Turn[] {
  return [
    {
      content: calls.map(([toolCallId, toolName, input]) => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) })),
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      usage,
      warnings: [],
    },
    { content: [{ type: 'text', text: 'Done.' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] },
  ];
}

beforeEach(() => {
  journal.length = 0;
});

describe('issue 27: a zod tool() app and its toolgen port, driven by one model', () => {
  it('keeps the committed port fresh (regenerate with npx toolgen -p packages/runtime/test/adapters/shop)', async () => {
    let output = '';
    const code = await main(['-p', path.join(import.meta.dirname, 'shop'), '--check'], { stdout: (text) => (output += text), stderr: (text) => (output += text) });
    expect(code, output).toBe(0);
  });

  it('generateText: the same content parts, invalid calls and approval requests, the same results and journal, the same repairToolCall', async () => {
    const seen: Record<string, unknown> = {};
    for (const [app, tools] of Object.entries(apps)) {
      journal.length = 0;
      const repaired: string[] = [];
      const repair: ToolCallRepairFunction<ToolSet> = async ({ toolCall, error }) => {
        repaired.push(`${toolCall.toolName} ${InvalidToolInputError.isInstance(error) ? 'InvalidToolInputError' : String(error)}`);
        // the SDK validates the repair again: get_product's is valid, add_to_cart's is not
        return toolCall.toolName === 'get_product' ? { ...toolCall, input: '{"id":"p1"}' } : toolCall.toolName === 'add_to_cart' ? { ...toolCall, input: '{"productId":"p2","quantity":"two"}' } : null;
      };
      const model = new MockLanguageModelV4({ doGenerate: script() });
      const result = await generateText({ model, tools, prompt: 'Shop.', stopWhen: stepCountIs(3), experimental_repairToolCall: repair });
      const parts = result.steps.flatMap((step) => step.content).map((part) =>
        part.type === 'tool-call' ? `call ${part.toolCallId} ${part.invalid === true ? 'invalid' : 'valid'}` : part.type === 'tool-approval-request' ? `approval ${part.toolCall.toolCallId}` : part.type === 'tool-error' ? `error ${part.toolCallId}` : part.type === 'tool-result' ? `result ${part.toolCallId}` : part.type,
      );
      const outputs = Object.fromEntries(result.toolResults.map((part) => [part.toolCallId, part.output]));
      // the approval request of c6 ends the call: the model has not read the results yet
      expect(model.doGenerateCalls).toHaveLength(1);
      seen[app] = { parts, outputs, journal: [...journal], repaired };
    }
    expect(seen['toolgen']).toEqual(seen['zod']);
    expect(seen['zod']).toEqual({
      parts: ['call c1 valid', 'call c2 valid', 'call c3 valid', 'call c4 invalid', 'call c5 invalid', 'call c6 valid', 'error c4', 'error c5', 'result c1', 'result c2', 'result c3', 'approval c6'],
      outputs: {
        c1: [{ id: 'p1', name: 'Dune', price: 12, category: 'books' }],
        c2: { id: 'p1', name: 'Dune', price: 12, category: 'books' },
        c3: { orderId: 'o1', on: '2026-03-02T08:00:00.000Z' },
      },
      journal: ['deliver o1 on 2026-03-02T08:00:00.000Z'],
      repaired: ['get_product InvalidToolInputError', 'add_to_cart InvalidToolInputError', 'cancel_order InvalidToolInputError'],
    });
  });

  it('streamText: the same stream parts, with the invalid calls flagged and their errors', async () => {
    const seen: Record<string, string[]> = {};
    for (const [app, tools] of Object.entries(apps)) {
      const turns: StreamPart[][] = [
        [...calls.map(([toolCallId, toolName, input]): StreamPart => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) })), { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage }],
        [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Done.' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }],
      ];
      const model = new MockLanguageModelV4({ doStream: turns.map((chunks) => ({ stream: simulateReadableStream({ chunks }) })) });
      const stream = streamText({ model, tools, prompt: 'Shop.', stopWhen: stepCountIs(3) });
      const parts: string[] = [];
      for await (const part of stream.fullStream) {
        if (part.type === 'tool-call') parts.push(`call ${part.toolCallId}${part.invalid === true ? ' invalid' : ''}`);
        else if (part.type === 'tool-error' || part.type === 'tool-result') parts.push(`${part.type} ${part.toolCallId}`);
        else if (part.type === 'tool-approval-request') parts.push(`approval ${part.toolCall.toolCallId}`);
      }
      seen[app] = parts;
    }
    expect(seen['toolgen']).toEqual(seen['zod']);
    expect(seen['zod']).toEqual(expect.arrayContaining(['call c2 invalid', 'tool-error c2', 'call c4 invalid', 'call c5 invalid', 'approval c6', 'tool-result c1', 'tool-result c3']));
  });
});
