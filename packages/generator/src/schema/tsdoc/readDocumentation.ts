import type { HostTypeNode, TypeHost } from '../../host/TypeHost.js';

/**
 * The TSDoc summary of the type a member or parameter is declared with (`priority?: Priority`
 * → the doc of `type Priority`), for a member or parameter without one of its own. Follows
 * `T | null | undefined` to `T`; the lib's own types (`Date`, `Record`) have docs about
 * JavaScript, not about the user's data, so they give none.
 */
export function typeDocumentation(host: TypeHost, typeNode: HostTypeNode | undefined): string | undefined {
  const named = namedTypeNode(host, typeNode);
  return named === undefined ? undefined : host.referencedSummary(named);
}

/** The one type reference a type node names, through parentheses and `| null` / `| undefined`. */
function namedTypeNode(host: TypeHost, node: HostTypeNode | undefined): HostTypeNode | undefined {
  if (node === undefined) {
    return undefined;
  }
  const view = host.typeNode(node);
  if (view.kind === 'parenthesized') {
    return namedTypeNode(host, view.inner);
  }
  if (view.kind === 'union') {
    const named = view.members.filter((member) => {
      const kind = host.typeNode(member).kind;
      return kind !== 'undefined' && kind !== 'null';
    });
    return named.length === 1 ? namedTypeNode(host, named[0]) : undefined;
  }
  return view.kind === 'reference' ? node : undefined;
}
