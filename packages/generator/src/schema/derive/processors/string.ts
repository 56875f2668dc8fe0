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
 * A number's text in a template literal type: TypeScript takes any text `+text` reads as a finite number. The pattern
 * takes decimal text only, and only text that is surely finite: at most 200 digits before the point and an exponent of at
 * most 99 (`1e999` is Infinity, which TypeScript refuses). Hexadecimal, `Infinity` and padding spaces are refused too.
 */
const finiteNumber = '[+-]?(?:\\d{1,200}(?:\\.\\d*)?|\\.\\d+)(?:[eE](?:-\\d+|\\+?\\d{1,2}))?';

/**
 * A bigint's text in a template literal type: TypeScript takes it only as a bigint literal writes it, so without leading
 * zeros (`007` is refused). Hexadecimal, octal and binary literals, which it takes too, are refused.
 */
const integer = '-?(?:0|[1-9]\\d*)';

/** The regular expression a template literal type's strings match. */
export function templatePattern(type: HostType, walk: Walk): string {
  const { texts, types } = walk.host.template(type);
  const spans = types.map((span) => {
    if (hasFlag(walk, span, TypeFlag.Number)) {
      return finiteNumber;
    }
    if (hasFlag(walk, span, TypeFlag.BigInt)) {
      return integer;
    }
    if (hasFlag(walk, span, TypeFlag.TemplateLiteral)) {
      return templatePattern(span, walk);
    }
    // any string, line breaks included (`.` matches none)
    return '[\\s\\S]*';
  });
  return texts.map((text, index) => escapeRegExp(text) + (spans[index] ?? '')).join('');
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
