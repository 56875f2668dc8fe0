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

/** The regular expression a template literal type's strings match. */
export function templatePattern(type: HostType, walk: Walk): string {
  const { texts, types } = walk.host.template(type);
  const spans = types.map((span) => {
    if (hasFlag(walk, span, TypeFlag.Number)) {
      return '[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?';
    }
    if (hasFlag(walk, span, TypeFlag.BigInt)) {
      return '-?\\d+';
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
