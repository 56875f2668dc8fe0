import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineTool } from '@toolgen/runtime';
import type { ToolResultKind } from '@toolgen/runtime/generated';
import { probeDefinition } from './invokeFixtures.js';

function toolReturning(result: ToolResultKind, returned: () => unknown) {
  return defineTool(probeDefinition({ result, call: () => returned() }));
}

class Ticket {
  readonly number = 12;
  readonly title = 'Printer jams';
  #secret = 'never sent';
  get secretLength(): number {
    return this.#secret.length;
  }
}

/** What the model would receive: `JSON.stringify`, parsed back. */
function sent(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
}

describe('invoke: results by kind', () => {
  const rows: { name: string; result: ToolResultKind; returned: () => unknown; want: unknown }[] = [
    { name: 'void is undefined, whatever the method returned', result: 'void', returned: () => 'ignored', want: undefined },
    { name: 'a value', result: 'value', returned: () => ({ number: 12 }), want: { number: 12 } },
    { name: 'undefined from a value', result: 'value', returned: () => undefined, want: undefined },
    { name: 'a promise, awaited', result: 'promise', returned: () => Promise.resolve([1, 2]), want: [1, 2] },
    { name: 'a promise of void', result: 'promise', returned: () => Promise.resolve(), want: undefined },
    {
      name: 'an async iterable, drained',
      result: 'asyncIterable',
      returned: async function* () {
        yield { number: 1 };
        yield { number: 2 };
      },
      want: [{ number: 1 }, { number: 2 }],
    },
    {
      name: 'an empty async iterable',
      result: 'asyncIterable',
      returned: async function* () {},
      want: [],
    },
  ];

  it.each(rows)('$name', async ({ result, returned, want }) => {
    expect(await toolReturning(result, returned).invoke({})).toEqual(want);
  });
});

describe('invoke: results serialized like JSON.stringify', () => {
  const rows: { name: string; value: unknown; want: unknown }[] = [
    { name: 'a Date becomes its ISO string', value: new Date('2026-01-02T03:04:05Z'), want: '2026-01-02T03:04:05.000Z' },
    {
      name: 'nested Dates',
      value: { opened: new Date('2026-01-02T03:04:05Z'), history: [{ at: new Date(0) }] },
      want: { opened: '2026-01-02T03:04:05.000Z', history: [{ at: '1970-01-01T00:00:00.000Z' }] },
    },
    { name: 'an invalid Date becomes null', value: { at: new Date(Number.NaN) }, want: { at: null } },
    { name: 'toJSON is honoured', value: { money: { toJSON: () => '12.50 EUR' } }, want: { money: '12.50 EUR' } },
    { name: 'toJSON receives the key', value: { price: { toJSON: (key: string) => `key:${key}` }, list: [{ toJSON: (key: string) => key }] }, want: { price: 'key:price', list: ['0'] } },
    { name: 'undefined, functions and symbols are dropped from objects', value: { a: 1, b: undefined, c: () => 1, d: Symbol('x') }, want: { a: 1 } },
    { name: 'undefined, functions and symbols are null in arrays', value: [undefined, () => 1, Symbol('x'), 2], want: [null, null, null, 2] },
    { name: 'holes in arrays are null', value: [1, , 3], want: [1, null, 3] },
    { name: 'non-finite numbers are null', value: [Number.NaN, Number.POSITIVE_INFINITY, -0], want: [null, null, 0] },
    { name: 'a class instance keeps its own enumerable data', value: new Ticket(), want: { number: 12, title: 'Printer jams' } },
    { name: 'a Map is an empty object', value: { tags: new Map([['a', 1]]) }, want: { tags: {} } },
    { name: 'boxed primitives are unboxed', value: [Object(1), Object('a'), Object(true)], want: [1, 'a', true] },
    {
      name: 'a __proto__ key stays a member of a copy',
      value: Object.assign(JSON.parse('{"at":0,"__proto__":{"polluted":true}}') as object, { at: new Date(0) }),
      want: JSON.parse('{"at":"1970-01-01T00:00:00.000Z","__proto__":{"polluted":true}}'),
    },
    { name: 'a function alone is undefined', value: () => 1, want: undefined },
  ];

  it.each(rows)('$name', async ({ value, want }) => {
    const result = await toolReturning('value', () => value).invoke({});
    expect(result).toStrictEqual(want);
    expect(result).toStrictEqual(sent(value));
    if (typeof result === 'object' && result !== null) expect(Object.getPrototypeOf(result)).toBe(Array.isArray(result) ? Array.prototype : Object.prototype);
  });

  it('returns plain JSON as is, without copying it', async () => {
    const plain = { tickets: [{ number: 12, tags: ['printer'], closed: null }], total: 1 };
    expect(await toolReturning('value', () => plain).invoke({})).toBe(plain);
  });

  it('sends -0 as 0 wherever it is, as JSON does (fast-check found a nested -0 kept as it was)', async () => {
    for (const value of [-0, { a: -0 }, [1, -0], { list: [{ n: -0 }] }]) {
      const result = await toolReturning('value', () => value).invoke({});
      expect(result).toStrictEqual(sent(value));
      expect(JSON.stringify(result, (_key, item: unknown) => (Object.is(item, -0) ? '-0' : item))).not.toContain('"-0"');
    }
  });

  it('matches JSON.stringify for any value', async () => {
    const values = fc.anything({
      withDate: true,
      withMap: true,
      withSet: true,
      withBoxedValues: true,
      withSparseArray: true,
      withNullPrototype: true,
      withTypedArray: true,
      withObjectString: true,
    });
    await fc.assert(
      fc.asyncProperty(values, async (value) => {
        expect(await toolReturning('value', () => value).invoke({})).toStrictEqual(sent(value));
      }),
      { numRuns: 300 },
    );
  });

  it('rejects a cycle as JSON.stringify does', async () => {
    const cycle: { self?: unknown } = {};
    cycle.self = cycle;
    await expect(toolReturning('value', () => cycle).invoke({}, { exposeErrors: true })).rejects.toThrow('Converting circular structure to JSON');
  });
});
