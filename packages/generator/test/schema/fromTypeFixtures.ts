import { validatorFixtures } from '../emit/validator/fixtures.js';
import { builds, issue, rejects, type Fixture } from './row.js';
import { variantFixtures } from './variants/fixtures.js';

export type { Fixture } from './row.js';

/** Fixtures by the kind of construct they show: the sections of the generated docs/schema.md. */
export interface FixtureGroup {
  readonly title: string;
  readonly fixtures: readonly Fixture[];
}

const ticket = `
interface Ticket {
  /** The ticket's number. */
  id: number;
  title: string;
  status: 'open' | 'closed';
}
`;

const ticketSchema = {
  type: 'object',
  properties: {
    id: { type: 'number', description: "The ticket's number." },
    title: { type: 'string' },
    status: { type: 'string', enum: ['open', 'closed'] },
  },
  required: ['id', 'title', 'status'],
  additionalProperties: false,
};

const aTicket = { id: 1, title: 'Printer on fire', status: 'open' };

/** A sample of the row of tags under readonly and the lib's Readonly: `sample` with valid `frozen` and `frozenPair` unless it has its own. */
function frozen(sample: Record<string, unknown>): Record<string, unknown> {
  return { frozen: [0], frozenPair: [1, 2], ...sample };
}

/**
 * The pattern of a number in a template literal type (`` `T-${number}` ``): decimal, and finite, as TypeScript takes a
 * number's text only when it is; so at most 200 digits before the point and an exponent of at most 99 (1e999 is Infinity).
 */
const finiteNumber = '[+-]?(?:\\d{1,200}(?:\\.\\d*)?|\\.\\d+)(?:[eE](?:-\\d+|\\+?\\d{1,2}))?';

/** A valid sample of the mapped-types row (keyword tags through a mapped type's template), with some of its members replaced. */
function subject(replaced: Record<string, unknown>): Record<string, unknown> {
  const valid = { byKey: { a: 'ab', b: '' }, remapped: { code: 'abc', count: 'x' }, renamed: { p_x: 1 }, keys: { code: 'code', count: 'count' } };
  return { ...valid, wrapped: { code: 1, count: 2 }, nullable: { code: null, count: 1 }, page: { first: { a: 'abc' } }, ...replaced };
}

/** The schema of `CodePage`, a `Page<Code>` with a `size`, in the inherited-members row (three of its members have it). */
const codePageSchema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: { type: 'string', maxLength: 3 } },
    first: { type: 'string', maxLength: 3 },
    size: { type: 'number', minimum: 0 },
  },
  required: ['items', 'size'],
  additionalProperties: false,
};

/** A sample of the inherited-members row: valid but for the members `replaced` gives. */
function inherited(replaced: Record<string, unknown>): Record<string, unknown> {
  const valid = { codes: { items: [], size: 0 }, box: { items: [], own: '' }, lists: { items: [] }, deeper: { items: [], size: 1 }, ticket: { id: '', title: '' } };
  return { ...valid, mixed: { items: [], size: 0 }, partial: {}, ordered: { k: 'alpha' }, nested: { items: [], first: '', size: 0 }, ...replaced };
}

