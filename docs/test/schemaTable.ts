import { Project, ts } from 'ts-morph';
import type { JsonSchema, JsonValue, SchemaLoss, SchemaVariantName } from '@toolgen/runtime';
import { hostType, hostTypeNode, ts6TypeHost } from '../../packages/generator/src/backends/ts6/Ts6TypeHost.js';
import { ShapeBuilder } from '../../packages/generator/src/schema/derive/ShapeBuilder.js';
import type { ShapeProblem } from '../../packages/generator/src/schema/shape.js';
import { deriveProviderVariants } from '../../packages/generator/src/schema/variants.js';
import { variantNames } from '../../packages/generator/src/schema/variants/registry.js';
import { fixtureGroups, type Fixture } from '../../packages/generator/test/schema/fromTypeFixtures.js';
import type { VariantWant } from '../../packages/generator/test/schema/row.js';
import { problemFixtures } from '../../packages/generator/test/schema/problemFixtures.js';
import { variantFixtures } from '../../packages/generator/test/schema/variants/fixtures.js';

/*
 * Renders docs/schema.md from the schema tests' own fixtures: fromTypeFixtures.ts (each construct
 * and its exact canonical schema), variants/fixtures.ts (what each provider variant makes of each
 * feature) and problemFixtures.ts (what cannot be represented). The tests prove every schema and
 * loss shown here; schema.test.ts proves the page is this rendering.
 */

export const updateCommand = 'npx vitest run docs/test/schema.test.ts -u';

