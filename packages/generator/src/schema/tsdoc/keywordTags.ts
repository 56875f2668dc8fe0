import { closestNames } from '../../diagnostics/closestName.js';
import type { JsonValue } from '@toolgen/runtime';

/*
 * The TSDoc keyword tags schema derivation reads (`@minimum 0`, `@format email`, `@default 10`, …):
 * how each tag's text parses, and which kind of shape it constrains. `applyDocumentation.ts`
 * applies them to a shape.
 */

export type ParsedTag =
  | { readonly ok: true; readonly value: JsonValue }
  | { readonly ok: false; readonly reason: string; readonly fix: string };

/** How a keyword tag's text parses, and which shape it constrains. */
export interface KeywordTag {
  readonly parse: (text: string, tag: string) => ParsedTag;
  /** The shape kind the keyword belongs to; `annotation` ones go on any shape. */
  readonly target: 'number' | 'string' | 'array' | 'integer' | 'annotation';
}

export type ConstraintTarget = Exclude<KeywordTag['target'], 'annotation'>;

const numberTag = (text: string, tag: string): ParsedTag => {
  const value = Number(text);
  return text !== '' && Number.isFinite(value)
    ? { ok: true, value }
    : { ok: false, reason: `@${tag} takes a number, but got "${text}"`, fix: `write a number, e.g. "@${tag} 0"` };
};

const lengthTag = (text: string, tag: string): ParsedTag => {
  const value = Number(text);
  return text !== '' && Number.isInteger(value) && value >= 0
    ? { ok: true, value }
    : { ok: false, reason: `@${tag} takes a non-negative integer, but got "${text}"`, fix: `write a whole number, e.g. "@${tag} 1"` };
};

const patternTag = (text: string, tag: string): ParsedTag => {
  if (text === '') {
    return { ok: false, reason: `@${tag} has no regular expression`, fix: `write the pattern after the tag, e.g. "@${tag} ^[a-z]+$"` };
  }
  try {
    new RegExp(text, 'u');
    return { ok: true, value: text };
  } catch (error) {
    return {
      ok: false,
      reason: `@${tag} "${text}" is not a valid regular expression (${(error as Error).message})`,
      fix: 'write a pattern that compiles with the "u" flag (no delimiting slashes or flags)',
    };
  }
};

const textTag = (text: string, tag: string): ParsedTag =>
  text !== ''
    ? { ok: true, value: text }
    : { ok: false, reason: `@${tag} has no value`, fix: `write the value after the tag, e.g. "@${tag} email"` };

const jsonTag = (text: string, tag: string): ParsedTag => {
  if (text === '') {
    return { ok: false, reason: `@${tag} has no value`, fix: `write a JSON value after the tag, e.g. "@${tag} 10"` };
  }
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue };
  } catch {
    return { ok: true, value: text };
  }
};

const flagTag = (): ParsedTag => ({ ok: true, value: true });

const asTypeTag = (text: string, tag: string): ParsedTag =>
  text === 'integer'
    ? { ok: true, value: true }
    : {
        ok: false,
        reason: `@${tag} "${text}" is not supported`,
        fix: `write "@${tag} integer", the only type it supports, or remove it`,
      };

/** Every keyword tag, by its name without the `@`. Tags not listed are not keywords (the derivation ignores them). */
const keywordTags: Readonly<Record<string, KeywordTag>> = {
  minimum: { parse: numberTag, target: 'number' },
  maximum: { parse: numberTag, target: 'number' },
  exclusiveMinimum: { parse: numberTag, target: 'number' },
  exclusiveMaximum: { parse: numberTag, target: 'number' },
  integer: { parse: flagTag, target: 'integer' },
  asType: { parse: asTypeTag, target: 'integer' },
  minLength: { parse: lengthTag, target: 'string' },
  maxLength: { parse: lengthTag, target: 'string' },
  pattern: { parse: patternTag, target: 'string' },
  format: { parse: textTag, target: 'string' },
  minItems: { parse: lengthTag, target: 'array' },
  maxItems: { parse: lengthTag, target: 'array' },
  default: { parse: jsonTag, target: 'annotation' },
  example: { parse: jsonTag, target: 'annotation' },
  deprecated: { parse: flagTag, target: 'annotation' },
};

/** The names of the keyword tags, for suggestions. */
export const keywordTagNames: readonly string[] = Object.keys(keywordTags);

/** The keyword tag named `name`, or `undefined` for a tag that is not a keyword. */
export function keywordTag(name: string): KeywordTag | undefined {
  return Object.hasOwn(keywordTags, name) ? keywordTags[name] : undefined;
}

/** The fix for an inline tag toolgen does not know: the keyword tag nearest to it, if one is near. */
export function unknownInlineTagFix(name: string): string {
  const [best] = closestNames(name, keywordTagNames, 1);
  return best !== undefined && best.distance <= Math.max(1, Math.floor(name.length / 4))
    ? `Did you mean {@${best.name}}? Correct the name, or remove it.`
    : 'Write a keyword tag toolgen reads, such as {@minimum n}, {@maxLength n} or {@pattern regex}, or remove it.';
}
