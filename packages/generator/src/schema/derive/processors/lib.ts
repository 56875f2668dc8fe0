import { TypeFlag, type HostType } from '../../../host/TypeHost.js';
import type { Shape } from '../../shape.js';
import { faults, type Fault } from '../faults.js';
import { hasFlag, isGlobal, type Processor, type Site, type Walk } from '../Processor.js';

/** Library types of one or more global names, and how they derive. */
interface LibEntry {
  readonly names: readonly string[];
  derive(type: HostType, site: Site, walk: Walk): Shape;
}

const typeArgumentText = (type: HostType, walk: Walk, index: number, fallback: string): string => {
  const argument = hasFlag(walk, type, TypeFlag.Object) ? walk.host.typeArguments(type)[index] : undefined;
  return argument === undefined ? fallback : walk.text(argument);
};

const failing =
  (fault: (type: HostType, walk: Walk) => Fault): LibEntry['derive'] =>
  (type, site, walk) =>
    walk.fail(type, site.pointer, fault(type, walk));

const libEntries: readonly LibEntry[] = [
  { names: ['Date'], derive: () => ({ kind: 'date' }) },
  // a URL goes out through its toJSON (its href) and comes in as a string `new URL` parses
  { names: ['URL'], derive: () => ({ kind: 'url' }) },
  {
    names: ['Map', 'ReadonlyMap', 'WeakMap'],
    derive: failing((type, walk) => ({
      reason: 'a Map has no JSON form (JSON.stringify turns it into {})',
      fix: `use Record<string, ${typeArgumentText(type, walk, 1, 'V')}> or an array of [key, value] pairs`,
    })),
  },
  {
    names: ['Set', 'ReadonlySet', 'WeakSet'],
    derive: failing((type, walk) => ({
      reason: 'a Set has no JSON form (JSON.stringify turns it into {})',
      fix: `use an array (${typeArgumentText(type, walk, 0, 'T')}[]) and build the Set in code`,
    })),
  },
  {
    names: ['Promise', 'PromiseLike'],
    derive: failing((type, walk) =>
      walk.purpose === 'input'
        ? {
            reason: 'an input cannot be a Promise: the model sends plain JSON',
            fix: `take the resolved value (${typeArgumentText(type, walk, 0, 'T')}) and await the promise before the call`,
          }
        : {
            reason: 'a Promise inside a result has no JSON form (JSON.stringify turns it into {})',
            fix: `await it before returning, so the result holds the ${typeArgumentText(type, walk, 0, 'T')} itself`,
          },
    ),
  },
  {
    names: ['RegExp'],
    derive: failing(() => ({
      reason: 'a RegExp has no JSON form (JSON.stringify turns it into {})',
      fix: "use a string holding the pattern's source and build the RegExp in code",
    })),
  },
  {
    names: ['Error'],
    derive: failing((_type, walk) => ({
      reason: 'an Error has no JSON form (its message and stack are not enumerable, so JSON.stringify gives {})',
      fix:
        walk.purpose === 'input'
          ? 'take the message as a string'
          : 'return { message: string }, or throw a ToolFailure to report a failure',
    })),
  },
  {
    names: [
      'ArrayBuffer',
      'SharedArrayBuffer',
      'DataView',
      'Int8Array',
      'Uint8Array',
      'Uint8ClampedArray',
      'Int16Array',
      'Uint16Array',
      'Int32Array',
      'Uint32Array',
      'Float32Array',
      'Float64Array',
      'BigInt64Array',
      'BigUint64Array',
    ],
    derive: failing(() => ({
      reason: 'binary data has no JSON form',
      fix: 'use number[] or a base64-encoded string',
    })),
  },
  {
    names: ['Function', 'CallableFunction', 'NewableFunction'],
    derive: (type, site, walk) => walk.fail(type, site.pointer, faults.function[walk.purpose]),
  },
  { names: ['Symbol'], derive: (type, site, walk) => walk.fail(type, site.pointer, faults.symbol) },
];

const libEntryByName = new Map(libEntries.flatMap((entry) => entry.names.map((name) => [name, entry] as const)));

/** The lib entry for a type, its own or (for `class NotFound extends Error`) a base class's. */
function libEntryOf(type: HostType, walk: Walk, depth = 0): LibEntry | undefined {
  const symbol = walk.host.symbolOf(type);
  if (symbol === undefined || depth > 8) {
    return undefined;
  }
  const entry = libEntryByName.get(walk.host.symbolName(symbol));
  if (entry !== undefined && isGlobal(symbol, walk)) {
    return entry;
  }
  for (const base of walk.host.baseTypes(type)) {
    const found = libEntryOf(base, walk, depth + 1);
    if (found !== undefined) {
      return found;
    }
  }
  return undefined;
}

/**
 * The TypeScript lib's classes and interfaces, recognized by their global name, their own or a base
 * class's: `Date` and `URL` (strings on the wire, converted before the call) and those with no JSON
 * form (`Map`, `Set`, `Promise`, `RegExp`, `Error`, binary data, `Function`, `Symbol`), each with its fault.
 */
export const libProcessor: Processor = {
  kind: 'lib',
  applies: (type, walk) => hasFlag(walk, type, TypeFlag.Object) && libEntryOf(type, walk) !== undefined,
  derive: (type, site, walk) => libEntryOf(type, walk)!.derive(type, site, walk),
};
