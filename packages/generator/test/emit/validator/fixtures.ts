import type { ArgumentIssue } from '@toolgen/runtime';
import type { ShapeDocument } from '../../../src/schema/shape.js';
import { derive, deriveTogether } from '../../schema/fixture.js';

/** A value the validator accepts, and what it builds from it (the input itself unless said). */
export interface Accepted {
  readonly input: unknown;
  readonly want?: unknown;
}

/** A value the validator rejects, with exactly the issues it reports, in order. */
export interface Rejected {
  readonly input: unknown;
  readonly issues: readonly ArgumentIssue[];
}

/** One feature of the shape IR, written once: its document (from TypeScript or by hand) and samples. */
export interface ValidatorFixture {
  readonly name: string;
  /** TypeScript declaring `Subject`, derived with the schema fixture helper. */
  readonly source?: string;
  /** A document written by hand, for what TypeScript cannot declare. */
  readonly document?: ShapeDocument;
  readonly valid: readonly Accepted[];
  readonly invalid: readonly Rejected[];
  /** Why ajv cannot judge this fixture's samples, when it cannot. */
  readonly noOracle?: string;
}

const derived = new Map<ValidatorFixture, ShapeDocument>();

/** The fixture's document, derived once. */
export function documentOf(fixture: ValidatorFixture): ShapeDocument {
  if (fixture.document !== undefined) {
    return fixture.document;
  }
  let document = derived.get(fixture);
  if (document === undefined) {
    // every fixture's TypeScript in one program, on the first one asked for
    deriveTogether(validatorFixtures.flatMap((each) => (each.source === undefined ? [] : [{ source: each.source }])));
    const derivation = derive(fixture.source!);
    if (derivation.problems.length > 0) {
      throw new Error(`${fixture.name}: ${JSON.stringify(derivation.problems)}`);
    }
    document = derivation.document;
    derived.set(fixture, document);
  }
  return document;
}

function issue(pointer: string, message: string, expected?: ArgumentIssue['expected']): ArgumentIssue {
  return expected === undefined ? { pointer, message } : { pointer, message, expected };
}

const tree = { value: 'a', children: [{ value: 'b', children: [{ value: 'c', children: [] }] }] };

