import type { JsonValue } from '@toolgen/runtime';
import type { Fault } from '../derive/faults.js';
import type { Purpose } from '../derive/Processor.js';
import type { ArrayShape, DateShape, NumberShape, Shape, ShapeProblem, StringShape } from '../shape.js';
import { shapeRefusal } from '../shapeRefusal.js';
import { foreignTag } from './foreignTags.js';
import { keywordTag, type ConstraintTarget } from './keywordTags.js';
import type { DocTag, UnreadTag } from './tags.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** What a misplaced keyword applies to, for its problem's fix. */
const keywordTargets: Readonly<Record<ConstraintTarget, string>> = {
  number: 'numbers',
  integer: 'numbers and arrays of numbers',
  string: 'strings',
  array: 'arrays',
};

/** The keywords that do fit a shape of this kind. */
const keywordsByKind: Partial<Readonly<Record<Shape['kind'], string>>> = {
  number: '@minimum, @maximum, @exclusiveMinimum, @exclusiveMaximum or @integer',
  string: '@minLength, @maxLength, @pattern or @format',
  array: '@minItems or @maxItems',
  date: '@format date, @format time or @format date-time',
  url: '@format uri',
};

function misplacedKeywordFault(tag: string, target: ConstraintTarget, shape: Shape): Fault {
  const fitting = keywordsByKind[shape.kind];
  const advice =
    shape.kind === 'union'
      ? '; keywords apply to one type, or to T in "T | null"'
      : fitting === undefined
        ? ''
        : `; for ${describeKind(shape)} use ${fitting}`;
  return {
    reason: `@${tag} does not apply to ${describeKind(shape)}`,
    fix: `remove @${tag}, which applies to ${keywordTargets[target]}${advice}`,
  };
}

function templatePatternFault(shape: StringShape): Fault {
  return {
    reason: `@pattern would replace the pattern of the template literal type (${shape.pattern ?? ''}), which its strings must match too`,
    fix: 'write one @pattern that says both on a plain string (type … = string), or remove @pattern and keep the template literal type',
  };
}

/** What `applyDocumentation` applies, and where it reports. */
export interface DocumentationInput {
  readonly description: string | undefined;
  readonly tags: readonly DocTag[];
  /** The pointer of the documented value, for its problems. */
  readonly pointer: string;
  readonly problems: ShapeProblem[];
  /** Receives the tags toolgen does not read (TSH023), with `subject` naming what they are on (`the member "limit"`). */
  readonly unread?: { readonly tags: UnreadTag[]; readonly subject: string };
  /** Names the type in a problem (the shape's kind when omitted). */
  readonly typeText?: string | (() => string);
  readonly purpose?: Purpose;
}

/**
 * Applies a TSDoc description and keyword tags to a shape (used for object members by the
 * builder, and for top-level parameters by the analysis). A schema tag of another generator
 * (`@nullable`, `@TJS-type`, …) goes to `unread`; other tags are not toolgen's and are passed
 * over. A tag whose value does not parse (e.g. `@minimum abc`), or that does not fit the shape
 * (e.g. `@minLength` on a number), is reported as a problem at `pointer` with a fix, and with
 * the tag's site. Numeric and length keywords apply to the non-null branch of a nullable union;
 * annotations to the shape as a whole.
 */
export function applyDocumentation(shape: Shape, input: DocumentationInput): Shape {
  const { description, tags, pointer, problems, unread, typeText = shape.kind, purpose = 'input' } = input;
  const text = (): string => (typeof typeText === 'string' ? typeText : typeText());
  const annotations: Mutable<Pick<Shape, 'description' | 'default' | 'examples' | 'deprecated'>> = {};
  if (description !== undefined && description.trim() !== '') {
    annotations.description = description.trim();
  }
  let target = nonNullBranch(shape);
  let deprecation: string | undefined;
  let defaultSite: DocTag['site'];
  let defaultText: string | undefined;
  for (const tag of tags) {
    const keyword = keywordTag(tag.name);
    if (keyword === undefined) {
      const foreign = foreignTag(tag.name);
      if (foreign !== undefined && unread !== undefined) {
        const data = { tag: tag.name, subject: unread.subject, origin: foreign.origin, fix: foreign.fix };
        unread.tags.push({ code: 'TSH023', pointer, tag: tag.name, messageId: 'foreignTag', data, site: tag.site });
      }
      continue;
    }
    const parsed = keyword.parse(tag.text.trim(), tag.name);
    if (!parsed.ok) {
      problems.push({ pointer, typeText: text(), reason: parsed.reason, fix: parsed.fix, site: tag.site });
      continue;
    }
    if (keyword.target === 'annotation') {
      annotate(annotations, tag.name, parsed.value);
      if (tag.name === 'deprecated') deprecation = tag.text.trim() === '' ? 'do not send it unless you must.' : tag.text.trim();
      if (tag.name === 'default') [defaultSite, defaultText] = [tag.site, tag.text.trim()];
      continue;
    }
    if (tag.name === 'pattern' && target?.kind === 'string' && target.templatePattern === true) {
      // one pattern per schema: the tag's would replace the type's, and the schema would take strings the type does not
      problems.push({ pointer, typeText: text(), ...templatePatternFault(target), site: tag.site });
      continue;
    }
    const constrained = target === undefined ? undefined : constrain(target, keyword.target, tag.name, parsed.value, purpose);
    if (constrained === undefined) {
      problems.push({ pointer, typeText: text(), ...misplacedKeywordFault(tag.name, keyword.target, target ?? shape), site: tag.site });
      continue;
    }
    target = constrained;
  }
  // what to use instead, after the description, as a deprecated tool's: variants that drop the flag still say it
  if (deprecation !== undefined) {
    annotations.description = annotations.description === undefined ? `Deprecated: ${deprecation}` : `${annotations.description}\n\nDeprecated: ${deprecation}`;
  }
  const constrained = target === undefined ? shape : replaceNonNullBranch(shape, target);
  const refused = annotations.default === undefined ? undefined : shapeRefusal(constrained, annotations.default);
  if (refused !== undefined) {
    problems.push({ pointer, typeText: text(), ...defaultFault(`@default ${defaultText ?? JSON.stringify(annotations.default)}`, undefined, refused), site: defaultSite });
  }
  return Object.keys(annotations).length === 0 ? constrained : { ...constrained, ...annotations };
}

