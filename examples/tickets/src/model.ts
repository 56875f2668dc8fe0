/** Where a ticket is in its life. */
export type TicketStatus = 'open' | 'pending' | 'closed';

/** How urgent a ticket is. */
export enum Priority {
  Low = 'low',
  Normal = 'normal',
  Urgent = 'urgent',
}

/** A customer's support ticket. */
export interface Ticket {
  /** The ticket's number, unique per customer. */
  number: number;
  title: string;
  status: TicketStatus;
  priority: Priority;
  /** When the customer opened the ticket. */
  openedAt: Date;
  /** Who works on it, if anyone yet. */
  assignee: string | null;
  tags: readonly string[];
}

/** The stored settings of `search_tickets`: values the model never chooses. */
export class SearchTicketsSettings {
  /**
   * How many tickets one search returns at most.
   * @minimum 1
   * @maximum 100
   */
  limit = 10;
  /** Whether closed tickets are searched too. */
  includeClosed = false;
}

/** The ticket system the tools talk to, provided by the host as a service. */
export interface TicketClient {
  search(query: string, options: { limit: number; includeClosed: boolean }): Ticket[];
  get(number: number, signal: AbortSignal): Promise<Ticket | null>;
  close(number: number, reason: string, signal: AbortSignal): Promise<void>;
}

declare module '@toolgen/runtime' {
  interface ToolServices {
    tickets: TicketClient;
  }
}
