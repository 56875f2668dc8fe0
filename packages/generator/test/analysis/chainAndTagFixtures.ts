import type { DiagnosticFixture } from './diagnosticFixtures.js';

/*
 * The fixtures of issue 25, items 5 and 6: nothing a user writes is dropped silently. A call in a
 * chain toolgen does not know is TSH021; a schema tag toolgen does not read where it is written
 * is TSH023; a tag at fault is reported at the tag (TSH005 included); doc comment text TSDoc reads
 * differently from toolgen is TSH025 (issue 34). Markers inside a comment
 * are fine: they are removed before the source is analyzed.
 */

const header = `import { Toolset } from '@toolgen/runtime';\n`;

const directoryToolset = `${header}export class DirectoryToolset extends Toolset {
  constructor() {
    super();
    this.withDisplayName('Directories');
    this.log();
    this.addTool(DirectoryToolset.createDirectory).withName('create_directory').readOnly();
  }
  private log(): void {}
  /** Creates a directory. @param path Its path. */
  static createDirectory(path: string): string { return path; }
}`;

const listToolset = (doc: string, signature = 'limit: number', body = 'String(limit)'): string => `${header}export class ListToolset extends Toolset {
  constructor() { super(); this.addTool(ListToolset.listItems).readOnly(); }
  /**
   * Lists items.
${doc}
   */
  static listItems(${signature}): string { return ${body}; }
}`;

const fixedList = listToolset('   * @param limit How many to return. {@minimum 1} {@maximum 100}');

const queryToolset = (member: string, type = 'string'): string => `${header}export interface Query {
  ${member}
  words: ${type};
}
export class QueryToolset extends Toolset {
  constructor() { super(); this.addTool(QueryToolset.search).readOnly(); }
  /** Searches. @param query What to search. */
  static search(query: Query): string { return String(query.words); }
}`;

const fixedQuery = queryToolset('/** The words. @minLength 3 */');

const aliasToolset = (stepDoc: string, labelsDoc: string): string => `${header}${stepDoc}
export type Step = number;
${labelsDoc}
export type Labels = string[];
export class StepToolset extends Toolset {
  constructor() { super(); this.addTool(StepToolset.move).readOnly(); }
  /** Moves. @param step How far. @param back How far back. @param labels Its labels. */
  static move(step: Step, back: Step, labels: Labels): string { return String(step + back) + labels.join(); }
}`;

