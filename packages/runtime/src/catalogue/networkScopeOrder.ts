import { networkScopes, type NetworkScope } from '../governance.js';

/** Whether `value` is one of `none`, `incidental`, `egress`. */
export function isNetworkScope(value: unknown): value is NetworkScope {
  return typeof value === 'string' && (networkScopes as readonly string[]).includes(value);
}

/** The widest of the scopes: `egress` over `incidental` over `none`. */
export function widestNetworkScope(...scopes: readonly NetworkScope[]): NetworkScope {
  let widest: NetworkScope = 'none';
  for (const scope of scopes) {
    if (networkScopes.indexOf(scope) > networkScopes.indexOf(widest)) widest = scope;
  }
  return widest;
}
