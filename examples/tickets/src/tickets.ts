import { Toolset, ToolFailure, type ToolServices } from '@toolgen/runtime';
import type { SearchTicketsSettings, Ticket } from './model.js';

export class TicketToolset extends Toolset {
  constructor() {
    super();
    this.withDisplayName('Tickets');
    this.addTool(TicketToolset.searchTickets)
      .readOnly()
      .withSettings<SearchTicketsSettings>()
      .configurable((s) => s.includeClosed)
      .configurable((s) => s.limit);
    this.addTool(TicketToolset.getTicket).withDescription('Reads one ticket by its number.').readOnly();
    this.addTool(TicketToolset.closeTicket).requiresApproval();
  }

  /**
   * Searches the customer's support tickets, newest first.
   * @param query Words the ticket's title contains.
   */
  static searchTickets(query: string, settings: SearchTicketsSettings, services: ToolServices): Ticket[] {
    return services.tickets.search(query, { limit: settings.limit, includeClosed: settings.includeClosed });
  }

  /** @param number The ticket's number. */
  static async getTicket(number: number, services: ToolServices, signal: AbortSignal): Promise<Ticket | null> {
    return services.tickets.get(number, signal);
  }

  /**
   * Closes a ticket for good.
   * @param number The ticket's number.
   * @param reason Why it is closed, as the customer will read it.
   */
  static async closeTicket(number: number, reason: string, services: ToolServices, signal: AbortSignal): Promise<void> {
    const ticket = await services.tickets.get(number, signal);
    if (ticket === null) {
      throw new ToolFailure(`No ticket ${number} exists.`, 'Search for the ticket first to find its number.');
    }
    if (ticket.status === 'closed') {
      throw new ToolFailure(`Ticket ${number} is already closed.`);
    }
    await services.tickets.close(number, reason, signal);
  }
}
