import type { DiagnosticLocation } from '../diagnostics/Diagnostic.js';
import { lastDocComment } from '../host/docComment.js';
import type * as S from '../host/syntax.js';
import { readDocComment, type CommentInlineTag, type CommentNotice } from '../schema/tsdoc/docComment.js';
import { keywordTag } from '../schema/tsdoc/keywordTags.js';
import type { AnalysisHost } from '../host/AnalysisHost.js';

/** One `@param` tag: the name it gives and where, its text without inline tags, and those tags with their places. */
export interface ParamDoc {
  readonly name: string;
  readonly text: string;
  readonly location: DiagnosticLocation;
  readonly tags: readonly (CommentInlineTag & { readonly location: DiagnosticLocation })[];
}

/** A block tag on the method that toolgen reads only on members or in a `@param` (TSH023). */
export interface StrayTag {
  readonly name: string;
  /** The tag's value (`100` of `@maximum 100`). */
  readonly value: string;
  readonly location: DiagnosticLocation;
  /** The parameter of the `@param` the tag comes after, which it was likely meant for. */
  readonly after: string | undefined;
}

/** What TSDoc reads differently from toolgen in the method's comment (TSH025), placed. */
export interface PlacedNotice extends CommentNotice {
  readonly location: DiagnosticLocation;
}

export interface MethodDocs {
  readonly description: string;
  /** The `@deprecated` tag's text (`''` without one), or undefined when the method is not deprecated. */
  readonly deprecated: string | undefined;
  /** `@param` tags in order. */
  readonly params: readonly ParamDoc[];
  readonly strayTags: readonly StrayTag[];
  readonly notices: readonly PlacedNotice[];
}

/** Keyword tags that mean something on a method too: `@example` shows a call, `@deprecated` marks the tool. */
const methodTags = new Set(['example', 'deprecated']);

const noDocs: MethodDocs = { description: '', deprecated: undefined, params: [], strayTags: [], notices: [] };

/** The method's doc comment, read as TSDoc. */
export function readMethodDocs(host: AnalysisHost, method: S.MethodDeclaration): MethodDocs {
  const trivia = host.syntax.leadingTrivia(method);
  const found = lastDocComment(trivia.text);
  if (found === undefined) {
    return noDocs;
  }
  const base = trivia.start + found.offset;
  const at = (start: number, end: number): DiagnosticLocation => host.syntax.locateSpan(method, base + start, base + end);
  const comment = readDocComment(found.text);
  const remarks: string[] = [];
  const strayTags: StrayTag[] = [];
  let deprecated: string | undefined;
  for (const tag of comment.tags) {
    if (tag.name === 'deprecated') {
      deprecated = tag.text;
    } else if (tag.name === 'remarks' && tag.text !== '') {
      remarks.push(tag.text);
    } else if (keywordTag(tag.name) !== undefined && !methodTags.has(tag.name)) {
      const after = comment.params.filter((param) => param.nameStart < tag.start).at(-1)?.name;
      strayTags.push({ name: tag.name, value: tag.text, location: at(tag.start, tag.end), after });
    }
  }
  // an inline tag in the method's summary is in no `@param` text: it applies to no parameter
  for (const tag of comment.summary.inlineTags) {
    strayTags.push({ name: tag.name, value: tag.text, location: at(tag.start, tag.end), after: undefined });
  }
  strayTags.sort((a, b) => (a.location.start ?? 0) - (b.location.start ?? 0));
  const params = comment.params.map((param) => ({
    name: param.name,
    text: param.text,
    location: at(param.nameStart, param.nameEnd),
    tags: param.inlineTags.map((tag) => ({ ...tag, location: at(tag.start, tag.end) })),
  }));
  const description = [comment.summary.text, ...remarks].filter((part) => part !== '').join('\n\n');
  const notices = comment.notices.map((notice) => ({ ...notice, location: at(notice.start, notice.end) }));
  return { description, deprecated, params, strayTags, notices };
}

/** The description with the `@deprecated` note after it, so the model reads it too. */
export function withDeprecation(description: string, deprecated: string | undefined): string {
  if (deprecated === undefined) {
    return description;
  }
  const note = deprecated === '' ? 'Deprecated: prefer another tool.' : `Deprecated: ${deprecated}`;
  return description === '' ? note : `${description}\n\n${note}`;
}
