import { faults, undefinedFault } from '../faults.js';
import { bigIntLike, esSymbolLike, TypeFlag } from '../../../host/TypeHost.js';
import { flagged } from '../Processor.js';

/*
 * The types one type flag tells apart: keywords and primitives. Each is data JSON carries as it is, or
 * a type with no JSON form at all.
 */

export const anyProcessor = flagged(
  'any',
  TypeFlag.Any | TypeFlag.Unknown,
  () => ({ kind: 'any' }),
);

export const neverProcessor = flagged(
  'never',
  TypeFlag.Never,
  (type, site, walk) => walk.fail(type, site.pointer, faults.never),
);

export const voidProcessor = flagged(
  'void',
  TypeFlag.Void,
  (type, site, walk) => walk.fail(type, site.pointer, faults.void),
);

export const undefinedProcessor = flagged(
  'undefined',
  TypeFlag.Undefined,
  (type, site, walk) => walk.fail(type, site.pointer, undefinedFault('root')),
);

export const nullProcessor = flagged(
  'null',
  TypeFlag.Null,
  () => ({ kind: 'null' }),
);

export const bigintProcessor = flagged(
  'bigint',
  bigIntLike,
  (type, site, walk) => walk.fail(type, site.pointer, faults.bigint),
);

export const symbolProcessor = flagged(
  'symbol',
  esSymbolLike,
  (type, site, walk) => walk.fail(type, site.pointer, faults.symbol),
);

export const numberProcessor = flagged(
  'number',
  // a non-literal `Enum` flag is an enum with computed members: numbers
  TypeFlag.Number | TypeFlag.Enum,
  () => ({ kind: 'number', integer: false }),
);

export const booleanProcessor = flagged(
  'boolean',
  TypeFlag.Boolean,
  () => ({ kind: 'boolean' }),
);

export const typeParameterProcessor = flagged(
  'type parameter',
  TypeFlag.TypeParameter,
  (type, site, walk) => walk.fail(type, site.pointer, faults.typeParameter),
);

/** The `object` keyword: any JSON object. */
export const nonPrimitiveProcessor = flagged(
  'object keyword',
  TypeFlag.NonPrimitive,
  () => ({ kind: 'object', properties: [], additionalProperties: { kind: 'any' } }),
);
