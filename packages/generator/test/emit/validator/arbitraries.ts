import fc from 'fast-check';
import type { Shape, ShapeDocument } from '../../../src/schema/shape.js';

const dateTimes = [
  '2026-01-31T09:00:00Z',
  '2024-02-29t23:59:59.5+05:30',
  '1998-12-31T23:59:60Z',
  '1998-12-31T15:59:60.123-08:00',
  '1998-12-31T22:59:60Z',
  '2023-02-29T00:00:00Z',
  '2026-01-31T24:00:00Z',
  '2026-01-31 09:00:00Z',
  'tomorrow',
];
/** Strings of each enforced format, valid and not, near what each RFC allows. */
export const formatSamples: Readonly<Record<string, readonly string[]>> = {
  'date-time': dateTimes,
  date: ['2026-01-31', '2024-02-29', '2023-02-29', '2026-13-01', '2026-1-1'],
  time: ['09:00:00Z', '23:59:59.999-01:00', '23:59:60Z', '00:59:60+01:00', '23:59:60+01:00', '24:00:00Z', '09:00:00', '09:60:00+01:00'],
  email: ['ada@example.com', 'a@b.co', 'user@localhost', '"a b"@example.com', 'ada@[IPv6:::1]', 'ada@[127.0.0.300]', 'ada', 'a b@c.d', '@example.com', 'a..b@c.d'],
  uuid: ['123e4567-e89b-12d3-a456-426614174000', '123E4567-E89B-12D3-A456-426614174000', '123e4567e89b12d3a456426614174000', '123'],
  uri: [
    'https://example.com/a?b#c',
    'mailto:ada@example.com',
    'urn:isbn:0451450523',
    'http://[::1]:8080/',
    'http://',
    '/relative',
    'not a uri',
    ' https://example.com',
    'https://exa\tmple.com',
    'https://example.com/a b',
    'https://example.com/%zz',
  ],
};

/** Now and then anything at all in place of a value. */
function sometimesWrong(arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 8, arbitrary }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) });
}

/**
 * Values near what `document` accepts: mostly valid, with boundary values around every keyword
 * and the odd value of the wrong type, so acceptance is decided close to the schema's edges.
 */
export function nearSchema(document: ShapeDocument): fc.Arbitrary<unknown> {
  const of = (shape: Shape, depth: number): fc.Arbitrary<unknown> => sometimesWrong(exact(shape, depth));
  const exact = (shape: Shape, depth: number): fc.Arbitrary<unknown> => {
    switch (shape.kind) {
      case 'any':
        return fc.jsonValue({ maxDepth: 2 });
      case 'string': {
        const samples = shape.format === undefined ? undefined : formatSamples[shape.format];
        if (samples !== undefined) {
          return fc.constantFrom(...samples);
        }
        if (shape.pattern !== undefined) {
          return fc.oneof(fc.stringMatching(new RegExp(shape.pattern, 'u')), fc.string());
        }
        const minLength = Math.max(0, (shape.minLength ?? 0) - 1);
        const maxLength = (shape.maxLength ?? 8) + 1;
        return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'binary' }));
      }
      case 'number': {
        const bounds = [shape.minimum, shape.maximum, shape.exclusiveMinimum, shape.exclusiveMaximum].filter((bound) => bound !== undefined);
        const low = Math.floor(Math.min(-5, ...bounds)) - 2;
        const high = Math.ceil(Math.max(5, ...bounds)) + 2;
        const near = bounds.flatMap((bound) => [bound - 1, bound - 0.5, bound, bound + 0.5, bound + 1]);
        return fc.oneof(
          fc.integer({ min: low, max: high }),
          fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true }),
          ...(near.length > 0 ? [fc.constantFrom(...near)] : []),
        );
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'literal':
        return fc.constant(shape.value);
      case 'enum':
        return fc.constantFrom(...shape.values);
      case 'date':
        return fc.constantFrom(...formatSamples[shape.format ?? 'date-time']!);
      case 'url':
        return fc.constantFrom(...formatSamples['uri']!);
      case 'array': {
        const maxLength = depth > 3 ? 0 : (shape.maxItems ?? 3) + 1;
        return fc.array(of(shape.items, depth + 1), { minLength: Math.min(maxLength, Math.max(0, (shape.minItems ?? 0) - 1)), maxLength });
      }
      case 'tuple': {
        const rest = shape.rest === null ? fc.jsonValue({ maxDepth: 1 }) : of(shape.rest, depth + 1);
        return fc
          .tuple(fc.tuple(...shape.elements.map((element) => of(element, depth + 1))), fc.array(rest, { maxLength: 2 }), fc.integer({ min: Math.max(0, shape.minItems - 1), max: shape.elements.length + 2 }))
          .map(([elements, extra, length]) => [...elements, ...extra].slice(0, length));
      }
      case 'object': {
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const property of shape.properties) {
          Object.defineProperty(model, property.name, { value: of(property.shape, depth + 1), enumerable: true });
        }
        const required = shape.properties.filter((property) => !property.optional).map((property) => property.name);
        const declared = fc.record(model, { requiredKeys: required });
        if (shape.additionalProperties === false) {
          return declared;
        }
        const entries = fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype', 'a/b', 'm~n')), of(shape.additionalProperties, depth + 1), { maxKeys: depth > 3 ? 0 : 3 });
        return fc.tuple(declared, entries).map(([fixed, extra]) => {
          const merged: Record<string, unknown> = {};
          for (const source of [extra, fixed]) {
            for (const key of Object.keys(source)) {
              Object.defineProperty(merged, key, { value: source[key], enumerable: true, writable: true, configurable: true });
            }
          }
          return merged;
        });
      }
      case 'union':
        return fc.oneof(...shape.members.map((member) => exact(member, depth)));
      case 'ref':
        return depth > 5 ? fc.jsonValue({ maxDepth: 0 }) : exact(document.defs[shape.name]!, depth + 1);
    }
  };
  return exact(document.root, 0);
}

