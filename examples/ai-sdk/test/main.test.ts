import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../../../test/runScript.js';

const example = path.resolve(import.meta.dirname, '..');

describe('npm start in examples/ai-sdk', () => {
  let output = '';
  beforeAll(() => {
    output = runScript(example, 'start');
  }, 120_000);

  it('gives generateText the ticket tools keyed by qualified name, and toolApproval for close_ticket', () => {
    expect(output).toContain('tools: ticket__search_tickets, ticket__get_ticket, ticket__close_ticket');
    expect(output).toContain('toolApproval: {"ticket__search_tickets":"not-applicable","ticket__get_ticket":"not-applicable","ticket__close_ticket":"user-approval"}');
  });

  it("lets the model read results as JSON and invalid arguments in the validator's words, every pointer", () => {
    expect(output).toContain('model reads  ticket__search_tickets: [{"number":4711,"title":"Printer on floor 3 prints blank pages"');
    expect(output).toContain('"openedAt":"2026-11-20T09:15:00.000Z"');
    expect(output).toMatch(
      /model reads {2}ticket__get_ticket: \(error\) AI_InvalidToolInputError: Invalid input for tool ticket__get_ticket: Invalid arguments:\n +- \/number: must be a number; got "4711"\n +- \/verbose: is not a parameter of this tool; remove it\n +Correct these arguments and call the tool again\./,
    );
  });

  it("flags the invalid call as the SDK does for its own tool(): invalid, refused in the SDK's input step", () => {
    expect(output).toContain('invalid calls, refused by the SDK\'s input step before anything ran: ticket__get_ticket {"number":"4711","verbose":true}');
  });

  it('ends the first call with approval requests, and runs the approved calls in the second', () => {
    const [firstCall, secondCall] = output.split('generateText, second call:');
    expect(firstCall).toContain('the call ends with 2 approval requests: ticket__close_ticket {"number":4711,"reason":"Replaced the fuser unit."}, ticket__close_ticket {"number":9999,"reason":"Duplicate."}');
    expect(firstCall).not.toContain('model reads  ticket__close_ticket');
    expect(secondCall).toContain('model reads  ticket__close_ticket: Done (the tool returns nothing).');
    expect(secondCall).toContain('model reads  ticket__close_ticket: (error) No ticket 9999 exists. Search for the ticket first to find its number.');
    expect(secondCall).toContain('final answer: Ticket 4711 is closed. There is no ticket 9999.');
  });
});
