import { hasFlag as hostHasFlag, TypeFlag, type HostSymbol, type HostType, type HostTypeNode, type TypeHost } from '../../host/TypeHost.js';
import type { Shape } from '../shape.js';
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
  readonly typeNode?: HostTypeNode;
}

/**
 * Where type nodes are read: the type parameters of `owner` (an interface, a class or a type alias), each mapped to its
 * argument as written, with the scope that argument is read in. Empty where the arguments are not known (a type derived
 * without a node): a name is then read as itself, never as another declaration's parameter.
 */
export interface Scope {
  readonly owner: HostSymbol | undefined;
  readonly names: ReadonlyMap<string, Written>;
}

/** A type node and the scope it is read in (`T[]` of `Page<T[]>` in `Wrap<T>`'s): its `T` is that scope's. */
export interface Written {
  readonly node: HostTypeNode | undefined;
  readonly scope: Scope;
}

/** What processors may ask of the builder (`ShapeBuilder`). */
export interface Walk {
  readonly host: TypeHost;
  readonly purpose: Purpose;
  /** Derives a type as `typeNode` writes it in the current scope. */
  derive(type: HostType, pointer: string, slot: Slot, typeNode?: HostTypeNode): Shape;
  /** Derives a type as a node writes it in the scope it was found in (`resolve`). */
  deriveWritten(type: HostType, pointer: string, slot: Slot, written: Written | undefined): Shape;
  /** Records a problem and returns the placeholder shape standing for the unrepresentable type. */
  fail(type: HostType, pointer: string, fault: Fault): Shape;
  /**
   * Derives an object's members in the scope of the declaration it was written as: `Page<Votes>`'s members read its
   * type parameter `T` as the argument `Votes` was written, so an alias's keyword tags reach them. `derive` is given
   * what the written arguments say beyond the checker's type (`''` when nothing): `Page<Votes>` and `Page<number>` are
   * one type to the checker, but two defs.
   */
  inScopeOf<T>(type: HostType, typeNode: HostTypeNode | undefined, derive: (instantiation: string) => T): T;
  /**
   * Derives what a member or an index signature of the object being derived (`inScopeOf`) writes in the scope of the
   * declaration it is written in: an inherited member's in that of its base's arguments as the `extends` clause writes
   * them (`CodePage extends Page<Code>`), never in the derived type's own.
   */
  member<T>(typeNode: HostTypeNode | undefined, derive: () => T): T;
  /**
   * A node as written in the current scope, and the scope to read it in: a reference to a type parameter there (`T`) is
   * the argument it was given (`Votes`), read where that argument was written; no node for an argument not known.
   */
  resolve(typeNode: HostTypeNode): Written;
  /** Runs `derive` with `scope` as the current scope: for a node `resolve` found, to read what it is written of. */
  within<T>(scope: Scope, derive: () => T): T;
  /** Derives a type that may recur: on re-entry it becomes a `ref`, and its shape a def. */
  named(type: HostType, pointer: string, derive: () => Shape, instantiation?: string): Shape;
  /** A union's members, in the order they were written where the source says so. */
  constituents(type: HostType, typeNode: HostTypeNode | undefined): readonly HostType[];
  /** Applies a member's TSDoc; without a summary of its own, the member takes its declared type's (`typeNode`). */
  documentation(symbol: HostSymbol, shape: Shape, pointer: string, typeText: () => string, typeNode: HostTypeNode | undefined): Shape;
  text(type: HostType): string;
}

/**
 * One kind of type: whether it applies, and how it derives. The walker asks the processors of
 * `processors.ts` in their order; the first that applies wins.
 */
export interface Processor {
  readonly kind: string;
  applies(type: HostType, walk: Walk): boolean;
  derive(type: HostType, site: Site, walk: Walk): Shape;
}

export const hasFlag = (walk: Walk, type: HostType, flags: number): boolean => hostHasFlag(walk.host, type, flags);

/** Whether `symbol` is the global of its name: the lib's (merged with any global augmentation), not a user's own `Date`. */
export function isGlobal(symbol: HostSymbol, walk: Walk): boolean {
  return walk.host.isGlobalType(symbol);
}

export function isUndefined(walk: Walk, type: HostType): boolean {
  return hasFlag(walk, type, TypeFlag.Undefined);
}

/** A processor for the types that carry one of `flags`. */
export const flagged = (kind: string, flags: number, derive: Processor['derive']): Processor => ({
  kind,
  applies: (type, walk) => hasFlag(walk, type, flags),
  derive,
});
