import type ts from 'typescript';
import type { TypeScriptApi } from '../../TypeScriptApi.js';
import { faults } from '../faults.js';
import type { Processor } from '../Processor.js';

/** `T[]` and `readonly T[]`: `items`, each element derived at `/*`. */
export const arrayProcessor: Processor = {
  kind: 'array',
  applies: (type, walk) => walk.checker.isArrayType(type),
  derive: (type, site, walk) => {
    const [element] = walk.checker.getTypeArguments(type as ts.TypeReference);
    if (element === undefined) {
      return walk.fail(type, site.pointer, faults.unsupported);
    }
    return { kind: 'array', items: walk.derive(element, `${site.pointer}/*`, 'element', elementTypeNode(walk.ts, site.typeNode)) };
  },
};

function elementTypeNode(t: TypeScriptApi, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  return node !== undefined && t.isArrayTypeNode(node) ? node.elementType : undefined;
}
