import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Shape, ShapeDocument } from '../../../src/schema/shape.js';
import { toJsonSchema } from '../../../src/schema/toJsonSchema.js';
import { deriveProviderVariants } from '../../../src/schema/variants.js';
import { derive } from '../../schema/fixture.js';
import { mutated, nearSchema } from './arbitraries.js';
import { compileValidator } from './compileValidator.js';
import { inputOf } from '../../schema/row.js';
import { documentOf, validatorFixtures } from './fixtures.js';
import { oracle } from './oracle.js';

const { document } = derive(`
  interface TreeNode { label?: string; note?: string | null; children: TreeNode[] }
  export interface Subject {
    a?: string;
    b: string | null;
    c?: string | null;
    nested: { d?: number; keep: number | null; clear?: { x?: string } | null };
    list: { e?: boolean; due?: Date | null }[];
    tree: TreeNode;
    shape: { kind: 'x'; f?: string } | { kind: 'y'; g?: number };
    map: Record<string, { h?: string }>;
    pair: [{ i?: string }, ...{ j?: string }[]];
    either?: { p?: string } | { q?: number; r?: string };
    any?: unknown;
  }`);
const { normalize, check } = compileValidator(document);

describe('the strict normalizer', () => {
  it('removes null for optional members everywhere, and keeps it for required nullable ones', () => {
    const strict = {
      a: null,
      b: null,
      c: null,
      nested: { d: null, keep: null },
      list: [{ e: null }, { e: true }],
      tree: { label: null, children: [{ label: 'x', children: [{ label: null, children: [] }] }] },
      shape: { kind: 'y', g: null },
      map: { one: { h: null }, two: { h: 'h' } },
      pair: [{ i: null }, { j: null }, { j: 'j' }],
      either: { q: null, r: 'r' },
      any: null,
    };
    const normalized = normalize(strict);
    expect(normalized).toEqual({
      b: null,
      nested: { keep: null },
      list: [{}, { e: true }],
      tree: { children: [{ label: 'x', children: [{ children: [] }] }] },
      shape: { kind: 'y' },
      map: { one: {}, two: { h: 'h' } },
      pair: [{}, {}, { j: 'j' }],
      either: { r: 'r' },
    });
    expect(check(normalized).issues).toEqual([]);
    expect(strict.nested.d).toBeNull();
  });

  it('unwraps {"value": x} to x for optional members that may be null, at any depth', () => {
    const strict = {
      b: 'b',
      c: { value: null },
      nested: { keep: 1, clear: { value: { x: null } } },
      list: [{ due: { value: null } }, { due: null }, { due: { value: '2026-01-31T09:00:00Z' } }],
      tree: { note: { value: 'n' }, children: [{ note: { value: null }, children: [] }, { note: null, children: [] }] },
      map: { one: { h: { value: 'h' } } },
      any: { value: null },
    };
    const normalized = normalize(strict);
    expect(normalized).toEqual({
      b: 'b',
      c: null,
      nested: { keep: 1, clear: {} },
      list: [{ due: null }, {}, { due: '2026-01-31T09:00:00Z' }],
      tree: { note: 'n', children: [{ note: null, children: [] }, { children: [] }] },
      map: { one: { h: { value: 'h' } } },
      any: null,
    });
    expect(normalize({ c: { value: 'x' }, any: { value: { value: 1 } } })).toEqual({ c: 'x', any: { value: 1 } });
  });

  it('leaves a value that is not a wrapper as it is, for the validator to judge', () => {
    const odd = { c: 'x', nested: { clear: { x: 'y' } }, any: { value: 1, other: 2 }, list: [{ due: {} }] };
    expect(normalize(odd)).toEqual(odd);
    expect(normalize(JSON.parse('{"c": {"__proto__": 1}}'))).toEqual(JSON.parse('{"c": {"__proto__": 1}}'));
  });

  it('picks the member of a discriminated union by its discriminator', () => {
    expect(normalize({ shape: { kind: 'x', f: null, g: null } })).toEqual({ shape: { kind: 'x', g: null } });
  });

  it('leaves alone what it does not recognize', () => {
    for (const value of ['text', 1, null, true, undefined]) {
      expect(normalize(value)).toBe(value);
    }
    const list = [{ a: null }];
    expect(normalize(list)).toBe(list);
    expect(normalize({ nested: 'oops', list: { e: null }, shape: { kind: 'z', f: null }, extra: null, pair: 'p' })).toEqual({
      nested: 'oops',
      list: { e: null },
      shape: { kind: 'z', f: null },
      extra: null,
      pair: 'p',
    });
  });

  it('copies a __proto__ key as a plain property', () => {
    const normalized = normalize(JSON.parse('{"__proto__": {"polluted": true}, "a": null}')) as object;
    expect(Object.getPrototypeOf(normalized)).toBe(Object.prototype);
    expect(Object.keys(normalized)).toEqual(['__proto__']);
  });

  it('returns its input when no member is optional', () => {
    const plain = derive('export interface Subject { a: string; b: string | null; c: { d: number[] } }').document;
    const input = { a: 'x', b: null, c: { d: [1] } };
    expect(compileValidator(plain).normalize(input)).toBe(input);
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withMap: true, withSet: true, withBoxedValues: true, withSparseArray: true, withTypedArray: true }), (value) => {
        normalize(value);
      }),
      { numRuns: 300 },
    );
  });
});

