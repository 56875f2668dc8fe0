import { TypeFlag } from '../../../host/TypeHost.js';
import { hasFlag, type Processor } from '../Processor.js';
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
    return (isFunction(type, walk) ? functionProcessor : objectProcessor).derive(type, site, walk);
  },
};
