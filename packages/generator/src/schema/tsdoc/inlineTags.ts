import { closestNames } from '../../diagnostics/closestName.js';
import { foreignTag } from './foreignTags.js';
import { keywordTag, keywordTagNames } from './keywordTags.js';

/*
 * Inline keyword tags, TSDoc's `{@tag value}` form: how a positional parameter's `@param` text
 * carries the constraints a member carries as block tags (`@param limit How many. {@maximum 100}`).
 * A block tag after the `@param` line would be the method's, not the parameter's; an inline tag
 * is part of the `@param` text, and TSDoc parsers accept it (declared as an inline tag in
 * tsdoc.json, or reported as an undefined one). The value runs to the first `}`.
 */

/** TSDoc's own inline tags: they stay in the text. */
const proseTags = new Set(['link', 'linkcode', 'linkplain', 'inheritDoc', 'label', 'docRoot']);

const inlineTag = /[ \t]*\{@([\w-]+)(?:\s+([^}]*))?\}/g;

/** One inline tag, with how many tags of its name came before it in the same text. */
export interface InlineTag {
  readonly name: string;
  readonly text: string;
  readonly occurrence: number;
  /** What toolgen makes of it: a keyword it applies, another generator's tag, or one it does not know. */
  readonly kind: 'keyword' | 'foreign' | 'unknown';
}

/** The inline tags of a text other than TSDoc's own (`{@link}`, …), and the text without them. */
export function readInlineTags(text: string): { readonly description: string; readonly tags: readonly InlineTag[] } {
  const tags: InlineTag[] = [];
  const seen = new Map<string, number>();
  const description = text.replace(inlineTag, (whole, name: string, value: string | undefined) => {
    if (proseTags.has(name)) {
      return whole;
    }
    const occurrence = seen.get(name) ?? 0;
    seen.set(name, occurrence + 1);
    const kind = keywordTag(name) !== undefined ? 'keyword' : foreignTag(name) !== undefined ? 'foreign' : 'unknown';
    tags.push({ name, text: (value ?? '').trim(), occurrence, kind });
    return '';
  });
  return { description: description.trim(), tags };
}

/** The fix for an inline tag toolgen does not know: the keyword tag nearest to it, if one is near. */
export function unknownInlineTagFix(name: string): string {
  const [best] = closestNames(name, keywordTagNames, 1);
  return best !== undefined && best.distance <= Math.max(1, Math.floor(name.length / 4))
    ? `Did you mean {@${best.name}}? Correct the name, or remove it.`
    : 'Write one of the keyword tags docs/authoring.md lists, such as {@minimum n} or {@pattern regex}, or remove it.';
}
