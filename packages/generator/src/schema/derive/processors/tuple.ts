import type { HostTypeNode, TypeHost } from '../../../host/TypeHost.js';
import type { Shape } from '../../shape.js';
import { faults } from '../faults.js';
import type { Processor } from '../Processor.js';
import { elementTypeNode } from './array.js';

/** `[A, B?, ...C[]]`: `prefixItems`, with a rest element last or none. */
export const tupleProcessor: Processor = {
  kind: 'tuple',
  applies: (type, walk) => walk.host.isTuple(type),
  derive: (type, site, walk) => {
    const tuple = walk.host.tuple(type);
    const written = writtenElements(walk.host, site.typeNode, tuple.elements.length);
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

/**
 * Each element's type node as the tuple was written (`[string, Digit?]`), so an element written as
 * an alias gets the alias's keyword tags as a member does; none when the tuple was not written as one.
 */
function writtenElements(host: TypeHost, typeNode: HostTypeNode | undefined, count: number): readonly (HostTypeNode | undefined)[] {
  const view = typeNode === undefined ? undefined : host.typeNode(typeNode);
  return view?.kind === 'tuple' && view.elements.length === count ? view.elements : [];
}
