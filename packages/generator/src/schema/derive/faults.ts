import { maxDerivationDepth, maxNestedInstantiations } from './limits.js';
import type { Slot } from './Processor.js';

/** Why a type has no JSON form, and what to write instead: the text of a TSH005/TSH006 problem. */
export interface Fault {
  readonly reason: string;
  readonly fix: string;
  /** The type as the problem names it, when the checker's text would mislead (it prints an unresolved type as "any"). */
  readonly typeText?: string;
}

/** A pattern to suggest for each case rule of the lib: ASCII, as most identifiers are. */
const casePatterns: Readonly<Record<string, string>> = {
  Uppercase: '^[A-Z0-9_]+$',
  Lowercase: '^[a-z0-9_]+$',
  Capitalize: '^[A-Z]',
  Uncapitalize: '^[a-z]',
};

/**
 * The faults more than one part of the derivation reports. A fault only one processor reports
 * stands beside it (`processors/unresolved.ts`, `processors/lib.ts`, `processors/function.ts`).
 */
export const faults = {
  never: {
    reason: 'never has no values, so nothing could be sent',
    fix: 'give it a concrete type, or remove it',
  },
  conflictingIntersection: {
    reason: 'its members conflict: a property has types no value has at once, so TypeScript reduces it to never and nothing could be sent',
    fix: 'give the property one type, or use a union (A | B) where either is meant',
  },
  /** Index signatures whose values differ (`{ [key: string]: number; [index: number]: 1 | 2 }`), as `said` lists them. */
  mixedIndexSignatures: (said: string): Fault => ({
    reason: `its index signatures give keys values of different types (${said}), and a schema gives every other key one type`,
    fix: 'use one index signature (a union of the value types, checked in code), or name the keys as members',
  }),
  void: {
    reason: 'void inside a value has no JSON form',
    fix: 'use null, make the member optional ("x?: T"), or, for a result that may be absent, write "T | undefined"',
  },
  bigint: {
    reason: 'JSON has no bigint (JSON.stringify throws on one)',
    fix: 'use number, or a decimal string (string with "@pattern ^-?\\d+$") converted with BigInt() in code',
  },
  symbol: {
    reason: 'a symbol has no JSON form',
    fix: 'use a string, or a union of string literals',
  },
  function: {
    input: {
      reason: 'a function has no JSON form, so the model cannot send one',
      fix: 'take data that selects the behaviour (a string literal union or an enum) and keep the function in code',
    },
    output: {
      reason: 'a function has no JSON form (JSON.stringify drops it or turns it into null)',
      fix: 'return the data the function would compute instead of the function',
    },
  },
  typeParameter: {
    reason: 'a type parameter has no fixed shape',
    fix: 'use a concrete type; tools cannot be generic',
  },
  unsupported: {
    reason: 'toolgen cannot derive a JSON Schema for this kind of type',
    fix: 'use plain data: string, number, boolean, literals, arrays, tuples, objects, unions of those, or Date',
  },
  /** `Uppercase<string>` and kin: the fix suggests a pattern for the rule named (`Lowercase`: `^[a-z0-9_]+$`). */
  stringCase: (rule: string): Fault => ({
    reason: `a JSON Schema pattern cannot say a case rule (${rule}) for every alphabet, so any string would pass`,
    fix: `use string with a @pattern the values must match (such as "${casePatterns[rule] ?? casePatterns['Uppercase']}"), or a union of string literals`,
  }),
  restNotLast: {
    reason: 'a rest element followed by other elements cannot be expressed with prefixItems',
    fix: 'put the rest element last, or use an array',
  },
  expanding: (name: string, outer: string, inner: string): Fault => ({
    reason:
      `expansion limit reached: ${outer} holds ${inner}, which holds a ${name} of a larger type again, so every level is a new type ` +
      `and the schema would never end (toolgen stops after ${maxNestedInstantiations} nested ${name} types)`,
    fix: `let ${name} hold itself with the same type arguments (${name}<T> inside ${name}<T>), which becomes a $ref, or declare the levels as types of their own`,
  }),
  tooDeep: {
    reason: `expansion limit reached: the type nests more than ${maxDerivationDepth} levels deep, so toolgen stops deriving its schema`,
    fix: 'let the type refer to itself by name (a recursive type becomes a $ref), or flatten the data into fewer levels',
  },
  privateState: (members: readonly string[]): Fault => ({
    reason: `a class instance with private state (${members.join(', ')}) cannot be rebuilt from JSON`,
    fix: 'use an interface or a type alias of its public data, or make those members public',
  }),
} as const;

const undefinedFaults: Readonly<Record<Slot, Fault>> = {
  root: {
    reason: 'JSON has no undefined, so this value cannot be sent',
    fix: 'use null ("T | null"), or make it an optional member ("x?: T")',
  },
  member: {
    reason: 'a member that can only be undefined has no JSON form',
    fix: 'remove the member, or give it a type JSON can carry',
  },
  element: {
    reason: 'JSON has no undefined, and an array element cannot be left out',
    fix: 'use null instead ("T | null")',
  },
  optionalElement: {
    reason: 'an element that can only be undefined has no JSON form',
    fix: 'remove the element, or give it a type JSON can carry',
  },
  value: {
    reason: 'a value that can only be undefined has no JSON form',
    fix: 'give the index signature a type JSON can carry',
  },
};

/** What `undefined` in a slot that must be sent is, by the slot. */
export const undefinedFault = (slot: Slot): Fault => undefinedFaults[slot];
