import { plural } from '../../diagnostics/plural.js';
import type { NumberShape, ObjectShape, RefShape, Shape, ShapeDocument, StringShape } from '../../schema/shape.js';
import { enforcedFormat } from '../../schema/enforcedFormats.js';
import { jsonText, orList } from './literals.js';

/** The JSON types a value can have at run time, in the order emitted code tests them. */
export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';

export const jsonTypeOrder: readonly JsonType[] = ['string', 'number', 'boolean', 'null', 'array', 'object'];

/** The JSON types `ArgumentIssue.expected` names. */
export type ExpectedType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

type ShapeOf<K extends Shape['kind']> = Extract<Shape, { kind: K }>;

/** What one kind of shape declares about itself; shared code asks these instead of testing kinds. */
interface KindFacts<S extends Shape> {
  /** The JSON types of the values the shape can accept. */
  readonly types: (shape: S, facts: ShapeFacts) => ReadonlySet<JsonType>;
  /** The shape in a few words, for `must be …` and `send …`. */
  readonly describe: (shape: S, facts: ShapeFacts) => string;
  /** The one JSON type a value of the shape has, for `ArgumentIssue.expected`. */
  readonly expected: (shape: S, facts: ShapeFacts) => ExpectedType | undefined;
  readonly canBeNull: (shape: S, facts: ShapeFacts) => boolean;
}

type FactsTable = { readonly [K in Shape['kind']]: KindFacts<ShapeOf<K>> };

const all: ReadonlySet<JsonType> = new Set(jsonTypeOrder);
const only = (type: JsonType): ReadonlySet<JsonType> => new Set([type]);
const never = (): boolean => false;

function typeOfValue(value: string | number | boolean): JsonType {
  return typeof value as 'string' | 'number' | 'boolean';
}

const table: FactsTable = {
  any: { types: () => all, describe: () => 'any value', expected: () => undefined, canBeNull: () => true },
  string: {
    types: () => only('string'),
    describe: (shape) => enforcedFormat(shape.format)?.noun ?? 'a string',
    expected: () => 'string',
    canBeNull: never,
  },
  number: {
    types: () => only('number'),
    describe: (shape) => (shape.integer ? 'an integer' : 'a number'),
    expected: (shape) => (shape.integer ? 'integer' : 'number'),
    canBeNull: never,
  },
  boolean: { types: () => only('boolean'), describe: () => 'a boolean', expected: () => 'boolean', canBeNull: never },
  null: { types: () => only('null'), describe: () => 'null', expected: () => 'null', canBeNull: () => true },
  literal: {
    types: (shape) => only(typeOfValue(shape.value)),
    describe: (shape) => jsonText(shape.value),
    expected: (shape) => typeOfValue(shape.value) as ExpectedType,
    canBeNull: never,
  },
  enum: {
    types: (shape) => new Set(shape.values.map(typeOfValue)),
    describe: (shape) => (shape.values.length === 1 ? jsonText(shape.values[0]!) : `one of ${shape.values.map(jsonText).join(', ')}`),
    expected: (shape) => {
      const types = new Set(shape.values.map(typeOfValue));
      return types.size === 1 ? ([...types][0] as ExpectedType) : undefined;
    },
    canBeNull: never,
  },
  date: {
    types: () => only('string'),
    describe: (shape) => enforcedFormat(shape.format ?? 'date-time')!.noun,
    expected: () => 'string',
    canBeNull: never,
  },
  url: { types: () => only('string'), describe: () => enforcedFormat('uri')!.noun, expected: () => 'string', canBeNull: never },
  array: { types: () => only('array'), describe: () => 'an array', expected: () => 'array', canBeNull: never },
  tuple: { types: () => only('array'), describe: () => 'an array', expected: () => 'array', canBeNull: never },
  object: { types: () => only('object'), describe: () => 'an object', expected: () => 'object', canBeNull: never },
  union: {
    types: (shape, facts) => new Set(shape.members.flatMap((member) => [...facts.types(member)])),
    describe: (shape, facts) => facts.describeMembers(shape.members),
    expected: (shape, facts) => {
      const expected = new Set(shape.members.filter((member) => facts.resolve(member).kind !== 'null').map((member) => facts.expected(member)));
      if (expected.size === 2 && expected.has('number') && expected.has('integer')) {
        return 'number';
      }
      return expected.size === 1 ? [...expected][0] : undefined;
    },
    canBeNull: (shape, facts) => shape.members.some((member) => facts.canBeNull(member)),
  },
  ref: {
    types: (shape, facts) => facts.throughRef(shape, new Set(), (target) => facts.types(target)),
    describe: (shape, facts) => facts.throughRef(shape, 'a value', (target) => facts.describe(target)),
    expected: (shape, facts) => facts.throughRef(shape, undefined, (target) => facts.expected(target)),
    canBeNull: (shape, facts) => facts.throughRef(shape, false, (target) => facts.canBeNull(target)),
  },
};

/** Facts about the shapes of one document: references resolve through its defs. */
export class ShapeFacts {
  readonly document: ShapeDocument;
  readonly #visiting = new Set<string>();

