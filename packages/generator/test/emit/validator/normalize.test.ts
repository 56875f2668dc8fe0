import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Shape, ShapeDocument } from '../../../src/schema/shape.js';
import { toJsonSchema } from '../../../src/schema/toJsonSchema.js';
import { derive } from '../../schema/fixture.js';
import { nearSchema } from './arbitraries.js';
import { compileValidator } from './compileValidator.js';
import { documentOf, validatorFixtures } from './fixtures.js';
import { oracle } from './oracle.js';

const { document } = derive(`
  interface TreeNode { label?: string; children: TreeNode[] }
  export interface Subject {
    a?: string;
    b: string | null;
    c?: string | null;
    nested: { d?: number; keep: number | null };
    list: { e?: boolean }[];
    tree: TreeNode;
    shape: { kind: 'x'; f?: string } | { kind: 'y'; g?: number };
    map: Record<string, { h?: string }>;
    pair: [{ i?: string }, ...{ j?: string }[]];
    either?: { p?: string } | { q?: number; r?: string };
    any?: unknown;
  }`);
const { normalize, check } = compileValidator(document);

describe('the strict normalizer', () => {
  it('removes null for optional, non-nullable members everywhere, and keeps it where null is allowed', () => {
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
      c: null,
      nested: { keep: null },
      list: [{}, { e: true }],
      tree: { children: [{ label: 'x', children: [{ children: [] }] }] },
      shape: { kind: 'y' },
      map: { one: {}, two: { h: 'h' } },
      pair: [{}, {}, { j: 'j' }],
      either: { r: 'r' },
      any: null,
    });
    expect(check(normalized).issues).toEqual([]);
    expect(strict.nested.d).toBeNull();
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

  it('returns its input when no member can be sent as null for absent', () => {
    const plain = derive('export interface Subject { a: string; b?: string | null; c: { d: number[] } }').document;
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

/** What the `openai-strict` variant makes of a valid value: every absent optional, non-nullable member sent as null. */
function strictify(document: ShapeDocument, shape: Shape, value: unknown): unknown {
  const resolved = shape.kind === 'ref' ? document.defs[shape.name]! : shape;
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
    Object.defineProperty(result, key, { value: shapeOfKey === undefined ? record[key] : strictify(document, shapeOfKey, record[key]), enumerable: true });
  }
  for (const property of resolved.properties) {
    if (property.optional && !canBeNull(document, property.shape) && !Object.hasOwn(record, property.name)) {
      Object.defineProperty(result, property.name, { value: null, enumerable: true });
    }
  }
  return result;
}

describe.each(validatorFixtures.filter((fixture) => fixture.noOracle === undefined))('$name: strict round trip', (fixture) => {
  const fixtureDocument = documentOf(fixture);
  const compiled = compileValidator(fixtureDocument);
  const accepts = oracle(toJsonSchema(fixtureDocument));

  it('normalizes what the strict variant sends for a valid value back to that value', () => {
    const valid = fc.oneof(fc.constantFrom(...fixture.valid.map((sample) => sample.input)), nearSchema(fixtureDocument)).filter(accepts);
    fc.assert(
      fc.property(valid, (value) => {
        const normalized = compiled.normalize(strictify(fixtureDocument, fixtureDocument.root, value));
        expect(normalized).toEqual(value);
        expect(compiled.normalize(value)).toEqual(value);
      }),
      { numRuns: 100 },
    );
  });
});
