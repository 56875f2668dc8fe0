import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../../../test/runScript.js';

const example = path.resolve(import.meta.dirname, '..');

describe('npm start in examples/governed-agent', () => {
  let output = '';
  beforeAll(() => {
    output = runScript(example, 'start');
  }, 120_000);

  it('resolves tools per agent and fails closed on denied, unapproved and offline calls', () => {
    expect(output).toMatch(/a malformed policy file is an error, never an approval/);
    expect(output).toMatch(/knowledge__forget_fact \(denied\)/);
    expect(output).toMatch(/This background run cannot ask anyone for approval, so ticket__close_ticket was not called/);
    expect(output).toMatch(/"status":"executed","callId":"call_0042"/);
    expect(output).toMatch(/the stored call edited to close 4711 instead: The stored pending tool call does not match its signature/);
    expect(output).toMatch(/the same answer a second time: \{"status":"refused","callId":"call_0042","toolName":"ticket__close_ticket","reason":"already_answered"/);
    expect(output).toMatch(/policies changed meanwhile: \{"status":"refused",.*"reason":"policy_changed"/);
    expect(output).toMatch(/status__get_incidents \(network_scope\)/);
  });

  it('offers whole toolsets: an excluded tool stays out, even of search, and a tool the toolset gains appears without editing the agent', () => {
    expect(output).toMatch(/support offers the toolsets ticket, knowledge \(without forget_fact\), status, docs, github, and sees:/);
    expect(output).toMatch(/omitted: github \(toolset_not_in_catalogue\), knowledge__forget_fact \(excluded\), knowledge__read_case_file \(confidentiality\)\n/);
    expect(output).toMatch(/knowledge__forget_fact \{.*\}\n {4}refused by the host: not among this agent's tools \(excluded\)/);
    expect(output).toMatch(/search_tools "forget a fact" → knowledge__remember_fact, knowledge__recall_facts \(/);
    expect(output).toMatch(/support now also sees: knowledge__count_facts\n.*\n {4}result: 1\n/);
  });
});