type Mutation = 'replace' | 'delete' | 'add' | 'null';

/** Every place in a JSON value: the root, each property of an object, each element of an array. */
function places(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const found = [path];
  if (Array.isArray(value)) {
    value.forEach((element, index) => found.push(...places(element, [...path, index])));
  } else if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) {
      found.push(...places((value as Record<string, unknown>)[key], [...path, key]));
    }
  }
  return found;
}

function mutate(value: unknown, place: number, mutation: Mutation, replacement: unknown, key: string): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(value) ?? 'null');
  const all = places(copy);
  const path = all[place % all.length]!;
  if (path.length === 0) {
    return mutation === 'null' ? null : mutation === 'replace' ? replacement : copy;
  }
  let parent = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) {
    parent = parent[step] as Record<string | number, unknown>;
  }
  const last = path.at(-1)!;
  if (mutation === 'delete') {
    if (Array.isArray(parent)) {
      parent.splice(last as number, 1);
    } else {
      delete parent[last];
    }
  } else if (mutation === 'add') {
    const target = parent[last];
    if (typeof target === 'object' && target !== null && !Array.isArray(target)) {
      Object.defineProperty(target, key, { value: replacement, enumerable: true, writable: true, configurable: true });
    } else if (Array.isArray(target)) {
      target.push(replacement);
    }
  } else {
    Object.defineProperty(parent, last, { value: mutation === 'null' ? null : replacement, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** Values one mutation away from `base`: a value replaced, removed, nulled, or a property or element added. */
export function mutated(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      base,
      fc.nat(),
      fc.constantFrom<Mutation>('replace', 'delete', 'add', 'null'),
      fc.jsonValue({ maxDepth: 1 }),
      fc.constantFrom('extra', '__proto__', 'constructor', 'prototype', 'a/b', 'm~n', ''),
    )
    .map(([value, place, mutation, replacement, key]) => mutate(value, place, mutation, replacement, key));
}

export const reservedKeys = ['__proto__', 'constructor', 'prototype'] as const;

/** Every object in a JSON value, outermost first. */
function objectsIn(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) {
    return value.flatMap(objectsIn);
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return [record, ...Object.keys(record).flatMap((key) => objectsIn(record[key]))];
  }
  return [];
}

/**
 * Values from `base` with `__proto__`, `constructor` or `prototype` as keys at any depth: an
 * existing key renamed, or one added. As JSON.parse makes them: own data properties.
 */
export function withReservedKeys(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const change = fc.tuple(fc.nat(), fc.constantFrom(...reservedKeys), fc.boolean(), fc.jsonValue({ maxDepth: 1 }));
  return fc.tuple(base, fc.array(change, { minLength: 1, maxLength: 3 })).map(([value, changes]) => {
    const copy: unknown = JSON.parse(JSON.stringify(value) ?? 'null');
    const objects = objectsIn(copy);
    for (const [place, key, rename, replacement] of changes) {
      const target = objects[place % Math.max(1, objects.length)];
      if (target === undefined) {
        break;
      }
      const existing = Object.keys(target);
      const from = existing[place % Math.max(1, existing.length)];
      const moved = rename && from !== undefined ? target[from] : replacement;
      if (rename && from !== undefined) {
        delete target[from];
      }
      Object.defineProperty(target, key, { value: moved, enumerable: true, writable: true, configurable: true });
    }
    return JSON.parse(JSON.stringify(copy) ?? 'null') as unknown;
  });
}
