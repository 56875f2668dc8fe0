import { TypeFlag, type HostType } from '../../../host/TypeHost.js';
import { flagged, hasFlag, type Walk } from '../Processor.js';

/** `string`, `Uppercase<string>` and the like, and template literal types (a `pattern` their strings match). */
export const stringProcessor = flagged('string', TypeFlag.String | TypeFlag.TemplateLiteral | TypeFlag.StringMapping, (type, _site, walk) => {
  if (!hasFlag(walk, type, TypeFlag.TemplateLiteral)) {
    return { kind: 'string' };
  }
  return { kind: 'string', pattern: `^${templatePattern(type, walk)}$`, templatePattern: true };
});

/** The regular expression a template literal type's strings match. */
function templatePattern(type: HostType, walk: Walk): string {
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
    return '.*';
  });
  return texts.map((text, index) => escapeRegExp(text) + (spans[index] ?? '')).join('');
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
