/**
 * Calls the generated ticket tools the way an agent loop would, and prints what the model
 * receives: results as JSON, errors as the text the model reads.
 *
 *   npx toolgen -p examples/tickets     # regenerate src/tickets.tools.ts
 *   npm run demo -w examples/tickets    # compile and run this script
 */
import {
  InMemoryToolSettingsStore,
  saveToolSettings,
  type AIFunction,
  type JsonValue,
  type ToolSettingsStore,
  type ToolServices,
} from '@toolgen/runtime';
import { Priority, type Ticket, type TicketClient } from './model.js';
import { ticketToolset } from './tickets.tools.js';

class InMemoryTickets implements TicketClient {
  readonly #tickets: Ticket[] = [
    ticket(4711, 'Printer on floor 3 prints blank pages', 'open', Priority.Normal, '2026-11-20T09:15:00Z'),
    ticket(4712, 'VPN drops every hour', 'pending', Priority.Urgent, '2026-11-24T16:40:00Z'),
    ticket(4690, 'Printer toner order', 'closed', Priority.Low, '2026-10-02T11:00:00Z'),
  ];

  search(query: string, options: { limit: number; includeClosed: boolean }): Ticket[] {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return this.#tickets
      .filter((t) => options.includeClosed || t.status !== 'closed')
      .filter((t) => words.every((word) => t.title.toLowerCase().includes(word)))
      .sort((a, b) => b.openedAt.getTime() - a.openedAt.getTime())
      .slice(0, options.limit);
  }

  async get(number: number): Promise<Ticket | null> {
    return this.#tickets.find((t) => t.number === number) ?? null;
  }

  async close(number: number, reason: string): Promise<void> {
    const found = this.#tickets.find((t) => t.number === number);
    if (found !== undefined) {
      found.status = 'closed';
      found.tags = [...found.tags, `closed: ${reason}`];
    }
  }
}

function ticket(number: number, title: string, status: Ticket['status'], priority: Priority, openedAt: string): Ticket {
  return { number, title, status, priority, openedAt: new Date(openedAt), assignee: null, tags: [] };
}

const services: ToolServices = { tickets: new InMemoryTickets() };
const { search_tickets: searchTickets, get_ticket: getTicket, close_ticket: closeTicket } = ticketToolset.tools;

const settingsStore: ToolSettingsStore = new InMemoryToolSettingsStore();

/** Calls a tool as a model would: with whatever JSON it sent. */
async function call(fn: AIFunction, args: unknown): Promise<void> {
  console.log(`\n> ${fn.qualifiedName} ${JSON.stringify(args)}`);
  try {
    const result: JsonValue | undefined = await fn.invoke(args, {
      services,
      settingsStore,
      logger: { error: (message) => console.log(`  [host log] ${message}`) },
    });
    console.log(result === undefined ? '(no result)' : JSON.stringify(result, null, 2));
  } catch (error) {
    console.log(`error for the model: ${(error as Error).message}`);
  }
}

console.log(`Toolset ${ticketToolset.displayName}: ${ticketToolset.functions.map((fn) => fn.qualifiedName).join(', ')}`);
await call(searchTickets, { query: 'printer' });
await call(searchTickets, { query: 42, limit: 5 });

// Settings the model never sees: a user stores includeClosed and limit for search_tickets.
const stored = { includeClosed: true, limit: 1 };
await saveToolSettings(settingsStore, searchTickets, stored);
console.log(`\n(stored settings for search_tickets: ${JSON.stringify(stored)})`);
await call(searchTickets, { query: 'printer' });
try {
  await saveToolSettings(settingsStore, searchTickets, { limit: 1000 });
} catch (error) {
  console.log(`host error: ${(error as Error).message}`);
}
await call(getTicket, { number: 4712 });
await call(getTicket, {});
await call(closeTicket, { number: 4711, reason: 'Replaced the fuser unit.' });
await call(closeTicket, { number: 9999, reason: 'Duplicate.' });
await call(closeTicket, { number: '4711' });
