import type { JsonSchema } from '@toolgen/runtime';
import type { ShapeDocument } from '../../../src/schema/shape.js';
import { deriveTogether, documentOf as rowDocument, sourcesOf } from '../../schema/fixture.js';
import { builds, issue, rejects, type Fixture } from '../../schema/row.js';

/*
 * The rows of the table of constructs (fromTypeFixtures.ts's `fixtures`) that pin the generated validator: the exact
 * issues it reports for each invalid sample, in order, and the value it builds where that is not the input (a Date).
 * Two rows are shape documents written by hand, for what TypeScript does not write.
 */

const tree = { value: 'a', children: [{ value: 'b', children: [{ value: 'c', children: [] }] }] };

export const validatorFixtures: readonly Fixture[] = [
  {
    name: 'primitives, required members and extra properties',
    source: `export interface Subject {
      text: string;
      ratio: number;
      /** @integer */
      page: number;
      flag: boolean;
    }`,
    want: {
      type: 'object',
      properties: { text: { type: 'string' }, ratio: { type: 'number' }, page: { type: 'integer' }, flag: { type: 'boolean' } },
      required: ['text', 'ratio', 'page', 'flag'],
      additionalProperties: false,
    },
    valid: [{ text: '', ratio: -1.5, page: 3, flag: false }, { text: 'a', ratio: 1e300, page: -0, flag: true }],
    invalid: [
      rejects({ text: 42, ratio: '1', page: 1.5, flag: 'true' }, [
        issue('/text', 'must be a string; got 42', 'string'),
        issue('/ratio', 'must be a number; got "1"', 'number'),
        issue('/page', 'must be an integer; got 1.5', 'integer'),
        issue('/flag', 'must be a boolean; got "true"', 'boolean'),
      ]),
      rejects({}, [
        issue('/text', 'is required; send a string'),
        issue('/ratio', 'is required; send a number'),
        issue('/page', 'is required; send an integer'),
        issue('/flag', 'is required; send a boolean'),
      ]),
      rejects({ text: null, ratio: 1, page: 1, flag: true, extra: 1, 'x/y': 2 }, [
        issue('/text', 'must be a string; got null', 'string'),
        issue('/extra', 'is not a parameter of this tool; remove it'),
        issue('/x~1y', 'is not a parameter of this tool; remove it'),
      ]),
      rejects([], [issue('', 'must be an object; got an array', 'object')]),
      rejects('text', [issue('', 'must be an object; got "text"', 'object')]),
      rejects({ text: 'a', ratio: Number.NaN, page: Infinity, flag: true }, [issue('/ratio', 'must be a number; got NaN', 'number'), issue('/page', 'must be an integer; got Infinity', 'integer')]),
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
    want: {
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'number', default: 10 }, label: { type: 'string' } },
      required: ['query'],
      additionalProperties: false,
    },
    valid: [
      builds({ query: 'a' }, { query: 'a' }),
      { query: 'a', limit: 5, label: 'x' },
    ],
    invalid: [
      rejects({ query: 'a', limit: null, label: null }, [issue('/limit', 'must be a number; got null', 'number'), issue('/label', 'must be a string; got null', 'string')]),
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
    want: {
      type: 'object',
      properties: {
        name: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        parent: {
          anyOf: [{ type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false }, { type: 'null' }],
        },
        retries: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
      },
      required: ['name', 'parent'],
      additionalProperties: false,
    },
    valid: [{ name: null, parent: null }, { name: 'a', parent: { id: 'p' }, retries: null }, { name: 'a', parent: null, retries: 2 }],
    invalid: [
      rejects({ name: 3, parent: 3, retries: 1.5 }, [
        issue('/name', 'must be a string or null; got 3', 'string'),
        issue('/parent', 'must be an object or null; got 3', 'object'),
        issue('/retries', 'must be an integer or null; got 1.5', 'integer'),
      ]),
      rejects({ parent: {} }, [issue('/name', 'is required; send a string or null'), issue('/parent/id', 'is required; send a string')]),
      rejects({ name: 'a', parent: null, retries: 'x' }, [issue('/retries', 'must be an integer or null; got "x"', 'integer')]),
    ],
  },
  {
    name: 'nested objects and arrays: deep pointers, nested extras',
    source: `export interface Subject {
      filter: { status: 'open' | 'closed'; tags: string[]; owner: { name: string } };
    }`,
    want: {
      type: 'object',
      properties: {
        filter: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: ['open', 'closed'] },
            tags: { type: 'array', items: { type: 'string' } },
            owner: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false },
          },
          required: ['status', 'tags', 'owner'],
          additionalProperties: false,
        },
      },
      required: ['filter'],
      additionalProperties: false,
    },
    valid: [{ filter: { status: 'open', tags: [], owner: { name: 'ada' } } }],
    invalid: [
      rejects({ filter: { status: 'pending', tags: ['a', 2], owner: { name: 1, nick: 'x' }, sort: 'asc' } }, [
        issue('/filter/status', 'must be one of "open", "closed"; got "pending"'),
        issue('/filter/tags/1', 'must be a string; got 2', 'string'),
        issue('/filter/owner/name', 'must be a string; got 1', 'string'),
        issue('/filter/owner/nick', 'is not allowed here; remove it'),
        issue('/filter/sort', 'is not allowed here; remove it'),
      ]),
      rejects({ filter: { status: 1, tags: 'a', owner: null } }, [
      issue('/filter/status', 'must be one of "open", "closed"; got 1', 'string'),
      issue('/filter/tags', 'must be an array; got "a"', 'array'),
      issue('/filter/owner', 'must be an object; got null', 'object'),
    ]),
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
    want: {
      type: 'object',
      properties: {
        priority: { type: 'number', enum: [0, 5, 6] },
        color: { type: 'string', enum: ['red', 'green'] },
        version: { type: 'number', const: 2 },
        strict: { type: 'boolean', const: true },
        mode: { anyOf: [{ type: 'string', const: 'auto' }, { type: 'number', const: 0 }] },
        size: { type: 'string', enum: ['xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl'] },
      },
      required: ['priority', 'color', 'version', 'strict', 'mode', 'size'],
      additionalProperties: false,
    },
    valid: [{ priority: 5, color: 'green', version: 2, strict: true, mode: 'auto', size: 'xxxl' }, { priority: 0, color: 'red', version: 2, strict: true, mode: 0, size: 'xs' }],
    invalid: [
      rejects({ priority: 1, color: 'Red', version: 3, strict: false, mode: '0', size: 'huge' }, [
        issue('/priority', 'must be one of 0, 5, 6; got 1'),
        issue('/color', 'must be one of "red", "green"; got "Red"'),
        issue('/version', 'must be 2; got 3'),
        issue('/strict', 'must be true; got false'),
        issue('/mode', 'must be "auto"; got "0"'),
        issue('/size', 'must be one of "xs", "s", "m", "l", "xl", "xxl", "xxxl"; got "huge"'),
      ]),
      rejects({ priority: '5', color: 1, version: '2', strict: 'true', mode: 1, size: null }, [
        issue('/priority', 'must be one of 0, 5, 6; got "5"', 'number'),
        issue('/color', 'must be one of "red", "green"; got 1', 'string'),
        issue('/version', 'must be 2; got "2"', 'number'),
        issue('/strict', 'must be true; got "true"', 'boolean'),
        issue('/mode', 'must be 0; got 1'),
        issue('/size', 'must be one of "xs", "s", "m", "l", "xl", "xxl", "xxxl"; got null', 'string'),
      ]),
      rejects({ priority: 0, color: 'red', version: 2, strict: true, mode: true, size: 's' }, [issue('/mode', 'must be "auto" or 0; got true')]),
    ],
  },
  {
    name: 'discriminated union: the member a value is for, told by its tag',
    source: `export interface Subject {
      shape:
        | { kind: 'circle'; radius: number }
        | { kind: 'square'; side: number };
    }`,
    want: {
      type: 'object',
      properties: {
        shape: {
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
      },
      required: ['shape'],
      additionalProperties: false,
    },
    valid: [{ shape: { kind: 'circle', radius: 1 } }, { shape: { kind: 'square', side: 2 } }],
    invalid: [
      rejects({ shape: { kind: 'triangle', side: 2 } }, [issue('/shape/kind', 'must be one of "circle", "square"; got "triangle"')]),
      rejects({ shape: { side: 2 } }, [issue('/shape/kind', 'is required; send one of "circle", "square"')]),
      rejects({ shape: { kind: 7 } }, [issue('/shape/kind', 'must be one of "circle", "square"; got 7', 'string')]),
      rejects({ shape: { kind: 'circle', radius: '1', side: 2 } }, [issue('/shape/radius', 'must be a number; got "1"', 'number'), issue('/shape/side', 'is not allowed here; remove it')]),
      rejects({ shape: 'circle' }, [issue('/shape', 'must be an object; got "circle"', 'object')]),
    ],
  },
  {
    name: 'plain unions',
    source: `export interface Subject {
      value: string | number[] | boolean;
      pick: { a: string } | { b: number };
      id?: string | number | null;
    }`,
    want: {
      type: 'object',
      properties: {
        value: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'number' } }, { type: 'boolean' }] },
        pick: {
          anyOf: [
            { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false },
            { type: 'object', properties: { b: { type: 'number' } }, required: ['b'], additionalProperties: false },
          ],
        },
        id: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
      },
      required: ['value', 'pick'],
      additionalProperties: false,
    },
    valid: [
      { value: 'a', pick: { a: 'x' } },
      { value: [1, 2], pick: { b: 1 }, id: 3 },
      { value: true, pick: { a: 'x' }, id: null },
    ],
    invalid: [
      rejects({ value: null, pick: { c: 1 }, id: true }, [
        issue('/value', 'must be a string, an array or a boolean; got null'),
        issue('/pick', 'must be an object with "a" or an object with "b"; got an object'),
        issue('/id', 'must be a string, a number or null; got true'),
      ]),
      rejects({ value: [1, 'a'], pick: [] }, [issue('/value/1', 'must be a number; got "a"', 'number'), issue('/pick', 'must be an object; got an array', 'object')]),
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
    want: {
      type: 'object',
      properties: {
        a: {
          anyOf: [
            {
              type: 'object',
              properties: { kind: { type: 'string', const: 'x' }, v: { type: 'number' } },
              required: ['kind', 'v'],
              additionalProperties: false,
            },
            { type: 'object', properties: { kind: { type: 'string', const: 'y' } }, required: ['kind'], additionalProperties: false },
            { type: 'null' },
          ],
        },
        b: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'array', items: { type: 'number' } }] },
        c: { anyOf: [{ type: 'string', const: 'small' }, { type: 'string', const: 'large' }, { type: 'string' }] },
        e: {
          anyOf: [
            { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false, minItems: 2, maxItems: 2 },
            { type: 'string' },
          ],
        },
        f: { anyOf: [{ type: 'array', items: {} }, { type: 'null' }] },
        g: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'string' }] },
        h: { anyOf: [{ type: 'number' }, { type: 'boolean' }] },
        json: {
          anyOf: [
            { type: 'string' },
            { type: 'array', items: { $ref: '#/$defs/Json' } },
            { type: 'object', properties: {}, required: [], additionalProperties: { $ref: '#/$defs/Json' } },
            { type: 'null' },
          ],
        },
      },
      required: ['a', 'b', 'c', 'e'],
      additionalProperties: false,
      $defs: {
        Json: {
          anyOf: [
            { type: 'string' },
            { type: 'array', items: { $ref: '#/$defs/Json' } },
            { type: 'object', properties: {}, required: [], additionalProperties: { $ref: '#/$defs/Json' } },
            { type: 'null' },
          ],
        },
      },
    },
    valid: [
      { a: null, b: [], c: 'medium', e: 'x' },
      builds({ a: { kind: 'x', v: 1 }, b: ['a'], c: 'small', e: ['a', 1], f: null, g: '2026-01-31T09:00:00Z', h: true, json: { a: ['b', null, { c: 'd' }] } }, { a: { kind: 'x', v: 1 }, b: ['a'], c: 'small', e: ['a', 1], f: null, g: new Date('2026-01-31T09:00:00Z'), h: true, json: { a: ['b', null, { c: 'd' }] } }),
      { a: { kind: 'y' }, b: [1], c: 'large', e: 'e', f: [1, 'a'], g: 'soon', h: 1.5, json: null },
      { a: null, b: [], c: '', e: '', json: JSON.parse('{"__proto__": {"constructor": ["prototype"], "prototype": {"__proto__": null}}}') },
    ],
    invalid: [
      rejects({ a: { kind: 'z' }, b: [1, 'a'], c: 1, e: ['a'], f: 'x', g: 1, h: 'x', json: { a: [1] } }, [
        issue('/a/kind', 'must be one of "x", "y"; got "z"'),
        issue('/b', 'must be an array with each item a string or an array with each item a number; got an array'),
        issue('/c', 'must be "small", "large" or a string; got 1', 'string'),
        issue('/e', 'must have exactly 2 items; got 1'),
        issue('/f', 'must be an array or null; got "x"', 'array'),
        issue('/g', 'must be a date-time string or a string; got 1', 'string'),
        issue('/h', 'must be a number or a boolean; got "x"'),
        issue('/json/a/0', 'must be a string, an array, an object or null; got 1'),
      ]),
      rejects({ a: 3, b: 'x', c: null, e: 3, h: null, json: 1 }, [
        issue('/a', 'must be an object or null; got 3', 'object'),
        issue('/b', 'must be an array; got "x"', 'array'),
        issue('/c', 'must be "small", "large" or a string; got null', 'string'),
        issue('/e', 'must be an array or a string; got 3'),
        issue('/h', 'must be a number or a boolean; got null'),
        issue('/json', 'must be a string, an array, an object or null; got 1'),
      ]),
      rejects({ a: { kind: 'x', v: 'one' }, b: [], c: '', e: '', json: JSON.parse('{"__proto__": 1}') }, [
      issue('/a/v', 'must be a number; got "one"', 'number'),
      issue('/json/__proto__', 'must be a string, an array, an object or null; got 1'),
    ]),
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
    want: {
      type: 'object',
      properties: {
        mixed: { anyOf: [{ enum: ['a', 1] }, { type: 'boolean' }] },
        loose: { anyOf: [{ type: 'string', format: 'date-time' }, {}] },
        leaf: { anyOf: [{ $ref: '#/$defs/Leaf' }, { type: 'null' }] },
        nested: { anyOf: [{ anyOf: [{ type: 'string', maxLength: 2 }, { type: 'integer' }] }, { type: 'null' }] },
        shared: { anyOf: [{ $ref: '#/$defs/Leaf' }, { $ref: '#/$defs/Other' }] },
      },
      required: [],
      additionalProperties: false,
      $defs: {
        Leaf: {
          type: 'object',
          properties: { tag: { type: 'string', const: 'leaf' }, v: { type: 'number' } },
          required: ['tag'],
          additionalProperties: false,
        },
        Other: { type: 'object', properties: { tag: { type: 'string', const: 'other' } }, required: ['tag'], additionalProperties: false },
      },
    },
    valid: [
      builds({ mixed: 'a', loose: '2026-01-31T09:00:00Z', leaf: null, nested: 'ab', shared: { tag: 'other' } }, { mixed: 'a', loose: new Date('2026-01-31T09:00:00Z'), leaf: null, nested: 'ab', shared: { tag: 'other' } }),
      { mixed: 1, loose: 'later', leaf: { tag: 'leaf', v: 2 }, nested: 3, shared: { tag: 'leaf' } },
      { mixed: false, loose: { any: [1] }, nested: null },
    ],
    invalid: [
      rejects({ mixed: 2, leaf: { tag: 'leaf', v: '2' }, nested: 'abc', shared: { tag: 'x' } }, [
        issue('/mixed', 'must be one of "a", 1; got 2'),
        issue('/leaf/v', 'must be a number; got "2"', 'number'),
        issue('/nested', 'must be at most 2 characters long; got 3'),
        issue('/shared/tag', 'must be one of "leaf", "other"; got "x"'),
      ]),
      rejects({ mixed: null, leaf: 1, nested: 1.5, shared: 'leaf' }, [
        issue('/mixed', 'must be one of "a", 1 or a boolean; got null'),
        issue('/leaf', 'must be an object or null; got 1', 'object'),
        issue('/nested', 'must be an integer or null; got 1.5', 'integer'),
        issue('/shared', 'must be an object; got "leaf"', 'object'),
      ]),
    ],
  },
  {
    name: 'tuples',
    source: `export interface Subject {
      pair: [string, number];
      range: [start: number, end?: number];
      path: [string, ...number[]];
    }`,
    want: {
      type: 'object',
      properties: {
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false, minItems: 2, maxItems: 2 },
        range: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false, minItems: 1, maxItems: 2 },
        path: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'number' }, minItems: 1 },
      },
      required: ['pair', 'range', 'path'],
      additionalProperties: false,
    },
    valid: [{ pair: ['a', 1], range: [1], path: ['a'] }, { pair: ['a', 1], range: [1, 2], path: ['a', 1, 2, 3] }],
    invalid: [
      rejects({ pair: ['a', 1, 2], range: [], path: [] }, [
        issue('/pair', 'must have exactly 2 items; got 3'),
        issue('/range', 'must have at least 1 item; got 0'),
        issue('/path', 'must have at least 1 item; got 0'),
      ]),
      rejects({ pair: [1, 'a'], range: [1, 2, 3], path: ['a', 1, 'b'] }, [
        issue('/pair/0', 'must be a string; got 1', 'string'),
        issue('/pair/1', 'must be a number; got "a"', 'number'),
        issue('/range', 'must have at most 2 items; got 3'),
        issue('/path/2', 'must be a number; got "b"', 'number'),
      ]),
      rejects({ pair: ['a'], range: {}, path: ['a'] }, [issue('/pair', 'must have exactly 2 items; got 1'), issue('/range', 'must be an array; got an object', 'array')]),
    ],
  },
  {
    name: 'maps',
    source: `export interface Subject {
      counts: Record<string, number>;
      labels: { id: string; [key: string]: string };
    }`,
    want: {
      type: 'object',
      properties: {
        counts: { type: 'object', properties: {}, required: [], additionalProperties: { type: 'number' } },
        labels: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: { type: 'string' } },
      },
      required: ['counts', 'labels'],
      additionalProperties: false,
    },
    valid: [
      { counts: {}, labels: { id: 'a' } },
      { counts: { a: 1, 'b/c': 2 }, labels: { id: 'a', other: 'b' } },
      // reserved names are ordinary keys wherever the schema allows any key
      { counts: JSON.parse('{"__proto__": 1, "constructor": 2, "prototype": 3, "ok": 4}'), labels: JSON.parse('{"id": "a", "__proto__": "b", "constructor": "c"}') },
    ],
    invalid: [
      rejects({ counts: JSON.parse('{"__proto__": "1", "constructor": null, "prototype": 3}'), labels: { id: 'a' } }, [
        issue('/counts/__proto__', 'must be a number; got "1"', 'number'),
        issue('/counts/constructor', 'must be a number; got null', 'number'),
      ]),
      rejects({ counts: { 'a/b': '1', 'm~n': 2 }, labels: { other: 1 } }, [issue('/counts/a~1b', 'must be a number; got "1"', 'number'), issue('/labels/id', 'is required; send a string'), issue('/labels/other', 'must be a string; got 1', 'string')]),
    ],
  },
  {
    name: 'recursion through defs',
    source: `interface TreeNode { value: string; children: TreeNode[] }
      export interface Subject { tree: TreeNode; next: TreeNode | null }`,
    want: {
      type: 'object',
      properties: { tree: { $ref: '#/$defs/TreeNode' }, next: { anyOf: [{ $ref: '#/$defs/TreeNode' }, { type: 'null' }] } },
      required: ['tree', 'next'],
      additionalProperties: false,
      $defs: {
        TreeNode: {
          type: 'object',
          properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } } },
          required: ['value', 'children'],
          additionalProperties: false,
        },
      },
    },
    valid: [{ tree, next: null }, { tree: { value: 'x', children: [] }, next: tree }],
    invalid: [
      rejects({ tree: { value: 'a', children: [{ value: 'b', children: [{ value: 3, children: [], extra: 1 }] }] }, next: { value: 'n' } }, [
        issue('/tree/children/0/children/0/value', 'must be a string; got 3', 'string'),
        issue('/tree/children/0/children/0/extra', 'is not allowed here; remove it'),
        issue('/next/children', 'is required; send an array'),
      ]),
      rejects({ tree: 1, next: 2 }, [issue('/tree', 'must be an object; got 1', 'object'), issue('/next', 'must be an object or null; got 2', 'object')]),
    ],
  },
  {
    name: 'a recursive root',
    source: 'export interface Subject { value: string; children?: Subject[] }',
    want: {
      $ref: '#/$defs/Subject',
      $defs: {
        Subject: {
          type: 'object',
          properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Subject' } } },
          required: ['value'],
          additionalProperties: false,
        },
      },
    },
    valid: [tree, { value: 'leaf' }],
    invalid: [
      rejects({ value: 'a', children: [{ value: 'b', children: [{ value: 'c', children: null }] }, { children: [] }] }, [issue('/children/0/children/0/children', 'must be an array; got null', 'array'), issue('/children/1/value', 'is required; send a string')]),
      rejects({ value: 'a', other: 1 }, [issue('/other', 'is not allowed here; remove it')]),
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
    want: {
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 3, maxLength: 5 },
        ticket: { type: 'string', pattern: '^T-\\d+$' },
        at: { type: 'string', format: 'date-time' },
        day: { type: 'string', format: 'date' },
        clock: { type: 'string', format: 'time' },
        email: { type: 'string', format: 'email' },
        id: { type: 'string', format: 'uuid' },
        link: { type: 'string', format: 'uri' },
        host: { type: 'string', format: 'hostname' },
      },
      required: [],
      additionalProperties: false,
    },
    valid: [
      {},
      { code: 'abc', ticket: 'T-12', at: '2026-01-31T09:00:00Z', day: '2024-02-29', clock: '09:00:00Z', email: 'ada@example.com', id: '123e4567-e89b-12d3-a456-426614174000', link: 'https://example.com/a?b#c', host: 'not checked!' },
      { code: '😀😀😀😀😀', ticket: 'T-007', at: '2026-01-31t09:00:00.5+05:30', clock: '23:59:59.999-01:00', link: 'mailto:ada@example.com' },
    ],
    invalid: [
      rejects({ code: 'ab', ticket: 'x', at: 'tomorrow', day: '2023-02-29', clock: '24:00:00Z', email: 'ada', id: '123', link: '/relative', host: 1 }, [
        issue('/code', 'must be at least 3 characters long; got 2'),
        issue('/ticket', 'must match the pattern ^T-\\d+$; got "x"'),
        issue('/at', 'must be a date-time in ISO 8601 form such as "2026-01-31T09:00:00Z"; got "tomorrow"'),
        issue('/day', 'must be a date in ISO 8601 form such as "2026-01-31"; got "2023-02-29"'),
        issue('/clock', 'must be a time in ISO 8601 form such as "09:00:00Z"; got "24:00:00Z"'),
        issue('/email', 'must be an email address such as "ada@example.com"; got "ada"'),
        issue('/id', 'must be a UUID such as "123e4567-e89b-12d3-a456-426614174000"; got "123"'),
        issue('/link', 'must be an absolute URI such as "https://example.com/page"; got "/relative"'),
        issue('/host', 'must be a string; got 1', 'string'),
      ]),
      rejects({ code: '😀😀😀😀😀😀', at: '2026-02-30T09:00:00Z', clock: '09:00:00' }, [
        issue('/code', 'must be at most 5 characters long; got 6'),
        issue('/at', 'must be a date-time in ISO 8601 form such as "2026-01-31T09:00:00Z"; got "2026-02-30T09:00:00Z"'),
        issue('/clock', 'must be a time in ISO 8601 form such as "09:00:00Z"; got "09:00:00"'),
      ]),
      rejects({ ticket: 'a very long value that the message cuts short after a while' }, [issue('/ticket', 'must match the pattern ^T-\\d+$; got "a very long value that the message cu…"')]),
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
    want: {
      type: 'object',
      properties: { limit: { type: 'integer', minimum: 1, maximum: 100 }, ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 } },
      required: ['limit', 'ratio'],
      additionalProperties: false,
    },
    valid: [{ limit: 1, ratio: 0.5 }, { limit: 100, ratio: 0.999 }],
    invalid: [
      rejects({ limit: 150, ratio: 0 }, [issue('/limit', 'must be at most 100; got 150'), issue('/ratio', 'must be greater than 0; got 0')]),
      rejects({ limit: 0, ratio: 1 }, [issue('/limit', 'must be at least 1; got 0'), issue('/ratio', 'must be less than 1; got 1')]),
      rejects({ limit: 2.5, ratio: '0.5' }, [issue('/limit', 'must be an integer; got 2.5', 'integer'), issue('/ratio', 'must be a number; got "0.5"', 'number')]),
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
    want: {
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
        point: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 },
      },
      required: ['tags', 'point'],
      additionalProperties: false,
    },
    valid: [{ tags: ['a'], point: [1, 2] }, { tags: ['a', 'b', 'c'], point: [0, 0] }],
    invalid: [
      rejects({ tags: [], point: [1, 2, 3] }, [issue('/tags', 'must have at least 1 item; got 0'), issue('/point', 'must have exactly 2 items; got 3')]),
      rejects({ tags: ['a', 'b', 'c', 'd'], point: [1] }, [issue('/tags', 'must have at most 3 items; got 4'), issue('/point', 'must have exactly 2 items; got 1')]),
    ],
  },
  {
    name: 'dates become Date objects',
    source: 'export interface Subject { due: Date; done: Date | null; history?: Date[] }',
    want: {
      type: 'object',
      properties: {
        due: { type: 'string', format: 'date-time' },
        done: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        history: { type: 'array', items: { type: 'string', format: 'date-time' } },
      },
      required: ['due', 'done'],
      additionalProperties: false,
    },
    valid: [
      builds({ due: '2026-01-31T09:00:00Z', done: null, history: ['2024-05-01t10:00:00.5+02:00'] }, { due: new Date('2026-01-31T09:00:00Z'), done: null, history: [new Date('2024-05-01T08:00:00.500Z')] }),
      builds({ due: '2026-01-31T09:00:00+01:00', done: '2026-02-01T00:00:00Z' }, { due: new Date('2026-01-31T08:00:00Z'), done: new Date('2026-02-01T00:00:00Z') }),
    ],
    invalid: [
      rejects({ due: 'tomorrow', done: 1714557600000, history: ['2026-13-01T00:00:00Z'] }, [
        issue('/due', 'must be a date-time in ISO 8601 form such as "2026-01-31T09:00:00Z"; got "tomorrow"'),
        issue('/done', 'must be a date-time string or null; got 1714557600000', 'string'),
        issue('/history/0', 'must be a date-time in ISO 8601 form such as "2026-01-31T09:00:00Z"; got "2026-13-01T00:00:00Z"'),
      ]),
    ],
  },
  {
    name: 'unknown, any and null',
    source: 'export interface Subject { payload: unknown; extra?: any; nothing?: null }',
    want: { type: 'object', properties: { payload: {}, extra: {}, nothing: { type: 'null' } }, required: ['payload'], additionalProperties: false },
    valid: [{ payload: null }, { payload: { a: [1] }, extra: 'x', nothing: null }],
    invalid: [rejects({ extra: 1, nothing: 0 }, [issue('/payload', 'is required; send any value'), issue('/nothing', 'must be null; got 0', 'null')])],
  },
  {
    name: 'names that need escaping or an own-property check',
    source: `export interface Subject {
      'a/b': string;
      'm~n'?: number;
      toString?: string;
      constructor: boolean;
    }`,
    want: {
      type: 'object',
      properties: { 'a/b': { type: 'string' }, 'm~n': { type: 'number' }, toString: { type: 'string' }, constructor: { type: 'boolean' } },
      required: ['a/b', 'constructor'],
      additionalProperties: false,
    },
    valid: [{ 'a/b': 'x', constructor: true }, { 'a/b': 'x', 'm~n': 1, toString: 't', constructor: false }],
    invalid: [
      rejects({}, [issue('/a~1b', 'is required; send a string'), issue('/constructor', 'is required; send a boolean')]),
      rejects({ 'a/b': 1, 'm~n': 'x', constructor: true, '~': 1 }, [
      issue('/a~1b', 'must be a string; got 1', 'string'),
      issue('/m~0n', 'must be a number; got "x"', 'number'),
      issue('/~0', 'is not a parameter of this tool; remove it'),
    ]),
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
    // parsed, so that __proto__ is an own property, as toJsonSchema prints it (a literal's __proto__ sets the prototype)
    want: JSON.parse(
      '{"type": "object", "properties": {"__proto__": {"type": "object", "properties": {"polluted": {"type": "boolean"}}, "required": ["polluted"],' +
        ' "additionalProperties": false}}, "required": ["__proto__"], "additionalProperties": false}',
    ) as JsonSchema,
    valid: [JSON.parse('{"__proto__": {"polluted": true}}')],
    invalid: [
      rejects({}, [issue('/__proto__', 'is required; send an object')]),
      rejects(JSON.parse('{"__proto__": {"polluted": 1}}'), [issue('/__proto__/polluted', 'must be a boolean; got 1', 'boolean')]),
    ],
  },
];

/** A validator row's shape document: every row has one, derived from its TypeScript (all rows in one program) or written by hand. */
export function documentOf(fixture: Fixture): ShapeDocument {
  deriveTogether(sourcesOf(validatorFixtures));
  const document = rowDocument(fixture);
  if (document === undefined) throw new Error(`${fixture.name}: a validator row has TypeScript or a document`);
  return document;
}
