import { TypeFlag } from '../../../host/TypeHost.js';
import { hasFlag, type Processor } from '../Processor.js';
import { unionOf } from './union.js';

/** A TS `enum` (the union of its members, in declaration order): its values, strings and numbers alike. */
export const enumProcessor: Processor = {
  kind: 'enum',
  applies: (type, walk) => hasFlag(walk, type, TypeFlag.Union) && hasFlag(walk, type, TypeFlag.EnumLiteral),
  derive: (type, site, walk) => {
    const values = walk.host.enumValues(type);
    if (values === undefined) {
      return unionOf(walk.constituents(type, site.typeNode), site, walk);
    }
    return { kind: 'enum', values: [...values] };
  },
};
