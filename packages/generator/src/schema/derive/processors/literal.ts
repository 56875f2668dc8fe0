import { TypeFlag } from '../../../host/TypeHost.js';
import { flagged } from '../Processor.js';

/** One string, number or boolean literal type: `const`. */
export const literalProcessor = flagged('literal', TypeFlag.StringLiteral | TypeFlag.NumberLiteral | TypeFlag.BooleanLiteral, (type, _site, walk) => ({
  kind: 'literal',
  value: walk.host.literalValue(type)!,
}));
