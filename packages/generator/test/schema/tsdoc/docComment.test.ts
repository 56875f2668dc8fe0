import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastDocComment } from '../../../src/host/docComment.js';
import { parseDocComment, readDocComment } from '../../../src/schema/tsdoc/docComment.js';

/** The text at a span of the comment, to check offsets by what they point at. */
const at = (comment: string, span: { start: number; end: number }): string => comment.slice(span.start, span.end);

describe('readDocComment: a doc comment read as TSDoc', () => {
  it('decodes escapes, keeps code spans and fenced code as written, and keeps an @ inside a word', () => {
    const comment = '/**\n * Owner, e.g. \\@octocat; files **\\/*.ts; `a\\@b {x}`; mail ann@example.com.\n *\n * ```ts\n * const a = {b};\n * ```\n */';
    const read = readDocComment(comment);
    expect(read.summary.text).toBe('Owner, e.g. @octocat; files **/*.ts; `a\\@b {x}`; mail ann@example.com.\n\n```ts\nconst a = {b};\n```');
    expect(read.notices).toEqual([]);
  });

  it('keeps an @word in running text that is no tag, and says where it is', () => {
    const comment = '/**\n * Search. @param owner Repository owner, e.g. @octocat or an organization.\n */';
    const read = readDocComment(comment);
    expect(read.summary.text).toBe('Search.');
    expect(read.params.map((param) => [param.name, param.text])).toEqual([['owner', 'Repository owner, e.g. @octocat or an organization.']]);
    expect(read.notices.map((notice) => [notice.messageId, notice.subject, notice.part, notice.parameter, at(comment, notice)])).toEqual([
      ['atInText', 'octocat', 'param', 'owner', '@octocat'],
    ]);
  });

  it('reads an undefined tag that starts a line as a block tag of its own, with a notice; JSDoc tags are defined', () => {
    const comment = '/**\n * Lists.\n * @param limit How many.\n * @changed in 2.1\n * @since 2.0\n * @author Ann\n */';
    const read = readDocComment(comment);
    expect(read.params.map((param) => param.text)).toEqual(['How many.']);
    expect(read.tags.map((tag) => [tag.name, tag.text, at(comment, tag)])).toEqual([
      ['changed', 'in 2.1', '@changed'],
      ['since', '2.0', '@since'],
      ['author', 'Ann', '@author'],
    ]);
    expect(read.notices.map((notice) => [notice.messageId, notice.subject])).toEqual([['unknownBlockTag', 'changed']]);
  });

  it('gives keyword tags their source text: regular expressions and JSON are not TSDoc prose', () => {
    const comment = '/**\n * @pattern ^\\d{3}-[a-z]+$\n * @default { "sort": "asc" }\n * @example\n *   {"a": [1, 2]}\n * @minimum 1\n */';
    const read = readDocComment(comment);
    expect(read.tags.map((tag) => [tag.name, tag.text])).toEqual([
      ['pattern', '^\\d{3}-[a-z]+$'],
      ['default', '{ "sort": "asc" }'],
      ['example', '{"a": [1, 2]}'],
      ['minimum', '1'],
    ]);
    expect(read.notices).toEqual([]);
  });

  it('reads every @param form: TSDoc’s hyphen, JSDoc’s {type} and [optional], dotted names, and inline tags anywhere in the text', () => {
    const comment = [
      '/**',
      ' * @param a - With a hyphen.',
      ' * @param {string} b With a type.',
      ' * @param [c] Optional.',
      ' * @param [d=5] With a default.',
      ' * @param options.limit How many. {@maximum 100}',
      ' * @param max {@maximum 100} The most,',
      ' *   over two lines.',
      ' */',
    ].join('\n');
    const read = readDocComment(comment);
    expect(read.params.map((param) => [param.name, param.text, at(comment, { start: param.nameStart, end: param.nameEnd })])).toEqual([
      ['a', 'With a hyphen.', 'a'],
      ['b', 'With a type.', 'b'],
      ['c', 'Optional.', 'c'],
      ['d', 'With a default.', 'd'],
      ['options.limit', 'How many.', 'options.limit'],
      ['max', 'The most,\nover two lines.', 'max'],
    ]);
    const inline = read.params.flatMap((param) => param.inlineTags.map((tag) => [param.name, tag.name, tag.text, tag.kind, at(comment, tag)]));
    expect(inline).toEqual([
      ['options.limit', 'maximum', '100', 'keyword', '{@maximum'],
      ['max', 'maximum', '100', 'keyword', '{@maximum'],
    ]);
    expect(read.notices).toEqual([]);
  });

  it('reads other generators’ tags as tags, even one TSDoc cannot name (@TJS-type) in running text', () => {
    const read = readDocComment('/** How many. @TJS-type integer */');
    expect(read.summary.text).toBe('How many.');
    expect(read.tags.map((tag) => [tag.name, tag.text])).toEqual([['TJS-type', 'integer']]);
  });

  it('says when a { opens no inline tag, and keeps the text', () => {
    const comment = '/** As {owner}/{repo}. */';
    const read = readDocComment(comment);
    expect(read.summary.text).toBe('As {owner}/{repo}.');
    expect(read.notices.map((notice) => [notice.messageId, at(comment, notice)])).toEqual([
      ['unescapedBrace', '{'],
      ['unescapedBrace', '{'],
    ]);
  });

  it('says an inline tag holding a brace is not read, naming it by its opening, once for the braces it holds', () => {
    const comment = '/** Digits {@pattern ^[0-9]{13}$}, as {owner}.\n * And {@maxLength {3}. */';
    const read = readDocComment(comment);
    expect(read.summary.text).toBe('Digits {@pattern ^[0-9]{13}$}, as {owner}.\nAnd {@maxLength {3}.');
    expect(read.notices.map((notice) => [notice.messageId, notice.subject, comment.slice(notice.start)])).toEqual([
      ['braceInInlineTag', '{@pattern', comment.slice(comment.indexOf('{@pattern'))],
      // a brace after the tag is a mistake of its own
      ['unescapedBrace', '{', comment.slice(comment.indexOf('{owner'))],
      // braces that never close: the rest of the line is the tag's
      ['braceInInlineTag', '{@maxLength', comment.slice(comment.indexOf('{@maxLength'))],
    ]);
  });

  it('reads @remarks and @deprecated as prose, and keeps {@link} in the text', () => {
    const read = readDocComment('/**\n * See {@link Ticket | the ticket}.\n * @remarks More \\@here.\n * @deprecated Use `find` instead.\n */');
    expect(read.summary.text).toBe('See {@link Ticket | the ticket}.');
    expect(read.tags.map((tag) => [tag.name, tag.text])).toEqual([
      ['remarks', 'More @here.'],
      ['deprecated', 'Use `find` instead.'],
    ]);
  });
});