export const validatorFixtures: readonly ValidatorFixture[] = [
  {
    name: 'primitives, required members and extra properties',
    source: `export interface Subject {
      text: string;
      ratio: number;
      /** @integer */
      page: number;
      flag: boolean;
    }`,
    valid: [{ input: { text: '', ratio: -1.5, page: 3, flag: false } }, { input: { text: 'a', ratio: 1e300, page: -0, flag: true } }],
    invalid: [
      {
        input: { text: 42, ratio: '1', page: 1.5, flag: 'true' },
        issues: [
          issue('/text', 'must be a string; got 42', 'string'),
          issue('/ratio', 'must be a number; got "1"', 'number'),
          issue('/page', 'must be an integer; got 1.5', 'integer'),
          issue('/flag', 'must be a boolean; got "true"', 'boolean'),
        ],
      },
      {
        input: {},
        issues: [
          issue('/text', 'is required; send a string'),
          issue('/ratio', 'is required; send a number'),
          issue('/page', 'is required; send an integer'),
          issue('/flag', 'is required; send a boolean'),
        ],
      },
      {
        input: { text: null, ratio: 1, page: 1, flag: true, extra: 1, 'x/y': 2 },
        issues: [
          issue('/text', 'must be a string; got null', 'string'),
          issue('/extra', 'is not a parameter of this tool; remove it'),
          issue('/x~1y', 'is not a parameter of this tool; remove it'),
        ],
      },
      { input: [], issues: [issue('', 'must be an object; got an array', 'object')] },
      { input: 'text', issues: [issue('', 'must be an object; got "text"', 'object')] },
      { input: { text: 'a', ratio: Number.NaN, page: Infinity, flag: true }, issues: [issue('/ratio', 'must be a number; got NaN', 'number'), issue('/page', 'must be an integer; got Infinity', 'integer')] },
    ],
  },
  {
    name: 'optional members: absent, defaulted, and null',
    source: `export interface Subject {
      query: string;
      /** @default 10 */
      limit?: number;
      label?: string | undefined;
    }`,
    valid: [
      { input: { query: 'a' }, want: { query: 'a' } },
      { input: { query: 'a', limit: 5, label: 'x' } },
    ],
    invalid: [
      {
        input: { query: 'a', limit: null, label: null },
        issues: [issue('/limit', 'must be a number; got null', 'number'), issue('/label', 'must be a string; got null', 'string')],
      },
    ],
  },
  {
    name: 'nullable members',
    source: `export interface Subject {
      name: string | null;
      parent: { id: string } | null;
      /** @integer */
      retries?: number | null;
    }`,
    valid: [{ input: { name: null, parent: null } }, { input: { name: 'a', parent: { id: 'p' }, retries: null } }, { input: { name: 'a', parent: null, retries: 2 } }],
    invalid: [
      {
        input: { name: 3, parent: 3, retries: 1.5 },
        issues: [
          issue('/name', 'must be a string or null; got 3', 'string'),
          issue('/parent', 'must be an object or null; got 3', 'object'),
          issue('/retries', 'must be an integer or null; got 1.5', 'integer'),
        ],
      },
      { input: { parent: {} }, issues: [issue('/name', 'is required; send a string or null'), issue('/parent/id', 'is required; send a string')] },
      { input: { name: 'a', parent: null, retries: 'x' }, issues: [issue('/retries', 'must be an integer or null; got "x"', 'integer')] },
    ],
  },
  {
    name: 'nested objects and arrays: deep pointers, nested extras',
    source: `export interface Subject {
      filter: { status: 'open' | 'closed'; tags: string[]; owner: { name: string } };
    }`,
    valid: [{ input: { filter: { status: 'open', tags: [], owner: { name: 'ada' } } } }],
    invalid: [
      {
        input: { filter: { status: 'pending', tags: ['a', 2], owner: { name: 1, nick: 'x' }, sort: 'asc' } },
        issues: [
          issue('/filter/status', 'must be one of "open", "closed"; got "pending"'),
          issue('/filter/tags/1', 'must be a string; got 2', 'string'),
          issue('/filter/owner/name', 'must be a string; got 1', 'string'),
          issue('/filter/owner/nick', 'is not allowed here; remove it'),
          issue('/filter/sort', 'is not allowed here; remove it'),
        ],
      },
      { input: { filter: { status: 1, tags: 'a', owner: null } }, issues: [
        issue('/filter/status', 'must be one of "open", "closed"; got 1', 'string'),
        issue('/filter/tags', 'must be an array; got "a"', 'array'),
        issue('/filter/owner', 'must be an object; got null', 'object'),
      ] },
    ],
  },
  {
    name: 'enums and literals',
    source: `enum Priority { Low, Mid = 5, High }
      enum Color { Red = 'red', Green = 'green' }
      export interface Subject {
        priority: Priority;
        color: Color;
        version: 2;
        strict: true;
        mode: 'auto' | 0;
        size: 'xs' | 's' | 'm' | 'l' | 'xl' | 'xxl' | 'xxxl';
      }`,
    valid: [{ input: { priority: 5, color: 'green', version: 2, strict: true, mode: 'auto', size: 'xxxl' } }, { input: { priority: 0, color: 'red', version: 2, strict: true, mode: 0, size: 'xs' } }],
    invalid: [
      {
        input: { priority: 1, color: 'Red', version: 3, strict: false, mode: '0', size: 'huge' },
        issues: [
          issue('/priority', 'must be one of 0, 5, 6; got 1'),
          issue('/color', 'must be one of "red", "green"; got "Red"'),
          issue('/version', 'must be 2; got 3'),
          issue('/strict', 'must be true; got false'),
          issue('/mode', 'must be "auto"; got "0"'),
          issue('/size', 'must be one of "xs", "s", "m", "l", "xl", "xxl", "xxxl"; got "huge"'),
        ],
      },
      {
        input: { priority: '5', color: 1, version: '2', strict: 'true', mode: 1, size: null },
        issues: [
          issue('/priority', 'must be one of 0, 5, 6; got "5"', 'number'),
          issue('/color', 'must be one of "red", "green"; got 1', 'string'),
          issue('/version', 'must be 2; got "2"', 'number'),
          issue('/strict', 'must be true; got "true"', 'boolean'),
          issue('/mode', 'must be 0; got 1'),
          issue('/size', 'must be one of "xs", "s", "m", "l", "xl", "xxl", "xxxl"; got null', 'string'),
        ],
      },
      { input: { priority: 0, color: 'red', version: 2, strict: true, mode: true, size: 's' }, issues: [issue('/mode', 'must be "auto" or 0; got true')] },
    ],
  },
  {
    name: 'discriminated union',
    source: `export interface Subject {
      shape:
        | { kind: 'circle'; radius: number }
        | { kind: 'square'; side: number };
    }`,
    valid: [{ input: { shape: { kind: 'circle', radius: 1 } } }, { input: { shape: { kind: 'square', side: 2 } } }],
    invalid: [
      { input: { shape: { kind: 'triangle', side: 2 } }, issues: [issue('/shape/kind', 'must be one of "circle", "square"; got "triangle"')] },
      { input: { shape: { side: 2 } }, issues: [issue('/shape/kind', 'is required; send one of "circle", "square"')] },
      { input: { shape: { kind: 7 } }, issues: [issue('/shape/kind', 'must be one of "circle", "square"; got 7', 'string')] },
      {
        input: { shape: { kind: 'circle', radius: '1', side: 2 } },
        issues: [issue('/shape/radius', 'must be a number; got "1"', 'number'), issue('/shape/side', 'is not allowed here; remove it')],
      },
      { input: { shape: 'circle' }, issues: [issue('/shape', 'must be an object; got "circle"', 'object')] },
    ],
  },
  {
    name: 'plain unions',
    source: `export interface Subject {
      value: string | number[] | boolean;
      pick: { a: string } | { b: number };
      id?: string | number | null;
    }`,
    valid: [
      { input: { value: 'a', pick: { a: 'x' } } },
      { input: { value: [1, 2], pick: { b: 1 }, id: 3 } },
      { input: { value: true, pick: { a: 'x' }, id: null } },
    ],
    invalid: [
      {
        input: { value: null, pick: { c: 1 }, id: true },
        issues: [
          issue('/value', 'must be a string, an array or a boolean; got null'),
          issue('/pick', 'must be an object with "a" or an object with "b"; got an object'),
          issue('/id', 'must be a string, a number or null; got true'),
        ],
      },
      { input: { value: [1, 'a'], pick: [] }, issues: [issue('/value/1', 'must be a number; got "a"', 'number'), issue('/pick', 'must be an object; got an array', 'object')] },
    ],
  },
  {
    name: 'unions of every kind',
    source: `type Json = string | null | Json[] | { [key: string]: Json };
      export interface Subject {
        a: { kind: 'x'; v: number } | { kind: 'y' } | null;
        b: string[] | number[];
        c: 'small' | 'large' | (string & {});
        e: [string, number] | string;
        f?: unknown[] | null;
        g?: Date | string;
        h?: number | boolean;
        json?: Json;
      }`,
    valid: [
      { input: { a: null, b: [], c: 'medium', e: 'x' } },
      {
        input: { a: { kind: 'x', v: 1 }, b: ['a'], c: 'small', e: ['a', 1], f: null, g: '2026-01-31T09:00:00Z', h: true, json: { a: ['b', null, { c: 'd' }] } },
        want: { a: { kind: 'x', v: 1 }, b: ['a'], c: 'small', e: ['a', 1], f: null, g: new Date('2026-01-31T09:00:00Z'), h: true, json: { a: ['b', null, { c: 'd' }] } },
      },
      { input: { a: { kind: 'y' }, b: [1], c: 'large', e: 'e', f: [1, 'a'], g: 'soon', h: 1.5, json: null } },
      { input: { a: null, b: [], c: '', e: '', json: JSON.parse('{"__proto__": {"constructor": ["prototype"], "prototype": {"__proto__": null}}}') } },
    ],
    invalid: [
      {
        input: { a: { kind: 'z' }, b: [1, 'a'], c: 1, e: ['a'], f: 'x', g: 1, h: 'x', json: { a: [1] } },
        issues: [
          issue('/a/kind', 'must be one of "x", "y"; got "z"'),
          issue('/b', 'must be an array with each item a string or an array with each item a number; got an array'),
          issue('/c', 'must be "small", "large" or a string; got 1', 'string'),
          issue('/e', 'must have exactly 2 items; got 1'),
          issue('/f', 'must be an array or null; got "x"', 'array'),
          issue('/g', 'must be a date-time string or a string; got 1', 'string'),
          issue('/h', 'must be a number or a boolean; got "x"'),
          issue('/json/a/0', 'must be a string, an array, an object or null; got 1'),
        ],
      },
      {
        input: { a: 3, b: 'x', c: null, e: 3, h: null, json: 1 },
        issues: [
          issue('/a', 'must be an object or null; got 3', 'object'),
          issue('/b', 'must be an array; got "x"', 'array'),
          issue('/c', 'must be "small", "large" or a string; got null', 'string'),
          issue('/e', 'must be an array or a string; got 3'),
          issue('/h', 'must be a number or a boolean; got null'),
          issue('/json', 'must be a string, an array, an object or null; got 1'),
        ],
      },
      { input: { a: { kind: 'x', v: 'one' }, b: [], c: '', e: '', json: JSON.parse('{"__proto__": 1}') }, issues: [
        issue('/a/v', 'must be a number; got "one"', 'number'),
        issue('/json/__proto__', 'must be a string, an array, an object or null; got 1'),
      ] },
    ],
  },
  {
    name: 'unions TypeScript does not write: mixed enums, any after a date, references, nested unions',
    document: {
      root: {
        kind: 'object',
        properties: [
          { name: 'mixed', shape: { kind: 'union', members: [{ kind: 'enum', values: ['a', 1] }, { kind: 'boolean' }] }, optional: true },
          { name: 'loose', shape: { kind: 'union', members: [{ kind: 'date' }, { kind: 'any' }] }, optional: true },
          { name: 'leaf', shape: { kind: 'union', members: [{ kind: 'ref', name: 'Leaf' }, { kind: 'null' }] }, optional: true },
          {
            name: 'nested',
            shape: { kind: 'union', members: [{ kind: 'union', members: [{ kind: 'string', maxLength: 2 }, { kind: 'number', integer: true }] }, { kind: 'null' }] },
            optional: true,
          },
          { name: 'shared', shape: { kind: 'union', members: [{ kind: 'ref', name: 'Leaf' }, { kind: 'ref', name: 'Other' }] }, optional: true },
        ],
        additionalProperties: false,
      },
      defs: {
        Leaf: { kind: 'object', properties: [{ name: 'tag', shape: { kind: 'literal', value: 'leaf' }, optional: false }, { name: 'v', shape: { kind: 'number', integer: false }, optional: true }], additionalProperties: false },
        Other: { kind: 'object', properties: [{ name: 'tag', shape: { kind: 'literal', value: 'other' }, optional: false }], additionalProperties: false },
      },
    },
    valid: [
      { input: { mixed: 'a', loose: '2026-01-31T09:00:00Z', leaf: null, nested: 'ab', shared: { tag: 'other' } }, want: { mixed: 'a', loose: new Date('2026-01-31T09:00:00Z'), leaf: null, nested: 'ab', shared: { tag: 'other' } } },
      { input: { mixed: 1, loose: 'later', leaf: { tag: 'leaf', v: 2 }, nested: 3, shared: { tag: 'leaf' } } },
      { input: { mixed: false, loose: { any: [1] }, nested: null } },
    ],
    invalid: [
      {
        input: { mixed: 2, leaf: { tag: 'leaf', v: '2' }, nested: 'abc', shared: { tag: 'x' } },
        issues: [
          issue('/mixed', 'must be one of "a", 1; got 2'),
          issue('/leaf/v', 'must be a number; got "2"', 'number'),
          issue('/nested', 'must be at most 2 characters long; got 3'),
          issue('/shared/tag', 'must be one of "leaf", "other"; got "x"'),
        ],
      },
      {
        input: { mixed: null, leaf: 1, nested: 1.5, shared: 'leaf' },
        issues: [
          issue('/mixed', 'must be one of "a", 1 or a boolean; got null'),
          issue('/leaf', 'must be an object or null; got 1', 'object'),
          issue('/nested', 'must be an integer or null; got 1.5', 'integer'),
          issue('/shared', 'must be an object; got "leaf"', 'object'),
        ],
      },
    ],
  },
  {
    name: 'tuples',
    source: `export interface Subject {
      pair: [string, number];
      range: [start: number, end?: number];
      path: [string, ...number[]];
    }`,
    valid: [{ input: { pair: ['a', 1], range: [1], path: ['a'] } }, { input: { pair: ['a', 1], range: [1, 2], path: ['a', 1, 2, 3] } }],
    invalid: [
      {
        input: { pair: ['a', 1, 2], range: [], path: [] },
        issues: [
          issue('/pair', 'must have exactly 2 items; got 3'),
          issue('/range', 'must have at least 1 item; got 0'),
          issue('/path', 'must have at least 1 item; got 0'),
        ],
      },
      {
        input: { pair: [1, 'a'], range: [1, 2, 3], path: ['a', 1, 'b'] },
        issues: [
          issue('/pair/0', 'must be a string; got 1', 'string'),
          issue('/pair/1', 'must be a number; got "a"', 'number'),
          issue('/range', 'must have at most 2 items; got 3'),
          issue('/path/2', 'must be a number; got "b"', 'number'),
        ],
      },
      { input: { pair: ['a'], range: {}, path: ['a'] }, issues: [issue('/pair', 'must have exactly 2 items; got 1'), issue('/range', 'must be an array; got an object', 'array')] },
    ],
  },
  {
    name: 'maps',
    source: `export interface Subject {
      counts: Record<string, number>;
      labels: { id: string; [key: string]: string };
    }`,
    valid: [
      { input: { counts: {}, labels: { id: 'a' } } },
      { input: { counts: { a: 1, 'b/c': 2 }, labels: { id: 'a', other: 'b' } } },
      // reserved names are ordinary keys wherever the schema allows any key
      { input: { counts: JSON.parse('{"__proto__": 1, "constructor": 2, "prototype": 3, "ok": 4}'), labels: JSON.parse('{"id": "a", "__proto__": "b", "constructor": "c"}') } },
    ],
    invalid: [
      {
        input: { counts: JSON.parse('{"__proto__": "1", "constructor": null, "prototype": 3}'), labels: { id: 'a' } },
        issues: [
          issue('/counts/__proto__', 'must be a number; got "1"', 'number'),
          issue('/counts/constructor', 'must be a number; got null', 'number'),
        ],
      },
      {
        input: { counts: { 'a/b': '1', 'm~n': 2 }, labels: { other: 1 } },
        issues: [issue('/counts/a~1b', 'must be a number; got "1"', 'number'), issue('/labels/id', 'is required; send a string'), issue('/labels/other', 'must be a string; got 1', 'string')],
      },
    ],
  },
  {
    name: 'recursion through defs',
    source: `interface TreeNode { value: string; children: TreeNode[] }
      export interface Subject { tree: TreeNode; next: TreeNode | null }`,
    valid: [{ input: { tree, next: null } }, { input: { tree: { value: 'x', children: [] }, next: tree } }],
    invalid: [
      {
        input: { tree: { value: 'a', children: [{ value: 'b', children: [{ value: 3, children: [], extra: 1 }] }] }, next: { value: 'n' } },
        issues: [
          issue('/tree/children/0/children/0/value', 'must be a string; got 3', 'string'),
          issue('/tree/children/0/children/0/extra', 'is not allowed here; remove it'),
          issue('/next/children', 'is required; send an array'),
        ],
      },
      { input: { tree: 1, next: 2 }, issues: [issue('/tree', 'must be an object; got 1', 'object'), issue('/next', 'must be an object or null; got 2', 'object')] },
    ],
  },
  {
    name: 'a recursive root',
    source: 'export interface Subject { value: string; children?: Subject[] }',
    valid: [{ input: tree }, { input: { value: 'leaf' } }],
    invalid: [
      {
        input: { value: 'a', children: [{ value: 'b', children: [{ value: 'c', children: null }] }, { children: [] }] },
        issues: [issue('/children/0/children/0/children', 'must be an array; got null', 'array'), issue('/children/1/value', 'is required; send a string')],
      },
      { input: { value: 'a', other: 1 }, issues: [issue('/other', 'is not allowed here; remove it')] },
    ],
  },
  {
    name: 'string keywords and formats',
    source: `export interface Subject {
      /**
       * @minLength 3
       * @maxLength 5
       */
      code?: string;
      /** @pattern ^T-\\d+$ */
      ticket?: string;
      /** @format date-time */
      at?: string;
      /** @format date */
      day?: string;
      /** @format time */
      clock?: string;
      /** @format email */
      email?: string;
      /** @format uuid */
      id?: string;
      /** @format uri */
      link?: string;
      /** @format hostname */
      host?: string;
    }`,
    valid: [
      { input: {} },
      { input: { code: 'abc', ticket: 'T-12', at: '2026-01-31T09:00:00Z', day: '2024-02-29', clock: '09:00:00Z', email: 'ada@example.com', id: '123e4567-e89b-12d3-a456-426614174000', link: 'https://example.com/a?b#c', host: 'not checked!' } },
      { input: { code: '😀😀😀😀😀', ticket: 'T-007', at: '2026-01-31t09:00:00.5+05:30', clock: '23:59:59.999-01:00', link: 'mailto:ada@example.com' } },
    ],
    invalid: [
      {
        input: { code: 'ab', ticket: 'x', at: 'tomorrow', day: '2023-02-29', clock: '24:00:00Z', email: 'ada', id: '123', link: '/relative', host: 1 },
        issues: [
          issue('/code', 'must be at least 3 characters long; got 2'),
          issue('/ticket', 'must match the pattern ^T-\\d+$; got "x"'),
          issue('/at', 'must be a date-time in ISO 8601 form such as "2026-01-31T09:00:00Z"; got "tomorrow"'),
          issue('/day', 'must be a date in ISO 8601 form such as "2026-01-31"; got "2023-02-29"'),
          issue('/clock', 'must be a time in ISO 8601 form such as "09:00:00Z"; got "24:00:00Z"'),
          issue('/email', 'must be an email address such as "ada@example.com"; got "ada"'),
          issue('/id', 'must be a UUID such as "123e4567-e89b-12d3-a456-426614174000"; got "123"'),
          issue('/link', 'must be an absolute URI such as "https://example.com/page"; got "/relative"'),
          issue('/host', 'must be a string; got 1', 'string'),
        ],
      },
      {
        input: { code: '😀😀😀😀😀😀', at: '2026-02-30T09:00:00Z', clock: '09:00:00' },
        issues: [
          issue('/code', 'must be at most 5 characters long; got 6'),
          issue('/at', 'must be a date-time in ISO 8601 form such as "2026-01-31T09:00:00Z"; got "2026-02-30T09:00:00Z"'),
          issue('/clock', 'must be a time in ISO 8601 form such as "09:00:00Z"; got "09:00:00"'),
        ],
      },
      {
        input: { ticket: 'a very long value that the message cuts short after a while' },
        issues: [issue('/ticket', 'must match the pattern ^T-\\d+$; got "a very long value that the message cu…"')],
      },
    ],
  },
  {
    name: 'number keywords',
    source: `export interface Subject {
      /**
       * @minimum 1
       * @maximum 100
       * @integer
       */
      limit: number;
      /**
       * @exclusiveMinimum 0
       * @exclusiveMaximum 1
       */
      ratio: number;
    }`,
    valid: [{ input: { limit: 1, ratio: 0.5 } }, { input: { limit: 100, ratio: 0.999 } }],
    invalid: [
      { input: { limit: 150, ratio: 0 }, issues: [issue('/limit', 'must be at most 100; got 150'), issue('/ratio', 'must be greater than 0; got 0')] },
      { input: { limit: 0, ratio: 1 }, issues: [issue('/limit', 'must be at least 1; got 0'), issue('/ratio', 'must be less than 1; got 1')] },
      { input: { limit: 2.5, ratio: '0.5' }, issues: [issue('/limit', 'must be an integer; got 2.5', 'integer'), issue('/ratio', 'must be a number; got "0.5"', 'number')] },
    ],
  },
  {
    name: 'array keywords',
    source: `export interface Subject {
      /**
       * @minItems 1
       * @maxItems 3
       */
      tags: string[];
      /**
       * @minItems 2
       * @maxItems 2
       */
      point: number[];
    }`,
    valid: [{ input: { tags: ['a'], point: [1, 2] } }, { input: { tags: ['a', 'b', 'c'], point: [0, 0] } }],
    invalid: [
      { input: { tags: [], point: [1, 2, 3] }, issues: [issue('/tags', 'must have at least 1 item; got 0'), issue('/point', 'must have exactly 2 items; got 3')] },
      { input: { tags: ['a', 'b', 'c', 'd'], point: [1] }, issues: [issue('/tags', 'must have at most 3 items; got 4'), issue('/point', 'must have exactly 2 items; got 1')] },
    ],
  },
  {
    name: 'dates become Date objects',
    source: 'export interface Subject { due: Date; done: Date | null; history?: Date[] }',
    valid: [
      {
        input: { due: '2026-01-31T09:00:00Z', done: null, history: ['2024-05-01t10:00:00.5+02:00'] },
        want: { due: new Date('2026-01-31T09:00:00Z'), done: null, history: [new Date('2024-05-01T08:00:00.500Z')] },
      },
      { input: { due: '2026-01-31T09:00:00+01:00', done: '2026-02-01T00:00:00Z' }, want: { due: new Date('2026-01-31T08:00:00Z'), done: new Date('2026-02-01T00:00:00Z') } },
    ],
    invalid: [
      {
        input: { due: 'tomorrow', done: 1714557600000, history: ['2026-13-01T00:00:00Z'] },
        issues: [
          issue('/due', 'must be a date-time in ISO 8601 form such as "2026-01-31T09:00:00Z"; got "tomorrow"'),
          issue('/done', 'must be a date-time string or null; got 1714557600000', 'string'),
          issue('/history/0', 'must be a date-time in ISO 8601 form such as "2026-01-31T09:00:00Z"; got "2026-13-01T00:00:00Z"'),
        ],
      },
    ],
  },
  {
    name: 'unknown, any and null',
    source: 'export interface Subject { payload: unknown; extra?: any; nothing?: null }',
    valid: [{ input: { payload: null } }, { input: { payload: { a: [1] }, extra: 'x', nothing: null } }],
    invalid: [{ input: { extra: 1, nothing: 0 }, issues: [issue('/payload', 'is required; send any value'), issue('/nothing', 'must be null; got 0', 'null')] }],
  },
  {
    name: 'names that need escaping or an own-property check',
    source: `export interface Subject {
      'a/b': string;
      'm~n'?: number;
      toString?: string;
      constructor: boolean;
    }`,
    valid: [{ input: { 'a/b': 'x', constructor: true } }, { input: { 'a/b': 'x', 'm~n': 1, toString: 't', constructor: false } }],
    invalid: [
      { input: {}, issues: [issue('/a~1b', 'is required; send a string'), issue('/constructor', 'is required; send a boolean')] },
      { input: { 'a/b': 1, 'm~n': 'x', constructor: true, '~': 1 }, issues: [
        issue('/a~1b', 'must be a string; got 1', 'string'),
        issue('/m~0n', 'must be a number; got "x"', 'number'),
        issue('/~0', 'is not a parameter of this tool; remove it'),
      ] },
    ],
  },
  {
    name: 'a declared __proto__ member',
    noOracle: 'ajv does not accept an own __proto__ member even where the schema declares one, so it cannot judge this fixture',
    document: {
      root: {
        kind: 'object',
        properties: [
          { name: '__proto__', shape: { kind: 'object', properties: [{ name: 'polluted', shape: { kind: 'boolean' }, optional: false }], additionalProperties: false }, optional: false },
        ],
        additionalProperties: false,
      },
      defs: {},
    },
    valid: [{ input: JSON.parse('{"__proto__": {"polluted": true}}') }],
    invalid: [
      { input: {}, issues: [issue('/__proto__', 'is required; send an object')] },
      { input: JSON.parse('{"__proto__": {"polluted": 1}}'), issues: [issue('/__proto__/polluted', 'must be a boolean; got 1', 'boolean')] },
    ],
  },
];
