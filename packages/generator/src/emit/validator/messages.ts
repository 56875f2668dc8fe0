import { plural } from '../../diagnostics/plural.js';

/*
 * The wording of every issue the emitted validator reports. A message ending in `got ` is
 * completed at run time with the offending value (or count), described compactly.
 */

export const messages = {
  /** Type and membership mismatches: `must be a string; got 42`, `must be one of "a", "b"; got "c"`. */
  mustBe: (what: string) => `must be ${what}; got `,
  required: (what: string) => `is required; send ${what}`,
  notAParameter: 'is not a parameter of this tool; remove it',
  notAllowedHere: 'is not allowed here; remove it',
  minimum: (limit: number) => `must be at least ${limit}; got `,
  maximum: (limit: number) => `must be at most ${limit}; got `,
  exclusiveMinimum: (limit: number) => `must be greater than ${limit}; got `,
  exclusiveMaximum: (limit: number) => `must be less than ${limit}; got `,
  minLength: (limit: number) => `must be at least ${plural(limit, 'character')} long; got `,
  maxLength: (limit: number) => `must be at most ${plural(limit, 'character')} long; got `,
  pattern: (pattern: string) => `must match the pattern ${pattern}; got `,
  /** A map's key that its template literal key type does not allow (`propertyNames`). */
  keyPattern: (pattern: string) => `is not a key this takes: keys must match the pattern ${pattern}; rename or remove it`,
  format: (phrase: string) => `must be ${phrase}; got `,
  minItems: (limit: number) => `must have at least ${plural(limit, 'item')}; got `,
  maxItems: (limit: number) => `must have at most ${plural(limit, 'item')}; got `,
  exactItems: (count: number) => `must have exactly ${plural(count, 'item')}; got `,
} as const;
