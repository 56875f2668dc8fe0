/**
 * Splits a JSON Pointer (RFC 6901) into its unescaped reference tokens: `''` → `[]`,
 * `/filter/a~1b` → `['filter', 'a/b']`. Returns `undefined` for a string that is not a pointer.
 */
export function parseJsonPointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** One reference token as a JSON Pointer writes it: `~` as `~0`, `/` as `~1`. */
export function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** A Standard Schema issue's path as a JSON Pointer (`['filter', 'a/b']` → `/filter/a~1b`). */
export function pointerOfPath(path: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined): string {
  return (path ?? []).map((segment) => `/${escapePointerToken(String(typeof segment === 'object' ? segment.key : segment))}`).join('');
}

const arrayIndex = /^(?:0|[1-9][0-9]*)$/;

/**
 * The child of `container` that `token` names: an own property of an object, or an element of
 * an array when the token is a canonical index. `found` is false when there is no such child.
 */
export function childAt(container: unknown, token: string): { found: true; value: unknown } | { found: false } {
  if (Array.isArray(container)) {
    if (!arrayIndex.test(token)) return { found: false };
    const index = Number(token);
    return index < container.length ? { found: true, value: container[index] } : { found: false };
  }
  if (typeof container === 'object' && container !== null && Object.hasOwn(container, token)) {
    return { found: true, value: (container as Readonly<Record<string, unknown>>)[token] };
  }
  return { found: false };
}

/**
 * A JSON Pointer as a Standard Schema path: the unescaped tokens, with a token that indexes an
 * array in `value` as a number. Tokens past what `value` holds stay strings.
 */
export function pointerToPath(pointer: string, value: unknown): PropertyKey[] {
  const tokens = parseJsonPointer(pointer);
  if (tokens === undefined) return [pointer];
  const path: PropertyKey[] = [];
  let current: unknown = value;
  for (const token of tokens) {
    path.push(Array.isArray(current) && arrayIndex.test(token) ? Number(token) : token);
    const child = childAt(current, token);
    current = child.found ? child.value : undefined;
  }
  return path;
}
