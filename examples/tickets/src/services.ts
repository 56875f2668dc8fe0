/**
 * The services `toolgen mcp -p examples/tickets` gives the ticket tools: package.json points
 * at this module ("toolgen": { "services": "src/services.ts" }), and the server calls
 * createServices() once. A real host would connect to its ticket system here.
 */
import type { ToolServices } from '@toolgen/runtime';
import { Priority, type Ticket, type TicketClient } from './model.js';

/** Tickets kept in memory, as many as a demo needs; closing one changes it for the rest of the session. */
export class InMemoryTickets implements TicketClient {
  readonly #tickets: Ticket[];

  constructor(tickets: readonly Ticket[]) {
    this.#tickets = tickets.map((ticket) => ({ ...ticket }));
  }

  search(query: string, options: { limit: number; includeClosed: boolean }): Ticket[] {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return this.#tickets
      .filter((ticket) => options.includeClosed || ticket.status !== 'closed')
      .filter((ticket) => words.every((word) => ticket.title.toLowerCase().includes(word)))
      .sort((a, b) => b.openedAt.getTime() - a.openedAt.getTime())
      .slice(0, options.limit);
  }

  async get(number: number): Promise<Ticket | null> {
    return this.#tickets.find((ticket) => ticket.number === number) ?? null;
  }

  async close(number: number, reason: string): Promise<void> {
    const found = this.#tickets.find((ticket) => ticket.number === number);
    if (found !== undefined) {
      found.status = 'closed';
      found.tags = [...found.tags, `closed: ${reason}`];
    }
  }
}

export function createServices(): ToolServices {
  return {
    tickets: new InMemoryTickets([
      { number: 4711, title: 'Printer on floor 3 prints blank pages', status: 'open', priority: Priority.Normal, openedAt: new Date('2026-11-20T09:15:00Z'), assignee: null, tags: [] },
      { number: 4712, title: 'VPN drops every hour', status: 'pending', priority: Priority.Urgent, openedAt: new Date('2026-11-24T16:40:00Z'), assignee: null, tags: [] },
      { number: 4690, title: 'Printer toner order', status: 'closed', priority: Priority.Low, openedAt: new Date('2026-10-02T11:00:00Z'), assignee: null, tags: [] },
    ]),
  };
}
