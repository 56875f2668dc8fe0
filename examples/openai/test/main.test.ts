import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../../../test/runScript.js';

const example = path.resolve(import.meta.dirname, '..');

describe('npm start in examples/openai', () => {
  let output = '';
  beforeAll(() => {
    output = runScript(example, 'start');
  }, 120_000);

  it('sends strict function tools in the shape of Chat Completions', () => {
    expect(output).toContain('chat tools: ticket__search_tickets, ticket__get_ticket, ticket__close_ticket');
    expect(output).toContain(
      'ticket__get_ticket as sent: {"type":"function","function":{"name":"ticket__get_ticket","description":"Reads one ticket by its number.",' +
        '"parameters":{"type":"object","properties":{"number":{"type":"number","description":"The ticket\'s number."}},"required":["number"],"additionalProperties":false},"strict":true}}',
    );
  });

  it("answers every chat tool call with a tool message, failures in toolgen's words, and asks before close_ticket runs", () => {
    expect(output).toContain('→ {"role":"tool","tool_call_id":"call_Pq7WbX","content":"[{\\"number\\":4711,\\"title\\":\\"Printer on floor 3 prints blank pages\\"');
    expect(output).toMatch(/\[approval prompt\] ticket__close_ticket \{"number":4711,"reason":"Replaced the fuser unit\."\} \(call call_Rk2Lm0\) → approve\n {4}→ \{"role":"tool","tool_call_id":"call_Rk2Lm0","content":"Done \(the tool returns nothing\)\."\}/);
    expect(output).toContain('"tool_call_id":"call_Ty8Qa3","content":"Invalid arguments:\\n- /number: must be a number; got \\"4712\\"\\nCorrect these arguments and call the tool again."}');
    expect(output).toMatch(/"tool_call_id":"call_Ue5Zc9","content":"The arguments of ticket__get_ticket are not valid JSON \(.+\)\. Send them again as one JSON object\."\}/);
    expect(output).toContain('"tool_call_id":"call_Vb4Xe1","content":"There is no tool named \\"ticket__reopen_ticket\\". Call one of the tools you were given, by its exact name."}');
    expect(output).toContain('the next request sends 7 messages: user, assistant, tool, tool, tool, tool, tool');
  });

  it('answers Responses function_call items with function_call_output items', () => {
    expect(output).toContain('responses tools: ticket__search_tickets, ticket__get_ticket, ticket__close_ticket');
    expect(output).toContain('→ {"type":"function_call_output","call_id":"call_Wm1Ka2","output":"[{\\"number\\":4712,\\"title\\":\\"VPN drops every hour\\"');
    expect(output).toContain('"call_id":"call_Wm2Ka3","output":"Invalid arguments:\\n- /number: is required; send a number\\nCorrect these arguments and call the tool again."}');
    expect(output).toContain('"call_id":"call_Wm3Ka4","output":"No ticket 9999 exists. Search for the ticket first to find its number."}');
    expect(output).toContain('the next request sends 7 input items');
  });
});
