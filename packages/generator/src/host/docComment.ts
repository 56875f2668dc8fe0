/*
 * Finding a declaration's doc comment in the source text before it. Both backends use it, so
 * each reads the same comment whatever its compiler attaches.
 */

/**
 * The doc comment in the trivia before a declaration: the last `/** … *\/` comment in it, with its
 * offset in `trivia`. A comment on the same line after `{` or `;` counts: it is before the
 * declaration, and documents it, whatever TypeScript attaches.
 */
export function lastDocComment(trivia: string): { readonly text: string; readonly offset: number } | undefined {
  let found: { text: string; offset: number } | undefined;
  let index = 0;
  while (index < trivia.length) {
    if (trivia.startsWith('//', index)) {
      const end = trivia.indexOf('\n', index);
      index = end < 0 ? trivia.length : end + 1;
    } else if (trivia.startsWith('/*', index)) {
      const close = trivia.indexOf('*/', index + 2);
      const end = close < 0 ? trivia.length : close + 2;
      if (trivia.startsWith('/**', index) && !trivia.startsWith('/**/', index)) {
        found = { text: trivia.slice(index, end), offset: index };
      }
      index = end;
    } else {
      index++;
    }
  }
  return found;
}
