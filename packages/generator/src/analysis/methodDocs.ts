import type { DiagnosticLocation } from '../diagnostics/Diagnostic.js';
import type * as S from '../host/syntax.js';
import { foreignTag } from '../schema/tsdoc/foreignTags.js';
import { readInlineTags, type InlineTag } from '../schema/tsdoc/inlineTags.js';
import { keywordTag } from '../schema/tsdoc/keywordTags.js';
import type { AnalysisHost } from './AnalysisHost.js';
import { locateTagBefore } from './tagPlaces.js';

/** One `@param` tag: the name it gives, its text without inline keyword tags, and those tags with their places. */
export interface ParamDoc {
  readonly name: string;
  readonly text: string;
  readonly node: S.Node;
  readonly tags: readonly (InlineTag & { readonly location: DiagnosticLocation | undefined })[];
}

/** A block tag on the method that toolgen reads only on members or in a `@param` (TSH023). */
export interface StrayTag {
  readonly name: string;
  /** The tag's value (`100` of `@maximum 100`). */
  readonly value: string;
  readonly location: DiagnosticLocation | undefined;
  /** The parameter it was meant for, when it is an inline tag written right after `@param name`, which TypeScript reads as a block tag. */
  readonly misplacedFrom?: string;
}

export interface MethodDocs {
  readonly description: string;
  /** The `@deprecated` tag's text (`''` without one), or undefined when the method is not deprecated. */
  readonly deprecated: string | undefined;
  /** `@param` tags by the name they give, with the tag's name node. */
  readonly params: readonly ParamDoc[];
  readonly strayTags: readonly StrayTag[];
}

/** Keyword tags that mean something on a method too: `@example` shows a call, `@deprecated` marks the tool. */
const methodTags = new Set(['example', 'deprecated']);

/** `@param limit {@tag`: TypeScript ends the `@param` at the `{` and reads the inline tag as a block tag of the method. */
const misplacedInline = (tag: string): RegExp => new RegExp(`@param\\s+(?:\\{[^}]*\\}\\s*)?\\[?([\\w$.]+)\\]?\\s*\\{@${tag.replace(/[^\w]/g, '\\$&')}(?![\\w-])`, 'g');

export function readMethodDocs(host: AnalysisHost, method: S.MethodDeclaration): MethodDocs {
  const { summary, tags } = host.methodDocumentation(method);
  const params: ParamDoc[] = [];
  const strayTags: StrayTag[] = [];
  const remarks: string[] = [];
  const seen = new Map<string, number>();
  const misplaced = new Map<string, number>();
  let deprecated: string | undefined;
  for (const tag of tags) {
    const occurrence = seen.get(tag.name) ?? 0;
    seen.set(tag.name, occurrence + 1);
    if (tag.name === 'deprecated') {
      deprecated = tag.text;
    } else if (tag.parameter !== undefined) {
      const inline = readInlineTags(tag.text.replace(/^\s*-\s*/, ''));
      const from = inline.tags.length === 0 ? 0 : host.syntax.locate(tag.parameter.node).start;
      const located = inline.tags.map((found) => ({ ...found, location: locateTagBefore(host, method, found.name, found.occurrence, true, from) }));
      params.push({ name: tag.parameter.name, text: inline.description, node: tag.parameter.node, tags: located });
    } else if (tag.name === 'remarks' && tag.text !== '') {
      remarks.push(tag.text);
    } else if ((keywordTag(tag.name) !== undefined && !methodTags.has(tag.name)) || foreignTag(tag.name) !== undefined) {
      const stray = strayTag(host, method, tag, occurrence, misplaced);
      if (stray !== undefined) {
        strayTags.push(stray);
      }
    }
  }
  const description = [summary, ...remarks].filter((part) => part !== '').join('\n\n');
  return { description, deprecated, params, strayTags };
}

/**
 * A keyword tag on the method, or an inline tag TypeScript cut off its `@param` (its text then
 * holds the `}`); undefined for another generator's tag on the method itself. `misplaced` counts
 * the cut-off tags of each name met so far.
 */
function strayTag(host: AnalysisHost, method: S.MethodDeclaration, tag: { name: string; text: string }, occurrence: number, misplaced: Map<string, number>): StrayTag | undefined {
  const { name, text } = tag;
  if (text.includes('}')) {
    const trivia = host.syntax.leadingTrivia(method);
    const index = misplaced.get(name) ?? 0;
    const match = [...trivia.text.matchAll(misplacedInline(name))][index];
    if (match !== undefined) {
      misplaced.set(name, index + 1);
      const start = trivia.start + match.index + match[0].length - name.length - 2;
      const location = host.syntax.locateSpan(method, start, start + name.length + 2);
      return { name, value: text.slice(0, text.indexOf('}')).trim(), location, misplacedFrom: match[1]! };
    }
  }
  return keywordTag(name) === undefined ? undefined : { name, value: text.trim(), location: locateTagBefore(host, method, name, occurrence - (misplaced.get(name) ?? 0), false) };
}

/** The description with the `@deprecated` note after it, so the model reads it too. */
export function withDeprecation(description: string, deprecated: string | undefined): string {
  if (deprecated === undefined) {
    return description;
  }
  const note = deprecated === '' ? 'Deprecated: prefer another tool.' : `Deprecated: ${deprecated}`;
  return description === '' ? note : `${description}\n\n${note}`;
}
