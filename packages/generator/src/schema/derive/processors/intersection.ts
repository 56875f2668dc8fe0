import type ts from 'typescript';
import { hasFlag, type Processor } from '../Processor.js';
import { functionProcessor, isFunction } from './function.js';
import { objectProcessor } from './object.js';

/** `string & { __brand: 'Id' }` is a string; an intersection of object types is one merged object. */
export const intersectionProcessor: Processor = {
  kind: 'intersection',
  applies: (type, walk) => hasFlag(type, walk.ts.TypeFlags.Intersection),
  derive: (type, site, walk) => {
    const objectFlags = walk.ts.TypeFlags.Object | walk.ts.TypeFlags.NonPrimitive;
    const primitive = (type as ts.IntersectionType).types.find((member) => !hasFlag(member, objectFlags));
    if (primitive !== undefined) {
      return walk.derive(primitive, site.pointer, 'root');
    }
    return (isFunction(type, walk) ? functionProcessor : objectProcessor).derive(type, site, walk);
  },
};
