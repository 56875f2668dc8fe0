import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScript } from '../../../test/runScript.js';

const example = path.resolve(import.meta.dirname, '..');

describe('npm run demo in examples/tickets', () => {
  it('calls the generated tools and prints what the model receives', () => {
    const output = runScript(example, 'demo');
    expect(output).toContain('Toolset Tickets: ticket__search_tickets, ticket__get_ticket, ticket__close_ticket');
    expect(output).toContain('"title": "Printer on floor 3 prints blank pages"');
    expect(output).toContain('"openedAt": "2026-11-20T09:15:00.000Z"');
    expect(output).toContain('error for the model: Invalid arguments:\n- /query: must be a string; got 42\n- /limit: is not a parameter of this tool; remove it');
    expect(output).toContain('- /number: is required; send a number');
    expect(output).toContain('error for the model: No ticket 9999 exists. Search for the ticket first to find its number.');
    expect(output).toContain('host error: Tool ticket__search_tickets: the stored value is invalid: limit must be at most 100; got 1000.');
  }, 120_000);
});
