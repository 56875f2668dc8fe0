import { TypeFlag, type HostType } from '../../../host/TypeHost.js';
import { faults } from '../faults.js';
import { hasFlag, type Processor, type Walk } from '../Processor.js';
import { functionProcessor, isFunction } from './function.js';
import { objectProcessor } from './object.js';

/** `string & { __brand: 'Id' }` is a string; an intersection of object types is one merged object. */
export const intersectionProcessor: Processor = {
  kind: 'intersection',
  applies: (type, walk) => hasFlag(walk, type, TypeFlag.Intersection),
  derive: (type, site, walk) => {
    const objectFlags = TypeFlag.Object | TypeFlag.NonPrimitive;
    const primitive = walk.host.constituents(type).find((member) => !hasFlag(walk, member, objectFlags));
    if (primitive !== undefined) {
      return walk.derive(primitive, site.pointer, 'root');
    }
    if (reducesToNever(type, walk)) {
      return walk.fail(type, site.pointer, faults.conflictingIntersection);
    }
    return (isFunction(type, walk) ? functionProcessor : objectProcessor).derive(type, site, walk);
  },
};

/**
 * Whether TypeScript reduces an intersection of object types to never: `{ a: 'x' } & { a: 'y' }`, `Cat & { kind: 'dog' }`,
 * where one property (a discriminant) has types no value has at once. The checker keeps the intersection, but it has no
 * properties, while its members have some; an intersection otherwise has every property of its members.
 */
export function reducesToNever(type: HostType, walk: Walk): boolean {
  if (!hasFlag(walk, type, TypeFlag.Intersection) || walk.host.properties(type).length > 0) return false;
  return walk.host.constituents(type).some((member) => walk.host.properties(member).length > 0);
}
