import type ts from 'typescript';
import type { Shape } from '../shape.js';
import type { TypeScriptApi } from '../TypeScriptApi.js';
import type { Fault } from './faults.js';

/** 'input' for parameters (what the model sends), 'output' for return types (what JSON.stringify produces). */
export type Purpose = 'input' | 'output';

/**
 * Where a type sits decides what its `undefined` means: a member may be absent, a value of an
 * index signature is simply left out, but an element or the root has to be sent.
 */
export type Slot = 'root' | 'member' | 'element' | 'optionalElement' | 'value';

/** Where a type is derived: its pointer, and the type node it was written as, when known (for union order). */
export interface Site {
  readonly pointer: string;
  readonly typeNode?: ts.TypeNode;
}

/** What processors may ask of the builder (`ShapeBuilder`). */
export interface Walk {
  readonly ts: TypeScriptApi;
  readonly checker: ts.TypeChecker;
  readonly purpose: Purpose;
  derive(type: ts.Type, pointer: string, slot: Slot, typeNode?: ts.TypeNode): Shape;
  /** Records a problem and returns the placeholder shape standing for the unrepresentable type. */
  fail(type: ts.Type, pointer: string, fault: Fault): Shape;
  /** Derives a type that may recur: on re-entry it becomes a `ref`, and its shape a def. */
  named(type: ts.Type, pointer: string, derive: () => Shape): Shape;
  /** A union's members, in the order they were written where the source says so. */
  constituents(type: ts.UnionType, typeNode: ts.TypeNode | undefined): readonly ts.Type[];
  /** Applies a member's TSDoc; without a summary of its own, the member takes its declared type's (`typeNode`). */
  documentation(symbol: ts.Symbol, shape: Shape, pointer: string, typeText: () => string, typeNode: ts.TypeNode | undefined): Shape;
  text(type: ts.Type): string;
}

/**
 * One kind of type: whether it applies, and how it derives. The walker asks the processors of
 * `processors.ts` in their order; the first that applies wins.
 */
export interface Processor {
  readonly kind: string;
  applies(type: ts.Type, walk: Walk): boolean;
  derive(type: ts.Type, site: Site, walk: Walk): Shape;
}

export const hasFlag = (type: ts.Type, flags: ts.TypeFlags): boolean => (type.flags & flags) !== 0;

/** Whether `symbol` is the global of its name: the lib's (merged with any global augmentation), not a user's own `Date`. */
export function isGlobal(symbol: ts.Symbol, walk: Walk): boolean {
  return walk.checker.resolveName(symbol.getName(), undefined, walk.ts.SymbolFlags.Type, false) === symbol;
}

export function isUndefined(t: TypeScriptApi, type: ts.Type): boolean {
  return hasFlag(type, t.TypeFlags.Undefined);
}

/** A processor for the types that carry one of `flags`. */
export const flagged = (kind: string, flags: (t: TypeScriptApi) => ts.TypeFlags, derive: Processor['derive']): Processor => ({
  kind,
  applies: (type, walk) => hasFlag(type, flags(walk.ts)),
  derive,
});
