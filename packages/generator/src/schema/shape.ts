import type { JsonValue } from '@toolgen/runtime';
import type { TagSite } from './tsdoc/tags.js';

/**
 * The shape of a value the model sends or receives: toolgen's intermediate representation
 * between the TypeScript checker and everything printed from it (the canonical JSON Schema,
 * the provider variants, the generated validator). Plain data, no TypeScript objects, so the
 * analysis model can be cached, compared and shared with the ESLint plugin.
 */
export type Shape =
  | AnyShape
  | StringShape
  | NumberShape
  | BooleanShape
  | NullShape
  | LiteralShape
  | EnumShape
  | DateShape
  | UrlShape
  | ArrayShape
  | TupleShape
  | ObjectShape
  | UnionShape
  | RefShape;

/** Annotations any shape may carry, from TSDoc. They describe; they never constrain. */
export interface Annotations {
  readonly description?: string;
  readonly default?: JsonValue;
  readonly examples?: readonly JsonValue[];
  readonly deprecated?: true;
}

/** `unknown` / `any`: any JSON value (`{}`). */
export interface AnyShape extends Annotations {
  readonly kind: 'any';
}

export interface StringShape extends Annotations {
  readonly kind: 'string';
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
  /** The pattern is a template literal type's (`x-${string}`): its strings must match it whatever a `@pattern` tag says. */
  readonly templatePattern?: true;
}

export interface NumberShape extends Annotations {
  readonly kind: 'number';
  /** `@integer` or `@asType integer`: JSON Schema `integer`. */
  readonly integer: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
}

export interface BooleanShape extends Annotations {
  readonly kind: 'boolean';
}

/** The `null` in `T | null`. */
export interface NullShape extends Annotations {
  readonly kind: 'null';
}

/** One literal type: `const`. */
export interface LiteralShape extends Annotations {
  readonly kind: 'literal';
  readonly value: string | number | boolean;
}

/** A union of two or more string/number literals, or a TS `enum`: `enum`, in declaration order. */
export interface EnumShape extends Annotations {
  readonly kind: 'enum';
  readonly values: readonly (string | number)[];
}

/**
 * `Date`: an RFC 3339 string on the wire, a `Date` in code. `format: date-time` unless the
 * member's TSDoc says `@format date` (a full-date, UTC midnight) or `@format time` (a full-time
 * on 1970-01-01), which only inputs take.
 */
export interface DateShape extends Annotations {
  readonly kind: 'date';
  readonly format?: 'date' | 'time';
}

/** `URL`: an absolute URI string on the wire (`format: uri`), a `URL` in code. */
export interface UrlShape extends Annotations {
  readonly kind: 'url';
}

/** `T[]` and `readonly T[]`. */
export interface ArrayShape extends Annotations {
  readonly kind: 'array';
  readonly items: Shape;
  readonly minItems?: number;
  readonly maxItems?: number;
}

/** `[A, B?, ...C[]]`: `prefixItems`, with `minItems` the count of required elements. */
export interface TupleShape extends Annotations {
  readonly kind: 'tuple';
  readonly elements: readonly Shape[];
  /** How many leading elements are required. */
  readonly minItems: number;
  /** The rest element's shape, or `null` when the tuple has a fixed length. */
  readonly rest: Shape | null;
}

/** A member of an object shape. */
export interface PropertyShape {
  readonly name: string;
  readonly shape: Shape;
  /** `?`, `| undefined`, or a default: the property may be absent. */
  readonly optional: boolean;
  /**
   * Present, and true, for a member whose type takes undefined but whose key is required (`name: string | undefined`):
   * the model may leave it out, as JSON has no undefined, and the validator then builds the key with undefined in it.
   */
  readonly absentAsUndefined?: true;
}

/** Interfaces, type aliases, classes' data members, `Record` and index signatures. */
export interface ObjectShape extends Annotations {
  readonly kind: 'object';
  /** Properties in declaration order. */
  readonly properties: readonly PropertyShape[];
  /** The value shape of an index signature (`Record<string, T>`), or `false`: no other properties. */
  readonly additionalProperties: Shape | false;
  /**
   * The pattern every key matches (`propertyNames`): for an index signature keyed by template literal types
   * (`Record<\`ORD-${number}\`, T>`) or numbers, or a `Record` whose key alias has a `@pattern`; named members allowed by name.
   */
  readonly keyPattern?: string;
  /**
   * Present, and true, for a class with methods or accessors: JSON carries only its data members,
   * so the value the validator builds is a plain object, not an instance.
   */
  readonly classBehaviour?: true;
}

/** `A | B`: `anyOf`. A nullable `T` is a union of `T` and a `null` shape. */
export interface UnionShape extends Annotations {
  readonly kind: 'union';
  readonly members: readonly Shape[];
}

/** A reference to a named shape in the document's `defs` (recursive types). */
export interface RefShape extends Annotations {
  readonly kind: 'ref';
  readonly name: string;
}

/** A root shape and the named shapes its references point to (`$defs`). */
export interface ShapeDocument {
  readonly root: Shape;
  /** Named shapes, keyed by a name valid in a JSON Pointer; sorted by name. */
  readonly defs: Readonly<Record<string, Shape>>;
}

/** A type that JSON cannot carry, found while deriving a shape; the analysis turns it into TSH005/TSH006. */
export interface ShapeProblem {
  /** JSON Pointer from the derived root to the offending value, `''` for the root itself. */
  readonly pointer: string;
  /** The offending type as the checker prints it, e.g. `Map<string, number>`. */
  readonly typeText: string;
  /** Why JSON cannot carry it, e.g. `a Map has no JSON form`. */
  readonly reason: string;
  /** What to use instead, e.g. `use Record<string, number> or an array of entries`. */
  readonly fix: string;
  /** For a TSDoc tag at fault (`@minimum` on a string): where the tag is written. */
  readonly site?: TagSite | undefined;
  /** A default the schema refuses (TSH005's `refusedDefault`), not a type. */
  readonly refusedDefault?: true;
}
