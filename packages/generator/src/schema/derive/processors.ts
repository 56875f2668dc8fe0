import type { HostType } from '../../host/TypeHost.js';
import { arrayProcessor } from './processors/array.js';
import { enumProcessor } from './processors/enum.js';
import { fallbackProcessor } from './processors/fallback.js';
import { functionProcessor } from './processors/function.js';
import { intersectionProcessor } from './processors/intersection.js';
import { iterableProcessor } from './processors/iterable.js';
import { libProcessor } from './processors/lib.js';
import { literalProcessor } from './processors/literal.js';
import { objectProcessor } from './processors/object.js';
import {
  anyProcessor,
  bigintProcessor,
  booleanProcessor,
  neverProcessor,
  nonPrimitiveProcessor,
  nullProcessor,
  numberProcessor,
  symbolProcessor,
  typeParameterProcessor,
  undefinedProcessor,
  voidProcessor,
} from './processors/primitives.js';
import { stringProcessor } from './processors/string.js';
import { tupleProcessor } from './processors/tuple.js';
import { unionProcessor } from './processors/union.js';
import { unresolvedProcessor } from './processors/unresolved.js';
import type { Processor, Walk } from './Processor.js';

/**
 * Every kind of type schema derivation knows, in the order the walker tries them: the first that
 * applies derives the type. A new type feature is a processor in `processors/` and its line here,
 * before the processors that would take its types otherwise (`object` takes every object type).
 */
const processors: readonly Processor[] = [
  unresolvedProcessor,
  anyProcessor,
  neverProcessor,
  voidProcessor,
  undefinedProcessor,
  nullProcessor,
  bigintProcessor,
  symbolProcessor,
  stringProcessor,
  numberProcessor,
  booleanProcessor,
  literalProcessor,
  enumProcessor,
  unionProcessor,
  intersectionProcessor,
  typeParameterProcessor,
  nonPrimitiveProcessor,
  arrayProcessor,
  tupleProcessor,
  iterableProcessor,
  libProcessor,
  functionProcessor,
  objectProcessor,
  fallbackProcessor,
];

/** The processor that derives `type`. */
export function processorFor(type: HostType, walk: Walk): Processor {
  return processors.find((processor) => processor.applies(type, walk)) ?? fallbackProcessor;
}
