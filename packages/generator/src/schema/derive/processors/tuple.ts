import type ts from 'typescript';
import type { Shape } from '../../shape.js';
import { faults } from '../faults.js';
import type { Processor } from '../Processor.js';

/** `[A, B?, ...C[]]`: `prefixItems`, with a rest element last or none. */
export const tupleProcessor: Processor = {
  kind: 'tuple',
  applies: (type, walk) => walk.checker.isTupleType(type),
  derive: (type, site, walk) => {
    const target = (type as ts.TypeReference).target as ts.TupleType;
    const elementFlags = walk.ts.ElementFlags;
    const types = walk.checker.getTypeArguments(type as ts.TypeReference);
    const elements: Shape[] = [];
    let rest: Shape | null = null;
    for (const [index, flag] of target.elementFlags.entries()) {
      const element = types[index];
      if (element === undefined || (flag & elementFlags.Variadic) !== 0) {
        return walk.fail(type, site.pointer, faults.typeParameter);
      }
      if (rest !== null) {
        return walk.fail(type, site.pointer, faults.restNotLast);
      }
      if ((flag & elementFlags.Rest) !== 0) {
        rest = walk.derive(element, `${site.pointer}/*`, 'element');
      } else {
        const slot = (flag & elementFlags.Optional) !== 0 ? 'optionalElement' : 'element';
        elements.push(walk.derive(element, `${site.pointer}/${index}`, slot));
      }
    }
    return { kind: 'tuple', elements, minItems: target.minLength, rest };
  },
};
