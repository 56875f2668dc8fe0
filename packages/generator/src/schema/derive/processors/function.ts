import type ts from 'typescript';
import { faults, type Fault } from '../faults.js';
import { hasFlag, type Processor, type Walk } from '../Processor.js';

/** Whether a type has call or construct signatures. */
export function isFunction(type: ts.Type, walk: Walk): boolean {
  const { checker, ts: t } = walk;
  return [t.SignatureKind.Call, t.SignatureKind.Construct].some((kind) => checker.getSignaturesOfType(type, kind).length > 0);
}

/** Functions and classes themselves (`typeof Ticket`): no JSON form. */
export const functionProcessor: Processor = {
  kind: 'function',
  applies: (type, walk) => hasFlag(type, walk.ts.TypeFlags.Object) && isFunction(type, walk),
  derive: (type, site, walk) => walk.fail(type, site.pointer, isClassConstructor(type, walk) ? classFault(type) : faults.function[walk.purpose]),
};

/** `typeof Ticket`: the class itself, which JSON cannot carry either, but which is rarely what was meant. */
function isClassConstructor(type: ts.Type, walk: Walk): boolean {
  const symbol = type.getSymbol();
  return symbol !== undefined && (symbol.flags & walk.ts.SymbolFlags.Class) !== 0 && walk.checker.getSignaturesOfType(type, walk.ts.SignatureKind.Construct).length > 0;
}

function classFault(type: ts.Type): Fault {
  const name = type.getSymbol()!.getName();
  return {
    reason: `it is the class ${name} itself (its constructor), which has no JSON form`,
    fix: `write ${name} for an instance of the class, or take data that names which class to use`,
  };
}
