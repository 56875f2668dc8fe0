/**
 * The generated ticket tools driven by the OpenAI Agents SDK: the SDK's runner calls them, the
 * model reads toolgen's words, and close_ticket (which requires approval) stops the run with an
 * interruption. The host stores the run state, restores it, approves one call, rejects the
 * other, and resumes. A scripted model stands in for the LLM, so nothing goes over the network.
 *
 *   npm start -w examples/openai-agents
 */
import { Agent, run, RunState, setTracingDisabled } from '@openai/agents';
import type { ToolServices } from '@toolgen/runtime';
import { toOpenAIAgentsTools } from '@toolgen/runtime/openai-agents';
import { Priority, type Ticket, type TicketClient } from '../../tickets/src/model.js';
import { ticketToolset } from '../../tickets/src/tickets.tools.js';
import { functionCall, message, ScriptedModel } from './scriptedModel.js';

// No OpenAI account is involved: do not try to export traces.
setTracingDisabled(true);

class InMemoryTickets implements TicketClient {
  readonly tickets: Ticket[] = [
    { number: 4711, title: 'Printer on floor 3 prints blank pages', status: 'open', priority: Priority.Normal, openedAt: new Date('2026-11-20T09:15:00Z'), assignee: null, tags: [] },
    { number: 4712, title: 'VPN drops every hour', status: 'pending', priority: Priority.Urgent, openedAt: new Date('2026-11-24T16:40:00Z'), assignee: null, tags: [] },
  ];

  search(query: string, options: { limit: number; includeClosed: boolean }): Ticket[] {
    const word = query.toLowerCase();
    return this.tickets.filter((t) => (options.includeClosed || t.status !== 'closed') && t.title.toLowerCase().includes(word)).slice(0, options.limit);
  }

  async get(number: number): Promise<Ticket | null> {
    return this.tickets.find((t) => t.number === number) ?? null;
  }

  closeCalls = 0;

  async close(number: number): Promise<void> {
    this.closeCalls += 1;
    const found = this.tickets.find((t) => t.number === number);
    if (found !== undefined) found.status = 'closed';
  }
}

const print = (line = ''): void => console.log(line);
const tickets = new InMemoryTickets();
const services: ToolServices = { tickets };

const model = new ScriptedModel(
  [
    // turn 1: search, and read a ticket with its number sent as a string
    () => [functionCall('call_search', 'ticket__search_tickets', { query: 'printer' }), functionCall('call_get', 'ticket__get_ticket', { number: '4712' })],
    // turn 2: the validator said what to fix
    () => [functionCall('call_get_again', 'ticket__get_ticket', { number: 4712 })],
    // turn 3: close the printer ticket it found, and (wrongly) the VPN one
    (outputs) => {
      const [found] = JSON.parse(outputs.get('call_search') ?? '[]') as { number: number }[];
      return [
        functionCall('call_close_printer', 'ticket__close_ticket', { number: found?.number, reason: 'The printer prints again.' }),
        functionCall('call_close_vpn', 'ticket__close_ticket', { number: 4712, reason: 'Probably fixed.' }),
      ];
    },
    // turn 4: report what happened
    (outputs) => [
      message(outputs.get('call_close_vpn')?.startsWith('The user rejected') === true ? 'Closed ticket 4711. Ticket 4712 stays open: the VPN still drops.' : 'Closed both tickets.'),
    ],
  ],
  print,
);

const tools = toOpenAIAgentsTools(ticketToolset.functions, { context: { services } });
const agent = new Agent({ name: 'Support', instructions: 'You resolve support tickets.', model, tools });

print('Tools the model is offered:');
// the SDK asks tool.needsApproval about each call; toolgen answers yes only for a call that validates
for (const [index, tool] of tools.entries()) {
  print(`  ${tool.name} (strict: ${String(tool.strict)}, needs approval: ${String(ticketToolset.functions[index]!.metadata.approval === 'require_approval')})`);
}

print('\nRun 1: "The printer on floor 3 works again; close its ticket."');
const first = await run(agent, 'The printer on floor 3 works again; close its ticket.');
print(`  run stopped with ${first.interruptions.length} interruptions:`);
for (const item of first.interruptions) print(`    ${item.name} ${item.arguments ?? ''} needs approval`);

// The host stores the state with the conversation, e.g. while someone decides.
const stored = first.state.toString();
print(`  stored the run state (${stored.length} characters of JSON)`);

print('\nLater: the state is restored and answered');
const state = await RunState.fromString(agent, stored);
for (const item of state.getInterruptions()) {
  const { number } = JSON.parse(item.arguments ?? '{}') as { number?: number };
  if (number === 4711) {
    print(`  approved ${item.name} for ${number}`);
    state.approve(item);
  } else {
    print(`  rejected ${item.name} for ${String(number)}`);
    state.reject(item, { message: `The user rejected closing ticket ${String(number)}: the VPN still drops.` });
  }
}

print('\nRun 2: resumed from the restored state');
const resumed = await run(agent, state);
print(`  final output: ${String(resumed.finalOutput)}`);

print('\nTickets now:');
for (const ticket of tickets.tickets) print(`  ${ticket.number} ${ticket.status}: ${ticket.title}`);
print(`  (the ticket system was asked to close a ticket ${tickets.closeCalls} time${tickets.closeCalls === 1 ? '' : 's'})`);
