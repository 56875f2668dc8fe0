import type { HostType } from '../../../host/TypeHost.js';
import { TypeFlag } from '../../../host/TypeHost.js';
import { faults, type Fault } from '../faults.js';
import { hasFlag, type Processor, type Walk } from '../Processor.js';

/** Whether a type has call or construct signatures. */
export function isFunction(type: HostType, walk: Walk): boolean {
  return walk.host.hasSignatures(type, 'call') || walk.host.hasSignatures(type, 'construct');
}

/** Functions and classes themselves (`typeof Ticket`): no JSON form. */
export const functionProcessor: Processor = {
  kind: 'function',
  applies: (type, walk) => hasFlag(walk, type, TypeFlag.Object) && isFunction(type, walk),
  derive: (type, site, walk) => {
    const className = classConstructorName(type, walk);
    return walk.fail(type, site.pointer, className !== undefined ? classFault(className) : faults.function[walk.purpose]);
  },
};

/** `typeof Ticket`: the class itself, which JSON cannot carry either, but which is rarely what was meant. */
function classConstructorName(type: HostType, walk: Walk): string | undefined {
  const symbol = walk.host.symbolOf(type);
  return symbol !== undefined && walk.host.isClass(symbol) && walk.host.hasSignatures(type, 'construct') ? walk.host.symbolName(symbol) : undefined;
}

function classFault(name: string): Fault {
  return {
    reason: `it is the class ${name} itself (its constructor), which has no JSON form`,
    fix: `write ${name} for an instance of the class, or take data that names which class to use`,
  };
}