export function renderSchemaTable(): string {
  const out: string[] = [];
  out.push(
    `<!-- Generated from the schema tests' fixtures by docs/test/schemaTable.ts. Do not edit: change the fixtures, then run ${updateCommand} -->`,
    '',
    '# Type → JSON Schema',
    '',
    'toolgen derives each tool\'s parameter schema from the TypeScript types of its parameters, with the',
    'TypeScript checker, at build time. The canonical schema is JSON Schema 2020-12: the tool\'s arguments',
    'are one object (`"type": "object"`, `"additionalProperties": false`), each model-visible parameter a',
    'property of it, required unless it is optional or has a default. The generated validator accepts',
    'exactly what the canonical schema accepts, and MCP serves it as is.',
    '',
    'Each tool also gets three provider variants, computed at build time: `openai-strict` (OpenAI\'s',
    'strict function calling: every property required, optionals nullable, only the keywords it',
    'supports), `anthropic` (no recursion, no numeric or length bounds) and `gemini` (its OpenAPI 3.0',
    'subset: no `$ref`, no tuples, `nullable` instead of a null type). What a variant cannot express is',
    'said in words in the description, listed in the tool\'s `losses` (in `toolgen.manifest.json` and on',
    'each `AIFunction`), and still enforced by the validator, which always checks the canonical schema.',
    '',
    'Every schema on this page is checked by the test suite: the page is generated from the fixtures',
    'the schema tests assert, so it changes when the derivation does.',
    '',
    'The order of an `enum` or `anyOf` is the order the source writes: the member\'s or parameter\'s type,',
    'else the union\'s alias (`type Status = \'open\' | \'closed\'`); `keyof T` lists the keys in the order `T`',
    'declares them, and a TS `enum` its members in declaration order. Literals written nowhere the type',
    'says (`keyof Ticket` behind an alias the checker does not keep) come by value, strings before numbers,',
    'so the schema is the same whichever TypeScript compiles it (6 or 7). A mapped type\'s properties',
    'follow the same rule: `Record<K, T>` and `Pick<T, K>` as `K` is written, else as declared, else by name;',
    '`Partial<T>` in the order of `T`. An object\'s properties come in the order a reader sees them: the',
    'members of base interfaces (or a base class) first, in `extends` order, then its own; an intersection\'s',
    'members in the order it is written.',
    '',
    'Descriptions and keyword tags come from doc comments read as TSDoc (`@microsoft/tsdoc`): escapes are',
    'decoded (`\\@octocat` is `@octocat`), an `@word` in running text stays text, and a comment on the same',
    'line as its member documents it. The keyword tags of a type alias apply wherever the alias is used',
    '(`page: PageNumber`, `PageNumber[]`, `PageNumber | null`, `[Code, PageNumber?]`, `Record<string, PageNumber>`,',
    '`string | PageNumber`, the same under `readonly` or the lib\'s `Readonly`, `Partial`, `Required` and',
    '`ReadonlyArray`, and the parts of a generic written with it as an argument: `Page<PageNumber>`\'s `items: T[]`,',
    '`Maybe<PageNumber>` of `type Maybe<T> = T | null`, the members `interface Codes extends Page<PageNumber>`',
    'inherits, and those of `Partial<Page<PageNumber>>` or `Page<PageNumber> & { … }`),',
    'merged with the member\'s or parameter\'s own tags, the nearer one winning: see [TSDoc on members](#tsdoc-on-members).',
    'A class is its data members: a tool taking one receives a plain object of them, not an instance (its',
    'methods and getters are not there); a class with private state is a problem.',
    '',
    '- [What each provider variant does](#what-each-provider-variant-does)',
    '  - [Maps and any value](#maps-and-any-value)',
    '- [Constructs and their schemas](#constructs-and-their-schemas)',
    ...fixtureGroups.map((group) => `  - [${group.title}](#${slug(group.title)})`),
    '- [Types that cannot be represented](#types-that-cannot-be-represented)',
    '',
  );

  out.push('## What each provider variant does', '');
  out.push(
    'Each row is one feature of a canonical schema; each cell says what that variant does with it and',
    'which keywords it loses (at which JSON Pointer of the arguments). A lost keyword is said in words in',
    'the description and still enforced by the validator.',
    '',
    `| feature | ${variantNames.join(' | ')} |`,
    `|---|${variantNames.map(() => '---|').join('')}`,
  );
  for (const fixture of variantFixtures) {
    if (fixture.feature === undefined || fixture.variants === undefined) throw new Error(`docs/schema.md: give the variants row "${fixture.name}" a feature and its variants`);
    const cells = variantNames.map((variant) => variantCell(fixture.variants![variant]));
    out.push(`| ${fixture.feature} | ${cells.join(' | ')} |`);
  }
  out.push('');
  out.push(
    '### Maps and any value',
    '',
    '`openai-strict` closes every object and requires every schema to have a type, and `gemini` has no',
    'maps, so neither can say `Record<string, T>` or `unknown` as the canonical schema does. Rather than',
    'leave the model a value it cannot fill, they send them in a form that keeps their meaning:',
    '',
    '- A map (an object with no named member and a type for the other keys: `Record<string, T>`,',
    '  `{ [key: string]: T }`) is sent as its entries, in `openai-strict` and `gemini` alike:',
    '  `{"entries": [{"key": "team", "value": "ops"}, {"key": "env", "value": "prod"}]}` for',
    '  `{"team": "ops", "env": "prod"}`.',
    '- A value of any type (`unknown`, `any`, the values of `Record<string, unknown>`) is, in',
    '  `openai-strict`, a reference to a `JsonValue` def: a string, a number, a boolean, null, an array of',
    '  any values, or an object spelled as its entries the same way, at every depth.',
    '',
    '`fn.normalizeStrictArguments(args)` turns entries back into the object they spell before `invoke`',
    'validates them (the OpenAI and Agents adapters apply it for you). A key given twice keeps its last',
    'value, as in JSON text. What is not in that form is left as it is, for the validator to judge, so an',
    'object sent as an object still works. The descriptions say the encoding in words; it is not a loss.',
    '',
    'What no encoding can carry is [TSH022](../diagnostics.md#tsh022), a warning naming the tool, the',
    'pointer and the variants: other keys beside named members (`{ id: string; [label: string]: string',
    '}`), which `openai-strict` and `gemini` must close. `gemini` has no references, so it cuts a',
    'recursive type after one level: a loss said in words (Gemini\'s API also takes JSON Schema with',
    '`$ref` as `parametersJsonSchema`).',
    '',
  );

  out.push(
    '## Constructs and their schemas',
    '',
    'Each construct below is written as the type `Subject`, as the schema tests write it. Its schema is',
    'what toolgen derives wherever the type is used: as a parameter, a member, an element. The variants',
    'show what a required parameter of that type becomes for each provider. Result types (marked so)',
    'only have the canonical output schema: variants are for what the model sends.',
    '',
  );
  for (const group of fixtureGroups) {
    out.push(`### ${group.title}`, '');
    for (const fixture of group.fixtures) out.push(...renderFixture(fixture));
  }

  out.push(
    '## Types that cannot be represented',
    '',
    'These types have no JSON form, or none toolgen can derive. As a parameter or member they are',
    '[TSH005](../diagnostics.md#tsh005), in a result [TSH006](../diagnostics.md#tsh006): an error naming the',
    'JSON Pointer of the member at fault, why and how to fix it. toolgen never turns them into `{}`.',
    '',
  );
  const problemsOf = deriveProblems();
  for (const [index, fixture] of problemFixtures.entries()) {
    const problems = problemsOf[index]!;
    out.push(`#### ${text(capitalize(fixture.name))}`, '', '```ts', fixture.source.trimEnd(), '```', '');
    if (fixture.purpose === 'output') out.push('As a result type:', '');
    for (const problem of problems) {
      out.push(`- ${code(problem.pointer === '' ? '/' : problem.pointer)} (${code(problem.typeText)}): ${text(sentence(problem.reason))} Fix: ${text(sentence(problem.fix))}`);
    }
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/**
 * The problems of every problem fixture, as the schema tests' `derive` finds them, but from one
 * in-memory project (a project per fixture, as `derive` makes, costs a second each).
 */
function deriveProblems(): ShapeProblem[][] {
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: { strict: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'] },
  });
  const files = problemFixtures.map((fixture, index) => project.createSourceFile(`/fixture${index}.ts`, fixture.source));
  const program = project.getProgram().compilerObject;
  const checker = project.getTypeChecker().compilerObject;
  return problemFixtures.map((fixture, index) => {
    const file = files[index]!;
    const declaration = file.getTypeAlias('Subject') ?? file.getInterface('Subject') ?? file.getClass('Subject') ?? file.getEnum('Subject');
    const parameter = file.getFunction('subject')?.getParameters()[0];
    const subject = declaration ?? parameter;
    if (subject === undefined) throw new Error(`the problem fixture "${fixture.name}" declares no Subject`);
    const builder = new ShapeBuilder({ host: ts6TypeHost({ ts, program, checker }), purpose: fixture.purpose ?? 'input' });
    builder.shapeOf(hostType(subject.getType().compilerType), '', hostTypeNode(parameter?.getTypeNode()?.compilerNode));
    return [...builder.problems];
  });
}

function variantCell(variant: VariantWant): string {
  const lost = variant.losses.map(([pointer, keyword]) => `\`${keyword}\` at \`${pointer}\``);
  return `${capitalize(variant.says)}.${lost.length === 0 ? '' : ` Loses ${lost.join(', ')}.`}`;
}

function renderFixture(fixture: Fixture): string[] {
  const out = [`#### ${text(capitalize(fixture.name))}`, '', '```ts', dedent(fixture.source!).trimEnd(), '```', ''];
  if (fixture.purpose === 'output') {
    out.push('As a result type, the output schema:', '', '```json', printJson(fixture.want), '```', '');
    return out;
  }
  out.push('```json', printJson(fixture.want), '```', '');
  const lowered = variantsOf(fixture.want);
  const unchanged = variantNames.filter((variant) => lowered[variant].same);
  const changed = variantNames.filter((variant) => !lowered[variant].same);
  const names = (variants: readonly SchemaVariantName[]) =>
    variants.map((variant) => `\`${variant}\``).join(', ').replace(/, ([^,]*)$/, ' and $1');
  if (changed.length === 0) {
    out.push(`${names(unchanged)} send it unchanged.`, '');
  } else {
    out.push(`${unchanged.length === 0 ? '' : `${names(unchanged)} send${unchanged.length === 1 ? 's' : ''} it unchanged; `}${names(changed)} lower${changed.length === 1 ? 's' : ''} it:`.replace(/^./, (first) => first.toUpperCase()), '');
  }
  for (const variant of changed) {
    const { schema, losses } = lowered[variant];
    const lost = losses.length === 0 ? '' : `, losing ${losses.map((loss) => `<code>${loss.keyword}</code> at <code>${loss.pointer === '' ? '/' : loss.pointer}</code>`).join(', ')}`;
    out.push(`<details><summary><code>${variant}</code>${lost}</summary>`, '', '```json', printJson(schema), '```', '', '</details>', '');
  }
  return out;
}

/** What each variant makes of a required parameter `value` of this schema, shown as the schema of `value`. */
function variantsOf(schema: JsonSchema): Record<SchemaVariantName, { same: boolean; schema: JsonSchema; losses: readonly SchemaLoss[] }> {
  const { $defs, ...rest } = schema;
  const parameters: JsonSchema = {
    type: 'object',
    properties: { value: rest },
    required: ['value'],
    additionalProperties: false,
    ...($defs === undefined ? {} : { $defs }),
  };
  const { variants, losses } = deriveProviderVariants(parameters);
  const result = {} as Record<SchemaVariantName, { same: boolean; schema: JsonSchema; losses: readonly SchemaLoss[] }>;
  for (const variant of variantNames) {
    const lowered = variants[variant];
    const value = (lowered['properties'] as Record<string, JsonSchema>)['value']!;
    const shown: JsonSchema = lowered['$defs'] === undefined ? value : { ...value, $defs: lowered['$defs'] };
    result[variant] = {
      same: JSON.stringify(shown) === JSON.stringify(schema),
      schema: shown,
      losses: losses.filter((loss) => loss.variant === variant).map((loss) => ({ ...loss, pointer: loss.pointer.replace(/^\/value/, '') })),
    };
  }
  return result;
}

/** JSON with objects and arrays on one line where they fit in 100 columns. */
export function printJson(value: JsonValue, indent = '', prefix = 0): string {
  const flat = flatJson(value);
  if (indent.length + prefix + flat.length <= 100 || typeof value !== 'object' || value === null) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = (value as readonly JsonValue[]).map((item) => `${inner}${printJson(item, inner)}`);
    return items.length === 0 ? '[]' : `[\n${items.join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).map(([key, member]) => `${inner}${JSON.stringify(key)}: ${printJson(member, inner, JSON.stringify(key).length + 3)}`);
  return entries.length === 0 ? '{}' : `{\n${entries.join(',\n')}\n${indent}}`;
}

/** JSON on one line, spaced as a person writes it: `{ "type": "string", "enum": ["a", "b"] }`. */
function flatJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${(value as readonly JsonValue[]).map(flatJson).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, member]) => `${JSON.stringify(key)}: ${flatJson(member)}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** A fixture's source as written inside a template literal: its continuation lines lose their common indentation. */
function dedent(source: string): string {
  const lines = source.split('\n');
  const rest = lines.slice(1).filter((line) => line.trim() !== '');
  const indent = Math.min(...rest.map((line) => line.length - line.trimStart().length));
  if (rest.length === 0 || indent === 0) return source;
  const lastIndent = lines.at(-1)!.length - lines.at(-1)!.trimStart().length;
  // the closing line of a block sits one level left of the members
  const shift = lines.at(-1)!.trim().startsWith('}') ? lastIndent : Math.max(0, indent - 2);
  return [lines[0]!, ...lines.slice(1).map((line) => line.slice(Math.min(shift, line.length - line.trimStart().length)))].join('\n');
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Plain text (a row's name, a problem's reason) as Markdown shows it: `Partial<T>` is not an HTML tag, `__proto__` not
 * bold, `[eE](?:…)` in a pattern not a link, and `\.` keeps its backslash.
 */
function text(plain: string): string {
  return plain.replace(/[\\`*_[<]/g, '\\$&');
}

/** Text as a code span, whatever backticks it holds (a template literal type's own). */
function code(plain: string): string {
  const fence = '`'.repeat(Math.max(0, ...[...plain.matchAll(/`+/g)].map(([run]) => run.length)) + 1);
  const pad = plain.startsWith('`') || plain.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${plain}${pad}${fence}`;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = capitalize(trimmed);
  return /[.!?)]$/.test(capital) ? capital : `${capital}.`;
}

function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}
