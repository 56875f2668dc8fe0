/**
 * The generated ticket tools in the Vercel AI SDK (ai 7): `toAISDKTools` gives `generateText`
 * its `tools` and `toolApproval`, and ai's own test model plays the model, turn by turn, printing
 * what it reads after each tool ran. close_ticket needs approval, so the first `generateText`
 * call ends with approval requests; the host approves them and calls again.
 *
 *   npm start -w examples/ai-sdk
 */
import { generateText, stepCountIs, type ModelMessage, type ToolApprovalResponse } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { ToolResult, ToolServices } from '@toolgen/runtime';
import { toAISDKTools } from '@toolgen/runtime/ai-sdk';
import { Priority, type Ticket, type TicketClient } from '../../tickets/src/model.js';
import { ticketToolset } from '../../tickets/src/tickets.tools.js';

class InMemoryTickets implements TicketClient {
  readonly #tickets: Ticket[] = [
    { number: 4711, title: 'Printer on floor 3 prints blank pages', status: 'open', priority: Priority.Normal, openedAt: new Date('2026-11-20T09:15:00Z'), assignee: null, tags: [] },
    { number: 4712, title: 'VPN drops every hour', status: 'pending', priority: Priority.Urgent, openedAt: new Date('2026-11-24T16:40:00Z'), assignee: null, tags: [] },
  ];

  search(query: string, options: { limit: number; includeClosed: boolean }): Ticket[] {
    const word = query.toLowerCase();
    return this.#tickets.filter((t) => (options.includeClosed || t.status !== 'closed') && t.title.toLowerCase().includes(word)).slice(0, options.limit);
  }

  async get(number: number): Promise<Ticket | null> {
    return this.#tickets.find((t) => t.number === number) ?? null;
  }

  async close(number: number): Promise<void> {
    const found = this.#tickets.find((t) => t.number === number);
    if (found !== undefined) found.status = 'closed';
  }
}

const print = (line = ''): void => console.log(line);
const services: ToolServices = { tickets: new InMemoryTickets() };

const { tools, toolApproval } = toAISDKTools(ticketToolset.functions, {
  context: { services, logger: { error: (message) => print(`  [host log] ${message}`) } },
});
print(`tools: ${Object.keys(tools).join(', ')}`);
print(`toolApproval: ${JSON.stringify(toolApproval)}`);

// ── The model: ai's MockLanguageModelV4 answers each turn from a script ──────────────────────
type Turn = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>;
type Prompt = MockLanguageModelV4['doGenerateCalls'][number]['prompt'];
const usage = { inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 20, text: 20, reasoning: 0 } };

function callsTools(...calls: [id: string, toolName: string, input: unknown][]): Turn {
  return {
    content: calls.map(([toolCallId, toolName, input]) => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) })),
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  };
}

function says(text: string): Turn {
  return { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
}

/** Prints the tool results the model reads in this prompt: those after its last turn. */
function printToolResults(prompt: Prompt): void {
  const lastTurn = prompt.map((message) => message.role).lastIndexOf('assistant');
  for (const message of prompt.slice(lastTurn + 1)) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      const output = part.output;
      const text = output.type === 'json' ? JSON.stringify(output.value) : output.type === 'execution-denied' ? `(denied) ${output.reason ?? ''}` : `${output.type === 'error-text' ? '(error) ' : ''}${String(output.value)}`;
      print(`  model reads  ${part.toolName}: ${text.replaceAll('\n', '\n                 ')}`);
    }
  }
}

const script: Turn[] = [
  callsTools(['call_1', 'ticket__search_tickets', { query: 'printer' }]),
  callsTools(['call_2', 'ticket__get_ticket', { number: '4711', verbose: true }]),
  callsTools(['call_3', 'ticket__close_ticket', { number: 4711, reason: 'Replaced the fuser unit.' }], ['call_4', 'ticket__close_ticket', { number: 9999, reason: 'Duplicate.' }]),
  says('Ticket 4711 is closed. There is no ticket 9999.'),
];
const model = new MockLanguageModelV4({
  doGenerate: async ({ prompt }) => {
    printToolResults(prompt);
    const turn = script.shift() ?? says('(the script has ended)');
    for (const part of turn.content) {
      if (part.type === 'tool-call') print(`  model calls  ${part.toolName} ${part.input}`);
      if (part.type === 'text') print(`  model says   ${part.text}`);
    }
    return turn;
  },
});

// ── First call: runs until a call needs approval ─────────────────────────────────────────────
const messages: ModelMessage[] = [{ role: 'user', content: 'The printer ticket is fixed, close it. Also close 9999, it is a duplicate.' }];
print('\ngenerateText, first call:');
const first = await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(10) });
const invalid = first.toolCalls.filter((call) => call.invalid === true);
print(`  invalid calls, refused by the SDK's input step before anything ran: ${invalid.map((call) => `${call.toolName} ${JSON.stringify(call.input)}`).join(', ')}`);
// the calls that wait for the user (a call toolApproval answered itself is isAutomatic: none here)
const requests = first.content.filter((part) => part.type === 'tool-approval-request').filter((part) => part.isAutomatic !== true);
print(`  the call ends with ${requests.length} approval requests: ${requests.map((part) => `${part.toolCall.toolName} ${JSON.stringify(part.toolCall.input)}`).join(', ')}`);

// ── The host asks the user, adds the conversation so far and the answers, and calls again ─────
messages.push(...first.responseMessages);
const answers: ToolApprovalResponse[] = requests.map((part) => ({ type: 'tool-approval-response', approvalId: part.approvalId, approved: true }));
messages.push({ role: 'tool', content: answers });
print('  the user approves both');

print('\ngenerateText, second call:');
const second = await generateText({ model, tools, toolApproval, messages, stopWhen: stepCountIs(10) });
// the tools are typed from the generated module: each call's input and each result's output, by tool name
for (const result of second.steps.flatMap((step) => step.toolResults)) {
  if (result.dynamic !== true && result.toolName === 'ticket__close_ticket') {
    const closed: { number: number; reason: string } = result.input;
    print(`  closed ${closed.number}: ${closed.reason}`);
  }
}
print(`\nfinal answer: ${second.text}`);

// Compile-time assertions: tsc -p examples/ai-sdk fails if the tools lose their types.
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Call = Exclude<(typeof first.toolCalls)[number], { dynamic: true }>;
export const typedNames: Equal<Call['toolName'], 'ticket__search_tickets' | 'ticket__get_ticket' | 'ticket__close_ticket'> = true;
export const typedInput: Equal<Extract<Call, { toolName: 'ticket__get_ticket' }>['input'], { number: number }> = true;
export const typedOutput: Equal<Extract<(typeof first.toolResults)[number], { toolName: 'ticket__get_ticket' }>['output'], ToolResult<typeof ticketToolset.tools.get_ticket>> = true;
