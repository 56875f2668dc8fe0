import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentLimits } from '@toolgen/runtime';
import { mutated, nearSchema, withReservedKeys } from './arbitraries.js';
import { compileValidator } from './compileValidator.js';
import { inputOf } from '../../schema/row.js';
import { documentOf, validatorFixtures } from './fixtures.js';

/*
 * A module checks an object its tools share (a model type several tools take) with one shared
 * function whose issues are rebased onto the caller's pointer. Sharing must change nothing a
 * caller sees: on every validator fixture, with every object inside the arguments shared, the
 * issues (pointers, messages, expected types, order) and the value built are those of the
 * validator that checks each object in place.
 */

const runs = Number(process.env['TOOLGEN_FUZZ_RUNS'] ?? 200);

/** Nested deeper than the nesting limit: shared functions count depth as inline code does. */
function deep(levels: number): unknown {
  let value: unknown = {};
  for (let level = 0; level < levels; level++) {
    value = { a: value, b: [value] };
  }
  return value;
}

describe('shared object validators', () => {
  for (const fixture of validatorFixtures) {
    it(`change nothing a caller sees: ${fixture.name}`, () => {
      const document = documentOf(fixture);
      const inline = compileValidator(document);
      const shared = compileValidator(document, 'subject', { shareObjects: true });
      const samples = [...fixture.valid.map(inputOf), ...fixture.invalid.map(inputOf), deep(argumentLimits.maxDepth + 2)];
      for (const sample of samples) {
        expect(shared.check(sample)).toEqual(inline.check(sample));
      }
      fc.assert(
        fc.property(fc.oneof(nearSchema(document), mutated(nearSchema(document)), withReservedKeys(nearSchema(document)), fc.jsonValue()), (value) => {
          expect(shared.check(value)).toEqual(inline.check(value));
        }),
        { numRuns: runs },
      );
    });
  }

  it('are used: a fixture with nested objects calls a shared function', () => {
    const withNested = validatorFixtures.filter((fixture) => compileValidator(documentOf(fixture), 'subject', { shareObjects: true }).source.includes('__toolgenShared0('));
    expect(withNested.length).toBeGreaterThan(5);
  });
});
