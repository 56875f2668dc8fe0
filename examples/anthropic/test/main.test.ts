import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../../../test/runScript.js';

const example = path.resolve(import.meta.dirname, '..');

describe('npm start in examples/anthropic', () => {
  let output = '';
  beforeAll(() => {
    output = runScript(example, 'start');
  }, 120_000);

  it('sends { name, description, input_schema } for each ticket tool', () => {
    expect(output).toContain('tools: ticket__search_tickets, ticket__get_ticket, ticket__close_ticket');
    expect(output).toContain('ticket__close_ticket as sent: {"name":"ticket__close_ticket","description":"Closes a ticket for good.","input_schema":{"type":"object","properties":{"number"');
  });

  it('answers each tool_use block with a tool_result block, failures with is_error', () => {
    expect(output).toContain('→ {"type":"tool_result","tool_use_id":"toolu_01A09q90qw90lq917835lq9","content":"[{\\"number\\":4711,\\"title\\":\\"Printer on floor 3 prints blank pages\\"');
    expect(output).toContain(
      '→ {"type":"tool_result","tool_use_id":"toolu_01D88fG3hJ6kL1mN9pQ2rS5t","content":"Invalid arguments:\\n- /number: must be a number; got \\"the VPN one\\"\\nCorrect these arguments and call the tool again.","is_error":true}',
    );
    expect(output).toContain('the next request sends 3 messages, the last with 4 tool_result blocks');
  });

  it('runs close_ticket only when the person approves it', () => {
    expect(output).toMatch(/→ approve\n {4}→ \{"type":"tool_result","tool_use_id":"toolu_01B17dE4nM2xT8pQ3rV6wY0z","content":"Done \(the tool returns nothing\)\."\}/);
    expect(output).toContain(
      '→ {"type":"tool_result","tool_use_id":"toolu_01C55hK2jL9mN4bV7cX1zQ3w","content":"The user rejected this call (the VPN team still works on it), so ticket__close_ticket was not called. Do not repeat it unless the user asks you to.","is_error":true}',
    );
  });
});
