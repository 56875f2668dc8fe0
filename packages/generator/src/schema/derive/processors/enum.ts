import type ts from 'typescript';
import { hasFlag, type Processor } from '../Processor.js';
import { isEnumValue, unionOf } from './union.js';

/** A TS `enum` (the union of its members, in declaration order): its values, strings and numbers alike. */
export const enumProcessor: Processor = {
  kind: 'enum',
  applies: (type, walk) => hasFlag(type, walk.ts.TypeFlags.Union) && hasFlag(type, walk.ts.TypeFlags.EnumLiteral),
  derive: (type, site, walk) => {
    const members = (type as ts.UnionType).types;
    if (!members.every((member) => isEnumValue(walk.ts, member))) {
      return unionOf(members, site, walk);
    }
    return { kind: 'enum', values: members.map((member) => (member as ts.LiteralType).value as string | number) };
  },
};
