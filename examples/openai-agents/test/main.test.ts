import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../../../test/runScript.js';

const example = path.resolve(import.meta.dirname, '..');

describe('npm start in examples/openai-agents', () => {
  let output = '';
  beforeAll(() => {
    output = runScript(example, 'start');
  }, 120_000);

  it('offers the strict variants, close_ticket needing approval', () => {
    expect(output).toContain('  ticket__search_tickets (strict: true, needs approval: false)\n');
    expect(output).toContain('  ticket__close_ticket (strict: true, needs approval: true)\n');
  });

  it("lets the model read toolgen's words: results as JSON, invalid arguments as the validator's message", () => {
    expect(output).toContain('model reads call_search: [{"number":4711,"title":"Printer on floor 3 prints blank pages"');
    expect(output).toContain('model reads call_get: Invalid arguments:\n    - /number: must be a number; got "4712"\n    Correct these arguments and call the tool again.\n');
    expect(output).toMatch(/model reads call_get_again: \{"number":4712,.*"openedAt":"2026-11-24T16:40:00.000Z"/);
  });

  it('stops at the approvals, and the restored state, answered, runs the approved call once and not the rejected one', () => {
    expect(output).toMatch(/run stopped with 2 interruptions:\n {4}ticket__close_ticket \{"number":4711,.*\} needs approval\n {4}ticket__close_ticket \{"number":4712,.*\} needs approval\n/);
    expect(output).toContain('model reads call_close_printer: Done (the tool returns nothing).\n');
    expect(output).toContain('model reads call_close_vpn: The user rejected closing ticket 4712: the VPN still drops.\n');
    expect(output).toContain('final output: Closed ticket 4711. Ticket 4712 stays open: the VPN still drops.\n');
    expect(output).toContain('  4711 closed: Printer on floor 3 prints blank pages\n  4712 pending: VPN drops every hour\n  (the ticket system was asked to close a ticket 1 time)\n');
  });
});