function canBeNull(document: ShapeDocument, shape: Shape, seen: ReadonlySet<string> = new Set()): boolean {
  switch (shape.kind) {
    case 'null':
    case 'any':
      return true;
    case 'union':
      return shape.members.some((member) => canBeNull(document, member, seen));
    case 'ref':
      return !seen.has(shape.name) && canBeNull(document, document.defs[shape.name]!, new Set([...seen, shape.name]));
    default:
      return false;
  }
}

const memberOracles = new WeakMap<Shape, (value: unknown) => boolean>();

/** What the canonical schema of one shape of `document` accepts (a union's member, to tell which one a value is). */
function acceptedBy(document: ShapeDocument, shape: Shape): (value: unknown) => boolean {
  let accepts = memberOracles.get(shape);
  if (accepts === undefined) {
    accepts = oracle(toJsonSchema({ root: shape, defs: document.defs }));
    memberOracles.set(shape, accepts);
  }
  return accepts;
}

/** Any value as the strict variant's `JsonValue` def spells it: each object as `{ entries: [{ key, value }] }`. */
function strictAny(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(strictAny);
  }
  if (typeof value !== 'object' || value === null) {
    return value;
  }
  return { entries: Object.keys(value).map((key) => ({ key, value: strictAny((value as Record<string, unknown>)[key]) })) };
}

/**
 * What the `openai-strict` variant makes of a valid value: every absent optional member sent as null, every present
 * optional member that may be null wrapped as `{ value }`, a map and an object where any value goes as
 * `{ entries: [{ key, value }] }`.
 */
function strictify(document: ShapeDocument, shape: Shape, value: unknown): unknown {
  const resolved = shape.kind === 'ref' ? document.defs[shape.name]! : shape;
  if (resolved.kind === 'any') {
    return strictAny(value);
  }
  if (resolved.kind === 'object' && resolved.properties.length === 0 && resolved.additionalProperties !== false) {
    const values = resolved.additionalProperties;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { entries: Object.keys(value).map((key) => ({ key, value: strictify(document, values, (value as Record<string, unknown>)[key]) })) };
    }
  }
  if (resolved.kind === 'union') {
    const member = resolved.members.find((each) => acceptedBy(document, each)(value));
    return member === undefined ? value : strictify(document, member, value);
  }
  if (resolved.kind === 'array' && Array.isArray(value)) {
    return value.map((item) => strictify(document, resolved.items, item));
  }
  if (resolved.kind === 'tuple' && Array.isArray(value)) {
    return value.map((item, index) => strictify(document, resolved.elements[index] ?? resolved.rest!, item));
  }
  if (resolved.kind !== 'object' || typeof value !== 'object' || value === null || Array.isArray(value)) {
    return value;
  }
  const record = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    const property = resolved.properties.find((each) => each.name === key);
    const shapeOfKey = property?.shape ?? (resolved.additionalProperties === false ? undefined : resolved.additionalProperties);
    const strict = shapeOfKey === undefined ? record[key] : strictify(document, shapeOfKey, record[key]);
    const wrapped = property !== undefined && property.optional && canBeNull(document, property.shape);
    Object.defineProperty(result, key, { value: wrapped ? { value: strict } : strict, enumerable: true });
  }
  for (const property of resolved.properties) {
    if (property.optional && !Object.hasOwn(record, property.name)) {
      Object.defineProperty(result, property.name, { value: null, enumerable: true });
    }
  }
  return result;
}

describe.each(validatorFixtures.filter((fixture) => fixture.noOracle === undefined))('$name: strict round trip', (fixture) => {
  const fixtureDocument = documentOf(fixture);
  const compiled = compileValidator(fixtureDocument);
  const canonicalSchema = toJsonSchema(fixtureDocument);
  const accepts = oracle(canonicalSchema);
  const { variants, losses } = deriveProviderVariants(canonicalSchema);
  const strictAccepts = oracle(variants['openai-strict']);
  const strictLosses = losses.filter((loss) => loss.variant === 'openai-strict');
  // Other keys beside named members stay out of the strict variant (a loss), so a value with them is not one it sends.
  const sendsMaps = !strictLosses.some((loss) => loss.keyword === 'additionalProperties');
  const valid = fc.oneof(fc.constantFrom(...fixture.valid.map(inputOf)), nearSchema(fixtureDocument)).filter(accepts);
  const toStrict = (value: unknown): unknown => strictify(fixtureDocument, fixtureDocument.root, value);

  it('normalizes what the strict variant sends for a valid value back to that value', () => {
    fc.assert(
      fc.property(valid, (value) => {
        const strict = toStrict(value);
        if (sendsMaps) {
          expect(strictAccepts(strict)).toBe(true);
        }
        expect(compiled.normalize(strict)).toEqual(value);
      }),
      { numRuns: 100 },
    );
  });

  // Where the strict variant loses nothing, everything it accepts must normalize to a value the canonical schema accepts.
  it.skipIf(strictLosses.length > 0)('normalizes whatever the strict variant accepts to a valid value', () => {
    const strict = fc.oneof(valid.map(toStrict), mutated(valid.map(toStrict))).filter(strictAccepts);
    fc.assert(
      fc.property(strict, (value) => {
        expect(compiled.check(compiled.normalize(value)).issues).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
