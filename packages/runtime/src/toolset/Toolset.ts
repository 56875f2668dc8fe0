import type { ToolBuilder, ToolMethod } from './ToolBuilder.js';

const inertBuilder = {
  readOnly: () => inertBuilder,
  requiresApproval: () => inertBuilder,
  withName: () => inertBuilder,
  withDescription: () => inertBuilder,
  withTitle: () => inertBuilder,
  idempotent: () => inertBuilder,
  additive: () => inertBuilder,
  requiresClientCapability: () => inertBuilder,
  networkScope: () => inertBuilder,
  workspacePath: () => inertBuilder,
  confidentialOnly: () => inertBuilder,
  nonConfidentialOnly: () => inertBuilder,
  withSettings: () => inertSettingsBuilder,
  withConfigurableSettings: () => inertSettingsBuilder,
};

const inertSettingsBuilder = {
  configurable: () => inertSettingsBuilder,
  notConfigurable: () => inertSettingsBuilder,
};

/**
 * The base class of every toolset: a class whose constructor declares its tools.
 *
 * ```ts
 * export class TicketToolset extends Toolset {
 *   constructor() {
 *     super();
 *     this.withDisplayName('Tickets');
 *     this.addTool(TicketToolset.getTicket).readOnly();
 *   }
 *
 *   /** Reads one ticket. @param number The ticket's number. *\/
 *   static getTicket(number: number): Ticket { … }
 * }
 * ```
 *
 * `toolgen` reads the constructor from source and generates the tools; it never runs it.
 * So each `addTool` is one statement directly in the constructor, takes a static method
 * reference, and its chain arguments are literals. The calls record nothing at run time.
 */
export abstract class Toolset {
  /** Names the toolset for people, for example in a tool picker. */
  protected withDisplayName(_displayName: string): void {}

  /** Exposes every tool of this toolset only to confidential agents. */
  protected confidentialOnly(): void {}

  /** Exposes every tool of this toolset only to non-confidential agents. */
  protected nonConfidentialOnly(): void {}

  /** Declares a tool backed by a static method of this class; chain calls describe it. */
  protected addTool(_method: ToolMethod): ToolBuilder {
    return inertBuilder;
  }
}
