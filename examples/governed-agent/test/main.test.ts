import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const example = path.resolve(import.meta.dirname, '..');

describe('npm start in examples/governed-agent', () => {
  it('resolves tools per agent and fails closed on denied, unapproved and offline calls', () => {
    const output = execFileSync('npm', ['run', '--silent', 'start'], { cwd: example, encoding: 'utf8' });
    expect(output).toMatch(/a malformed policy file is an error, never an approval/);
    expect(output).toMatch(/knowledge__forget_fact \(denied\)/);
    expect(output).toMatch(/This background run cannot ask anyone for approval, so ticket__close_ticket was not called/);
    expect(output).toMatch(/"status":"executed","callId":"call_0042"/);
    expect(output).toMatch(/status__get_incidents \(network_scope\)/);
  }, 120_000);
});
