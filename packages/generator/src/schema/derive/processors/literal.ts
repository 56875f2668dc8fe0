import type ts from 'typescript';
import { flagged, hasFlag, type Walk } from '../Processor.js';

/** One string, number or boolean literal type: `const`. */
export const literalProcessor = flagged(
  'literal',
  (t) => t.TypeFlags.StringLiteral | t.TypeFlags.NumberLiteral | t.TypeFlags.BooleanLiteral,
  (type, _site, walk) => ({ kind: 'literal', value: literalValue(type, walk) }),
);

function literalValue(type: ts.Type, walk: Walk): string | number | boolean {
  if (hasFlag(type, walk.ts.TypeFlags.BooleanLiteral)) {
    return walk.text(type) === 'true';
  }
  return (type as ts.LiteralType).value as string | number;
}
