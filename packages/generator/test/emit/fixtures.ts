/** A toolset exercising every invocation rule of SPEC §2, for generated-module tests. */
export const invocationToolset = `import { Toolset, ToolFailure, type ToolArguments, type ToolServices } from '@toolgen/runtime';

export type Status = 'open' | 'closed';

export interface Filter {
  /** Only tickets in this state. */
  status: Status;
  /** Tags that must all be present. */
  tags?: string[];
  /** Who filed them, where known: the key is always there. */
  reporter: string | undefined;
}

export interface Event {
  /** What happened. */
  name: string;
  /** When it happened. */
  at: Date;
}

export interface EchoArgs {
  /** The text. */
  text: string;
  /** How often. */
  times?: number;
}

export class LimitSettings {
  /** The most results. */
  limit = 2;
  /** A member runs may not change. */
  region = 'eu';
}

declare module '@toolgen/runtime' {
  interface ToolServices {
    greeting?: string;
  }
}

export class FixtureToolset extends Toolset {
  constructor() {
    super();
    this.withDisplayName('Fixture');
    this.addTool(FixtureToolset.find).readOnly().withSettings<LimitSettings>().configurable((s) => s.limit);
    this.addTool(FixtureToolset.greet);
    this.addTool(FixtureToolset.assign);
    this.addTool(FixtureToolset.shift);
    this.addTool(FixtureToolset.stream);
    this.addTool(FixtureToolset.fail).workspacePath('path', 'write');
    this.addTool(FixtureToolset.slow).networkScope('egress');
    this.addTool(FixtureToolset.echo).confidentialOnly();
    this.addTool(FixtureToolset.configure);
  }

  /**
   * Finds tickets.
   * @param filter Which tickets.
   * @param page Which page.
   */
  static find(filter: Filter, settings: LimitSettings, page = 1): { filter: Filter; limit: number; region: string; page: number } {
    return { filter, limit: settings.limit, region: settings.region, page };
  }

  /**
   * Greets someone.
   * @param name Who.
   * @param punctuation How to end.
   */
  static greet(name: string, services: ToolServices, punctuation?: string): string {
    return \`\${services.greeting ?? 'Hello'}, \${name}\${punctuation ?? '.'}\`;
  }

  /**
   * Assigns a ticket.
   * @param number The ticket.
   * @param assignee Who, or null to unassign.
   */
  static assign(number: number, assignee: string | null): string {
    return assignee === null ? \`\${number} unassigned\` : \`\${number} → \${assignee}\`;
  }

  /**
   * Moves an event by some hours.
   * @param event The event.
   * @param hours How many hours.
   */
  static shift(event: Event, hours: number): Event {
    return { name: event.name, at: new Date(event.at.getTime() + hours * 3_600_000) };
  }

  /**
   * Streams numbers.
   * @param count How many.
   */
  static async *stream(count: number, signal: AbortSignal): AsyncIterable<number> {
    for (let i = 0; i < count; i++) {
      signal.throwIfAborted();
      yield i;
    }
  }

  /**
   * Fails on purpose.
   * @param path A file.
   * @param expected Whether the failure is a ToolFailure.
   */
  static async fail(path: string, expected: boolean): Promise<void> {
    if (expected) {
      throw new ToolFailure(\`No file \${path}.\`, 'List the folder first.');
    }
    throw new Error('database password is hunter2');
  }

  /**
   * Waits for the abort signal.
   * @param ms How long at most.
   */
  static slow(ms: number, signal: AbortSignal): Promise<string> {
    return new Promise((resolve) => setTimeout(() => resolve(signal.aborted ? 'aborted' : 'done'), ms));
  }

  /** Echoes its raw arguments. */
  static echo({ text, times = 1 }: EchoArgs, raw: ToolArguments): { text: string; raw: ToolArguments } {
    return { text: text.repeat(times), raw };
  }

  /**
   * Sets an option.
   * @param enabled On or off.
   */
  static configure(enabled: boolean): void {
    void enabled;
  }
}
`;
