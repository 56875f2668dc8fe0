import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toJsonSchema } from '../../../src/schema/toJsonSchema.js';
import { mutated, nearSchema, reservedKeys, withReservedKeys } from './arbitraries.js';
import { compileValidator } from './compileValidator.js';
import { inputOf } from '../../schema/row.js';
import { documentOf, validatorFixtures } from './fixtures.js';
import { oracle } from './oracle.js';

const numRuns = 300;

describe.each(validatorFixtures.filter((fixture) => fixture.noOracle === undefined))('$name', (fixture) => {
  const document = documentOf(fixture);
  const compiled = compileValidator(document);
  const accepts = oracle(toJsonSchema(document));

  /** The validator accepts exactly what ajv accepts. */
  const agrees = (value: unknown): void => {
    const { issues } = compiled.check(value);
    if (accepts(value)) {
      expect(issues).toEqual([]);
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

  it('agrees with ajv on values with __proto__, constructor and prototype as keys at any depth, and lets none reach a prototype', () => {
    const prototypeNames = Object.getOwnPropertyNames(Object.prototype);
    fc.assert(
      fc.property(withReservedKeys(nearSchema(document)), (value) => {
        agrees(value);
        const built = compiled.check(value).value;
        expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeNames);
        expect(reachedPrototypes(built)).toEqual([]);
      }),
      { numRuns },
    );
  });

  it('agrees with ajv on valid samples with one mutation', () => {
    const base = fc.oneof(fc.constantFrom(...fixture.valid.map(inputOf)), nearSchema(document));
    fc.assert(fc.property(mutated(base), agrees), { numRuns });
  });
});

/** Where a value the validator built has an object whose prototype is not Object.prototype, or a reserved key that is not an own data property. */
function reachedPrototypes(value: unknown, pointer = ''): string[] {
  if (typeof value !== 'object' || value === null || value instanceof Date || value instanceof URL) {
    return [];
  }
  const found: string[] = [];
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) {
    found.push(`${pointer}: a prototype changed`);
  }
  for (const key of reservedKeys) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor !== undefined && !('value' in descriptor)) {
      found.push(`${pointer}/${key}: not a data property`);
    }
  }
  for (const key of Object.keys(value)) {
    found.push(...reachedPrototypes((value as Record<string, unknown>)[key], `${pointer}/${key}`));
  }
  return found;
}
