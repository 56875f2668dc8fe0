import { createRequire } from 'node:module';
import type * as Tsdoc from '@microsoft/tsdoc';
import { foreignTag, foreignTagNames } from './foreignTags.js';
import { keywordTag, keywordTagNames } from './keywordTags.js';

/*
 * A doc comment read as TSDoc, by the TSDoc parser (@microsoft/tsdoc, the parser API Extractor
 * uses) configured with toolgen's tags. TypeScript's checker still decides which declaration a
 * comment belongs to; what the comment says is read here, the same way on both backends:
 *
 * - prose (the summary, `@remarks`, `@deprecated`, a `@param`'s text) is TSDoc text: escapes are
 *   decoded (`\@home` → `@home`), code spans are kept as written, and an `@word` in the middle of
 *   a sentence that is no defined tag stays text, with a notice;
 * - a keyword tag's value (`@pattern ^\d{3}$`, `@default {"a": 1}`) is its source text, since
 *   regular expressions and JSON are not TSDoc prose;
 * - an undefined tag at the start of a line is a block tag of its own, whose text is in no
 *   description, with a notice;
 * - inline tags toolgen reads (`{@maximum 100}`) are taken out of the text with their places.
 *
 * Offsets are from the start of the comment text (its `/**`).
 */

/** A block tag other than `@param`: its name without the `@`, its text, and where its `@name` is. */
export interface CommentTag {
  readonly name: string;
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** An inline tag toolgen reads or reports (`{@maximum 100}`): where its `{@name` is. */
export interface CommentInlineTag {
  readonly name: string;
  readonly text: string;
  /** How many inline tags of this name came before it in the same text. */
  readonly occurrence: number;
  readonly kind: 'keyword' | 'foreign' | 'unknown';
  readonly start: number;
  readonly end: number;
}

/** Prose with the inline tags toolgen reads taken out of it. */
export interface CommentText {
  readonly text: string;
  readonly inlineTags: readonly CommentInlineTag[];
}

export interface CommentParam extends CommentText {
  readonly name: string;
  /** Where the parameter's name is written. */
  readonly nameStart: number;
  readonly nameEnd: number;
}

/** Something TSDoc reads differently from what toolgen keeps: a TSH025 warning. */
export interface CommentNotice {
  readonly messageId: 'atInText' | 'tagInText' | 'unknownBlockTag' | 'unescapedBrace' | 'malformedInlineTag';
  /** The tag's name without the `@`, or the character at fault. */
  readonly subject: string;
  readonly start: number;
  readonly end: number;
  /** The part of the comment it is in: `summary`, `param`, or a tag's name. */
  readonly part: string;
  /** For `param`: the parameter's name. */
  readonly parameter?: string;
}

export interface DocComment {
  readonly summary: CommentText;
  readonly params: readonly CommentParam[];
  /** Every block tag but `@param`, in source order; modifier tags (`@readonly`) have empty text. */
  readonly tags: readonly CommentTag[];
  readonly notices: readonly CommentNotice[];
}

/** TSDoc's own inline tags, and the link tags of TypeDoc and JSDoc: they are prose, kept as written. */
const proseInlineTags = new Set(['link', 'linkcode', 'linkplain', 'inheritdoc', 'label', 'docroot']);

/**
 * Tags of JSDoc and of documentation tools that are not TSDoc's: defined so that they read as
 * block tags (their text in no description) without a notice.
 */
const otherToolsTags = [
  'abstract', 'access', 'alias', 'arg', 'argument', 'async', 'augments', 'author', 'borrows', 'callback', 'category',
  'class', 'constant', 'constructor', 'constructs', 'copyright', 'desc', 'enum', 'event', 'exports', 'extends',
  'external', 'file', 'fileoverview', 'fires', 'function', 'func', 'generator', 'global', 'group', 'hideconstructor',
  'ignore', 'implements', 'inner', 'instance', 'interface', 'kind', 'lends', 'license', 'listens', 'member', 'memberof',
  'method', 'mixes', 'mixin', 'module', 'name', 'namespace', 'private', 'prop', 'property', 'protected', 'requires',
  'return', 'since', 'static', 'summary', 'template', 'this', 'todo', 'tutorial', 'type', 'typedef', 'variation',
  'version', 'yield', 'yields', 'satisfies', 'overload', 'throw', 'exception', 'hidden', 'internal',
];

/** The tags whose text is prose: a tag in the middle of it cuts it. */
const proseTags = new Set(['param', 'remarks', 'deprecated', 'returns', 'privateRemarks']);

/** TSDoc's name rule; other names (`@TJS-type`) are found in the text. */
const definableName = /^[a-zA-Z][a-zA-Z0-9]*$/;

interface Parser {
  readonly tsdoc: typeof Tsdoc;
  readonly parser: Tsdoc.TSDocParser;
}

let parserInstance: Parser | undefined;

/** The parser, configured once: loaded on first use, so a run that reads no comment never loads it. */
function parser(): Parser {
  if (parserInstance !== undefined) {
    return parserInstance;
  }
  const tsdoc = createRequire(import.meta.url)('@microsoft/tsdoc') as typeof Tsdoc;
  const configuration = new tsdoc.TSDocConfiguration();
  const names = [...keywordTagNames, ...foreignTagNames, ...otherToolsTags];
  for (const name of names) {
    if (definableName.test(name) && configuration.tryGetTagDefinition(`@${name}`) === undefined) {
      configuration.addTagDefinition(new tsdoc.TSDocTagDefinition({ tagName: `@${name}`, syntaxKind: tsdoc.TSDocTagSyntaxKind.BlockTag }));
    }
  }
  parserInstance = { tsdoc, parser: new tsdoc.TSDocParser(configuration) };
  return parserInstance;
}

/** One piece of the comment's text in source order: what it renders as, or a marker. */
type Piece =
  | { readonly kind: 'text'; readonly pos: number; readonly text: string; readonly plain: boolean }
  | { readonly kind: 'paragraph'; readonly pos: number }
  | { readonly kind: 'inline'; readonly pos: number; readonly end: number; readonly name: string; readonly text: string }
  /** An `@name` TSDoc read as a tag in running text, or an `@` it refused as one (`@TJS-type`). */
  | { readonly kind: 'at'; readonly pos: number; readonly end: number; readonly name: string }
  | { readonly kind: 'error'; readonly pos: number; readonly text: string; readonly messageId: string };

interface Boundary {
  readonly name: string;
  readonly start: number;
  /** Where the tag's name ends: its text starts here. */
  readonly end: number;
  readonly param?: Tsdoc.DocParamBlock;
  /** A block TSDoc does not know: its text is read from the source. */
  readonly raw: boolean;
}

const excerptsOf = (tsdoc: typeof Tsdoc, node: Tsdoc.DocNode): Tsdoc.DocExcerpt[] => {
  const found: Tsdoc.DocExcerpt[] = [];
  const walk = (current: Tsdoc.DocNode): void => {
    if (current instanceof tsdoc.DocExcerpt) {
      found.push(current);
      return;
    }
    current.getChildNodes().forEach(walk);
  };
  walk(node);
  return found;
};

const rawText = (tsdoc: typeof Tsdoc, node: Tsdoc.DocNode): string =>
  excerptsOf(tsdoc, node)
    .map((excerpt) => excerpt.content.toString())
    .join('');

const startOf = (tsdoc: typeof Tsdoc, node: Tsdoc.DocNode): number => {
  const [first] = excerptsOf(tsdoc, node);
  return first === undefined ? -1 : first.content.getContainingTextRange().pos;
};

const endOf = (tsdoc: typeof Tsdoc, node: Tsdoc.DocNode): number => {
  const last = excerptsOf(tsdoc, node).at(-1);
  return last === undefined ? -1 : last.content.getContainingTextRange().end;
};

/** Whether only the comment's opening, its margin (` * `) and spaces come before `offset` on its line. */
function startsLine(comment: string, offset: number): boolean {
  const lineStart = comment.lastIndexOf('\n', offset - 1) + 1;
  return /^\s*(\/\*\*)?[\s*]*$/.test(comment.slice(lineStart, offset));
}

/** Reads a doc comment (`/** … *\/`, as written in the source) as TSDoc. */
export function readDocComment(comment: string): DocComment {
  const { tsdoc, parser: tsdocParser } = parser();
  const context = tsdocParser.parseString(comment);
  const pieces: Piece[] = [];
  const boundaries: Boundary[] = [];
  const errors = new Map<number, string>();
  for (const message of context.log.messages) {
    errors.set(message.textRange.pos, message.messageId);
  }
  const visit = (node: Tsdoc.DocNode): void => {
    if (node instanceof tsdoc.DocBlock) {
      const tag = node.blockTag;
      const start = startOf(tsdoc, tag);
      boundaries.push({ name: tag.tagName.slice(1), start, end: endOf(tsdoc, tag), raw: false, ...(node instanceof tsdoc.DocParamBlock ? { param: node } : {}) });
      visit(node.content);
      return;
    }
    if (node instanceof tsdoc.DocParagraph) {
      pieces.push({ kind: 'paragraph', pos: startOf(tsdoc, node) });
    } else if (node instanceof tsdoc.DocPlainText) {
      pieces.push({ kind: 'text', pos: startOf(tsdoc, node), text: node.text, plain: true });
      return;
    } else if (node instanceof tsdoc.DocSoftBreak) {
      pieces.push({ kind: 'text', pos: startOf(tsdoc, node), text: '\n', plain: false });
      return;
    } else if (node instanceof tsdoc.DocEscapedText) {
      pieces.push({ kind: 'text', pos: startOf(tsdoc, node), text: node.decodedText, plain: false });
      return;
    } else if (node instanceof tsdoc.DocCodeSpan) {
      pieces.push({ kind: 'text', pos: startOf(tsdoc, node), text: `\`${node.code}\``, plain: false });
      return;
    } else if (node instanceof tsdoc.DocFencedCode) {
      pieces.push({ kind: 'paragraph', pos: startOf(tsdoc, node) });
      pieces.push({ kind: 'text', pos: startOf(tsdoc, node), text: `\`\`\`${node.language}\n${node.code}\`\`\``, plain: false });
      return;
    } else if (node instanceof tsdoc.DocErrorText) {
      const pos = startOf(tsdoc, node);
      pieces.push({ kind: 'error', pos, text: node.text, messageId: errors.get(pos) ?? '' });
      return;
    } else if (node instanceof tsdoc.DocBlockTag) {
      // an undefined tag: TSDoc leaves it in the running text
      pieces.push({ kind: 'at', pos: startOf(tsdoc, node), end: endOf(tsdoc, node), name: node.tagName.slice(1) });
      return;
    } else if (node instanceof tsdoc.DocInlineTagBase) {
      const name = node.tagName.slice(1);
      if (proseInlineTags.has(name.toLowerCase())) {
        pieces.push({ kind: 'text', pos: startOf(tsdoc, node), text: rawText(tsdoc, node), plain: false });
      } else {
        const content = node instanceof tsdoc.DocInlineTag ? node.tagContent : '';
        pieces.push({ kind: 'inline', pos: startOf(tsdoc, node), end: startOf(tsdoc, node) + 1 + node.tagName.length, name, text: content.trim() });
      }
      return;
    } else if (node instanceof tsdoc.DocHtmlStartTag || node instanceof tsdoc.DocHtmlEndTag) {
      pieces.push({ kind: 'text', pos: startOf(tsdoc, node), text: rawText(tsdoc, node), plain: false });
      return;
    } else if (node instanceof tsdoc.DocExcerpt) {
      return;
    }
    node.getChildNodes().forEach(visit);
  };
  visit(context.docComment.summarySection);
  for (const block of [
    context.docComment.remarksBlock,
    context.docComment.privateRemarks,
    context.docComment.deprecatedBlock,
    context.docComment.returnsBlock,
    ...context.docComment.params.blocks,
    ...context.docComment.typeParams.blocks,
    ...context.docComment.customBlocks,
    ...context.docComment.seeBlocks,
  ]) {
    if (block !== undefined) {
      visit(block);
    }
  }
  for (const modifier of context.docComment.modifierTagSet.nodes) {
    boundaries.push({ name: modifier.tagName.slice(1), start: startOf(tsdoc, modifier), end: endOf(tsdoc, modifier), raw: true });
  }
  pieces.sort((a, b) => a.pos - b.pos);
  const notices: CommentNotice[] = [];
  // `@name` that TSDoc left in the text: a tag of its own at the start of a line, or when toolgen
  // knows it as another generator's (`@TJS-type`, a name TSDoc cannot define)
  for (const piece of atTags(pieces, comment)) {
    if (startsLine(comment, piece.pos) || foreignTag(piece.name) !== undefined) {
      boundaries.push({ name: piece.name, start: piece.pos, end: piece.end, raw: true });
    }
  }
  boundaries.sort((a, b) => a.start - b.start);
  const closing = comment.lastIndexOf('*/');
  const commentEnd = closing < 0 ? comment.length : closing;
  const bodyStart = comment.startsWith('/**') ? 3 : 0;
  const ends = boundaries.map((_, index) => boundaries[index + 1]?.start ?? commentEnd);

  const prose = (from: number, to: number, part: string, parameter?: string): CommentText => {
    const inlineTags: CommentInlineTag[] = [];
    const seen = new Map<string, number>();
    let text = '';
    let paragraphs = 0;
    for (const piece of pieces) {
      if (piece.pos >= to) {
        break;
      }
      if (piece.pos < from) {
        // only a plain text piece straddles a name read from the source (`@param options.limit …`)
        if (piece.kind === 'text' && piece.plain && piece.pos + piece.text.length > from) {
          text += piece.text.slice(from - piece.pos);
        }
        continue;
      }
      if (piece.kind === 'paragraph') {
        if (paragraphs++ > 0 && text.trim() !== '') {
          text = `${text.trimEnd()}\n\n`;
        }
      } else if (piece.kind === 'text') {
        text += piece.text;
      } else if (piece.kind === 'error') {
        text += piece.text;
        const refused = piece.text === '@' && piece.messageId === 'tsdoc-characters-after-block-tag' ? /^[A-Za-z][\w-]*/.exec(comment.slice(piece.pos + 1))?.[0] : undefined;
        if (refused !== undefined) {
          // `@all.`: TSDoc refuses the tag for the character after it, and reads the `@` as text
          notices.push({ messageId: 'atInText', subject: refused, start: piece.pos, end: piece.pos + 1 + refused.length, part, ...(parameter === undefined ? {} : { parameter }) });
        } else if (piece.messageId === 'tsdoc-malformed-inline-tag' || piece.messageId === 'tsdoc-inline-tag-unescaped-brace') {
          notices.push({ messageId: 'unescapedBrace', subject: piece.text, start: piece.pos, end: piece.pos + piece.text.length, part, ...(parameter === undefined ? {} : { parameter }) });
        } else if (piece.messageId === 'tsdoc-inline-tag-missing-right-brace' || piece.messageId === 'tsdoc-inline-tag-missing-braces') {
          notices.push({ messageId: 'malformedInlineTag', subject: piece.text, start: piece.pos, end: piece.pos + piece.text.length, part, ...(parameter === undefined ? {} : { parameter }) });
        }
      } else if (piece.kind === 'at') {
        text += `@${piece.name}`;
        notices.push({ messageId: 'atInText', subject: piece.name, start: piece.pos, end: piece.end, part, ...(parameter === undefined ? {} : { parameter }) });
      } else {
        const occurrence = seen.get(piece.name) ?? 0;
        seen.set(piece.name, occurrence + 1);
        const kind = keywordTag(piece.name) !== undefined ? 'keyword' : foreignTag(piece.name) !== undefined ? 'foreign' : 'unknown';
        inlineTags.push({ name: piece.name, text: piece.text, occurrence, kind, start: piece.pos, end: piece.end });
        text = text.replace(/[ \t]+$/, '');
      }
    }
    // a tag's text goes on under the tag, indented or not: as TypeScript, drop that indent
    const lines = part === 'summary' ? text : text.split('\n').map((line) => line.trimStart()).join('\n');
    return { text: tidy(lines), inlineTags };
  };

  tagsInSentences(comment, boundaries, notices);
  const summary = prose(bodyStart, boundaries[0]?.start ?? commentEnd, 'summary');
  const params: CommentParam[] = [];
  const tags: CommentTag[] = [];
  boundaries.forEach((boundary, index) => {
    const end = ends[index]!;
    if (boundary.param !== undefined) {
      const named = paramName(tsdoc, boundary.param, comment, boundary.end);
      if (named !== undefined) {
        params.push({ name: named.name, nameStart: named.start, nameEnd: named.end, ...prose(named.textStart, end, 'param', named.name) });
      }
      return;
    }
    const name = boundary.name;
    if (!boundary.raw && proseTags.has(name)) {
      tags.push({ name, text: prose(boundary.end, end, name).text, start: boundary.start, end: boundary.end });
      return;
    }
    tags.push({ name, text: sourceText(comment, boundary.end, end), start: boundary.start, end: boundary.end });
    if (boundary.raw && isUndefinedTag(name)) {
      notices.push({ messageId: 'unknownBlockTag', subject: name, start: boundary.start, end: boundary.end, part: 'comment' });
    }
  });
  return { summary, params, tags, notices: notices.sort((a, b) => a.start - b.start) };
}

/**
 * A tag TSDoc defines, written in the middle of a sentence of prose (`omit to use the @default
 * branch`): TSDoc reads it as a tag, as toolgen does, and the words after it become its text. Tags
 * that share a line (`@minimum 1 @maximum 100`), or follow a full stop (`Searches. @param q …`),
 * are tags as written.
 */
function tagsInSentences(comment: string, boundaries: readonly Boundary[], notices: CommentNotice[]): void {
  boundaries.forEach((boundary, index) => {
    const previous = boundaries[index - 1];
    const inProse = previous === undefined || (!previous.raw && proseTags.has(previous.name));
    if (!inProse || startsLine(comment, boundary.start) || (boundary.raw && !definedTag(boundary.name))) {
      return;
    }
    const lineStart = comment.lastIndexOf('\n', boundary.start - 1) + 1;
    const before = comment.slice(Math.max(lineStart, previous?.end ?? 0), boundary.start).replace(/^\s*(\/\*\*)?[\s*]*/, '').trimEnd();
    if (before !== '' && !/[.!?:]$/.test(before)) {
      const part = previous === undefined ? 'summary' : previous.name;
      const parameter = previous?.param?.parameterName;
      notices.push({ messageId: 'tagInText', subject: boundary.name, start: boundary.start, end: boundary.end, part, ...(parameter === undefined || parameter === '' ? {} : { parameter }) });
    }
  });
}

/** The `at` pieces, each once. */
function atTags(pieces: readonly Piece[], comment: string): { readonly pos: number; readonly end: number; readonly name: string }[] {
  const found: { pos: number; end: number; name: string }[] = [];
  for (const piece of pieces) {
    if (piece.kind === 'at') {
      found.push({ pos: piece.pos, end: piece.end, name: piece.name });
    } else if (piece.kind === 'error' && piece.text === '@') {
      // an `@` TSDoc refused as a tag: `@TJS-type`, whose name it cannot take
      const name = /^[A-Za-z][\w-]*/.exec(comment.slice(piece.pos + 1))?.[0];
      if (name !== undefined && piece.messageId === 'tsdoc-characters-after-block-tag') {
        found.push({ pos: piece.pos, end: piece.pos + 1 + name.length, name });
      }
    }
  }
  return found;
}

/** A tag TSDoc's configuration defines: TSDoc's own, toolgen's, and the common tags of other tools. */
function definedTag(name: string): boolean {
  return definableName.test(name) && parser().parser.configuration.tryGetTagDefinition(`@${name}`) !== undefined;
}

/** A tag neither TSDoc nor toolgen defines (`@TJS-type` is toolgen's, though TSDoc cannot define it). */
function isUndefinedTag(name: string): boolean {
  return !definedTag(name) && foreignTag(name) === undefined;
}

/** A `@param`'s name and where its text starts: TSDoc's, or for a name TSDoc refuses (`options.limit`), the source's. */
function paramName(
  tsdoc: typeof Tsdoc,
  block: Tsdoc.DocParamBlock,
  comment: string,
  tagEnd: number,
): { name: string; start: number; end: number; textStart: number } | undefined {
  const nameExcerpt = excerptsOf(tsdoc, block).find((excerpt) => excerpt.excerptKind === tsdoc.ExcerptKind.ParamBlock_ParameterName);
  if (block.parameterName !== '' && nameExcerpt !== undefined) {
    const range = nameExcerpt.content.getContainingTextRange();
    const hyphen = excerptsOf(tsdoc, block).find((excerpt) => excerpt.excerptKind === tsdoc.ExcerptKind.ParamBlock_Hyphen);
    const after = hyphen === undefined ? range.end : hyphen.content.getContainingTextRange().end;
    // a JSDoc `[name]` or `[name=5]`: the name is inside the brackets
    const start = range.pos + Math.max(0, comment.slice(range.pos, range.end).indexOf(block.parameterName));
    return { name: block.parameterName, start, end: start + block.parameterName.length, textStart: Math.max(after, range.end) };
  }
  const match = /^\s*(?:\{[^}]*\}\s*)?\[?([\w$]+(?:\.[\w$]+)*)(?:=[^\]]*)?\]?[ \t]*(?:-[ \t]*)?/.exec(comment.slice(tagEnd));
  if (match === null) {
    return undefined;
  }
  const start = tagEnd + match[0].indexOf(match[1]!);
  return { name: match[1]!, start, end: start + match[1]!.length, textStart: tagEnd + match[0].length };
}

/** A tag's text as written between `from` and `to`, without the comment's margins. */
function sourceText(comment: string, from: number, to: number): string {
  const lines = comment.slice(from, to).split('\n');
  return lines
    .map((line, index) => (index === 0 ? line : line.replace(/^\s*\*(?!\/) ?/, '')))
    .join('\n')
    .trim();
}

/** Text without trailing spaces on its lines, or blank lines at either end. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}
