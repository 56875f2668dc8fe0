import { TypeFlag, type HostType } from '../../../host/TypeHost.js';
import type { Shape } from '../../shape.js';
import { faults } from '../faults.js';
import { flagged, hasFlag, type Walk } from '../Processor.js';

/**
 * `string`, template literal types (a `pattern` their strings match), and the lib's case types (`Uppercase<string>`): in a
 * result a string, in parameters a problem, since no pattern says a case rule for every alphabet and a model would be told
 * any string goes.
 */
export const stringProcessor = flagged('string', TypeFlag.String | TypeFlag.TemplateLiteral | TypeFlag.StringMapping, (type, site, walk): Shape => {
  if (walk.purpose === 'input' && mapsCase(type, walk)) {
    return walk.fail(type, site.pointer, faults.stringCase(caseRule(type, walk)));
  }
  if (!hasFlag(walk, type, TypeFlag.TemplateLiteral)) {
    return { kind: 'string' };
  }
  return { kind: 'string', pattern: `^${templatePattern(type, walk)}$`, templatePattern: true };
});

/** The case rule a type applies (`Lowercase` of `` `id-${Lowercase<string>}` ``), as the checker prints it. */
export function caseRule(type: HostType, walk: Walk): string {
  return /\b(Uppercase|Lowercase|Capitalize|Uncapitalize)</.exec(walk.text(type))?.[1] ?? 'Uppercase';
}

/** Whether a case type (`Uppercase<string>`) is the type, or a span of the template literal type it is. */
export function mapsCase(type: HostType, walk: Walk): boolean {
  if (hasFlag(walk, type, TypeFlag.StringMapping)) return true;
  return hasFlag(walk, type, TypeFlag.TemplateLiteral) && walk.host.template(type).types.some((span) => mapsCase(span, walk));
}

/**
 * The regular expression a template literal type's strings match, as TypeScript reads them: from the left, each
 * placeholder ending where the text after it first occurs, or after one character when another placeholder follows at
 * once; the last one takes what is left before the closing text. So `${string}-${number}` takes `a-1` but not `a-b-1`
 * (`a`, then `b-1`, which is no number), and `${number}${number}` takes `12` but not `-12`.
 */
export function templatePattern(type: HostType, walk: Walk): string {
  const { texts, types } = walk.host.template(type);
  const spans = types.map((span, index) => spanPattern(span, index === types.length - 1 ? undefined : texts[index + 1]!, walk));
  return texts.map((text, index) => escapeRegExp(text) + (spans[index] ?? '')).join('');
}

/** A placeholder's pattern, followed by the text `until` (`''`: by another placeholder; undefined: the last one). */
function spanPattern(span: HostType, until: string | undefined, walk: Walk): string {
  if (hasFlag(walk, span, TypeFlag.Number)) {
    return until === '' ? '\\d' : numberText(excludedBy(until, numberCharacters));
  }
  if (hasFlag(walk, span, TypeFlag.BigInt)) {
    return until === '' ? '\\d' : integerText(excludedBy(until, integerCharacters));
  }
  if (hasFlag(walk, span, TypeFlag.TemplateLiteral)) {
    return templatePattern(span, walk);
  }
  // any string, line breaks included (`.` matches none), up to the first occurrence of the text after it
  if (until === undefined) return '[\\s\\S]*';
  if (until === '') return '[\\s\\S]';
  return until.length === 1 ? `[^${until.replace(/[\\\]^[-]/, '\\$&')}]*` : `(?:(?!${escapeRegExp(until)})[\\s\\S])*`;
}

const numberCharacters = '0123456789+-.eE';
const integerCharacters = '0123456789-';

/**
 * The character a number's or bigint's text must not hold, so that the text after it is not met inside it: the first
 * character of that text, where a number's text may hold it (`-` in `${number}-${number}`). Exact for a text of one
 * character, as TypeScript ends the number at its first occurrence; for a longer one, a narrowing.
 */
function excludedBy(until: string | undefined, characters: string): string | undefined {
  const first = until?.charAt(0);
  return first !== undefined && first !== '' && characters.includes(first) ? first : undefined;
}

/** The digits but `excluded`, as a pattern. */
function digitsBut(excluded: string | undefined, from = '0123456789'): string {
  if (excluded === undefined || !from.includes(excluded)) return from === '0123456789' ? '\\d' : `[${from.charAt(0)}-${from.at(-1)!}]`;
  return `[${from.replace(excluded, '')}]`;
}

/**
 * A number's text in a template literal type: TypeScript takes any text `+text` reads as a finite number. The pattern
 * takes decimal text only, and only text that is surely finite: at most 200 digits before the point and an exponent of at
 * most 99 (`1e999` is Infinity, which TypeScript refuses). Hexadecimal, `Infinity` and padding spaces are refused too.
 * Without `excluded`: `[+-]?(?:\d{1,200}(?:\.\d*)?|\.\d+)(?:[eE](?:-\d+|\+?\d{1,2}))?`.
 */
function numberText(excluded: string | undefined): string {
  const digit = digitsBut(excluded);
  const allowed = (character: string): boolean => character !== excluded;
  const signs = ['+', '-'].filter(allowed);
  const sign = signs.length === 2 ? '[+-]?' : signs[0] === '+' ? '\\+?' : '-?';
  const mantissa = allowed('.') ? `(?:${digit}{1,200}(?:\\.${digit}*)?|\\.${digit}+)` : `${digit}{1,200}`;
  const marks = ['e', 'E'].filter(allowed);
  const mark = marks.length === 2 ? '[eE]' : marks[0]!;
  const power = allowed('-') ? `(?:-${digit}+|${allowed('+') ? '\\+?' : ''}${digit}{1,2})` : `${allowed('+') ? '\\+?' : ''}${digit}{1,2}`;
  return `${sign}${mantissa}(?:${mark}${power})?`;
}

/**
 * A bigint's text in a template literal type: TypeScript takes it only as a bigint literal writes it, so without leading
 * zeros (`007` is refused). Hexadecimal, octal and binary literals, which it takes too, are refused. Without `excluded`:
 * `-?(?:0|[1-9]\d*)`.
 */
function integerText(excluded: string | undefined): string {
  const sign = excluded === '-' ? '' : '-?';
  const zero = excluded === '0' ? '' : '0|';
  return `${sign}(?:${zero}${digitsBut(excluded, '123456789')}${digitsBut(excluded)}*)`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
