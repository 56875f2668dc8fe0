import type { AIFunction } from './AIFunction.js';

// Two copies of the runtime in one program (two versions installed side by side, or one bundled
// twice) each keep their own module state: approval grants, pending calls, wrapper chains. A grant
// one copy's adapter issues means nothing to the other copy's approval wrapper, so the call would
// be refused without saying why. Every function a copy makes carries that copy's mark under a
// registered symbol, which the other copy can read; where functions reach an adapter, an agent or
// an approval wrapper, a function of another copy is a clear error instead. The grants themselves
// stay in this module's private state: a mark anyone can read is no permission.

const mark = Symbol.for('toolgen.runtime.copy');
/** This copy's identity. */
const thisCopy = Object.freeze({ package: '@toolgen/runtime' });

/** Marks `fn` as made by this copy of the runtime. */
export function markFunction<T extends object>(fn: T): T {
  Object.defineProperty(fn, mark, { value: thisCopy });
  return fn;
}

/**
 * Throws when `fn` was made by another copy of the runtime than the one `where` belongs to.
 * Functions without a mark (written by hand as object literals) are taken as they are.
 *
 * @throws {TypeError} naming the function and how to have one copy.
 */
export function checkSameCopy(fn: AIFunction, where: string): void {
  const copy: unknown = (fn as unknown as { readonly [mark]?: unknown })[mark];
  if (copy === undefined || copy === thisCopy) return;
  throw new TypeError(
    `${where} was given ${String(fn.qualifiedName)}, which another copy of @toolgen/runtime made: two copies are loaded, and approvals and ` +
      'pending calls of one mean nothing to the other. Install one version (`npm ls @toolgen/runtime` shows them; `npm dedupe` merges them), ' +
      'and bundle the runtime once.',
  );
}
