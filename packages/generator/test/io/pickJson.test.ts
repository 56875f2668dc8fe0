import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickJson, type JsonPick } from '../../src/io/pickJson.js';

describe('pickJson', () => {
  it('reads what JSON.parse reads, whitespace and escapes included', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom<string | number | undefined>(undefined, 0, 2, '\t'), (value, indentation) => {
        const text = JSON.stringify(value, null, indentation);
        expect(pickJson(text, () => 'members')).toStrictEqual(JSON.parse(text));
        expect(pickJson(text, () => 'whole')).toStrictEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps only the members a pick does not skip, at any depth', () => {
    const text = JSON.stringify(
      { toolsets: [{ className: 'A', tools: [{ name: 'a', parameters: { type: 'object', description: 'a "quoted" } ] {' }, tokens: { canonical: 3 } }] }], version: 1 },
      null,
      2,
    );
    const pick = (at: readonly (string | number)[]): JsonPick =>
      at.length === 0 || at[0] === 'toolsets' ? (at.at(-1) === 'parameters' || at.at(-1) === 'name' ? 'skip' : at.at(-1) === 'tokens' ? 'whole' : 'members') : 'skip';
    expect(pickJson(text, pick)).toStrictEqual({ toolsets: [{ className: 'A', tools: [{ tokens: { canonical: 3 } }] }] });
  });

  it('keeps a "__proto__" key as an own member, as JSON.parse does', () => {
    const text = '{"__proto__":{"polluted":true}}';
    const picked = pickJson(text, () => 'members') as Record<string, unknown>;
    expect(Object.keys(picked)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('throws a SyntaxError on text that is not JSON', () => {
    for (const text of ['[1,', '{"a" 1}', '[1 2]', '"abc', '{"a":1}x', '']) {
      expect(() => pickJson(text, () => 'members')).toThrow(SyntaxError);
    }
  });
});