export const fixtureGroups: readonly FixtureGroup[] = [
  {
    title: 'Primitives',
    fixtures: [
      {
        name: 'string',
        source: 'export type Subject = string;',
        want: { type: 'string' },
        valid: ['', 'text'],
        invalid: [1, null, true, ['a'], {}],
      },
      {
        name: 'number',
        source: 'export type Subject = number;',
        want: { type: 'number' },
        valid: [0, 1.5, -2],
        invalid: ['1', null, false],
      },
      {
        name: 'integer members from @integer and @asType integer',
        source: `export interface Subject {
          /** @integer */
          count: number;
          /** @asType integer */
          page: number;
          ratio: number;
        }`,
        want: {
          type: 'object',
          properties: { count: { type: 'integer' }, page: { type: 'integer' }, ratio: { type: 'number' } },
          required: ['count', 'page', 'ratio'],
          additionalProperties: false,
        },
        valid: [{ count: 1, page: 2, ratio: 0.5 }],
        invalid: [{ count: 1.5, page: 1, ratio: 1 }, { count: 1, page: 1.5, ratio: 1 }, { count: 1, ratio: 1 }, { count: 1, page: 1, ratio: 1, extra: 1 }],
      },
      {
        name: 'boolean',
        source: 'export type Subject = boolean;',
        want: { type: 'boolean' },
        valid: [true, false],
        invalid: ['true', 0, null],
      },
    ],
  },
  {
    title: 'Literals and enums',
    fixtures: [
      {
        name: 'string literal',
        source: "export type Subject = 'on';",
        want: { type: 'string', const: 'on' },
        valid: ['on'],
        invalid: ['off', 1],
      },
      {
        name: 'number literal',
        source: 'export type Subject = 42;',
        want: { type: 'number', const: 42 },
        valid: [42],
        invalid: [41, '42'],
      },
      {
        name: 'true alone is a literal',
        source: 'export type Subject = true;',
        want: { type: 'boolean', const: true },
        valid: [true],
        invalid: [false, 'true'],
      },
      {
        name: 'string literal union in declaration order',
        source: "export type Subject = 'medium' | 'low' | 'high';",
        want: { type: 'string', enum: ['medium', 'low', 'high'] },
        valid: ['low', 'medium', 'high'],
        invalid: ['urgent', 'LOW', 1],
      },
      {
        name: 'literal union keeps its written order when the checker met the literals in another order',
        source: `type Seen = 'open' | 'closed';
          export interface Subject { seen: Seen; written: 'closed' | 'open'; }`,
        want: {
          type: 'object',
          properties: { seen: { type: 'string', enum: ['open', 'closed'] }, written: { type: 'string', enum: ['closed', 'open'] } },
          required: ['seen', 'written'],
          additionalProperties: false,
        },
        valid: [{ seen: 'open', written: 'closed' }],
        invalid: [{ seen: 'open', written: 'pending' }],
      },
      {
        name: 'number literal union',
        source: 'export type Subject = 1 | 2 | 3;',
        want: { type: 'number', enum: [1, 2, 3] },
        valid: [1, 3],
        invalid: [4, '1'],
      },
      {
        name: 'literals of mixed kinds stay separate literals',
        source: "export type Subject = 'auto' | 0;",
        want: { anyOf: [{ type: 'string', const: 'auto' }, { type: 'number', const: 0 }] },
        valid: ['auto', 0],
        invalid: ['0', 1],
      },
      {
        name: 'string enum',
        source: "export enum Subject { Red = 'red', Green = 'green', Blue = 'blue' }",
        want: { type: 'string', enum: ['red', 'green', 'blue'] },
        valid: ['red', 'blue'],
        invalid: ['Red', 'yellow', 0],
      },
      {
        name: 'numeric enum',
        source: 'export enum Subject { Low, Mid = 5, High }',
        want: { type: 'number', enum: [0, 5, 6] },
        valid: [0, 5, 6],
        invalid: [1, 'Low'],
      },
      {
        name: 'const enum',
        source: "export const enum Subject { Up = 'UP', Down = 'DOWN' }",
        want: { type: 'string', enum: ['UP', 'DOWN'] },
        valid: ['UP', 'DOWN'],
        invalid: ['up'],
      },
      {
        name: 'one enum member is a literal',
        source: "enum Color { Red = 'red', Green = 'green' }\nexport type Subject = Color.Green;",
        want: { type: 'string', const: 'green' },
        valid: ['green'],
        invalid: ['red'],
      },
      {
        name: 'nullable enum',
        source: "enum Color { Red = 'red', Green = 'green' }\nexport type Subject = Color | null;",
        want: { anyOf: [{ type: 'string', enum: ['red', 'green'] }, { type: 'null' }] },
        valid: ['red', null],
        invalid: ['blue', undefined],
      },
    ],
  },
  {
    title: 'Arrays and tuples',
    fixtures: [
      {
        name: 'arrays in every spelling',
        source: `export interface Subject {
          plain: string[];
          readonlyArray: readonly number[];
          generic: Array<boolean>;
          readonlyGeneric: ReadonlyArray<string>;
          nested: number[][];
        }`,
        want: {
          type: 'object',
          properties: {
            plain: { type: 'array', items: { type: 'string' } },
            readonlyArray: { type: 'array', items: { type: 'number' } },
            generic: { type: 'array', items: { type: 'boolean' } },
            readonlyGeneric: { type: 'array', items: { type: 'string' } },
            nested: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
          },
          required: ['plain', 'readonlyArray', 'generic', 'readonlyGeneric', 'nested'],
          additionalProperties: false,
        },
        valid: [{ plain: [], readonlyArray: [1], generic: [true], readonlyGeneric: ['a'], nested: [[1, 2], []] }],
        invalid: [
          { plain: [1], readonlyArray: [1], generic: [true], readonlyGeneric: ['a'], nested: [] },
          { plain: 'a', readonlyArray: [1], generic: [true], readonlyGeneric: ['a'], nested: [] },
          { plain: [], readonlyArray: [1], generic: [true], readonlyGeneric: ['a'], nested: [1] },
        ],
      },
      {
        name: 'array of a literal union',
        source: "export type Subject = ('b' | 'a')[];",
        want: { type: 'array', items: { type: 'string', enum: ['b', 'a'] } },
        valid: [[], ['a', 'b']],
        invalid: [['c'], 'a'],
      },
      {
        name: 'an Iterable parameter takes an array',
        source: "export interface Subject { tags: Iterable<string>; order: Iterable<'b' | 'a'> }",
        want: {
          type: 'object',
          properties: {
            tags: { type: 'array', items: { type: 'string' } },
            order: { type: 'array', items: { type: 'string', enum: ['b', 'a'] } },
          },
          required: ['tags', 'order'],
          additionalProperties: false,
        },
        valid: [{ tags: [], order: [] }, { tags: ['a', 'b'], order: ['b', 'a', 'a'] }],
        invalid: [{ tags: 'a', order: [] }, { tags: [1], order: [] }, { tags: [], order: ['c'] }, { tags: {}, order: [] }],
      },
      {
        name: 'tuple',
        source: 'export type Subject = [string, number];',
        want: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false, minItems: 2, maxItems: 2 },
        valid: [['a', 1]],
        invalid: [['a'], ['a', 1, 2], [1, 'a'], []],
      },
      {
        name: 'tuple with named and optional elements',
        source: 'export type Subject = [name: string, age?: number];',
        want: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false, minItems: 1, maxItems: 2 },
        valid: [['a'], ['a', 1]],
        invalid: [[], ['a', 'b'], ['a', 1, 2]],
      },
      {
        name: 'readonly tuple',
        source: 'export type Subject = readonly [boolean, string];',
        want: { type: 'array', prefixItems: [{ type: 'boolean' }, { type: 'string' }], items: false, minItems: 2, maxItems: 2 },
        valid: [[true, 'a']],
        invalid: [[true], ['a', true]],
      },
      {
        // prefixItems must hold a schema (JSON Schema 2020-12's meta-schema): the empty tuple is the array of no items
        name: 'the empty tuple',
        source: 'export interface Subject { none: [] }',
        want: { type: 'object', properties: { none: { type: 'array', maxItems: 0 } }, required: ['none'], additionalProperties: false },
        valid: [{ none: [] }],
        invalid: [{ none: [1] }, { none: {} }, {}],
      },
      {
        name: 'tuple with a rest element',
        source: 'export type Subject = [string, ...number[]];',
        want: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'number' }, minItems: 1 },
        valid: [['a'], ['a', 1, 2, 3]],
        invalid: [[], ['a', 'b'], [1]],
      },
    ],
  },
  {
    title: 'Objects',
    fixtures: [
      {
        name: 'interface with nested objects, optional and undefined members',
        source: `export interface Subject {
          name: string;
          nickname?: string;
          email: string | undefined;
          address: { street: string; zip?: string };
        }`,
        want: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            nickname: { type: 'string' },
            email: { type: 'string' },
            address: {
              type: 'object',
              properties: { street: { type: 'string' }, zip: { type: 'string' } },
              required: ['street'],
              additionalProperties: false,
            },
          },
          required: ['name', 'address'],
          additionalProperties: false,
        },
        valid: [{ name: 'a', address: { street: 's' } }, { name: 'a', nickname: 'n', email: 'e', address: { street: 's', zip: '1' } }],
        invalid: [
          { address: { street: 's' } },
          { name: 'a', address: {} },
          { name: 'a', address: { street: 's', city: 'c' } },
          { name: 'a', nickname: null, address: { street: 's' } },
          { name: 'a', email: null, address: { street: 's' } },
          { name: 'a', address: { street: 's' }, extra: true },
        ],
      },
      {
        name: 'type alias of an object type',
        source: 'export type Subject = { readonly id: string; tags: string[] };',
        want: {
          type: 'object',
          properties: { id: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
          required: ['id', 'tags'],
          additionalProperties: false,
        },
        valid: [{ id: 'a', tags: [] }],
        invalid: [{ id: 'a' }, { id: 1, tags: [] }, null],
      },
      {
        name: 'interface members include inherited ones, first, and quoted names',
        source: `interface Base { id: string }
          export interface Subject extends Base { 'display-name': string; 2: boolean }`,
        want: {
          type: 'object',
          properties: { id: { type: 'string' }, 'display-name': { type: 'string' }, 2: { type: 'boolean' } },
          required: ['id', 'display-name', '2'],
          additionalProperties: false,
        },
        valid: [{ id: 'a', 'display-name': 'A', 2: true }],
        invalid: [{ id: 'a', 'display-name': 'A' }, { id: 'a', displayName: 'A', 2: true }],
      },
      {
        name: 'members in the order a reader sees them: bases first in extends order, then intersections as written, and Partial<T> as T',
        source: [
          'interface RepoRef { owner: string; repo: string }',
          'interface Numbered { number: number }',
          "class Stamped { created = ''; }",
          "class Note extends Stamped { text = ''; }",
          'interface PullRef extends RepoRef, Numbered { title: string; repo: string }',
          'export type Subject = { pull: PullRef; labelled: PullRef & { label: string }; note: Note; partial: Partial<PullRef> };',
        ].join('\n'),
        want: {
          type: 'object',
          properties: {
            pull: {
              type: 'object',
              properties: { owner: { type: 'string' }, repo: { type: 'string' }, number: { type: 'number' }, title: { type: 'string' } },
              required: ['owner', 'repo', 'number', 'title'],
              additionalProperties: false,
            },
            labelled: {
              type: 'object',
              properties: { owner: { type: 'string' }, repo: { type: 'string' }, number: { type: 'number' }, title: { type: 'string' }, label: { type: 'string' } },
              required: ['owner', 'repo', 'number', 'title', 'label'],
              additionalProperties: false,
            },
            note: {
              type: 'object',
              properties: { created: { type: 'string' }, text: { type: 'string' } },
              required: ['created', 'text'],
              additionalProperties: false,
            },
            partial: {
              type: 'object',
              properties: { owner: { type: 'string' }, repo: { type: 'string' }, number: { type: 'number' }, title: { type: 'string' } },
              required: [],
              additionalProperties: false,
            },
          },
          required: ['pull', 'labelled', 'note', 'partial'],
          additionalProperties: false,
        },
        valid: [{ pull: { owner: 'o', repo: 'r', number: 1, title: 't' }, labelled: { owner: 'o', repo: 'r', number: 1, title: 't', label: 'l' }, note: { created: '', text: '' }, partial: {} }],
        invalid: [{ pull: { owner: 'o', repo: 'r', title: 't' }, labelled: { owner: 'o', repo: 'r', number: 1, title: 't' }, note: { created: '', text: '' }, partial: {} }],
      },
      {
        name: 'class: data members only',
        source: `export class Subject {
          name = '';
          count: number = 0;
          readonly tags: string[] = [];
          constructor(public owner: string) {}
          greet(): string { return this.name; }
          get upper(): string { return this.name.toUpperCase(); }
          static create(): Subject { return new Subject('me'); }
        }`,
        want: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            count: { type: 'number' },
            tags: { type: 'array', items: { type: 'string' } },
            owner: { type: 'string' },
          },
          required: ['name', 'count', 'tags', 'owner'],
          additionalProperties: false,
        },
        valid: [{ name: 'a', count: 1, tags: [], owner: 'o' }],
        invalid: [{ name: 'a', count: 1, tags: [] }, { name: 'a', count: 1, tags: [], owner: 'o', upper: 'A' }],
      },
      {
        name: 'Record<string, T>',
        source: 'export type Subject = Record<string, number>;',
        want: { type: 'object', properties: {}, required: [], additionalProperties: { type: 'number' } },
        valid: [{}, { a: 1, b: 2 }],
        invalid: [{ a: '1' }, [], null],
      },
      {
        name: 'a map keyed by template literal types takes only the keys they allow (propertyNames), as a Record whose key alias has a @pattern does',
        source: `type OrderId = \`ORD-\${number}\`;
        /** @pattern ^[A-Z] */
        type CapName = string;
        export interface Subject {
          tags: Record<OrderId, string[]>;
          headers: { [name: \`x-\${string}\`]: string; [other: \`v\${number}\`]: string };
          named: { 'a.b': number; [key: \`n-\${number}\`]: number };
          capped: Record<CapName, number>;
        }`,
        want: {
          type: 'object',
          properties: {
            tags: {
              type: 'object',
              properties: {},
              required: [],
              additionalProperties: { type: 'array', items: { type: 'string' } },
              propertyNames: { pattern: `^ORD-${finiteNumber}$` },
            },
            headers: {
              type: 'object',
              properties: {},
              required: [],
              additionalProperties: { type: 'string' },
              propertyNames: { pattern: `^(?:x-[\\s\\S]*|v${finiteNumber})$` },
            },
            // propertyNames applies to every key: the named members' are allowed by name
            named: {
              type: 'object',
              properties: { 'a.b': { type: 'number' } },
              required: ['a.b'],
              additionalProperties: { type: 'number' },
              propertyNames: { pattern: `^(?:a\\.b)$|^n-${finiteNumber}$` },
            },
            // a Record's key alias's @pattern
            capped: { type: 'object', properties: {}, required: [], additionalProperties: { type: 'number' }, propertyNames: { pattern: '^[A-Z]' } },
          },
          required: ['tags', 'headers', 'named', 'capped'],
          additionalProperties: false,
        },
        valid: [{ tags: {}, headers: {}, named: { 'a.b': 1 }, capped: {} }, { tags: { 'ORD-1': ['a'], 'ORD-2.5': [] }, headers: { 'x-trace': '1', v2: 'yes' }, named: { 'a.b': 1, 'n-2': 3 }, capped: { Alice: 1 } }],
        invalid: [
          { tags: { foo: ['a'] }, headers: {}, named: { 'a.b': 1 }, capped: {} },
          { tags: { 'ORD-x': [] }, headers: {}, named: { 'a.b': 1 }, capped: {} },
          { tags: {}, headers: { trace: '1' }, named: { 'a.b': 1 }, capped: {} },
          { tags: { 'ORD-1': [1] }, headers: {}, named: { 'a.b': 1 }, capped: {} },
          { tags: {}, headers: {}, named: { 'a.b': 1, axb: 2 }, capped: {} },
          { tags: {}, headers: {}, named: { 'a.b': 1 }, capped: { alice: 1 } },
        ],
      },
      {
        name: 'string and numeric index signatures: a number index signature takes numbers\' names only',
        source: `export interface Subject {
          labels: { [key: string]: string };
          flags: { [index: number]: boolean };
          both: { [key: string]: boolean; [index: number]: boolean };
        }`,
        want: {
          type: 'object',
          properties: {
            labels: { type: 'object', properties: {}, required: [], additionalProperties: { type: 'string' } },
            flags: {
              type: 'object',
              properties: {},
              required: [],
              additionalProperties: { type: 'boolean' },
              propertyNames: { pattern: '^(?:0|-?[1-9]\\d{0,14}|-?(?:0|[1-9]\\d{0,5})\\.\\d{0,5}[1-9]|NaN|-?Infinity)$' },
            },
            both: { type: 'object', properties: {}, required: [], additionalProperties: { type: 'boolean' } },
          },
          required: ['labels', 'flags', 'both'],
          additionalProperties: false,
        },
        valid: [
          { labels: { a: 'b' }, flags: { 0: true, '-1.5': false, 10: true }, both: { a: true, 1: false } },
          { labels: {}, flags: { NaN: true, Infinity: true, '-Infinity': true, '0.000001': true, 123456789012345: true, '-0.5': true, '999999.99999': true }, both: {} },
        ],
        invalid: [
          { labels: { a: 1 }, flags: {}, both: {} },
          { labels: {}, flags: { 0: 'yes' }, both: {} },
          { labels: {}, flags: { a: true }, both: {} },
          { labels: {}, flags: { '01': true }, both: {} },
          // a key TypeScript takes is a number as JavaScript writes it (String(+key) === key): tsc refuses each of these
          ...['-0', '0.10', '1.0', '1.', '+1', '1e+5', '1e21', '0.0000001', '9007199254740993'].map((key) => ({ labels: {}, flags: { [key]: true }, both: {} })),
        ],
      },
      {
        name: 'properties beside an index signature',
        source: 'export interface Subject { id: string; [extra: string]: string }',
        want: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: { type: 'string' } },
        valid: [{ id: 'a' }, { id: 'a', other: 'b' }],
        invalid: [{ other: 'b' }, { id: 'a', other: 1 }],
      },
      {
        name: "Record<'a' | 'b', T> resolves to two properties",
        source: "export type Subject = Record<'low' | 'high', number>;",
        want: {
          type: 'object',
          properties: { low: { type: 'number' }, high: { type: 'number' } },
          required: ['low', 'high'],
          additionalProperties: false,
        },
        valid: [{ low: 1, high: 2 }],
        invalid: [{ low: 1 }, { low: 1, high: 2, mid: 3 }],
      },
      {
        name: 'object keyword',
        source: 'export type Subject = object;',
        want: { type: 'object', properties: {}, required: [], additionalProperties: {} },
        valid: [{}, { a: [1] }],
        invalid: ['a', 1, null],
      },
    ],
  },
  {
    title: 'Null, unions and intersections',
    fixtures: [
      {
        name: 'nullable members: null comes last',
        source: 'export interface Subject { name: null | string; parent: { id: string } | null }',
        want: {
          type: 'object',
          properties: {
            name: { anyOf: [{ type: 'string' }, { type: 'null' }] },
            parent: {
              anyOf: [{ type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false }, { type: 'null' }],
            },
          },
          required: ['name', 'parent'],
          additionalProperties: false,
        },
        valid: [{ name: null, parent: null }, { name: 'a', parent: { id: 'p' } }],
        invalid: [{ parent: null }, { name: 1, parent: null }, { name: null, parent: {} }],
      },
      {
        name: 'union of unrelated types in written order, boolean kept whole',
        source: 'export type Subject = boolean | string | number[];',
        want: { anyOf: [{ type: 'boolean' }, { type: 'string' }, { type: 'array', items: { type: 'number' } }] },
        valid: [true, 'a', [1]],
        invalid: [1, null, ['a']],
      },
      {
        name: 'nested unions flatten, literals collapse into one enum',
        source: "type Primary = 'red' | 'blue';\nexport type Subject = Primary | 'green' | null;",
        want: { anyOf: [{ type: 'string', enum: ['red', 'blue', 'green'] }, { type: 'null' }] },
        valid: ['red', 'green', null],
        invalid: ['yellow', 1],
      },
      {
        name: 'discriminated union',
        source: `export type Subject =
          | { kind: 'circle'; radius: number }
          | { kind: 'square'; side: number };`,
        want: {
          anyOf: [
            {
              type: 'object',
              properties: { kind: { type: 'string', const: 'circle' }, radius: { type: 'number' } },
              required: ['kind', 'radius'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: { kind: { type: 'string', const: 'square' }, side: { type: 'number' } },
              required: ['kind', 'side'],
              additionalProperties: false,
            },
          ],
        },
        valid: [
          { kind: 'circle', radius: 1 },
          { kind: 'square', side: 2 },
        ],
        invalid: [{ kind: 'triangle', side: 2 }, { kind: 'circle', side: 2 }, { kind: 'square' }],
      },
      {
        name: 'a union of documented types: each branch says what it is; a lone type beside null does not repeat the member\'s summary',
        source: `/** Pay by card. */
        interface CardPayment { kind: 'card'; last4: string }
        /** Pay against an invoice. */
        interface InvoicePayment { kind: 'invoice'; reference: string }
        /** A count. */
        type Count = number;
        export interface Subject {
          /** How it is paid. */
          payment: CardPayment | InvoicePayment;
          count: Count | null;
        }`,
        want: {
          type: 'object',
          properties: {
            payment: {
              anyOf: [
                {
                  type: 'object',
                  properties: { kind: { type: 'string', const: 'card' }, last4: { type: 'string' } },
                  required: ['kind', 'last4'],
                  additionalProperties: false,
                  description: 'Pay by card.',
                },
                {
                  type: 'object',
                  properties: { kind: { type: 'string', const: 'invoice' }, reference: { type: 'string' } },
                  required: ['kind', 'reference'],
                  additionalProperties: false,
                  description: 'Pay against an invoice.',
                },
              ],
              description: 'How it is paid.',
            },
            count: { anyOf: [{ type: 'number' }, { type: 'null' }], description: 'A count.' },
          },
          required: ['payment', 'count'],
          additionalProperties: false,
        },
        valid: [{ payment: { kind: 'card', last4: '4242' }, count: null }, { payment: { kind: 'invoice', reference: 'R-1' }, count: 3 }],
        invalid: [{ payment: { kind: 'card', reference: 'R-1' }, count: 1 }, { payment: { kind: 'invoice', reference: 'R-1' }, count: '3' }],
      },
      {
        name: 'intersection of object types merges them',
        source: `interface Named { name: string }
          interface Aged { age?: number }
          export type Subject = Named & Aged & { id: string };`,
        want: {
          type: 'object',
          properties: { name: { type: 'string' }, age: { type: 'number' }, id: { type: 'string' } },
          required: ['name', 'id'],
          additionalProperties: false,
        },
        valid: [{ name: 'a', id: 'i' }, { name: 'a', age: 3, id: 'i' }],
        invalid: [{ name: 'a' }, { name: 'a', id: 'i', extra: 1 }],
      },
      {
        name: 'branded primitive is the primitive',
        source: "export type Subject = { id: string & { readonly __brand: 'TicketId' }; cents: number & { __unit: 'cent' } };",
        want: {
          type: 'object',
          properties: { id: { type: 'string' }, cents: { type: 'number' } },
          required: ['id', 'cents'],
          additionalProperties: false,
        },
        valid: [{ id: 'T-1', cents: 100 }],
        invalid: [{ id: 1, cents: 100 }, { id: 'T-1', cents: '100' }],
      },
      {
        name: 'a union member whose intersection TypeScript reduces to never is left out, as TypeScript leaves it out',
        source: "export type Subject = ({ a: 'x'; b: number } & { a: 'y' }) | { c: string };",
        want: { type: 'object', properties: { c: { type: 'string' } }, required: ['c'], additionalProperties: false },
        valid: [{ c: 's' }],
        invalid: [{}, { a: 'x', b: 1 }, { a: 'y' }],
      },
      {
        name: 'string & {} is a string',
        source: "export type Subject = 'small' | 'large' | (string & {});",
        want: { anyOf: [{ type: 'string', const: 'small' }, { type: 'string', const: 'large' }, { type: 'string' }] },
        valid: ['small', 'medium'],
        invalid: [1, null],
      },
      {
        name: 'template literal type is a string with a pattern',
        source: 'export type Subject = `T-${number}`;',
        want: { type: 'string', pattern: `^T-${finiteNumber}$` },
        valid: ['T-12', 'T-1.5', 'T-007', 'T-+1', 'T--2.5e-3', 'T-.5', 'T-1.', 'T-1e-999', 'T-1e99', `T-${'9'.repeat(200)}e99`],
        // TypeScript takes a number's text only if it is finite: 1e999 is Infinity
        invalid: ['T-', 'X-1', 'T-one', 'T-1e999', `T-${'9'.repeat(400)}`, 'T-Infinity', 'T-NaN', 'T-1_000', 'T- 1'],
      },
      {
        name: 'a bigint in a template literal type is an integer\'s text, without leading zeros',
        source: 'export type Subject = `v${bigint}`;',
        want: { type: 'string', pattern: '^v-?(?:0|[1-9]\\d*)$' },
        valid: ['v0', 'v-0', 'v10', 'v-12', `v${'9'.repeat(400)}`],
        // TypeScript refuses v007, v01 and v+1 for `v${bigint}`
        invalid: ['v', 'v-', 'v007', 'v01', 'v+1', 'v1.5', 'v1e3', 'v1_000', 'v 1'],
      },
      {
        // TypeScript reads from the left: the string ends at the first '-', and what follows must be a number
        name: 'a template literal type is read from the left, as TypeScript reads it: a placeholder ends where the text after it first occurs',
        source: 'export type Subject = `${string}-${number}`;',
        want: { type: 'string', pattern: `^[^\\-]*-${finiteNumber}$` },
        valid: ['a-1', '-1', 'a--1', 'x-1e5'],
        invalid: ['a-b-1', 'a-1-2', 'a-', 'a', '-'],
      },
      {
        name: 'a number before a text ends at its first occurrence too, so it holds none of its first character',
        source: 'export type Subject = `${number}-${number}`;',
        want: { type: 'string', pattern: `^\\+?(?:\\d{1,200}(?:\\.\\d*)?|\\.\\d+)(?:[eE]\\+?\\d{1,2})?-${finiteNumber}$` },
        valid: ['1-2', '1--2', '1.5-2e3', '1e5-1'],
        invalid: ['-1-2', '1e-5-3', '1-'],
      },
      {
        name: 'a placeholder right before another takes one character',
        source: 'export type Subject = `${number}${number}`;',
        want: { type: 'string', pattern: `^\\d${finiteNumber}$` },
        valid: ['12', '1-2', '11.5'],
        invalid: ['-12', '.5.5', '1.5.5', '1', '1e5'],
      },
      {
        name: 'a string right before another placeholder takes one character',
        source: 'export type Subject = `${string}${number}`;',
        want: { type: 'string', pattern: `^[\\s\\S]${finiteNumber}$` },
        valid: ['a1', 'a-1', '-12'],
        invalid: ['abc1', 'ab-1', '1'],
      },
      {
        name: 'a placeholder before a text of several characters ends at its first occurrence',
        source: 'export type Subject = `<${string}>${number}` | `${string}ab${number}` | `${bigint}-${bigint}`;',
        want: {
          anyOf: [
            { type: 'string', pattern: `^<[^>]*>${finiteNumber}$` },
            { type: 'string', pattern: `^(?:(?!ab)[\\s\\S])*ab${finiteNumber}$` },
            { type: 'string', pattern: '^(?:0|[1-9]\\d*)--?(?:0|[1-9]\\d*)$' },
          ],
        },
        valid: ['<a>1', '<>1', 'xab1', 'aab1', 'ab1', '1-2', '1--2', '0-0'],
        invalid: ['<a>b>1', '<a>>1', 'abab1', 'xab', '-1-2'],
      },
      {
        name: 'a template literal type\'s string matches any string, line breaks included',
        source: 'export type Subject = `usr_${string}`;',
        want: { type: 'string', pattern: '^usr_[\\s\\S]*$' },
        valid: ['usr_', 'usr_a', 'usr_a\nb', 'usr_\r\n'],
        invalid: ['usr', 'x_usr_', 1],
      },
    ],
  },
  {
    title: 'Generics and mapped types',
    fixtures: [
      {
        name: 'generic instantiated',
        source: `${ticket}
          interface Page<T> { items: T[]; next: string | null }
          export type Subject = Page<Ticket>;`,
        want: {
          type: 'object',
          properties: { items: { type: 'array', items: ticketSchema }, next: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
          required: ['items', 'next'],
          additionalProperties: false,
        },
        valid: [{ items: [aTicket], next: null }],
        invalid: [{ items: [{ ...aTicket, status: 'pending' }], next: null }, { items: [], next: 1 }, { items: [aTicket] }],
      },
      {
        name: 'Partial',
        source: `${ticket}\nexport type Subject = Partial<Ticket>;`,
        want: { ...ticketSchema, required: [] },
        valid: [{}, { title: 'a' }],
        invalid: [{ id: '1' }, { other: 1 }],
      },
      {
        name: 'Required',
        source: 'interface Draft { title?: string; body?: string | undefined }\nexport type Subject = Required<Draft>;',
        want: {
          type: 'object',
          properties: { title: { type: 'string' }, body: { type: 'string' } },
          required: ['title', 'body'],
          additionalProperties: false,
        },
        valid: [{ title: 'a', body: 'b' }],
        invalid: [{ title: 'a' }],
      },
      {
        name: 'Pick',
        source: `${ticket}\nexport type Subject = Pick<Ticket, 'id' | 'status'>;`,
        want: {
          type: 'object',
          properties: { id: ticketSchema.properties.id, status: ticketSchema.properties.status },
          required: ['id', 'status'],
          additionalProperties: false,
        },
        valid: [{ id: 1, status: 'closed' }],
        invalid: [{ id: 1, status: 'closed', title: 'a' }, { id: 1 }],
      },
      {
        name: 'Omit',
        source: `${ticket}\nexport type Subject = Omit<Ticket, 'id'>;`,
        want: {
          type: 'object',
          properties: { title: ticketSchema.properties.title, status: ticketSchema.properties.status },
          required: ['title', 'status'],
          additionalProperties: false,
        },
        valid: [{ title: 'a', status: 'open' }],
        invalid: [{ id: 1, title: 'a', status: 'open' }],
      },
      {
        name: 'Readonly',
        source: `${ticket}\nexport type Subject = Readonly<Ticket>;`,
        want: ticketSchema,
        valid: [aTicket],
        invalid: [{ ...aTicket, id: 'one' }],
      },

      {
        name: 'a custom mapped type over Pick keeps member docs',
        source: `${ticket}
          type Nullable<T> = { [K in keyof T]: T[K] | null };
          export type Subject = Nullable<Pick<Ticket, 'id' | 'title'>>;`,
        want: {
          type: 'object',
          properties: {
            id: { anyOf: [{ type: 'number' }, { type: 'null' }], description: "The ticket's number." },
            title: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          },
          required: ['id', 'title'],
          additionalProperties: false,
        },
        valid: [{ id: null, title: 'a' }, { id: 1, title: null }],
        invalid: [{ id: null }, { id: 'one', title: null }],
      },
      {
        name: 'keyof an interface',
        // written nowhere the derivation sees (no type node, and the checker gives the union no alias): keys by name
        source: `${ticket}\nexport type Subject = keyof Ticket;`,
        want: { type: 'string', enum: ['id', 'status', 'title'] },
        valid: ['id', 'status'],
        invalid: ['owner'],
      },
    ],
  },
  {
    title: 'Recursion',
    fixtures: [
      {
        name: 'recursive interface',
        source: 'export interface Subject { value: string; children: Subject[] }',
        want: {
          $ref: '#/$defs/Subject',
          $defs: {
            Subject: {
              type: 'object',
              properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Subject' } } },
              required: ['value', 'children'],
              additionalProperties: false,
            },
          },
        },
        valid: [{ value: 'a', children: [{ value: 'b', children: [{ value: 'c', children: [] }] }] }],
        invalid: [
          { value: 'a', children: [{ value: 'b', children: [{ value: 3, children: [] }] }] },
          { value: 'a', children: [{ value: 'b', children: [{ value: 'c' }] }] },
        ],
      },
      {
        name: 'recursion inside a member, through null',
        source: `interface TreeNode { label: string; next: TreeNode | null }
          export interface Subject { head: TreeNode; size: number }`,
        want: {
          type: 'object',
          properties: { head: { $ref: '#/$defs/TreeNode' }, size: { type: 'number' } },
          required: ['head', 'size'],
          additionalProperties: false,
          $defs: {
            TreeNode: {
              type: 'object',
              properties: { label: { type: 'string' }, next: { anyOf: [{ $ref: '#/$defs/TreeNode' }, { type: 'null' }] } },
              required: ['label', 'next'],
              additionalProperties: false,
            },
          },
        },
        valid: [{ head: { label: 'a', next: { label: 'b', next: { label: 'c', next: null } } }, size: 3 }],
        invalid: [{ head: { label: 'a', next: { label: 'b', next: { label: 'c', next: 'd' } } }, size: 3 }, { head: { label: 'a' }, size: 1 }],
      },
      {
        name: 'recursive generic gets a sanitized def name',
        source: `interface Tree<T> { value: T; children: Tree<T>[] }
          export type Subject = { strings: Tree<string> };`,
        want: {
          type: 'object',
          properties: { strings: { $ref: '#/$defs/Tree_string' } },
          required: ['strings'],
          additionalProperties: false,
          $defs: {
            Tree_string: {
              type: 'object',
              properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Tree_string' } } },
              required: ['value', 'children'],
              additionalProperties: false,
            },
          },
        },
        valid: [{ strings: { value: 'a', children: [{ value: 'b', children: [{ value: 'c', children: [] }] }] } }],
        invalid: [{ strings: { value: 'a', children: [{ value: 'b', children: [{ value: 1, children: [] }] }] } }],
      },
      {
        name: 'mutually recursive types',
        source: `interface Folder { name: string; entries: Entry[] }
          interface Entry { file?: string; folder?: Folder }
          export type Subject = Folder;`,
        want: {
          $ref: '#/$defs/Folder',
          $defs: {
            Folder: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                entries: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { file: { type: 'string' }, folder: { $ref: '#/$defs/Folder' } },
                    required: [],
                    additionalProperties: false,
                  },
                },
              },
              required: ['name', 'entries'],
              additionalProperties: false,
            },
          },
        },
        valid: [{ name: 'root', entries: [{ folder: { name: 'a', entries: [{ folder: { name: 'b', entries: [{ file: 'c' }] } }] } }] }],
        invalid: [{ name: 'root', entries: [{ folder: { name: 'a', entries: [{ folder: { name: 'b', entries: [{ file: 3 }] } }] } }] }],
      },
      {
        name: 'recursive union alias',
        source: 'export type Subject = string | null | Subject[] | { [key: string]: Subject };',
        want: {
          $ref: '#/$defs/Subject',
          $defs: {
            Subject: {
              anyOf: [
                { type: 'string' },
                { type: 'array', items: { $ref: '#/$defs/Subject' } },
                { type: 'object', properties: {}, required: [], additionalProperties: { $ref: '#/$defs/Subject' } },
                { type: 'null' },
              ],
            },
          },
        },
        valid: [null, 'a', { a: ['b', { c: [null, 'd'] }] }],
        invalid: [1, ['a', ['b', [3]]], { a: { b: [true] } }],
      },
      {
        name: 'a recursive type reached twice is one def',
        source: `interface Category { name: string; parent: Category | null }
          export interface Subject { main: Category; others: Category[] }`,
        want: {
          type: 'object',
          properties: { main: { $ref: '#/$defs/Category' }, others: { type: 'array', items: { $ref: '#/$defs/Category' } } },
          required: ['main', 'others'],
          additionalProperties: false,
          $defs: {
            Category: {
              type: 'object',
              properties: { name: { type: 'string' }, parent: { anyOf: [{ $ref: '#/$defs/Category' }, { type: 'null' }] } },
              required: ['name', 'parent'],
              additionalProperties: false,
            },
          },
        },
        valid: [{ main: { name: 'a', parent: null }, others: [{ name: 'b', parent: { name: 'c', parent: null } }] }],
        invalid: [{ main: { name: 'a', parent: null }, others: [{ name: 'b', parent: { name: 'c', parent: { name: 4, parent: null } } }] }],
      },
      {
        name: 'def names stay unique when two types sanitize alike',
        source: `interface Tree<T> { value: T; children: Tree<T>[] }
          export interface Subject { a: Tree<string>; b: Tree<string[]> }`,
        want: {
          type: 'object',
          properties: { a: { $ref: '#/$defs/Tree_string' }, b: { $ref: '#/$defs/Tree_string_2' } },
          required: ['a', 'b'],
          additionalProperties: false,
          $defs: {
            Tree_string: {
              type: 'object',
              properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Tree_string' } } },
              required: ['value', 'children'],
              additionalProperties: false,
            },
            Tree_string_2: {
              type: 'object',
              properties: {
                value: { type: 'array', items: { type: 'string' } },
                children: { type: 'array', items: { $ref: '#/$defs/Tree_string_2' } },
              },
              required: ['value', 'children'],
              additionalProperties: false,
            },
          },
        },
        valid: [{ a: { value: 'x', children: [] }, b: { value: ['x'], children: [{ value: [], children: [] }] } }],
        invalid: [{ a: { value: ['x'], children: [] }, b: { value: ['x'], children: [] } }, { a: { value: 'x', children: [] }, b: { value: 'x', children: [] } }],
      },
    ],
  },
  {
    title: 'Date, unknown, any and empty objects',
    fixtures: [
      {
        name: 'Date',
        source: 'export interface Subject { due: Date; done: Date | null }',
        want: {
          type: 'object',
          properties: { due: { type: 'string', format: 'date-time' }, done: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] } },
          required: ['due', 'done'],
          additionalProperties: false,
        },
        valid: [builds({ due: '2024-05-01T10:00:00Z', done: null }, { due: new Date('2024-05-01T10:00:00Z'), done: null })],
        invalid: [{ due: 'tomorrow', done: null }, { due: 1714557600000, done: null }],
      },
      {
        name: 'Date members with @format date, time and date-time, as input',
        source: `export interface Subject {
          /** @format date */
          day: Date;
          /** @format time */
          at?: Date;
          /** @format date-time */
          when: Date | null;
        }`,
        want: {
          type: 'object',
          properties: {
            day: { type: 'string', format: 'date' },
            at: { type: 'string', format: 'time' },
            when: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
          },
          required: ['day', 'when'],
          additionalProperties: false,
        },
        // a date is its day at midnight UTC, a time that time on 1 January 1970 UTC
        valid: [builds({ day: '2026-01-31', at: '09:00:00Z', when: null }, { day: new Date('2026-01-31T00:00:00Z'), at: new Date('1970-01-01T09:00:00Z'), when: null })],
        invalid: [{ day: 20260131, when: null }, { day: '2026-01-31' }],
      },
      {
        name: 'Date members with @format date in a result: JSON.stringify sends a date-time',
        purpose: 'output',
        source: `export interface Subject {
          /** @format date */
          day: Date;
        }`,
        want: { type: 'object', properties: { day: { type: 'string', format: 'date-time' } }, required: ['day'], additionalProperties: false },
        valid: [{ day: '2026-01-31T00:00:00.000Z' }],
        invalid: [{ day: 1 }],
      },
      {
        name: 'Record<string, never>: an object with no properties',
        source: 'export interface Subject { meta: Record<string, never>; empty: { [key: string]: never } }',
        want: {
          type: 'object',
          properties: {
            meta: { type: 'object', properties: {}, required: [], additionalProperties: false },
            empty: { type: 'object', properties: {}, required: [], additionalProperties: false },
          },
          required: ['meta', 'empty'],
          additionalProperties: false,
        },
        valid: [{ meta: {}, empty: {} }],
        invalid: [{ meta: { a: 1 }, empty: {} }, { meta: {}, empty: { b: null } }],
      },
      {
        name: 'members JSON never holds are left out: symbol keys and members that can only be undefined',
        source: `declare const key: unique symbol;
          export interface Subject { [key]: string; [Symbol.iterator]?: () => Iterator<string>; name: string; gone: undefined; never?: undefined }`,
        want: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false },
        valid: [{ name: 'x' }],
        invalid: [{ name: 'x', gone: null }, {}],
      },
      {
        name: 'the same members of a result are left out too',
        purpose: 'output',
        source: `declare const key: unique symbol;
          export interface Subject { [key]: string; name: string; gone: undefined }`,
        want: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false },
        valid: [{ name: 'x' }],
        invalid: [{}],
      },
      {
        name: "a member without TSDoc of its own takes its declared type's",
        source: `/** How urgent an issue is. */
          type Priority = 'low' | 'high';
          /** Who works on an issue. */
          interface Person { name: string }
          /** How bad a failure is. */
          enum Severity { Minor = 'minor', Major = 'major' }
          export interface Subject {
            priority: Priority;
            later?: Priority;
            maybe: Priority | null;
            /** Its own words win. */
            own: Priority;
            owner: Person;
            severity: Severity;
            due: Date;
            labels: Record<string, string>;
          }`,
        want: {
          type: 'object',
          properties: {
            priority: { type: 'string', enum: ['low', 'high'], description: 'How urgent an issue is.' },
            later: { type: 'string', enum: ['low', 'high'], description: 'How urgent an issue is.' },
            maybe: { anyOf: [{ type: 'string', enum: ['low', 'high'] }, { type: 'null' }], description: 'How urgent an issue is.' },
            own: { type: 'string', enum: ['low', 'high'], description: 'Its own words win.' },
            owner: {
              type: 'object',
              properties: { name: { type: 'string' } },
              required: ['name'],
              additionalProperties: false,
              description: 'Who works on an issue.',
            },
            severity: { type: 'string', enum: ['minor', 'major'], description: 'How bad a failure is.' },
            due: { type: 'string', format: 'date-time' },
            labels: { type: 'object', properties: {}, required: [], additionalProperties: { type: 'string' } },
          },
          required: ['priority', 'maybe', 'own', 'owner', 'severity', 'due', 'labels'],
          additionalProperties: false,
        },
        valid: [
          builds(
            { priority: 'low', maybe: null, own: 'high', owner: { name: 'Ada' }, severity: 'minor', due: '2026-01-31T00:00:00Z', labels: {} },
            { priority: 'low', maybe: null, own: 'high', owner: { name: 'Ada' }, severity: 'minor', due: new Date('2026-01-31T00:00:00Z'), labels: {} },
          ),
        ],
        invalid: [{ priority: 'mid', maybe: null, own: 'high', owner: { name: 'Ada' }, severity: 'minor', due: '2026-01-31T00:00:00Z', labels: {} }],
      },
      {
        name: 'unknown and any',
        source: 'export interface Subject { payload: unknown; raw: any }',
        want: { type: 'object', properties: { payload: {}, raw: {} }, required: ['payload', 'raw'], additionalProperties: false },
        valid: [{ payload: 1, raw: null }, { payload: { a: 1 }, raw: 'x' }],
        invalid: [{ raw: 1 }, { payload: 1 }],
      },
    ],
  },
  {
    title: 'TSDoc on members',
    fixtures: [
      {
        name: 'TSDoc on members: description and keywords',
        source: `export interface Subject {
          /**
           * How many results to return.
           * @minimum 1
           * @maximum 100
           * @default 10
           */
          limit: number;
          /**
           * @exclusiveMinimum 0
           * @exclusiveMaximum 1
           */
          ratio: number;
          /**
           * Who to notify.
           * @format email
           * @minLength 3
           * @maxLength 50
           * @example "ada@example.com"
           * @example "alan@example.com"
           */
          email: string;
          /** @pattern ^[A-Z]{3}-\\d+$ */
          code: string;
          /**
           * @minItems 1
           * @maxItems 3
           */
          tags: string[];
          /**
           * Old name.
           * @deprecated Use code instead.
           */
          legacy?: string;
          /** @default { "sort": "asc" } */
          options?: { sort: 'asc' | 'desc' };
          /**
           * Applies to the number, not to null.
           * @minimum 0
           * @integer
           */
          retries: number | null;
          /** @integer */
          ids: number[];
          /** @see nothing, an unknown tag */
          plain: string;
        }`,
        want: {
          type: 'object',
          properties: {
            limit: { type: 'number', minimum: 1, maximum: 100, description: 'How many results to return.', default: 10 },
            ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
            email: { type: 'string', minLength: 3, maxLength: 50, format: 'email', description: 'Who to notify.', examples: ['ada@example.com', 'alan@example.com'] },
            code: { type: 'string', pattern: '^[A-Z]{3}-\\d+$' },
            tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
            legacy: { type: 'string', description: 'Old name.\n\nDeprecated: Use code instead.', deprecated: true },
            options: {
              type: 'object',
              properties: { sort: { type: 'string', enum: ['asc', 'desc'] } },
              required: ['sort'],
              additionalProperties: false,
              default: { sort: 'asc' },
            },
            retries: { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }], description: 'Applies to the number, not to null.' },
            ids: { type: 'array', items: { type: 'integer' } },
            plain: { type: 'string' },
          },
          required: ['limit', 'ratio', 'email', 'code', 'tags', 'retries', 'ids', 'plain'],
          additionalProperties: false,
        },
        valid: [
          { limit: 10, ratio: 0.5, email: 'ada@example.com', code: 'ABC-12', tags: ['a'], retries: null, ids: [1], plain: '' },
          { limit: 1, ratio: 0.1, email: 'a@b.co', code: 'XYZ-1', tags: ['a', 'b', 'c'], retries: 3, ids: [], plain: 'p', options: { sort: 'desc' } },
        ],
        invalid: [
          { limit: 0, ratio: 0.5, email: 'ada@example.com', code: 'ABC-12', tags: ['a'], retries: null, ids: [], plain: '' },
          { limit: 101, ratio: 0.5, email: 'ada@example.com', code: 'ABC-12', tags: ['a'], retries: null, ids: [], plain: '' },
          { limit: 10, ratio: 1, email: 'ada@example.com', code: 'ABC-12', tags: ['a'], retries: null, ids: [], plain: '' },
          { limit: 10, ratio: 0.5, email: 'not an email', code: 'ABC-12', tags: ['a'], retries: null, ids: [], plain: '' },
          { limit: 10, ratio: 0.5, email: 'ada@example.com', code: 'abc-12', tags: ['a'], retries: null, ids: [], plain: '' },
          { limit: 10, ratio: 0.5, email: 'ada@example.com', code: 'ABC-12', tags: [], retries: null, ids: [], plain: '' },
          { limit: 10, ratio: 0.5, email: 'ada@example.com', code: 'ABC-12', tags: ['a'], retries: 1.5, ids: [], plain: '' },
          { limit: 10, ratio: 0.5, email: 'ada@example.com', code: 'ABC-12', tags: ['a'], retries: -1, ids: [], plain: '' },
          { limit: 10, ratio: 0.5, email: 'ada@example.com', code: 'ABC-12', tags: ['a'], retries: null, ids: [0.5], plain: '' },
        ],
      },
      {
        name: 'TSDoc text: escapes decoded, an @ in a word kept, code spans as written',
        source: `export interface Subject {
          /** Repository owner, e.g. \\@octocat or an organization. */
          owner: string;
          /** Unescaped, the same (with a TSH025 warning): e.g. @octocat or an organization. */
          login: string;
          /** Files to match, such as **\\/*.ts, or \`src\\*.ts\` in a code span. */
          glob: string;
          /** Who to notify, e.g. ann@example.com. */
          email: string;
        }`,
        want: {
          type: 'object',
          properties: {
            owner: { type: 'string', description: 'Repository owner, e.g. @octocat or an organization.' },
            login: { type: 'string', description: 'Unescaped, the same (with a TSH025 warning): e.g. @octocat or an organization.' },
            glob: { type: 'string', description: 'Files to match, such as **/*.ts, or `src\\*.ts` in a code span.' },
            email: { type: 'string', description: 'Who to notify, e.g. ann@example.com.' },
          },
          required: ['owner', 'login', 'glob', 'email'],
          additionalProperties: false,
        },
        valid: [{ owner: 'octocat', login: 'octocat', glob: '**/*.ts', email: 'a' }],
        invalid: [{ owner: 'octocat', login: 'octocat', glob: '**/*.ts' }],
      },
      {
        name: 'keyword tags on a type alias apply wherever it is used, and the nearer tag wins',
        source: `/**
         * A page number.
         * @minimum 1
         */
        type PageNumber = number;
        /** @maxLength 40 */
        type Title = string;
        /** @maximum 10 */
        type EarlyPage = PageNumber;
        export interface Subject {
          page: PageNumber;
          early: EarlyPage;
          /**
           * The last page.
           * @minimum 2
           * @maximum 500
           */
          last: PageNumber;
          pages: PageNumber[];
          title?: Title | null;
        }`,
        want: {
          type: 'object',
          properties: {
            page: { type: 'number', minimum: 1, description: 'A page number.' },
            early: { type: 'number', minimum: 1, maximum: 10 },
            last: { type: 'number', minimum: 2, maximum: 500, description: 'The last page.' },
            pages: { type: 'array', items: { type: 'number', minimum: 1 } },
            title: { anyOf: [{ type: 'string', maxLength: 40 }, { type: 'null' }] },
          },
          required: ['page', 'early', 'last', 'pages'],
          additionalProperties: false,
        },
        valid: [{ page: 1, early: 10, last: 2, pages: [1, 2] }, { page: 1, early: 1, last: 500, pages: [], title: null }],
        invalid: [
          { page: 0, early: 1, last: 2, pages: [] },
          { page: 1, early: 0, last: 2, pages: [] },
          { page: 1, early: 11, last: 2, pages: [] },
          { page: 1, early: 1, last: 1, pages: [] },
          { page: 1, early: 1, last: 501, pages: [] },
          { page: 1, early: 1, last: 2, pages: [0] },
          { page: 1, early: 1, last: 2, pages: [], title: 'x'.repeat(41) },
        ],
      },
      {
        name: 'keyword tags on a type alias apply in a tuple\'s elements, a map\'s values and a union\'s members too',
        source: `/**
         * @integer
         * @minimum 1
         */
        type Count = number;
        /** @maxLength 8 */
        type Code = string;
        interface Stock {
          [code: string]: Count;
        }
        export interface Subject {
          pair: [Code, Count?];
          named: [code: Code, ...counts: Count[]];
          byCode: Record<string, Count>;
          inline: { [code: string]: Count };
          stock: Stock;
          either: Code | Count | boolean;
          maybe?: (Code | Count) | null;
        }`,
        want: {
          type: 'object',
          properties: {
            pair: { type: 'array', prefixItems: [{ type: 'string', maxLength: 8 }, { type: 'integer', minimum: 1 }], items: false, minItems: 1, maxItems: 2 },
            named: { type: 'array', prefixItems: [{ type: 'string', maxLength: 8 }], items: { type: 'integer', minimum: 1 }, minItems: 1 },
            byCode: { type: 'object', properties: {}, required: [], additionalProperties: { type: 'integer', minimum: 1 } },
            inline: { type: 'object', properties: {}, required: [], additionalProperties: { type: 'integer', minimum: 1 } },
            stock: { type: 'object', properties: {}, required: [], additionalProperties: { type: 'integer', minimum: 1 } },
            either: { anyOf: [{ type: 'string', maxLength: 8 }, { type: 'integer', minimum: 1 }, { type: 'boolean' }] },
            maybe: { anyOf: [{ type: 'string', maxLength: 8 }, { type: 'integer', minimum: 1 }, { type: 'null' }] },
          },
          required: ['pair', 'named', 'byCode', 'inline', 'stock', 'either'],
          additionalProperties: false,
        },
        valid: [
          { pair: ['A1', 2], named: ['B'], byCode: { a: 1 }, inline: {}, stock: { x: 3 }, either: true, maybe: null },
          { pair: ['A1'], named: ['B', 1, 2], byCode: {}, inline: { b: 9 }, stock: {}, either: 'abc', maybe: 4 },
        ],
        invalid: [
          { pair: ['A1', 0], named: ['B'], byCode: {}, inline: {}, stock: {}, either: 1 },
          { pair: ['too long code'], named: ['B'], byCode: {}, inline: {}, stock: {}, either: 1 },
          { pair: ['A1'], named: ['B', 1.5], byCode: {}, inline: {}, stock: {}, either: 1 },
          { pair: ['A1'], named: ['B'], byCode: { a: 0 }, inline: {}, stock: {}, either: 1 },
          { pair: ['A1'], named: ['B'], byCode: {}, inline: { a: 0 }, stock: {}, either: 1 },
          { pair: ['A1'], named: ['B'], byCode: {}, inline: {}, stock: { a: 0 }, either: 1 },
          { pair: ['A1'], named: ['B'], byCode: {}, inline: {}, stock: {}, either: 0 },
          { pair: ['A1'], named: ['B'], byCode: {}, inline: {}, stock: {}, either: 'too long code' },
          { pair: ['A1'], named: ['B'], byCode: {}, inline: {}, stock: {}, either: 1, maybe: 0.5 },
        ],
      },
      {
        name: 'keyword tags on a type alias apply under readonly, the lib\'s Readonly, Partial and Record, and in inline index signatures',
        source: `/** @minimum 0 */
        type NonNegative = number;
        export interface Subject {
          counts: Readonly<Record<string, NonNegative>>;
          list: readonly NonNegative[];
          array: ReadonlyArray<NonNegative>;
          tuple: readonly [NonNegative];
          keyed: Record<'a' | 'b', NonNegative>;
          partial: Partial<Record<'a', NonNegative>>;
          inline: Readonly<{ [key: string]: NonNegative }>;
          frozen: Readonly<NonNegative[]>;
          frozenPair: Readonly<[NonNegative, NonNegative]>;
        }`,
        want: {
          type: 'object',
          properties: {
            counts: { type: 'object', properties: {}, required: [], additionalProperties: { type: 'number', minimum: 0 } },
            list: { type: 'array', items: { type: 'number', minimum: 0 } },
            array: { type: 'array', items: { type: 'number', minimum: 0 } },
            tuple: { type: 'array', prefixItems: [{ type: 'number', minimum: 0 }], items: false, minItems: 1, maxItems: 1 },
            keyed: {
              type: 'object',
              properties: { a: { type: 'number', minimum: 0 }, b: { type: 'number', minimum: 0 } },
              required: ['a', 'b'],
              additionalProperties: false,
            },
            partial: { type: 'object', properties: { a: { type: 'number', minimum: 0 } }, required: [], additionalProperties: false },
            inline: { type: 'object', properties: {}, required: [], additionalProperties: { type: 'number', minimum: 0 } },
            frozen: { type: 'array', items: { type: 'number', minimum: 0 } },
            frozenPair: { type: 'array', prefixItems: [{ type: 'number', minimum: 0 }, { type: 'number', minimum: 0 }], items: false, minItems: 2, maxItems: 2 },
          },
          required: ['counts', 'list', 'array', 'tuple', 'keyed', 'partial', 'inline', 'frozen', 'frozenPair'],
          additionalProperties: false,
        },
        valid: [frozen({ counts: { x: 0 }, list: [1], array: [], tuple: [2], keyed: { a: 0, b: 3 }, partial: {}, inline: { y: 1 } })],
        invalid: [
          frozen({ counts: { x: -1 }, list: [], array: [], tuple: [0], keyed: { a: 0, b: 0 }, partial: {}, inline: {} }),
          frozen({ counts: {}, list: [-1], array: [], tuple: [0], keyed: { a: 0, b: 0 }, partial: {}, inline: {} }),
          frozen({ counts: {}, list: [], array: [-1], tuple: [0], keyed: { a: 0, b: 0 }, partial: {}, inline: {} }),
          frozen({ counts: {}, list: [], array: [], tuple: [-1], keyed: { a: 0, b: 0 }, partial: {}, inline: {} }),
          frozen({ counts: {}, list: [], array: [], tuple: [0], keyed: { a: 0, b: -1 }, partial: {}, inline: {} }),
          frozen({ counts: {}, list: [], array: [], tuple: [0], keyed: { a: 0, b: 0 }, partial: { a: -1 }, inline: {} }),
          frozen({ counts: {}, list: [], array: [], tuple: [0], keyed: { a: 0, b: 0 }, partial: {}, inline: { y: -1 } }),
          frozen({ counts: {}, list: [], array: [], tuple: [0], keyed: { a: 0, b: 0 }, partial: {}, inline: {}, frozen: [-1] }),
          frozen({ counts: {}, list: [], array: [], tuple: [0], keyed: { a: 0, b: 0 }, partial: {}, inline: {}, frozenPair: [0, -1] }),
        ],
      },
      {
        name: 'keyword tags on a type alias reach through an alias without parameters: of an array, a tuple, a Record, a union, another alias',
        source: `/** @minimum 0 */
        type NonNegative = number;
        /** @maxLength 3 */
        type Code = string;
        type Counts = NonNegative[];
        type Pair = [Code, NonNegative];
        type ByCode = Record<string, NonNegative>;
        type Keyed = Readonly<Record<'a', Code>>;
        /** @maxItems 2 */
        type FewCounts = Counts;
        type MaybeCodes = Code[] | null;
        export interface Subject {
          counts: Counts;
          pair: Pair;
          byCode: ByCode;
          keyed: Keyed;
          few: FewCounts;
          maybe?: MaybeCodes;
        }`,
        want: {
          type: 'object',
          properties: {
            counts: { type: 'array', items: { type: 'number', minimum: 0 } },
            pair: { type: 'array', prefixItems: [{ type: 'string', maxLength: 3 }, { type: 'number', minimum: 0 }], items: false, minItems: 2, maxItems: 2 },
            byCode: { type: 'object', properties: {}, required: [], additionalProperties: { type: 'number', minimum: 0 } },
            keyed: { type: 'object', properties: { a: { type: 'string', maxLength: 3 } }, required: ['a'], additionalProperties: false },
            few: { type: 'array', items: { type: 'number', minimum: 0 }, maxItems: 2 },
            maybe: { anyOf: [{ type: 'array', items: { type: 'string', maxLength: 3 } }, { type: 'null' }] },
          },
          required: ['counts', 'pair', 'byCode', 'keyed', 'few'],
          additionalProperties: false,
        },
        valid: [
          { counts: [0, 1], pair: ['abc', 0], byCode: { x: 1 }, keyed: { a: 'ab' }, few: [0, 2], maybe: ['a'] },
          { counts: [], pair: ['', 2], byCode: {}, keyed: { a: '' }, few: [], maybe: null },
        ],
        invalid: [
          { counts: [-1], pair: ['abc', 0], byCode: {}, keyed: { a: '' }, few: [] },
          { counts: [], pair: ['abcd', 0], byCode: {}, keyed: { a: '' }, few: [] },
          { counts: [], pair: ['abc', -1], byCode: {}, keyed: { a: '' }, few: [] },
          { counts: [], pair: ['abc', 0], byCode: { x: -1 }, keyed: { a: '' }, few: [] },
          { counts: [], pair: ['abc', 0], byCode: {}, keyed: { a: 'abcd' }, few: [] },
          { counts: [], pair: ['abc', 0], byCode: {}, keyed: { a: '' }, few: [-1] },
          { counts: [], pair: ['abc', 0], byCode: {}, keyed: { a: '' }, few: [0, 1, 2] },
          { counts: [], pair: ['abc', 0], byCode: {}, keyed: { a: '' }, few: [], maybe: ['abcd'] },
        ],
      },
      {
        name: 'keyword tags on a type alias reach a mapped type\'s members through its template; over keyof T they take none of T\'s',
        source: `/** @minimum 1 */
        type Count = number;
        /** @maxLength 3 */
        type Code = string;
        interface Stock {
          code: Code;
          count: Count;
        }
        type Wrap<T> = { [K in keyof T]: Count };
        type Nullable<T> = { [K in keyof T]: T[K] | null };
        interface Page<T> {
          first: { [K in 'a']: T };
        }
        export interface Subject {
          byKey: { [K in 'a' | 'b']: Code };
          remapped: { [K in keyof Stock]: Code };
          renamed: { [K in 'x' as \`p_\${K}\`]: Count };
          keys: { [K in keyof Stock]: K };
          wrapped: Wrap<Stock>;
          nullable: Nullable<Stock>;
          page: Page<Code>;
        }`,
        want: {
          type: 'object',
          properties: {
            byKey: {
              type: 'object',
              properties: { a: { type: 'string', maxLength: 3 }, b: { type: 'string', maxLength: 3 } },
              required: ['a', 'b'],
              additionalProperties: false,
            },
            remapped: {
              type: 'object',
              properties: { code: { type: 'string', maxLength: 3 }, count: { type: 'string', maxLength: 3 } },
              required: ['code', 'count'],
              additionalProperties: false,
            },
            renamed: { type: 'object', properties: { p_x: { type: 'number', minimum: 1 } }, required: ['p_x'], additionalProperties: false },
            keys: {
              type: 'object',
              properties: { code: { type: 'string', const: 'code' }, count: { type: 'string', const: 'count' } },
              required: ['code', 'count'],
              additionalProperties: false,
            },
            wrapped: {
              type: 'object',
              properties: { code: { type: 'number', minimum: 1 }, count: { type: 'number', minimum: 1 } },
              required: ['code', 'count'],
              additionalProperties: false,
            },
            nullable: {
              type: 'object',
              properties: {
                code: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] },
                count: { anyOf: [{ type: 'number', minimum: 1 }, { type: 'null' }] },
              },
              required: ['code', 'count'],
              additionalProperties: false,
            },
            page: {
              type: 'object',
              properties: {
                first: { type: 'object', properties: { a: { type: 'string', maxLength: 3 } }, required: ['a'], additionalProperties: false },
              },
              required: ['first'],
              additionalProperties: false,
            },
          },
          required: ['byKey', 'remapped', 'renamed', 'keys', 'wrapped', 'nullable', 'page'],
          additionalProperties: false,
        },
        valid: [subject({})],
        invalid: [
          subject({ byKey: { a: 'abcd', b: '' } }),
          subject({ remapped: { code: 'abc', count: 'abcd' } }),
          subject({ renamed: { p_x: 0 } }),
          subject({ keys: { code: 'code', count: 'x' } }),
          subject({ wrapped: { code: 0, count: 2 } }),
          subject({ nullable: { code: 'abcd', count: null } }),
          subject({ nullable: { code: null, count: 0 } }),
          subject({ page: { first: { a: 'abcd' } } }),
        ],
      },
      {
        name: 'keyword tags on a type alias reach a generic\'s members through T[] | null, the lib\'s Record and Readonly<Record<…>>',
        source: `/** @minimum 0 */
        type NonNegative = number;
        interface Tally<T> {
          list: T[] | null;
          byKey: Record<string, T>;
          fixed: Readonly<Record<'k', T>>;
        }
        export interface Subject {
          tally: Tally<NonNegative>;
          plain: Tally<number>;
        }`,
        want: {
          type: 'object',
          properties: {
            tally: {
              type: 'object',
              properties: {
                list: { anyOf: [{ type: 'array', items: { type: 'number', minimum: 0 } }, { type: 'null' }] },
                byKey: { type: 'object', properties: {}, required: [], additionalProperties: { type: 'number', minimum: 0 } },
                fixed: { type: 'object', properties: { k: { type: 'number', minimum: 0 } }, required: ['k'], additionalProperties: false },
              },
              required: ['list', 'byKey', 'fixed'],
              additionalProperties: false,
            },
            // the same generic instantiated with a plain number: no tags leak from the other instantiation
            plain: {
              type: 'object',
              properties: {
                list: { anyOf: [{ type: 'array', items: { type: 'number' } }, { type: 'null' }] },
                byKey: { type: 'object', properties: {}, required: [], additionalProperties: { type: 'number' } },
                fixed: { type: 'object', properties: { k: { type: 'number' } }, required: ['k'], additionalProperties: false },
              },
              required: ['list', 'byKey', 'fixed'],
              additionalProperties: false,
            },
          },
          required: ['tally', 'plain'],
          additionalProperties: false,
        },
        valid: [
          { tally: { list: [0], byKey: { a: 1 }, fixed: { k: 0 } }, plain: { list: [-1], byKey: { a: -1 }, fixed: { k: -1 } } },
          { tally: { list: null, byKey: {}, fixed: { k: 2 } }, plain: { list: null, byKey: {}, fixed: { k: 0 } } },
        ],
        invalid: [
          { tally: { list: [-1], byKey: {}, fixed: { k: 0 } }, plain: { list: null, byKey: {}, fixed: { k: 0 } } },
          { tally: { list: null, byKey: { a: -1 }, fixed: { k: 0 } }, plain: { list: null, byKey: {}, fixed: { k: 0 } } },
          { tally: { list: null, byKey: {}, fixed: { k: -1 } }, plain: { list: null, byKey: {}, fixed: { k: 0 } } },
        ],
      },
      {
        name: 'keyword tags on a type alias reach a member read by an indexed access type (Stock[\'code\'], Page<Code>[\'all\'])',
        source: `/** @maxLength 3 */
        type Code = string;
        /** @minimum 1 */
        type Count = number;
        interface Stock {
          code: Code;
          best: Count | null;
        }
        interface Page<T> {
          first: T;
          all: T[];
        }
        interface Plain<T> extends Page<string> {
          own: T;
        }
        export interface Subject {
          code: Stock['code'];
          best: Stock['best'];
          all: Page<Code>['all'];
          inherited: Plain<Code>['first'];
          own: Plain<Code>['own'];
        }`,
        want: {
          type: 'object',
          properties: {
            code: { type: 'string', maxLength: 3 },
            best: { anyOf: [{ type: 'number', minimum: 1 }, { type: 'null' }] },
            all: { type: 'array', items: { type: 'string', maxLength: 3 } },
            // Page<string>'s: Plain's own argument is not its base's
            inherited: { type: 'string' },
            own: { type: 'string', maxLength: 3 },
          },
          required: ['code', 'best', 'all', 'inherited', 'own'],
          additionalProperties: false,
        },
        valid: [
          { code: 'abc', best: null, all: ['a'], inherited: 'a longer string', own: 'ab' },
          { code: '', best: 1, all: [], inherited: '', own: '' },
        ],
        invalid: [
          { code: 'abcd', best: null, all: [], inherited: '', own: '' },
          { code: '', best: 0, all: [], inherited: '', own: '' },
          { code: '', best: null, all: ['abcd'], inherited: '', own: '' },
          { code: '', best: null, all: [], inherited: '', own: 'abcd' },
        ],
      },
      {
        name: 'keyword tags on a type alias reach through the lib\'s NonNullable<…>, which the checker resolves to the bare type',
        source: `/** @maxLength 3 */
        type Code = string;
        /**
         * @minimum 1
         * @integer
         */
        type Count = number;
        type Codes = Code[];
        interface Box<T> {
          value: NonNullable<T>;
        }
        export interface Subject {
          code: NonNullable<Code | null>;
          count: NonNullable<Count | undefined>;
          codes: NonNullable<Codes | null>;
          box: Box<Code | null>;
        }`,
        want: {
          type: 'object',
          properties: {
            code: { type: 'string', maxLength: 3 },
            count: { type: 'integer', minimum: 1 },
            codes: { type: 'array', items: { type: 'string', maxLength: 3 } },
            box: { type: 'object', properties: { value: { type: 'string', maxLength: 3 } }, required: ['value'], additionalProperties: false },
          },
          required: ['code', 'count', 'codes', 'box'],
          additionalProperties: false,
        },
        valid: [{ code: 'abc', count: 1, codes: ['a'], box: { value: '' } }],
        invalid: [
          { code: 'abcd', count: 1, codes: [], box: { value: '' } },
          { code: '', count: 0, codes: [], box: { value: '' } },
          { code: '', count: 1.5, codes: [], box: { value: '' } },
          { code: '', count: 1, codes: ['abcd'], box: { value: '' } },
          { code: '', count: 1, codes: [], box: { value: 'abcd' } },
        ],
      },
      {
        name: 'a union of template literal types: a string neither pattern takes is told both patterns',
        source: 'export interface Subject { key: `a-${string}` | `b-${number}` }',
        want: {
          type: 'object',
          properties: { key: { anyOf: [{ type: 'string', pattern: '^a-[\\s\\S]*$' }, { type: 'string', pattern: `^b-${finiteNumber}$` }] } },
          required: ['key'],
          additionalProperties: false,
        },
        valid: [{ key: 'a-x' }, { key: 'b-2' }],
        invalid: [
          rejects({ key: 'c-1' }, [
            issue('/key', `must be a string matching ^a-[\\s\\S]*$ or a string matching ^b-${finiteNumber}$; got "c-1"`),
          ]),
          { key: 'b-x' },
        ],
      },
      {
        name: 'a union of aliases of one type whose tags differ takes a value either allows, not only the first\'s',
        source: `/** @minimum 1 */
        type Count = number;
        /** @maximum 0 */
        type Negative = number;
        /** @maxLength 3 */
        type Code = string;
        export interface Subject {
          either: Count | Negative;
          maybe: Count | Negative | null;
          mixed: Code | boolean | Count | Negative;
          same: Count | Count;
        }`,
        want: {
          type: 'object',
          properties: {
            either: { anyOf: [{ type: 'number', minimum: 1 }, { type: 'number', maximum: 0 }] },
            maybe: { anyOf: [{ type: 'number', minimum: 1 }, { type: 'number', maximum: 0 }, { type: 'null' }] },
            mixed: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'boolean' }, { type: 'number', minimum: 1 }, { type: 'number', maximum: 0 }] },
            same: { type: 'number', minimum: 1 },
          },
          required: ['either', 'maybe', 'mixed', 'same'],
          additionalProperties: false,
        },
        valid: [
          { either: 5, maybe: null, mixed: true, same: 1 },
          { either: -3, maybe: -1, mixed: 0, same: 2 },
          { either: 1, maybe: 2, mixed: 'abc', same: 3 },
        ],
        invalid: [
          // a value of the right type that fails every member: the message says each member's bounds
          rejects({ either: 0.5, maybe: null, mixed: true, same: 1 }, [issue('/either', 'must be a number of at least 1 or a number of at most 0; got 0.5')]),
          { either: 1, maybe: 0.5, mixed: true, same: 1 },
          { either: 1, maybe: null, mixed: 0.5, same: 1 },
          { either: 1, maybe: null, mixed: 'abcd', same: 1 },
          { either: 1, maybe: null, mixed: true, same: 0 },
        ],
      },
      {
        name: 'keyword tags on a type alias reach a brand made of it (Code & { readonly __brand: \'Sku\' })',
        source: `/** @maxLength 3 */
        type Code = string;
        type Sku = Code & { readonly __brand: 'Sku' };
        export interface Subject {
          sku: Sku;
          skus: Sku[];
          inline: Code & { readonly __brand: 'Inline' };
          loose: Code & {};
        }`,
        want: {
          type: 'object',
          properties: {
            sku: { type: 'string', maxLength: 3 },
            skus: { type: 'array', items: { type: 'string', maxLength: 3 } },
            inline: { type: 'string', maxLength: 3 },
            loose: { type: 'string', maxLength: 3 },
          },
          required: ['sku', 'skus', 'inline', 'loose'],
          additionalProperties: false,
        },
        valid: [{ sku: 'abc', skus: ['a'], inline: '', loose: 'ab' }],
        invalid: [
          { sku: 'abcd', skus: [], inline: '', loose: '' },
          { sku: '', skus: ['abcd'], inline: '', loose: '' },
          { sku: '', skus: [], inline: 'abcd', loose: '' },
          { sku: '', skus: [], inline: '', loose: 'abcd' },
        ],
      },
      {
        name: 'keyword tags on a type alias reach a generic\'s members through a default type argument (interface Page<T = Code, U = T[]>)',
        source: `/** @maxLength 3 */
        type Code = string;
        interface Page<T = Code, U = T[]> {
          first: T;
          more: U;
        }
        export interface Subject {
          defaults: Page;
          given: Page<string>;
          half: Page<Code, number>;
        }`,
        want: {
          type: 'object',
          properties: {
            defaults: {
              type: 'object',
              properties: { first: { type: 'string', maxLength: 3 }, more: { type: 'array', items: { type: 'string', maxLength: 3 } } },
              required: ['first', 'more'],
              additionalProperties: false,
            },
            given: {
              type: 'object',
              properties: { first: { type: 'string' }, more: { type: 'array', items: { type: 'string' } } },
              required: ['first', 'more'],
              additionalProperties: false,
            },
            half: {
              type: 'object',
              properties: { first: { type: 'string', maxLength: 3 }, more: { type: 'number' } },
              required: ['first', 'more'],
              additionalProperties: false,
            },
          },
          required: ['defaults', 'given', 'half'],
          additionalProperties: false,
        },
        valid: [{ defaults: { first: 'abc', more: ['a'] }, given: { first: 'a long one', more: ['a long one'] }, half: { first: '', more: 5 } }],
        invalid: [
          { defaults: { first: 'abcd', more: [] }, given: { first: '', more: [] }, half: { first: '', more: 5 } },
          { defaults: { first: '', more: ['abcd'] }, given: { first: '', more: [] }, half: { first: '', more: 5 } },
          { defaults: { first: '', more: [] }, given: { first: '', more: [] }, half: { first: 'abcd', more: 5 } },
        ],
      },
      {
        name: 'an inherited member is read where its base declares it, in the scope of the extends clause\'s arguments (CodePage extends Page<Code>), never the derived type\'s own; so are the members of an intersection and of the lib\'s Partial<Page<Code>>, nested too',
        source: `/** @maxLength 3 */
        type Code = string;
        /** @minimum 0 */
        type Count = number;
        interface Page<T> {
          items: T[];
          first?: T;
        }
        interface CodePage extends Page<Code> {
          size: Count;
        }
        // Box's T is not Page's: Page's members are numbers
        interface Box<T> extends Page<number> {
          own: T;
        }
        interface Lists<T> extends Page<T[]> {}
        interface Deeper extends CodePage {}
        interface Keyed<K extends string> {
          k: K;
        }
        // the order the extends clause writes
        interface Ordered extends Keyed<'zeta' | 'alpha'> {}
        class Entity<T> {
          id!: T;
        }
        class Ticket extends Entity<Code> {
          title!: string;
        }
        export interface Subject {
          codes: CodePage;
          box: Box<Code>;
          lists: Lists<Code>;
          deeper: Deeper;
          ticket: Ticket;
          mixed: Page<Code> & { size: Count };
          partial: Partial<Page<Code>>;
          ordered: Ordered;
          nested: Required<Partial<Page<Code>>> & { size: Count };
        }`,
        want: {
          type: 'object',
          properties: {
            codes: codePageSchema,
            box: {
              type: 'object',
              properties: { items: { type: 'array', items: { type: 'number' } }, first: { type: 'number' }, own: { type: 'string', maxLength: 3 } },
              required: ['items', 'own'],
              additionalProperties: false,
            },
            lists: {
              type: 'object',
              properties: {
                items: { type: 'array', items: { type: 'array', items: { type: 'string', maxLength: 3 } } },
                first: { type: 'array', items: { type: 'string', maxLength: 3 } },
              },
              required: ['items'],
              additionalProperties: false,
            },
            deeper: codePageSchema,
            ticket: {
              type: 'object',
              properties: { id: { type: 'string', maxLength: 3 }, title: { type: 'string' } },
              required: ['id', 'title'],
              additionalProperties: false,
            },
            mixed: codePageSchema,
            partial: {
              type: 'object',
              properties: { items: { type: 'array', items: { type: 'string', maxLength: 3 } }, first: { type: 'string', maxLength: 3 } },
              required: [],
              additionalProperties: false,
            },
            ordered: { type: 'object', properties: { k: { type: 'string', enum: ['zeta', 'alpha'] } }, required: ['k'], additionalProperties: false },
            nested: {
              type: 'object',
              properties: {
                items: { type: 'array', items: { type: 'string', maxLength: 3 } },
                first: { type: 'string', maxLength: 3 },
                size: { type: 'number', minimum: 0 },
              },
              required: ['items', 'first', 'size'],
              additionalProperties: false,
            },
          },
          required: ['codes', 'box', 'lists', 'deeper', 'ticket', 'mixed', 'partial', 'ordered', 'nested'],
          additionalProperties: false,
        },
        valid: [
          {
            codes: { items: ['abc'], first: '', size: 0 },
            box: { items: [1234], first: 5, own: 'abc' },
            lists: { items: [['abc'], []], first: [] },
            deeper: { items: [], size: 1 },
            ticket: { id: 'abc', title: 'a long title' },
            mixed: { items: [], size: 0 },
            partial: { first: 'abc' },
            ordered: { k: 'zeta' },
            nested: { items: ['abc'], first: 'abc', size: 0 },
          },
        ],
        invalid: [
          inherited({ codes: { items: ['abcd'], size: 0 } }),
          inherited({ codes: { items: [], size: -1 } }),
          inherited({ box: { items: [], own: 'abcd' } }),
          inherited({ lists: { items: [['abcd']] } }),
          inherited({ ticket: { id: 'abcd', title: '' } }),
          inherited({ deeper: { items: [], first: 'abcd', size: 1 } }),
          inherited({ mixed: { items: ['abcd'], size: 0 } }),
          inherited({ partial: { items: ['abcd'] } }),
          inherited({ nested: { items: [], first: 'abcd', size: 0 } }),
        ],
      },
      {
        name: 'a type argument written with a type parameter in it (Page<T[]>, Page<Maybe<T>>) is read in the scope it is written in',
        source: `/** @maxLength 3 */
        type Code = string;
        type Maybe<T> = T | null;
        interface Page<T> {
          items: T[];
          first: T;
        }
        interface Wrap<T> {
          lists: Page<T[]>;
          maybes: Page<Maybe<T>>;
          objects: Page<{ code: T }>;
        }
        export interface Subject {
          wrap: Wrap<Code>;
        }`,
        want: {
          type: 'object',
          properties: {
            wrap: {
              type: 'object',
              properties: {
                lists: {
                  type: 'object',
                  properties: {
                    items: { type: 'array', items: { type: 'array', items: { type: 'string', maxLength: 3 } } },
                    first: { type: 'array', items: { type: 'string', maxLength: 3 } },
                  },
                  required: ['items', 'first'],
                  additionalProperties: false,
                },
                maybes: {
                  type: 'object',
                  properties: {
                    items: { type: 'array', items: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] } },
                    first: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] },
                  },
                  required: ['items', 'first'],
                  additionalProperties: false,
                },
                objects: {
                  type: 'object',
                  properties: {
                    items: {
                      type: 'array',
                      items: { type: 'object', properties: { code: { type: 'string', maxLength: 3 } }, required: ['code'], additionalProperties: false },
                    },
                    first: { type: 'object', properties: { code: { type: 'string', maxLength: 3 } }, required: ['code'], additionalProperties: false },
                  },
                  required: ['items', 'first'],
                  additionalProperties: false,
                },
              },
              required: ['lists', 'maybes', 'objects'],
              additionalProperties: false,
            },
          },
          required: ['wrap'],
          additionalProperties: false,
        },
        valid: [{ wrap: { lists: { items: [['abc']], first: [] }, maybes: { items: [null, 'abc'], first: null }, objects: { items: [], first: { code: 'abc' } } } }],
        invalid: [
          { wrap: { lists: { items: [['abcd']], first: [] }, maybes: { items: [], first: null }, objects: { items: [], first: { code: '' } } } },
          { wrap: { lists: { items: [], first: ['abcd'] }, maybes: { items: [], first: null }, objects: { items: [], first: { code: '' } } } },
          { wrap: { lists: { items: [], first: [] }, maybes: { items: ['abcd'], first: null }, objects: { items: [], first: { code: '' } } } },
          { wrap: { lists: { items: [], first: [] }, maybes: { items: [], first: 'abcd' }, objects: { items: [], first: { code: '' } } } },
          { wrap: { lists: { items: [], first: [] }, maybes: { items: [], first: null }, objects: { items: [{ code: 'abcd' }], first: { code: '' } } } },
        ],
      },
      {
        name: 'keyword tags on a type alias reach the members of a generic instantiated with it, T | null among them',
        source: `/** @minimum 0 */
        type NonNegative = number;
        /** @maxLength 3 */
        type Code = string;
        interface Page<T> {
          items: T[];
          first: T;
          meta: { last: T };
          pair: Pair<T, Code>;
          maybe?: T | null;
        }
        interface Pair<A, B> {
          left: A;
          right: B;
        }
        interface Other<T> {
          value: T;
          page: Page<T>;
        }
        export interface Subject {
          page: Page<NonNegative>;
          plain: Other<number>;
        }`,
        want: {
          type: 'object',
          properties: {
            page: {
              type: 'object',
              properties: {
                items: { type: 'array', items: { type: 'number', minimum: 0 } },
                first: { type: 'number', minimum: 0 },
                meta: { type: 'object', properties: { last: { type: 'number', minimum: 0 } }, required: ['last'], additionalProperties: false },
                pair: {
                  type: 'object',
                  properties: { left: { type: 'number', minimum: 0 }, right: { type: 'string', maxLength: 3 } },
                  required: ['left', 'right'],
                  additionalProperties: false,
                },
                maybe: { anyOf: [{ type: 'number', minimum: 0 }, { type: 'null' }] },
              },
              required: ['items', 'first', 'meta', 'pair'],
              additionalProperties: false,
            },
            // the same generic instantiated with a plain number: no tags leak from the other instantiation
            plain: {
              type: 'object',
              properties: {
                value: { type: 'number' },
                page: {
                  type: 'object',
                  properties: {
                    items: { type: 'array', items: { type: 'number' } },
                    first: { type: 'number' },
                    meta: { type: 'object', properties: { last: { type: 'number' } }, required: ['last'], additionalProperties: false },
                    pair: {
                      type: 'object',
                      properties: { left: { type: 'number' }, right: { type: 'string', maxLength: 3 } },
                      required: ['left', 'right'],
                      additionalProperties: false,
                    },
                    maybe: { anyOf: [{ type: 'number' }, { type: 'null' }] },
                  },
                  required: ['items', 'first', 'meta', 'pair'],
                  additionalProperties: false,
                },
              },
              required: ['value', 'page'],
              additionalProperties: false,
            },
          },
          required: ['page', 'plain'],
          additionalProperties: false,
        },
        valid: [
          {
            page: { items: [0, 1], first: 0, meta: { last: 2 }, pair: { left: 0, right: 'abc' }, maybe: null },
            plain: { value: -1, page: { items: [-1], first: -2, meta: { last: -3 }, pair: { left: -4, right: '' } } },
          },
        ],
        invalid: [
          { page: { items: [-1], first: 0, meta: { last: 0 }, pair: { left: 0, right: '' } }, plain: { value: 0, page: { items: [], first: 0, meta: { last: 0 }, pair: { left: 0, right: '' } } } },
          { page: { items: [], first: -1, meta: { last: 0 }, pair: { left: 0, right: '' } }, plain: { value: 0, page: { items: [], first: 0, meta: { last: 0 }, pair: { left: 0, right: '' } } } },
          { page: { items: [], first: 0, meta: { last: -1 }, pair: { left: 0, right: '' } }, plain: { value: 0, page: { items: [], first: 0, meta: { last: 0 }, pair: { left: 0, right: '' } } } },
          { page: { items: [], first: 0, meta: { last: 0 }, pair: { left: -1, right: '' } }, plain: { value: 0, page: { items: [], first: 0, meta: { last: 0 }, pair: { left: 0, right: '' } } } },
          { page: { items: [], first: 0, meta: { last: 0 }, pair: { left: 0, right: 'abcd' } }, plain: { value: 0, page: { items: [], first: 0, meta: { last: 0 }, pair: { left: 0, right: '' } } } },
          { page: { items: [], first: 0, meta: { last: 0 }, pair: { left: 0, right: '' } }, plain: { value: 0, page: { items: [], first: 0, meta: { last: 0 }, pair: { left: 0, right: 'abcd' } } } },
          { page: { items: [], first: 0, meta: { last: 0 }, pair: { left: 0, right: '' }, maybe: -1 }, plain: { value: 0, page: { items: [], first: 0, meta: { last: 0 }, pair: { left: 0, right: '' } } } },
        ],
      },
      {
        name: 'a recursive generic instantiated with a tagged alias and with its plain type is two defs',
        source: `/** @minimum 0 */
        type NonNegative = number;
        interface Tree<T> {
          value: T;
          children?: Tree<T>[];
        }
        export interface Subject {
          tagged: Tree<NonNegative>;
          plain: Tree<number>;
          again: Tree<NonNegative>;
        }`,
        want: {
          type: 'object',
          properties: { tagged: { $ref: '#/$defs/Tree_number' }, plain: { $ref: '#/$defs/Tree_number_2' }, again: { $ref: '#/$defs/Tree_number' } },
          required: ['tagged', 'plain', 'again'],
          additionalProperties: false,
          $defs: {
            Tree_number: {
              type: 'object',
              properties: { value: { type: 'number', minimum: 0 }, children: { type: 'array', items: { $ref: '#/$defs/Tree_number' } } },
              required: ['value'],
              additionalProperties: false,
            },
            Tree_number_2: {
              type: 'object',
              properties: { value: { type: 'number' }, children: { type: 'array', items: { $ref: '#/$defs/Tree_number_2' } } },
              required: ['value'],
              additionalProperties: false,
            },
          },
        },
        valid: [{ tagged: { value: 0, children: [{ value: 1 }] }, plain: { value: -1, children: [{ value: -2 }] }, again: { value: 3 } }],
        invalid: [
          { tagged: { value: 0, children: [{ value: -1 }] }, plain: { value: 0 }, again: { value: 0 } },
          { tagged: { value: 0 }, plain: { value: 0 }, again: { value: -1 } },
        ],
      },
      {
        name: 'keyword tags on a type alias reach a generic type alias instantiated with it: a union, an object, an array, a tuple, a reference',
        source: `/** @minimum 0 */
        type NonNegative = number;
        type Maybe<T> = T | null;
        type Box<T> = { value: T; maybe: Maybe<T> };
        type List<T> = readonly T[];
        type Pair<T> = [T, T];
        interface Holder<U> {
          held: U;
        }
        type Held<T> = Holder<T>;
        export interface Subject {
          maybe: Maybe<NonNegative>;
          box: Box<NonNegative>;
          list: List<NonNegative>;
          pair: Pair<NonNegative>;
          holder: Held<NonNegative>;
          plain: Maybe<number>;
        }`,
        want: {
          type: 'object',
          properties: {
            maybe: { anyOf: [{ type: 'number', minimum: 0 }, { type: 'null' }] },
            box: {
              type: 'object',
              properties: { value: { type: 'number', minimum: 0 }, maybe: { anyOf: [{ type: 'number', minimum: 0 }, { type: 'null' }] } },
              required: ['value', 'maybe'],
              additionalProperties: false,
            },
            list: { type: 'array', items: { type: 'number', minimum: 0 } },
            pair: { type: 'array', prefixItems: [{ type: 'number', minimum: 0 }, { type: 'number', minimum: 0 }], items: false, minItems: 2, maxItems: 2 },
            holder: { type: 'object', properties: { held: { type: 'number', minimum: 0 } }, required: ['held'], additionalProperties: false },
            // the same generic instantiated with a plain number: no tags leak from the other instantiation
            plain: { anyOf: [{ type: 'number' }, { type: 'null' }] },
          },
          required: ['maybe', 'box', 'list', 'pair', 'holder', 'plain'],
          additionalProperties: false,
        },
        valid: [{ maybe: 0, box: { value: 1, maybe: null }, list: [2], pair: [0, 3], holder: { held: 0 }, plain: -1 }],
        invalid: [
          { maybe: -1, box: { value: 1, maybe: null }, list: [], pair: [0, 0], holder: { held: 0 }, plain: null },
          { maybe: null, box: { value: -1, maybe: null }, list: [], pair: [0, 0], holder: { held: 0 }, plain: null },
          { maybe: null, box: { value: 1, maybe: -1 }, list: [], pair: [0, 0], holder: { held: 0 }, plain: null },
          { maybe: null, box: { value: 1, maybe: null }, list: [-1], pair: [0, 0], holder: { held: 0 }, plain: null },
          { maybe: null, box: { value: 1, maybe: null }, list: [], pair: [0, -1], holder: { held: 0 }, plain: null },
          { maybe: null, box: { value: 1, maybe: null }, list: [], pair: [0, 0], holder: { held: -1 }, plain: null },
        ],
      },
      {
        name: 'a recursive generic type alias instantiated with a tagged alias and with its plain type is two defs',
        source: `/** @minimum 0 */
        type NonNegative = number;
        type Nested<T> = T | Nested<T>[];
        export interface Subject {
          tagged: Nested<NonNegative>;
          plain: Nested<number>;
        }`,
        want: {
          type: 'object',
          properties: { tagged: { $ref: '#/$defs/Nested_number' }, plain: { $ref: '#/$defs/Nested_number_2' } },
          required: ['tagged', 'plain'],
          additionalProperties: false,
          $defs: {
            Nested_number: { anyOf: [{ type: 'number', minimum: 0 }, { type: 'array', items: { $ref: '#/$defs/Nested_number' } }] },
            Nested_number_2: { anyOf: [{ type: 'number' }, { type: 'array', items: { $ref: '#/$defs/Nested_number_2' } }] },
          },
        },
        valid: [{ tagged: [0, [1]], plain: [-1, [-2]] }],
        invalid: [{ tagged: [0, [-1]], plain: 0 }, { tagged: -1, plain: 0 }],
      },
      {
        name: 'a member declared again without a doc keeps its base member\'s doc',
        source: [
          'interface RepoRef {',
          '  /** The account that owns it. */',
          '  owner: string;',
          '  repo: string;',
          '}',
          "export interface Subject extends RepoRef { owner: 'octocat' | 'github'; title: string }",
        ].join('\n'),
        want: {
          type: 'object',
          properties: {
            owner: { type: 'string', enum: ['octocat', 'github'], description: 'The account that owns it.' },
            repo: { type: 'string' },
            title: { type: 'string' },
          },
          required: ['owner', 'repo', 'title'],
          additionalProperties: false,
        },
        valid: [{ owner: 'github', repo: 'r', title: 't' }],
        invalid: [{ owner: 'ann', repo: 'r', title: 't' }],
      },
      {
        name: 'a doc comment on the same line as its member',
        source: 'export interface Subject { /** The pull request\'s number. */ pull_number: number; /** Its title. */ title: string }',
        want: {
          type: 'object',
          properties: {
            pull_number: { type: 'number', description: "The pull request's number." },
            title: { type: 'string', description: 'Its title.' },
          },
          required: ['pull_number', 'title'],
          additionalProperties: false,
        },
        valid: [{ pull_number: 1, title: 'a' }],
        invalid: [{ pull_number: 1 }],
      },
    ],
  },
  {
    title: 'Functions: a parameter, and what JSON.stringify makes of results',
    fixtures: [
      {
        name: 'the parameter of a function',
        source: "export function subject(filter: { status?: 'closed' | 'open'; text: string }): void { void filter; }",
        want: {
          type: 'object',
          properties: { status: { type: 'string', enum: ['closed', 'open'] }, text: { type: 'string' } },
          required: ['text'],
          additionalProperties: false,
        },
        valid: [{ text: 'a' }, { text: 'a', status: 'open' }],
        invalid: [{ text: 'a', status: 'pending' }, {}],
      },
      {
        name: 'output: function members and class methods are dropped',
        purpose: 'output',
        source: `export class Subject {
          id = 1;
          onChange: () => void = () => {};
          callback?: (value: string) => void;
          describe(): string { return ''; }
        }`,
        want: { type: 'object', properties: { id: { type: 'number' } }, required: ['id'], additionalProperties: false },
        valid: [{ id: 1 }],
        invalid: [{}],
      },
      {
        name: 'output: interface methods are dropped too',
        purpose: 'output',
        source: 'export interface Subject { id: string; toString(): string }',
        want: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
        valid: [{ id: 'a' }],
        invalid: [{ id: 1 }],
      },
      {
        name: 'output: undefined in an array becomes null, at the root it is dropped',
        purpose: 'output',
        source: 'export type Subject = (string | undefined)[] | undefined;',
        want: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
        valid: [[], ['a', null]],
        invalid: [[1], null],
      },
    ],
  },
];

/**
 * The one table of constructs (issue 32): the groups docs/schema.md shows, then the rows of each provider-variant
 * feature (variants/fixtures.ts) and the rows that pin the validator's issues (emit/validator/fixtures.ts).
 * everyMode.test.ts runs each row through every mode; backends/ts7TypeHost.test.ts derives each on TypeScript 7.
 */
export const fixtures: readonly Fixture[] = [...fixtureGroups.flatMap((group) => group.fixtures), ...variantFixtures, ...validatorFixtures];
