import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toJsonSchema } from '../../../src/schema/toJsonSchema.js';
import { mutated, nearSchema } from './arbitraries.js';
import { compileValidator } from './compileValidator.js';
import { documentOf, validatorFixtures } from './fixtures.js';
import { oracle } from './oracle.js';

const numRuns = 300;

describe.each(validatorFixtures.filter((fixture) => fixture.noOracle === undefined))('$name', (fixture) => {
  const document = documentOf(fixture);
  const compiled = compileValidator(document);
  const accepts = oracle(toJsonSchema(document));

  /** The validator accepts exactly what ajv accepts; beyond the schema it only refuses reserved map keys. */
  const agrees = (value: unknown): void => {
    const { issues } = compiled.check(value);
    if (accepts(value)) {
      expect(issues.filter((issue) => !issue.message.startsWith('is a reserved name'))).toEqual([]);
    } else {
      expect(issues.length, JSON.stringify(value)).toBeGreaterThan(0);
    }
    expect(issues.every((issue) => typeof issue.pointer === 'string' && issue.message.length > 0)).toBe(true);
  };

  it('agrees with ajv on arbitrary JSON', () => {
    fc.assert(fc.property(fc.jsonValue(), agrees), { numRuns });
  });

  it('agrees with ajv on values near the schema', () => {
    fc.assert(fc.property(nearSchema(document), agrees), { numRuns });
  });

  it('agrees with ajv on valid samples with one mutation', () => {
    const base = fc.oneof(fc.constantFrom(...fixture.valid.map((sample) => sample.input)), nearSchema(document));
    fc.assert(fc.property(mutated(base), agrees), { numRuns });
  });
});
