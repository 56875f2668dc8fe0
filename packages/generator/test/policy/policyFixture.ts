import { writeProject } from '../helpers.js';

/** toolgen's main in this process: its exit code and output. */
export { runToolgen as run } from '../../../../test/runToolgen.js';

/**
 * Three toolsets: ticket (search_tickets, close_ticket which requires approval), vault
 * (confidential only) and notice (non-confidential only).
 */
export const toolsetsSource = `import { Toolset } from '@toolgen/runtime';

export class TicketToolset extends Toolset {
  constructor() {
    super();
    this.addTool(TicketToolset.searchTickets).readOnly();
    this.addTool(TicketToolset.closeTicket).requiresApproval();
  }

  /**
   * Searches tickets.
   * @param query Words to look for.
   */
  static searchTickets(query: string): string[] {
    return [query];
  }

  /**
   * Closes a ticket.
   * @param id The ticket's number.
   */
  static closeTicket(id: number): string {
    return String(id);
  }
}

export class VaultToolset extends Toolset {
  constructor() {
    super();
    this.confidentialOnly();
    this.addTool(VaultToolset.readSecret).readOnly();
  }

  /**
   * Reads a secret.
   * @param key The secret's key.
   */
  static readSecret(key: string): string {
    return key;
  }
}

export class NoticeToolset extends Toolset {
  constructor() {
    super();
    this.nonConfidentialOnly();
    this.addTool(NoticeToolset.postNotice);
  }

  /**
   * Posts a public notice.
   * @param text What the notice says.
   */
  static postNotice(text: string): string {
    return text;
  }
}
`;

/** A project holding the three toolsets, plus `files` (policy files, a package.json…). */
export function policyProject(files: Readonly<Record<string, string>> = {}): string {
  return writeProject({ 'src/tools.ts': toolsetsSource, ...files });
}

/** The diagnostic lines of a text run (the summary line left out). */
export function diagnosticLines(stdout: string): string[] {
  return stdout.split('\n').filter((line) => / - (error|warning) /.test(line));
}
