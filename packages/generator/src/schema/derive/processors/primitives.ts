import { faults, undefinedFault } from '../faults.js';
import { flagged } from '../Processor.js';

/*
 * The types one type flag tells apart: keywords and primitives. Each is data JSON carries as it is, or
 * a type with no JSON form at all.
 */

export const anyProcessor = flagged(
  'any',
  (t) => t.TypeFlags.Any | t.TypeFlags.Unknown,
  () => ({ kind: 'any' }),
);

export const neverProcessor = flagged(
  'never',
  (t) => t.TypeFlags.Never,
  (type, site, walk) => walk.fail(type, site.pointer, faults.never),
);

export const voidProcessor = flagged(
  'void',
  (t) => t.TypeFlags.Void,
  (type, site, walk) => walk.fail(type, site.pointer, faults.void),
);

export const undefinedProcessor = flagged(
  'undefined',
  (t) => t.TypeFlags.Undefined,
  (type, site, walk) => walk.fail(type, site.pointer, undefinedFault('root')),
);

export const nullProcessor = flagged(
  'null',
  (t) => t.TypeFlags.Null,
  () => ({ kind: 'null' }),
);

export const bigintProcessor = flagged(
  'bigint',
  (t) => t.TypeFlags.BigIntLike,
  (type, site, walk) => walk.fail(type, site.pointer, faults.bigint),
);

export const symbolProcessor = flagged(
  'symbol',
  (t) => t.TypeFlags.ESSymbolLike,
  (type, site, walk) => walk.fail(type, site.pointer, faults.symbol),
);

export const numberProcessor = flagged(
  'number',
  // a non-literal `Enum` flag is an enum with computed members: numbers
  (t) => t.TypeFlags.Number | t.TypeFlags.Enum,
  () => ({ kind: 'number', integer: false }),
);

export const booleanProcessor = flagged(
  'boolean',
  (t) => t.TypeFlags.Boolean,
  () => ({ kind: 'boolean' }),
);

export const typeParameterProcessor = flagged(
  'type parameter',
  (t) => t.TypeFlags.TypeParameter,
  (type, site, walk) => walk.fail(type, site.pointer, faults.typeParameter),
);

/** The `object` keyword: any JSON object. */
export const nonPrimitiveProcessor = flagged(
  'object keyword',
  (t) => t.TypeFlags.NonPrimitive,
  () => ({ kind: 'object', properties: [], additionalProperties: { kind: 'any' } }),
);