export const chainAndTagFixtures: readonly DiagnosticFixture[] = [
  {
    name: 'builder calls toolgen does not know yet, and a misspelled one',
    code: 'TSH021',
    source: directoryToolset.replace(
      ".withName('create_directory').readOnly();",
      ".withName('create_directory')./*<*/withIcon/*>*/('folder')./*<*/cached/*>*/()./*<*/readonly/*>*/();",
    ),
    messages: [
      { messageId: 'unknownCallNoMatch', data: { call: '.withIcon()', kind: 'builder call', closest: '.withName(), .withTitle(), .additive()' } },
      { messageId: 'unknownCallNoMatch', data: { call: '.cached()', kind: 'builder call', closest: '.readOnly(), .withName(), .additive()' } },
      { messageId: 'unknownCall', data: { call: '.readonly()', kind: 'builder call', suggestion: '.readOnly()' } },
    ],
    fixed: directoryToolset,
  },
  {
    name: 'a misspelled builder call',
    code: 'TSH021',
    source: directoryToolset.replace(".withName('create_directory')", "./*<*/withNmae/*>*/('create_directory')"),
    messages: [{ messageId: 'unknownCall', data: { call: '.withNmae()', kind: 'builder call', suggestion: '.withName()' } }],
    fixed: directoryToolset,
  },
  {
    name: 'a misspelled toolset call (a helper of the class is no builder call)',
    code: 'TSH021',
    source: directoryToolset.replace("this.withDisplayName('Directories');", "this./*<*/withDisplayNme/*>*/('Directories');"),
    messages: [{ messageId: 'unknownCall', data: { call: 'this.withDisplayNme()', kind: 'toolset call', suggestion: 'this.withDisplayName()' } }],
    fixed: directoryToolset,
  },
  {
    name: 'a call chained onto a toolset call',
    code: 'TSH021',
    source: directoryToolset.replace("this.withDisplayName('Directories');", "this.withDisplayName('Directories')./*<*/confidentialOnly/*>*/();"),
    messages: [{ messageId: 'chainedOntoToolsetCall', data: { call: '.confidentialOnly()', toolsetCall: 'this.withDisplayName()' } }],
    fixed: directoryToolset.replace("this.withDisplayName('Directories');", "this.withDisplayName('Directories');\n    this.confidentialOnly();"),
  },
  {
    name: 'configurable without a settings call',
    code: 'TSH012',
    source: directoryToolset.replace('.readOnly();', '.readOnly()./*<*/configurable/*>*/((s) => s.limit);'),
    messages: [{ messageId: 'noSettings', data: { call: 'configurable' } }],
    fixed: directoryToolset,
  },
  {
    name: 'a keyword tag that does not fit a member, at the tag',
    code: 'TSH005',
    source: queryToolset('/** The words. /*<*/@minimum/*>*/ 3 */'),
    messages: [
      {
        messageId: 'unrepresentable',
        data: {
          tool: 'search',
          typeText: 'string',
          pointer: '/query/words',
          reason: '@minimum does not apply to a string',
          fix: 'remove @minimum, which applies to numbers; for a string use @minLength, @maxLength, @pattern or @format',
          more: '',
        },
      },
    ],
    fixed: fixedQuery,
  },
  {
    name: 'inline keyword tags of a positional parameter that do not parse or fit, at each tag',
    code: 'TSH005',
    source: listToolset('   * @param limit How many to return. /*<*/{@minimum/*>*/ one} /*<*/{@minLength/*>*/ 1}'),
    messages: [
      {
        messageId: 'unrepresentable',
        data: { tool: 'list_items', typeText: 'number', pointer: '/limit', reason: '@minimum takes a number, but got "one"', fix: 'write a number, e.g. "@minimum 0"', more: '' },
      },
      {
        messageId: 'unrepresentable',
        data: {
          tool: 'list_items',
          typeText: 'number',
          pointer: '/limit',
          reason: '@minLength does not apply to a number',
          fix: 'remove @minLength, which applies to strings; for a number use @minimum, @maximum, @exclusiveMinimum, @exclusiveMaximum or @integer',
          more: '',
        },
      },
    ],
    fixed: fixedList,
  },
  {
    name: "another generator's tag on a member",
    code: 'TSH023',
    source: queryToolset('/** The words. /*<*/@nullable/*>*/ */'),
    messages: [
      {
        messageId: 'foreignTag',
        data: { tag: 'nullable', subject: 'the member "words"', origin: 'a ts-json-schema-generator annotation', fix: 'Write "| null" in the type instead' },
      },
    ],
    fixed: queryToolset('/** The words. */', 'string | null'),
  },
  {
    name: "typescript-json-schema's and typia's type tags on members",
    code: 'TSH023',
    source: queryToolset('/** How many. /*<*/@TJS-type/*>*/ integer */\n  count: number;\n  /** Words. /*<*/@type/*>*/ uint32 */', 'number'),
    messages: [
      {
        messageId: 'foreignTag',
        data: {
          tag: 'TJS-type',
          subject: 'the member "count"',
          origin: 'a typescript-json-schema annotation',
          fix: 'For an integer write @integer; for any other type, change the TypeScript type',
        },
      },
      {
        messageId: 'foreignTag',
        data: {
          tag: 'type',
          subject: 'the member "words"',
          origin: 'a typia type tag',
          fix: 'For int32, uint32, int64 or uint64 write @integer, with @minimum and @maximum for the range; float and double are plain numbers: remove it',
        },
      },
    ],
    fixed: queryToolset('/** How many. @integer */\n  count: number;\n  /** Words. @integer @minimum 0 */', 'number'),
  },
  {
    // the keyword tags of a type alias apply where it is used; another generator's were dropped without a word
    name: "another generator's tags on type aliases, used twice",
    code: 'TSH023',
    source: aliasToolset('/** A step. /*<*/@multipleOf/*>*/ 5 @minimum 0 */', '/** Labels. /*<*/@uniqueItems/*>*/ @maxItems 3 */'),
    messages: [
      {
        messageId: 'foreignTag',
        data: {
          tag: 'multipleOf',
          subject: 'the type alias "Step"',
          origin: 'a JSON Schema keyword tag (ts-json-schema-generator, typia)',
          fix: "toolgen does not emit multipleOf: check it in the tool's code (throw a ToolFailure saying what to send) and say it in the description",
        },
      },
      {
        messageId: 'foreignTag',
        data: {
          tag: 'uniqueItems',
          subject: 'the type alias "Labels"',
          origin: 'a JSON Schema keyword tag (ts-json-schema-generator, typia)',
          fix: "toolgen does not emit uniqueItems: check it in the tool's code (throw a ToolFailure saying what to send) and say it in the description",
        },
      },
    ],
    fixed: aliasToolset('/** A step. @minimum 0 */', '/** Labels. @maxItems 3 */'),
  },
  {
    name: 'an inline keyword tag in a member summary',
    code: 'TSH023',
    source: queryToolset('/** The words. /*<*/{@minLength/*>*/ 3} */'),
    messages: [{ messageId: 'inlineTagOnMember', data: { tag: 'minLength', subject: 'the member "words"', value: ' 3' } }],
    fixed: fixedQuery,
  },
  {
    name: 'a misspelled inline tag and a foreign one in a @param',
    code: 'TSH023',
    source: listToolset('   * @param limit How many to return. {@minimum 1} /*<*/{@maximun/*>*/ 100} /*<*/{@multipleOf/*>*/ 10}'),
    messages: [
      { messageId: 'unknownInlineTag', data: { tag: 'maximun', parameter: 'limit', fix: 'Did you mean {@maximum}? Correct the name, or remove it.' } },
      {
        messageId: 'foreignTag',
        data: {
          tag: 'multipleOf',
          subject: 'the parameter "limit"',
          origin: 'a JSON Schema keyword tag (ts-json-schema-generator, typia)',
          fix: "toolgen does not emit multipleOf: check it in the tool's code (throw a ToolFailure saying what to send) and say it in the description",
        },
      },
    ],
    fixed: fixedList,
  },
  {
    name: 'a keyword block tag on the method, meant for the @param before it',
    code: 'TSH023',
    source: listToolset('   * @param query What to find.\n   * @param limit How many to return. {@minimum 1}\n   * /*<*/@maximum/*>*/ 100', 'query: string, limit: number', 'query + String(limit)'),
    messages: [{ messageId: 'keywordOnMethod', data: { tag: 'maximum', method: 'listItems', parameter: 'limit', value: ' 100' } }],
    fixed: listToolset('   * @param query What to find.\n   * @param limit How many to return. {@minimum 1} {@maximum 100}', 'query: string, limit: number', 'query + String(limit)'),
  },
  {
    name: 'an @word in a @param text that is no tag: kept as text, and said',
    code: 'TSH025',
    source: listToolset('   * @param limit How many, as /*<*/@octocat/*>*/ counts them.'),
    messages: [{ messageId: 'atInText', data: { tag: 'octocat', place: 'the @param text of "limit" (the method "listItems")' } }],
    fixed: listToolset('   * @param limit How many, as \\@octocat counts them.'),
  },
  {
    name: 'a tag no one defines at the start of a line in a member doc, and an unescaped brace',
    code: 'TSH025',
    source: queryToolset('/**\n   * The words, as /*<*/{/*>*/a, b}.\n   * /*<*/@changed/*>*/ in 2.1\n   */'),
    messages: [
      { messageId: 'unescapedBrace', data: { tag: '{', place: 'the description of the member "words"' } },
      { messageId: 'unknownBlockTag', data: { tag: 'changed', place: 'the TSDoc of the member "words"' } },
    ],
    fixed: queryToolset('/**\n   * The words, as `{a, b}`.\n   * @since 2.1\n   */'),
  },
  {
    name: 'an inline tag whose value holds braces: not read, and said once (the braces it holds raise nothing more)',
    code: 'TSH025',
    source: queryToolset('/** The words, 13 digits. /*<*/{@pattern/*>*/ ^[0-9]{13}$} */'),
    messages: [{ messageId: 'braceInInlineTag', data: { tag: '{@pattern', place: 'the description of the member "words"' } }],
    fixed: queryToolset('/**\n   * The words, 13 digits.\n   * @pattern ^[0-9]{13}$\n   */'),
  },
  {
    name: 'a known tag in the middle of a sentence, and a keyword tag after the second @param',
    code: 'TSH025',
    source: queryToolset('/** The words; omit to use the /*<*/@default/*>*/ words. */'),
    messages: [{ messageId: 'tagInText', data: { tag: 'default', place: 'the description of the member "words"' } }],
    fixed: queryToolset('/** The words; omit to use the \\@default words. */'),
  },
  {
    name: 'values a provider variant cannot let the model send: other keys beside named members',
    code: 'TSH022',
    source: catalogToolset('/*<*/labels: Labels/*>*/, category: Category', 'labels.id + category.name'),
    messages: [
      { messageId: 'otherKeys', data: { variants: 'the openai-strict and gemini variants', tool: 'tag_item', pointer: '/labels/*' } },
    ],
    // a map alone is sent as entries, and any value as JsonValue: neither is TSH022, nor is recursion (a loss in gemini)
    fixed: catalogToolset('labels: Record<string, string>, extra: unknown, category: Category', 'String(labels) + String(extra) + category.name', true),
  },
];

function catalogToolset(parameters: string, body: string, fixed = false): string {
  const docs = fixed
    ? '   * @param labels Labels by name.\n   * @param extra Anything else.\n   * @param category Where it goes.'
    : '   * @param labels The id and labels by name.\n   * @param category Where it goes.';
  return `${header}export interface Labels {
  id: string;
  [label: string]: string;
}

export interface Category {
  name: string;
  children: Category[];
}

export class CatalogToolset extends Toolset {
  constructor() {
    super();
    this.addTool(CatalogToolset.tagItem);
  }

  /**
   * Tags an item.
${docs}
   */
  static tagItem(${parameters}): string {
    return ${body};
  }
}
`;
}
