import { TypeFlag } from '../../../host/TypeHost.js';
import { faults } from '../faults.js';
import { hasFlag, isGlobal, type Processor } from '../Processor.js';

/**
 * `Iterable<T>`: the model sends an array, which is an iterable, so the method receives it as it
 * is. A result typed `Iterable<T>` may be a `Set` or a generator, which JSON.stringify does not
 * send as an array.
 */
export const iterableProcessor: Processor = {
  kind: 'iterable',
  applies: (type, walk) => {
    const symbol = walk.host.symbolOf(type);
    return hasFlag(walk, type, TypeFlag.Object) && symbol !== undefined && walk.host.symbolName(symbol) === 'Iterable' && isGlobal(symbol, walk);
  },
  derive: (type, site, walk) => {
    const [element] = walk.host.typeArguments(type);
    if (element === undefined) {
      return walk.fail(type, site.pointer, faults.unsupported);
    }
    if (walk.purpose === 'output') {
      return walk.fail(type, site.pointer, {
        reason: 'an Iterable result may be a Set or a generator, which JSON.stringify does not send as an array',
        fix: `return an array (${walk.text(element)}[]); Array.from makes one from any iterable`,
      });
    }
    const view = site.typeNode === undefined ? undefined : walk.host.typeNode(site.typeNode);
    const elementNode = view?.kind === 'reference' ? view.typeArguments[0] : undefined;
    return { kind: 'array', items: walk.derive(element, `${site.pointer}/*`, 'element', elementNode) };
  },
};
