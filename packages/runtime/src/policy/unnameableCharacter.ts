import { ToolNaming } from '../naming/ToolNaming.js';

/** A character of a written tool name that no qualified name can hold. */
export interface UnnameableCharacter {
  /** The code point, e.g. `U+0456`. */
  readonly codePoint: string;
  /** The code point and what it is: `U+0456 "і" (a Cyrillic letter)`, `U+0000 (a control character)`. */
  readonly description: string;
  /** What to do, in words: `remove it`, or the name to write instead. */
  readonly fix: string;
}

/** Why a written tool name can never equal a qualified name, and how to fix it. */
export interface UnmatchableName {
  /** A clause to follow the name: `contains U+0456 "і" (a Cyrillic letter), which no qualified tool name has`. */
  readonly reason: string;
  readonly fix: string;
}

const alphabet = /^[a-z0-9_-]+$/;
const printableAscii = /^[\x20-\x7e]$/;
const invisible = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;
const scripts = ['Latin', 'Greek', 'Cyrillic', 'Armenian', 'Hebrew', 'Arabic', 'Cherokee', 'Georgian', 'Hangul', 'Han', 'Hiragana', 'Katakana'].map(
  (script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')] as const,
);
const invisibleRuns = new RegExp(invisible.source, 'gu');

/**
 * The first character of `name` that no qualified tool name can hold, even after the catalogue's
 * normalization (`ToolNaming.normalize`: lowercased, each run of other characters one `_`):
 * anything but printable ASCII whose lowercase is not made of `a-z`, `0-9`, `_` and `-`. So a
 * control character, an invisible one (zero-width, variation selectors, fillers, a blank Braille
 * pattern), a combining mark, a non-ASCII space and a letter or digit outside ASCII (Cyrillic `і`,
 * fullwidth `ｔ`) are named; the ASCII space and punctuation, which normalize to `_` exactly as in
 * a published name, and the Kelvin sign, which lowercases to `k`, are not. `undefined` when there is none.
 */
export function unnameableCharacter(name: string): UnnameableCharacter | undefined {
  for (const character of name) {
    if (printableAscii.test(character) || alphabet.test(character.toLowerCase())) continue;
    const codePoint = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    const hidden = /\p{Cc}/u.test(character) || invisible.test(character);
    return {
      codePoint,
      description: `${codePoint}${hidden || /\p{M}/u.test(character) ? '' : ` ${JSON.stringify(character)}`} (${kindOf(character)})`,
      fix: hidden ? 'remove it' : rewrite(name),
    };
  }
  return undefined;
}

/**
 * Why `name`, written by an agent or a policy, can never equal a published qualified name:
 * it holds a character no qualified name can (`unnameableCharacter`), or it is made only of
 * separators, so nothing is left of it. `undefined` for a name that can match, and for a blank
 * one (ignored where names are read).
 */
export function unmatchableName(name: string): UnmatchableName | undefined {
  const found = unnameableCharacter(name);
  if (found !== undefined) return { reason: `contains ${found.description}, which no qualified tool name has`, fix: found.fix };
  if (name.trim() !== '' && ToolNaming.matchKey(name) === undefined) {
    return { reason: 'is made only of separators ("/", "\\" or "__"), so it names no tool', fix: 'write the qualified name the catalogue lists, e.g. ticket__close_ticket' };
  }
  return undefined;
}

function kindOf(character: string): string {
  if (/\p{Cc}/u.test(character)) return 'a control character';
  if (/\p{Cf}/u.test(character)) return 'an invisible formatting character';
  if (invisible.test(character)) return 'an invisible character';
  if (/\p{M}/u.test(character)) return 'a combining mark';
  if (/\p{Z}/u.test(character)) return 'a space other than the ASCII space';
  const compatible = character.normalize('NFKC');
  if (compatible !== character && /^[\x20-\x7e]+$/.test(compatible)) return `a compatibility form of ${JSON.stringify(compatible)}`;
  if (/\p{N}/u.test(character)) return 'a digit outside 0-9';
  if (/\p{L}/u.test(character)) {
    const script = scripts.find(([, pattern]) => pattern.test(character))?.[0];
    return script === undefined ? 'a letter outside a-z' : `a ${script} letter`;
  }
  return 'a symbol outside ASCII';
}

/** How to write `name` instead: its ASCII look-alike as the catalogue spells it, when there is one. */
function rewrite(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cc}]/gu, '')
    .replace(invisibleRuns, '');
  const key = /^[\x20-\x7e]*$/.test(ascii) ? ToolNaming.matchKey(ascii) : undefined;
  const spelled = 'write the name in a-z, 0-9, "_" and "-" as the catalogue publishes it';
  return key === undefined ? spelled : `${spelled}, e.g. "${key}" if that is the tool meant`;
}