function annotate(annotations: Mutable<Pick<Shape, 'default' | 'examples' | 'deprecated'>>, tag: string, value: JsonValue): void {
  if (tag === 'default') {
    annotations.default = value;
  } else if (tag === 'example') {
    annotations.examples = [...(annotations.examples ?? []), value];
  } else {
    annotations.deprecated = true;
  }
}

/** The shape a constraint applies to: the shape itself, or the one non-null member of `T | null`. */
function nonNullBranch(shape: Shape): Shape | undefined {
  if (shape.kind !== 'union') {
    return shape;
  }
  const values = shape.members.filter((member) => member.kind !== 'null');
  return values.length === 1 && values.length < shape.members.length ? values[0] : undefined;
}

function replaceNonNullBranch(shape: Shape, branch: Shape): Shape {
  if (shape.kind !== 'union') {
    return branch;
  }
  return { ...shape, members: shape.members.map((member) => (member.kind === 'null' ? member : branch)) };
}

/** The shape with one keyword applied, or `undefined` when the keyword does not fit it. */
function constrain(shape: Shape, target: ConstraintTarget, keyword: string, value: JsonValue, purpose: Purpose): Shape | undefined {
  if (target === 'integer') {
    return integerOf(shape);
  }
  if (keyword === 'format' && shape.kind === 'date') {
    return dateWithFormat(shape, value, purpose);
  }
  if (keyword === 'format' && shape.kind === 'url') {
    return value === 'uri' ? shape : undefined;
  }
  if (target === 'number' && shape.kind === 'number') {
    return { ...shape, [keyword]: value } as NumberShape;
  }
  if (target === 'string' && shape.kind === 'string') {
    return { ...shape, [keyword]: value } as StringShape;
  }
  if (target === 'array' && shape.kind === 'array') {
    return { ...shape, [keyword]: value } as ArrayShape;
  }
  return undefined;
}

/**
 * `@format date` or `@format time` on a `Date`: the model sends a full-date ("2026-01-31", a
 * `Date` at UTC midnight) or a full-time ("09:00:00Z", a `Date` on 1970-01-01). A result's
 * `Date` is sent by JSON.stringify as a date-time whatever its format says, so there the tag
 * changes nothing.
 */
function dateWithFormat(shape: DateShape, format: JsonValue, purpose: Purpose): Shape | undefined {
  if (format !== 'date' && format !== 'time' && format !== 'date-time') {
    return undefined;
  }
  if (purpose === 'output' || format === 'date-time') {
    const dateTime: Mutable<DateShape> = { ...shape };
    delete dateTime.format;
    return dateTime;
  }
  return { ...shape, format };
}

/** `@integer` on a number, or on an array of numbers (its elements). */
function integerOf(shape: Shape): Shape | undefined {
  if (shape.kind === 'number') {
    return { ...shape, integer: true };
  }
  if (shape.kind === 'array') {
    const items = nonNullBranch(shape.items);
    const integer = items === undefined ? undefined : integerOf(items);
    if (integer === undefined || integer.kind === 'array') {
      return undefined;
    }
    return { ...shape, items: replaceNonNullBranch(shape.items, integer) };
  }
  return undefined;
}

const kindDescriptions: Readonly<Record<Shape['kind'], string>> = {
  any: 'a value of any type',
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  null: 'null',
  literal: 'a literal',
  enum: 'an enum',
  date: 'a Date',
  url: 'a URL',
  array: 'an array',
  tuple: 'a tuple',
  object: 'an object',
  union: 'a union',
  ref: 'a recursive type',
};

function describeKind(shape: Shape): string {
  return kindDescriptions[shape.kind];
}

/**
 * A default its own schema does not take (`@default 5` on a string, `limit = 50` beside `{@maximum 10}`): the model
 * would be told both, and a call without the value gets one the schema refuses. `written` is the default as written
 * (`limit = 50`, `@default 5`), `subject` what it is the default of (`limit`).
 */
export function defaultFault(written: string, subject: string | undefined, refused: string): { reason: string; fix: string; refusedDefault: true } {
  return {
    reason: `${written}: ${refused}`,
    fix: subject === undefined ? 'change @default to a value its type and tags allow, or remove it' : `give ${subject} a default its type and tags allow, or change those tags`,
    refusedDefault: true,
  };
}
