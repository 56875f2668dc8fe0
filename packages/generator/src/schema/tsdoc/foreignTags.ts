import { keywordTag } from './keywordTags.js';

/*
 * Schema tags that other generators read (ts-json-schema-generator, typescript-json-schema, typia)
 * and toolgen does not: on a member or in a `@param`, each is TSH023, saying what toolgen reads
 * instead, so that none of them is ignored silently.
 */

/** Who reads a tag, and what to write for toolgen instead (no final period). */
export interface ForeignTag {
  readonly origin: string;
  readonly fix: string;
}

const tsjg = 'a ts-json-schema-generator annotation';
const keyword = 'a JSON Schema keyword tag (ts-json-schema-generator, typia)';
const notEmitted = (name: string): string =>
  `toolgen does not emit ${name}: check it in the tool's code (throw a ToolFailure saying what to send) and say it in the description`;

const foreignTags: Readonly<Record<string, ForeignTag>> = {
  nullable: { origin: tsjg, fix: 'Write "| null" in the type instead' },
  discriminator: {
    origin: tsjg,
    fix: 'Remove it: toolgen emits a union of objects as anyOf, each branch with its literal member as a const',
  },
  hidden: { origin: tsjg, fix: 'The member is still in the schema: leave it out of the type (Omit<…>) to keep it from the model' },
  title: { origin: tsjg, fix: 'Remove it: toolgen emits no titles, and the TSDoc summary is the description' },
  description: { origin: tsjg, fix: 'Write the text as the TSDoc summary, before the tags' },
  examples: { origin: tsjg, fix: 'Write one @example per value' },
  defaultValue: { origin: 'the TSDoc standard tag for defaults', fix: 'Write @default with a JSON value, which toolgen reads' },
  const: { origin: tsjg, fix: 'Type the member as the literal instead (status: "open")' },
  readOnly: { origin: tsjg, fix: 'Remove it: toolgen emits neither readOnly nor writeOnly' },
  writeOnly: { origin: tsjg, fix: 'Remove it: toolgen emits neither readOnly nor writeOnly' },
  contentMediaType: { origin: tsjg, fix: 'Remove it, and say in the description what the string holds' },
  contentEncoding: { origin: tsjg, fix: 'Remove it, and say in the description how the string is encoded' },
  multipleOf: { origin: keyword, fix: notEmitted('multipleOf') },
  uniqueItems: { origin: keyword, fix: notEmitted('uniqueItems') },
  minProperties: { origin: keyword, fix: notEmitted('minProperties') },
  maxProperties: { origin: keyword, fix: notEmitted('maxProperties') },
  type: {
    origin: 'a typia type tag',
    fix: 'For int32, uint32, int64 or uint64 write @integer, with @minimum and @maximum for the range; float and double are plain numbers: remove it',
  },
};

/** The names of the foreign tags (without the `TJS-` ones, which are any keyword's name after the prefix). */
export const foreignTagNames: readonly string[] = Object.keys(foreignTags);

const tjsPrefix = 'TJS-';

/** The foreign tag named `name` (`nullable`, `TJS-type`, …), or undefined for any other name. */
export function foreignTag(name: string): ForeignTag | undefined {
  if (Object.hasOwn(foreignTags, name)) {
    return foreignTags[name];
  }
  if (!name.startsWith(tjsPrefix)) {
    return undefined;
  }
  const origin = 'a typescript-json-schema annotation';
  const bare = name.slice(tjsPrefix.length);
  if (bare === 'type') {
    return { origin, fix: 'For an integer write @integer; for any other type, change the TypeScript type' };
  }
  return keywordTag(bare) === undefined
    ? { origin, fix: 'Remove it: toolgen reads only the tags docs/authoring.md lists' }
    : { origin, fix: `Write @${bare}, which toolgen reads` };
}
