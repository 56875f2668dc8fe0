import type { ArgumentIssue, JsonSchema, SchemaVariantName } from '@toolgen/runtime';
import type { ShapeDocument } from '../../src/schema/shape.js';

/*
 * The row of the one table of constructs (fromTypeFixtures.ts's `fixtures`), which everyMode.test.ts runs through every
 * mode a type goes through: derivation on TypeScript 6 (and 7, in backends/ts7TypeHost.test.ts), ajv on the canonical
 * schema, the generated validator, and each provider variant.
 */

/** A valid sample the validator builds into another value: a date-time string into a `Date`. */
export class Builds {
  constructor(
    readonly input: unknown,
    readonly value: unknown,
  ) {}
}

/** An invalid sample with exactly the issues the validator reports for it, in order. */
export class Rejects {
  constructor(
    readonly input: unknown,
    readonly issues: readonly ArgumentIssue[],
  ) {}
}

export const builds = (input: unknown, value: unknown): Builds => new Builds(input, value);
export const rejects = (input: unknown, issues: readonly ArgumentIssue[]): Rejects => new Rejects(input, issues);

/** One issue the validator reports. */
export function issue(pointer: string, message: string, expected?: ArgumentIssue['expected']): ArgumentIssue {
  return expected === undefined ? { pointer, message } : { pointer, message, expected };
}

/** The value a sample sends: a `builds` or `rejects` sample's input, else the sample itself. */
export function inputOf(sample: unknown): unknown {
  return sample instanceof Builds || sample instanceof Rejects ? sample.input : sample;
}

/** The losses a variant reports: JSON Pointer and keyword, in the order the variant reports them. */
export type Losses = readonly (readonly [pointer: string, keyword: string])[];

/** What one provider variant makes of a row's schema: the docs' words for it, the variant's schema and its losses. */
export interface VariantWant {
  readonly says: string;
  readonly schema: JsonSchema;
  readonly losses: Losses;
}

/**
 * One construct: how it is written, its exact canonical schema, samples the schema (and the validator) accept and
 * reject, and, where a row says, what each provider variant makes of it and the validator's exact issues.
 */
export interface Fixture {
  readonly name: string;
  /** TypeScript declaring `Subject` (a type alias, interface, class or enum), or a function `subject(parameter)`. */
  readonly source?: string;
  /** A shape document written by hand, for what TypeScript does not write (a union of a date and `any`). */
  readonly document?: ShapeDocument;
  readonly purpose?: 'input' | 'output';
  /** The canonical schema, exactly: what the source derives, or the document prints. */
  readonly want: JsonSchema;
  /** Samples both accept; `builds(input, value)` where the validator hands the tool another value. */
  readonly valid: readonly unknown[];
  /** Samples both reject; `rejects(input, issues)` where the row pins the validator's issues. */
  readonly invalid: readonly unknown[];
  /** Each provider variant, exactly; a provider registered without one does not type-check. */
  readonly variants?: Readonly<Record<SchemaVariantName, VariantWant>>;
  /** The row's label in docs/schema.md's provider table. */
  readonly feature?: string;
  /** Why ajv cannot judge this row's samples, when it cannot. */
  readonly noOracle?: string;
}
