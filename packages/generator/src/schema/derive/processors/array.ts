import { faults } from '../faults.js';
import type { Processor } from '../Processor.js';
import { elementTypeNode } from '../writtenNodes.js';

/** `T[]` and `readonly T[]`: `items`, each element derived at `/*`. */
export const arrayProcessor: Processor = {
  kind: 'array',
  applies: (type, walk) => walk.host.isArray(type),
  derive: (type, site, walk) => {
    const [element] = walk.host.typeArguments(type);
    if (element === undefined) {
      return walk.fail(type, site.pointer, faults.unsupported);
    }
    // `type Tags = ('b' | 'a')[]`: without a node of its own, the array is as its alias writes it (union order)
    const node = site.typeNode ?? walk.host.aliasTypeNode(type);
    return { kind: 'array', items: walk.derive(element, `${site.pointer}/*`, 'element', elementTypeNode(walk.host, node)) };
  },
};