  constructor(document: ShapeDocument) {
    this.document = document;
  }

  /** The shape a reference points to, through chains of references; `any` for a dangling or circular chain. */
  resolve(shape: Shape): Shape {
    const seen = new Set<string>();
    let current = shape;
    while (current.kind === 'ref') {
      const target = Object.hasOwn(this.document.defs, current.name) ? this.document.defs[current.name] : undefined;
      if (target === undefined || seen.has(current.name)) {
        return { kind: 'any' };
      }
      seen.add(current.name);
      current = target;
    }
    return current;
  }

  types(shape: Shape): ReadonlySet<JsonType> {
    return this.#ask(shape).types(shape, this);
  }

  describe(shape: Shape): string {
    return this.#ask(shape).describe(shape, this);
  }

  expected(shape: Shape): ExpectedType | undefined {
    return this.#ask(shape).expected(shape, this);
  }

  canBeNull(shape: Shape): boolean {
    return this.#ask(shape).canBeNull(shape, this);
  }

  /** Whether the shape accepts every value (`any`, or a union holding one). */
  acceptsAll(shape: Shape): boolean {
    const resolved = this.resolve(shape);
    return resolved.kind === 'any' || (resolved.kind === 'union' && resolved.members.some((member) => this.acceptsAll(member)));
  }

  /** `a string, a number or null`: each member's words once, null last. */
  describeMembers(members: readonly Shape[]): string {
    const words = new Set(members.map((member) => this.describe(member)));
    const nullable = words.delete('null');
    return orList([...words, ...(nullable ? ['null'] : [])]);
  }

  /**
   * Like `describeMembers`, but members that read alike are told apart: objects by their
   * property names (`an object with "kind", "radius"`), arrays by their items; and a number's or a
   * string's bounds are said (`an integer of at least 1 or a number of at most 0`), since a value
   * of the right type failed every member on them.
   */
  describeDistinctMembers(members: readonly Shape[]): string {
    const plain = members.map((member) => {
      const resolved = this.resolve(member);
      return this.describe(member) + (resolved.kind === 'number' || resolved.kind === 'string' ? boundsOf(resolved) : '');
    });
    const words = members.map((member, index) => {
      const resolved = this.resolve(member);
      const alike = plain.filter((word) => word === plain[index]).length > 1;
      if (!alike) {
        return plain[index]!;
      }
      switch (resolved.kind) {
        case 'object':
          return describeObject(resolved);
        case 'array':
          return `an array with each item ${this.describe(resolved.items)}`;
        case 'tuple':
          return resolved.rest === null && resolved.minItems === resolved.elements.length
            ? `an array of exactly ${resolved.elements.length} items`
            : `an array of ${resolved.elements.map((element) => this.describe(element)).join(', ')}${resolved.rest === null ? '' : ', …'}`;
        default:
          return plain[index]!;
      }
    });
    return orList([...new Set(words)]);
  }

  /** Asks `question` of the shape a reference points to; `cycle` when the question comes back to it. */
  throughRef<T>(shape: RefShape, cycle: T, question: (target: Shape) => T): T {
    if (this.#visiting.has(shape.name)) {
      return cycle;
    }
    this.#visiting.add(shape.name);
    try {
      return question(this.resolve(shape));
    } finally {
      this.#visiting.delete(shape.name);
    }
  }

  #ask(shape: Shape): KindFacts<Shape> {
    return table[shape.kind] as KindFacts<Shape>;
  }
}

/** A number's or a string's bounds in words (` of at least 1 and at most 10`, ` matching ^a-`), or `''` for one without. */
function boundsOf(shape: NumberShape | StringShape): string {
  const bounds =
    shape.kind === 'number'
      ? [
          shape.minimum === undefined ? undefined : `at least ${shape.minimum}`,
          shape.exclusiveMinimum === undefined ? undefined : `greater than ${shape.exclusiveMinimum}`,
          shape.maximum === undefined ? undefined : `at most ${shape.maximum}`,
          shape.exclusiveMaximum === undefined ? undefined : `less than ${shape.exclusiveMaximum}`,
        ]
      : [
          shape.minLength === undefined ? undefined : `at least ${plural(shape.minLength, 'character')}`,
          shape.maxLength === undefined ? undefined : `at most ${plural(shape.maxLength, 'character')}`,
        ];
  const said = bounds.filter((bound): bound is string => bound !== undefined);
  // a template literal type's strings (`a-${string}` | `b-${string}`) differ by their patterns alone
  const pattern = shape.kind === 'string' && shape.pattern !== undefined ? ` matching ${shape.pattern}` : '';
  return (said.length === 0 ? '' : ` of ${said.join(' and ')}`) + pattern;
}

function describeObject(shape: ObjectShape): string {
  const required = shape.properties.filter((property) => !property.optional);
  const named = required.length > 0 ? required : shape.properties;
  if (named.length === 0) {
    return 'an object';
  }
  const names = named.map((property) => jsonText(property.name)).join(', ');
  return required.length > 0 ? `an object with ${names}` : `an object with any of ${names}`;
}
