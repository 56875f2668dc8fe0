import { createRequire } from 'node:module';
import type * as Tsdoc from '@microsoft/tsdoc';
import { foreignTag, foreignTagNames } from './foreignTags.js';
import { keywordTagNames } from './keywordTags.js';

/*
 * The TSDoc parser's tree of a doc comment, flattened for `docComment.ts`: the pieces of its text
 * in source order (what each renders as), and where each block tag starts. The parser is
 * configured once with toolgen's tags, JSDoc's common ones and TSDoc's own.
 */

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
export type Piece =
  | { readonly kind: 'text'; readonly pos: number; readonly text: string; readonly plain: boolean }
  | { readonly kind: 'paragraph'; readonly pos: number }
  | { readonly kind: 'inline'; readonly pos: number; readonly end: number; readonly name: string; readonly text: string }
  /** An `@name` TSDoc read as a tag in running text, or an `@` it refused as one (`@TJS-type`). */
  | { readonly kind: 'at'; readonly pos: number; readonly end: number; readonly name: string }
  | { readonly kind: 'error'; readonly pos: number; readonly text: string; readonly messageId: string };

export interface Boundary {
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

/** Where a node's first excerpt starts: the first one met, depth first. */
const startOf = (tsdoc: typeof Tsdoc, node: Tsdoc.DocNode): number => {
  if (node instanceof tsdoc.DocExcerpt) {
    return node.content.getContainingTextRange().pos;
  }
  for (const child of node.getChildNodes()) {
    const start = startOf(tsdoc, child);
    if (start >= 0) {
      return start;
    }
  }
  return -1;
};

const endOf = (tsdoc: typeof Tsdoc, node: Tsdoc.DocNode): number => {
  const last = excerptsOf(tsdoc, node).at(-1);
  return last === undefined ? -1 : last.content.getContainingTextRange().end;
};

/** The comment's text pieces in source order, and its block tags (TSDoc's, and undefined ones starting a line) by position. */
export function readTree(comment: string): { readonly pieces: readonly Piece[]; readonly boundaries: readonly Boundary[] } {
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
    const leaf = leafPieces(tsdoc, node, errors);
    if (leaf !== undefined) {
      pieces.push(...leaf);
      return;
    }
    if (node instanceof tsdoc.DocParagraph) {
      pieces.push({ kind: 'paragraph', pos: startOf(tsdoc, node) });
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
  // `@name` that TSDoc left in the text: a tag of its own at the start of a line, or when toolgen
  // knows it as another generator's (`@TJS-type`, a name TSDoc cannot define)
  for (const piece of atTags(pieces, comment)) {
    if (startsLine(comment, piece.pos) || foreignTag(piece.name) !== undefined) {
      boundaries.push({ name: piece.name, start: piece.pos, end: piece.end, raw: true });
    }
  }
  boundaries.sort((a, b) => a.start - b.start);
  return { pieces, boundaries };
}

/** The pieces a leaf of the tree renders as (text, a tag, an error); undefined for a node whose children are read. */
function leafPieces(tsdoc: typeof Tsdoc, node: Tsdoc.DocNode, errors: ReadonlyMap<number, string>): Piece[] | undefined {
  const pos = startOf(tsdoc, node);
  if (node instanceof tsdoc.DocPlainText) {
    return [{ kind: 'text', pos, text: node.text, plain: true }];
  }
  if (node instanceof tsdoc.DocSoftBreak) {
    return [{ kind: 'text', pos, text: '\n', plain: false }];
  }
  if (node instanceof tsdoc.DocEscapedText) {
    return [{ kind: 'text', pos, text: node.decodedText, plain: false }];
  }
  if (node instanceof tsdoc.DocCodeSpan) {
    return [{ kind: 'text', pos, text: `\`${node.code}\``, plain: false }];
  }
  if (node instanceof tsdoc.DocFencedCode) {
    return [
      { kind: 'paragraph', pos },
      { kind: 'text', pos, text: `\`\`\`${node.language}\n${node.code}\`\`\``, plain: false },
    ];
  }
  if (node instanceof tsdoc.DocErrorText) {
    return [{ kind: 'error', pos, text: node.text, messageId: errors.get(pos) ?? '' }];
  }
  if (node instanceof tsdoc.DocBlockTag) {
    // an undefined tag: TSDoc leaves it in the running text
    return [{ kind: 'at', pos, end: endOf(tsdoc, node), name: node.tagName.slice(1) }];
  }
  if (node instanceof tsdoc.DocInlineTagBase) {
    const name = node.tagName.slice(1);
    if (proseInlineTags.has(name.toLowerCase())) {
      return [{ kind: 'text', pos, text: rawText(tsdoc, node), plain: false }];
    }
    const content = node instanceof tsdoc.DocInlineTag ? node.tagContent : '';
    return [{ kind: 'inline', pos, end: pos + 1 + node.tagName.length, name, text: content.trim() }];
  }
  if (node instanceof tsdoc.DocHtmlStartTag || node instanceof tsdoc.DocHtmlEndTag) {
    return [{ kind: 'text', pos, text: rawText(tsdoc, node), plain: false }];
  }
  return node instanceof tsdoc.DocExcerpt ? [] : undefined;
}

/** Whether only the comment's opening, its margin (` * `) and spaces come before `offset` on its line. */
export function startsLine(comment: string, offset: number): boolean {
  const lineStart = comment.lastIndexOf('\n', offset - 1) + 1;
  return /^\s*(\/\*\*)?[\s*]*$/.test(comment.slice(lineStart, offset));
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
export function definedTag(name: string): boolean {
  return definableName.test(name) && parser().parser.configuration.tryGetTagDefinition(`@${name}`) !== undefined;
}

/** A tag neither TSDoc nor toolgen defines (`@TJS-type` is toolgen's, though TSDoc cannot define it). */
export function isUndefinedTag(name: string): boolean {
  return !definedTag(name) && foreignTag(name) === undefined;
}

/** A `@param`'s name and where its text starts: TSDoc's, or for a name TSDoc refuses (`options.limit`), the source's. */
export function paramName(
  block: Tsdoc.DocParamBlock,
  comment: string,
  tagEnd: number,
): { name: string; start: number; end: number; textStart: number } | undefined {
  const { tsdoc } = parser();
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
