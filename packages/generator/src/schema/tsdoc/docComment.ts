import { foreignTag } from './foreignTags.js';
import { keywordTag } from './keywordTags.js';
import type { TsdocMessage } from './tags.js';
import { definedTag, isUndefinedTag, paramName, readTree, startsLine, type Boundary, type Piece } from './tsdocTree.js';

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
  readonly messageId: TsdocMessage;
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

/** The tags whose text is prose: a tag in the middle of it cuts it. */
const proseTags = new Set(['param', 'remarks', 'deprecated', 'returns', 'privateRemarks']);

/** What TSDoc reads as more than text: a tag, an inline tag, an escape, a code span, HTML. */
const markup = /[@{}\\<>`]/;

/** Reads a doc comment (`/** … *\/`, as written in the source) as TSDoc. */
export function readDocComment(comment: string): DocComment {
  // most member docs are a sentence: TSDoc reads plain text as it is written
  return markup.test(comment.slice(3, -2)) ? parseDocComment(comment) : { summary: { text: plainText(comment), inlineTags: [] }, params: [], tags: [], notices: [] };
}

/** Reads a doc comment with the TSDoc parser, whatever it holds. */
export function parseDocComment(comment: string): DocComment {
  const { pieces, boundaries } = readTree(comment);
  const notices: CommentNotice[] = [];
  const closing = comment.lastIndexOf('*/');
  const commentEnd = closing < 0 ? comment.length : closing;
  const bodyStart = comment.startsWith('/**') ? 3 : 0;
  const ends = boundaries.map((_, index) => boundaries[index + 1]?.start ?? commentEnd);

  const prose = (from: number, to: number, part: string, parameter?: string): CommentText =>
    renderProse(pieces, comment, { from, to }, { part, ...(parameter === undefined ? {} : { parameter }) }, notices);

  tagsInSentences(comment, boundaries, notices);
  const summary = prose(bodyStart, boundaries[0]?.start ?? commentEnd, 'summary');
  const params: CommentParam[] = [];
  const tags: CommentTag[] = [];
  boundaries.forEach((boundary, index) => {
    const end = ends[index]!;
    if (boundary.param !== undefined) {
      const named = paramName(boundary.param, comment, boundary.end);
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

/** The TSDoc messages about braces, by what toolgen says of them. */
const braceMessages: Readonly<Record<string, TsdocMessage>> = {
  'tsdoc-malformed-inline-tag': 'unescapedBrace',
  // a `{` inside an inline tag (`{@pattern ^[0-9]{13}$}`): TSDoc reports it at the tag's `{@`
  'tsdoc-inline-tag-unescaped-brace': 'braceInInlineTag',
  'tsdoc-inline-tag-missing-right-brace': 'malformedInlineTag',
  'tsdoc-inline-tag-missing-braces': 'malformedInlineTag',
};

/**
 * The prose between `from` and `to` (a summary, a `@param`'s text, `@remarks`): escapes decoded,
 * paragraphs kept, the inline tags toolgen reads taken out, and a notice for each piece TSDoc
 * reads differently.
 */
function renderProse(
  pieces: readonly Piece[],
  comment: string,
  { from, to }: { readonly from: number; readonly to: number },
  place: Pick<CommentNotice, 'part' | 'parameter'>,
  notices: CommentNotice[],
): CommentText {
  const notice = (messageId: TsdocMessage, subject: string, start: number, end: number): void => {
    notices.push({ messageId, subject, start, end, ...place });
  };
  const inlineTags: CommentInlineTag[] = [];
  const seen = new Map<string, number>();
  let heldBracesUntil = -1;
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
      const brace = braceMessages[piece.messageId];
      if (refused !== undefined) {
        // `@all.`: TSDoc refuses the tag for the character after it, and reads the `@` as text
        notice('atInText', refused, piece.pos, piece.pos + 1 + refused.length);
      } else if (brace === 'braceInInlineTag') {
        // named by its opening, `{@pattern`, which is what the reader looks for; the braces it holds are that notice's
        const opening = /^\{@[A-Za-z][\w-]*/.exec(comment.slice(piece.pos))?.[0] ?? piece.text;
        notice(brace, opening, piece.pos, piece.pos + opening.length);
        heldBracesUntil = balancedEnd(comment, piece.pos);
      } else if (brace !== undefined && !(brace === 'unescapedBrace' && piece.pos < heldBracesUntil)) {
        notice(brace, piece.text, piece.pos, piece.pos + piece.text.length);
      }
    } else if (piece.kind === 'at') {
      text += `@${piece.name}`;
      notice('atInText', piece.name, piece.pos, piece.end);
    } else {
      const occurrence = seen.get(piece.name) ?? 0;
      seen.set(piece.name, occurrence + 1);
      const kind = keywordTag(piece.name) !== undefined ? 'keyword' : foreignTag(piece.name) !== undefined ? 'foreign' : 'unknown';
      inlineTags.push({ name: piece.name, text: piece.text, occurrence, kind, start: piece.pos, end: piece.end });
      text = text.replace(/[ \t]+$/, '');
    }
  }
  // a tag's text goes on under the tag, indented or not: as TypeScript, drop that indent
  const lines = place.part === 'summary' ? text : text.split('\n').map((line) => line.trimStart()).join('\n');
  return { text: tidy(lines), inlineTags };
}

/** Where the braces opened at `start` close again, as the writer meant them; the end of the line when they do not. */
function balancedEnd(comment: string, start: number): number {
  let depth = 0;
  for (let index = start; index < comment.length && comment[index] !== '\n'; index += 1) {
    if (comment[index] === '{') depth += 1;
    else if (comment[index] === '}' && --depth === 0) return index + 1;
  }
  const lineEnd = comment.indexOf('\n', start);
  return lineEnd === -1 ? comment.length : lineEnd;
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

/**
 * A comment without markup as TSDoc renders it: the margins (` * `) off, lines joined, paragraphs
 * (split by blank lines) separated by one blank line: what the parser makes of it (a property test
 * holds them equal).
 */
export function plainText(comment: string): string {
  const closing = comment.lastIndexOf('*/');
  const lines = sourceText(comment, comment.startsWith('/**') ? 3 : 0, closing < 0 ? comment.length : closing).split('\n');
  const paragraphs: string[][] = [[]];
  for (const line of lines) {
    if (line.trim() === '') {
      if (paragraphs.at(-1)!.length > 0) {
        paragraphs.push([]);
      }
    } else {
      paragraphs.at(-1)!.push(line);
    }
  }
  return tidy(
    paragraphs
      .filter((paragraph) => paragraph.length > 0)
      .map((paragraph) => paragraph.join('\n'))
      .join('\n\n'),
  );
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