describe('lastDocComment: the doc comment before a declaration', () => {
  it('takes the last /** */ comment, also one on the same line after { or ;', () => {
    expect(lastDocComment(' /** The number. */ ')).toEqual({ text: '/** The number. */', offset: 1 });
    expect(lastDocComment('\n  /** Old. */\n  /** New. */\n  ')?.text).toBe('/** New. */');
  });

  it('passes over line comments, block comments and the empty /**/', () => {
    expect(lastDocComment('\n // see /** not this */\n')).toBeUndefined();
    expect(lastDocComment('/** Doc. */ /* note */ /**/ // more\n')?.text).toBe('/** Doc. */');
    expect(lastDocComment('/* plain */')).toBeUndefined();
  });
});

describe('readDocComment: @param names', () => {
  it('places a name after a JSDoc {type} that contains it', () => {
    const comment = '/** @param {string} s The text. */';
    const [param] = readDocComment(comment).params;
    expect([param!.name, comment.slice(param!.nameStart, param!.nameEnd), comment.slice(param!.nameStart - 1, param!.nameEnd + 1)]).toEqual(['s', 's', ' s ']);
  });
});

describe('readDocComment: a known tag in the middle of a sentence', () => {
  it('is a tag, as TSDoc reads it, and a notice says the words after it left the description', () => {
    const comment = '/**\n * Branch name; omit to use the @default branch.\n * @param q Which branch; the tool @throws when it is missing.\n */';
    const read = readDocComment(comment);
    expect(read.summary.text).toBe('Branch name; omit to use the');
    expect(read.notices.map((notice) => [notice.messageId, notice.subject, notice.part, notice.parameter, at(comment, notice)])).toEqual([
      ['tagInText', 'default', 'summary', undefined, '@default'],
      ['tagInText', 'throws', 'param', 'q', '@throws'],
    ]);
  });

  it('raises nothing for tags sharing a line, or after a full stop', () => {
    for (const comment of ['/** @minimum 1 @maximum 100 */', '/** Searches. @param query What to find. */', '/** Words. @integer @minimum 0 */', '/** Limit: @maximum 5 */']) {
      expect(readDocComment(comment).notices, comment).toEqual([]);
    }
  });

  it('says of an @word TSDoc refuses for the character after it that it is kept as text, without calling a defined tag undefined', () => {
    const comment = '/** Flattened, member constraints in @param. */';
    const read = readDocComment(comment);
    expect(read.summary.text).toBe('Flattened, member constraints in @param.');
    expect(read.notices.map((notice) => [notice.messageId, notice.subject])).toEqual([['atInText', 'param']]);
  });
});

describe('readDocComment: a comment without markup', () => {
  it('reads as the TSDoc parser reads it, without running the parser', () => {
    const text = fc.stringMatching(/^[a-zA-Z0-9 .,;:!?'"()[\]|#=&%$*_\-\t]{0,30}$/);
    const line = fc.oneof(text, fc.constant(''), text.map((words) => `   ${words}`));
    const comment = fc.tuple(fc.array(line, { maxLength: 6 }), fc.boolean()).map(([lines, oneLine]) => (oneLine ? `/** ${lines.join(' ')} */` : `/**\n${lines.map((each) => ` * ${each}`).join('\n')}\n */`));
    fc.assert(
      fc.property(comment, (written) => {
        fc.pre(!written.slice(3, -2).includes('*/'));
        expect(readDocComment(written)).toEqual(parseDocComment(written));
      }),
      { numRuns: 500 },
    );
  });
});
