import type { Shape } from '../../shape.js';
import { faults } from '../faults.js';
import type { Processor } from '../Processor.js';
import { elementTypeNode, tupleElementNodes } from '../writtenNodes.js';

/** `[A, B?, ...C[]]`: `prefixItems`, with a rest element last or none. */
export const tupleProcessor: Processor = {
  kind: 'tuple',
  applies: (type, walk) => walk.host.isTuple(type),
  derive: (type, site, walk) => {
    const tuple = walk.host.tuple(type);
    // each element as written (`[string, Digit?]`), so an element written as an alias gets its keyword tags
    const written = tupleElementNodes(walk.host, site.typeNode, tuple.elements.length);
    const elements: Shape[] = [];
    let rest: Shape | null = null;
    for (const [index, element] of tuple.elements.entries()) {
      if (element.type === undefined || element.kind === 'variadic') {
        return walk.fail(type, site.pointer, faults.typeParameter);
      }
      if (rest !== null) {
        return walk.fail(type, site.pointer, faults.restNotLast);
      }
      if (element.kind === 'rest') {
        rest = walk.derive(element.type, `${site.pointer}/*`, 'element', elementTypeNode(walk.host, written[index]));
      } else {
        const slot = element.kind === 'optional' ? 'optionalElement' : 'element';
        elements.push(walk.derive(element.type, `${site.pointer}/${index}`, slot, written[index]));
      }
    }
    return { kind: 'tuple', elements, minItems: tuple.minLength, rest };
  },
};
