import type { DiagnosticLocation } from '../diagnostics/Diagnostic.js';
import type * as S from '../host/syntax.js';
import type { TagSite } from '../schema/tsdoc/tags.js';
import type { AnalysisHost } from './AnalysisHost.js';

/*
 * Where a TSDoc tag is written, so that a diagnostic about it points at the tag: the checker gives
 * a tag's name and text, not its place, so the place is found in the comment's source text (the
 * same way on both backends). A tag toolgen cannot place is reported where its type is used.
 */

const escape = (name: string): string => name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** The offset in `text` of the `occurrence`-th (0-based) `@name` block tag (`{@name}` inline ones when `inline`), from `from` on. */
export function tagOffset(text: string, name: string, occurrence: number, inline: boolean, from = 0): number | undefined {
  // the TSDoc comment is the last `/**` before the declaration
  const comment = Math.max(text.lastIndexOf('/**', from === 0 ? undefined : from), 0);
  const pattern = inline ? new RegExp(`\\{@${escape(name)}(?![\\w-])`, 'g') : new RegExp(`(?<=^|[\\s*])@${escape(name)}(?![\\w-])`, 'g');
  pattern.lastIndex = Math.max(comment, from);
  let found = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (found++ === occurrence) {
      return match.index;
    }
  }
  return undefined;
}

/** The place of a tag in the comment before `declaration`: the `@name` (or `{@name`) it starts with. */
export function locateTagBefore(host: AnalysisHost, declaration: S.Node, name: string, occurrence: number, inline: boolean, from?: number): DiagnosticLocation | undefined {
  const trivia = host.syntax.leadingTrivia(declaration);
  const offset = tagOffset(trivia.text, name, occurrence, inline, from === undefined ? 0 : from - trivia.start);
  if (offset === undefined) {
    return undefined;
  }
  const start = trivia.start + offset;
  return host.syntax.locateSpan(declaration, start, start + name.length + (inline ? 2 : 1));
}

/**
 * Where a tag a diagnostic is about is written, when that is in the file of `useSite` (the linted
 * file, for ESLint); otherwise undefined, and the diagnostic stays where the type is used.
 */
export function locateTagSite(host: AnalysisHost, site: TagSite | undefined, useSite: S.Node): DiagnosticLocation | undefined {
  if (site === undefined) {
    return undefined;
  }
  const file = host.syntax.fileName(useSite);
  if ('location' in site) {
    return site.location.file === file ? site.location : undefined;
  }
  const declaration = host.declarations(site.symbol).find((candidate) => host.syntax.fileName(candidate) === file);
  return declaration === undefined ? undefined : locateTagBefore(host, declaration, site.tag, site.occurrence, site.inline);
}
