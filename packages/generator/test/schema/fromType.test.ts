import { describe, expect, it } from 'vitest';
import { compile, derive, deriveTogether } from './fixture.js';
import { fixtures } from './fromTypeFixtures.js';

deriveTogether(fixtures);

describe.each(fixtures)('$name', ({ source, purpose, want, valid, invalid }) => {
  const derived = derive(source, purpose);

  it('derives the exact canonical schema, without problems', () => {
    expect(derived.problems).toEqual([]);
    expect(derived.schema).toEqual(want);
    // toEqual ignores key order; the printed text must match too (declaration order of properties)
    expect(JSON.stringify(derived.schema)).toBe(JSON.stringify(want));
  });

  it('is checked by ajv: valid samples pass, invalid ones fail', () => {
    const validate = compile(derived.schema);
    expect(valid.filter((sample) => !validate(sample))).toEqual([]);
    expect(invalid.filter((sample) => validate(sample))).toEqual([]);
  });
});
