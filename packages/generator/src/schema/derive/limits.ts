/**
 * How many instantiations of one generic type may be derived inside each other. A generic that
 * holds itself with a larger type argument (`Grow<T>` holding `Grow<T[]>`) has a new type at
 * every level, so no `$ref` ever closes the recursion: the walk stops there with a problem.
 */
export const maxNestedInstantiations = 10;

/** How deep a derivation may go, whatever the types: the same stop for expansions through tuples, arrays or unions. */
export const maxDerivationDepth = 64;

/** How many aliases of aliases without parameters (`type A = B; type B = C[]`) are derived as the node they declare; a circular one, an error TypeScript reports, stops there. */
export const maxAliasExpansions = 16;

/** How many declarations up the `extends` clauses of an object's declarations a member's declaration is looked for (TypeScript reports a circular one). */
export const maxBaseDepth = 64;
