import type ts from 'typescript';
import { flagged, hasFlag, type Walk } from '../Processor.js';

/** `string`, `Uppercase<string>` and the like, and template literal types (a `pattern` their strings match). */
export const stringProcessor = flagged(
  'string',
  (t) => t.TypeFlags.String | t.TypeFlags.TemplateLiteral | t.TypeFlags.StringMapping,
  (type, _site, walk) => {
    if (!hasFlag(type, walk.ts.TypeFlags.TemplateLiteral)) {
      return { kind: 'string' };
    }
    return { kind: 'string', pattern: `^${templatePattern(type as ts.TemplateLiteralType, walk)}$` };
  },
);

/** The regular expression a template literal type's strings match. */
function templatePattern(type: ts.TemplateLiteralType, walk: Walk): string {
  const flags = walk.ts.TypeFlags;
  const spans = type.types.map((span) => {
    if (hasFlag(span, flags.Number)) {
      return '[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?';
    }
    if (hasFlag(span, flags.BigInt)) {
      return '-?\\d+';
    }
    if (hasFlag(span, flags.TemplateLiteral)) {
      return templatePattern(span as ts.TemplateLiteralType, walk);
    }
    return '.*';
  });
  return type.texts.map((text, index) => escapeRegExp(text) + (spans[index] ?? '')).join('');
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
