import { describe, expect, it } from 'vitest';
import { ToolArgumentError, ToolFailure } from '@toolgen/runtime';

describe('ToolFailure', () => {
  it('gives the model the reason and the fix', () => {
    const failure = new ToolFailure('No ticket 4711 exists.', 'Search for the ticket first.');
    expect(failure).toBeInstanceOf(Error);
    expect(failure.name).toBe('ToolFailure');
    expect(failure.reason).toBe('No ticket 4711 exists.');
    expect(failure.fix).toBe('Search for the ticket first.');
    expect(failure.message).toBe('No ticket 4711 exists. Search for the ticket first.');
  });

  it('is just the reason when there is no fix', () => {
    const failure = new ToolFailure('Ticket 12 is already closed.');
    expect(failure.message).toBe('Ticket 12 is already closed.');
    expect(failure.fix).toBeUndefined();
    expect(new ToolFailure('Gone.', '').fix).toBeUndefined();
  });

  it('keeps the cause for the host', () => {
    const cause = new Error('ECONNRESET');
    expect(new ToolFailure('The ticket system did not answer.', 'Try again later.', { cause }).cause).toBe(cause);
  });
});

describe('ToolArgumentError', () => {
  it('lists every issue with its JSON Pointer, then the fix', () => {
    const error = new ToolArgumentError([
      { pointer: '/filter/status', message: 'must be one of "open", "closed"; got "pending"' },
      { pointer: '', message: 'must have the property "query"' },
    ]);
    expect(error).toBeInstanceOf(ToolFailure);
    expect(error.name).toBe('ToolArgumentError');
    expect(error.issues).toHaveLength(2);
    expect(error.message).toBe(
      [
        'Invalid arguments:',
        '- /filter/status: must be one of "open", "closed"; got "pending"',
        '- (arguments): must have the property "query"',
        'Correct these arguments and call the tool again.',
      ].join('\n'),
    );
  });

  it('writes a key holding a line break or another control character escaped, so each issue stays one line', () => {
    const error = new ToolArgumentError([{ pointer: '/tags/ORD-1\n\u2028\u0000x\ty', message: 'is not a key this takes' }]);
    expect(error.message.split('\n')).toEqual(['Invalid arguments:', '- /tags/ORD-1\\n\\u2028\\u0000x\\ty: is not a key this takes', 'Correct these arguments and call the tool again.']);
  });
});
