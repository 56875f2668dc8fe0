import { argumentLimits } from '@toolgen/runtime';
import type {
  ArrayShape,
  DateShape,
  EnumShape,
  LiteralShape,
  NumberShape,
  ObjectShape,
  PropertyShape,
  RefShape,
  Shape,
  StringShape,
  TupleShape,
  UrlShape,
} from '../../schema/shape.js';
import type { CodeWriter } from '../CodeWriter.js';
import { isNoneOf, isNotType, readProperty, scalarLiteral, writeProperty } from './expressions.js';
import { enforcedFormat } from '../../schema/enforcedFormats.js';
import { quote } from './literals.js';
import { messages } from './messages.js';
import type { Pointer } from './Pointer.js';
import { printKeyCheck } from './printKeyCheck.js';
import { printUnion } from './printUnion.js';
import { LocalNames, type ModuleScope } from './scope.js';
import type { ExpectedType, JsonType, ShapeFacts } from './ShapeFacts.js';
import type { SharedValidators } from './SharedValidators.js';
import { helper } from './helperUses.js';

/** Where a value is validated. */
export interface Site {
  /** The local (or parameter) holding the value; never reassigned, so type tests narrow it. */
  readonly input: string;
  readonly pointer: Pointer;
  /** Property names and steps (`item`, `value`, `0`) from the function's root, for local names. */
  readonly path: readonly string[];
  /** The JSON type emitted code has already established for `input`. */
  readonly known?: JsonType;
  /** The value may also be null (a nullable union): type messages say so. */
  readonly orNull?: boolean;
  /** The tool's arguments object itself: an extra property is "not a parameter of this tool". */
  readonly root?: boolean;
  /** false: validate an object here even where the module shares its validation (the shared function's own body). */
  readonly shared?: false;
}

type ShapeOf<K extends Shape['kind']> = Extract<Shape, { kind: K }>;

/** Writes the statements validating one kind of shape at a site; returns the expression of the built value. */
export type KindPrinter<S extends Shape> = (shape: S, site: Site, printer: ValidationPrinter) => string;

/**
 * Prints the straight-line code that validates a value against a shape and builds the value
 * the method receives. Issues go to the `issues` array in scope; pointers and messages are
 * computed only where an issue is pushed.
 *
 * Only defs (recursive types) nest without a bound the schema sets, so only their functions
 * count depth: each takes the `depth` of its value (how many objects and arrays enclose it),
 * and at each object or array deeper than `argumentLimits.maxDepth` allows throws
 * `__toolgenTooDeep`, which the tool's validator turns into one issue.
 */
export class ValidationPrinter {
  readonly writer: CodeWriter;
  readonly facts: ShapeFacts;
  readonly scope: ModuleScope;
  readonly names = new LocalNames();
  /** Printing a def's function, whose `depth` parameter holds the depth of its input. */
  readonly inDef: boolean;
  /** Whether the printed code reads `depth`. */
  usesDepth = false;
  /** Whether the printed code may throw `__toolgenTooDeep`. */
  throwsTooDeep = false;
  /** The module's shared object validators, if any. */
  readonly shared: SharedValidators | undefined;

  constructor(
    writer: CodeWriter,
    facts: ShapeFacts,
    scope: ModuleScope,
    options: { readonly inDef?: boolean; readonly shared?: SharedValidators | undefined } = {},
  ) {
    this.writer = writer;
    this.facts = facts;
    this.scope = scope;
    this.inDef = options.inDef ?? false;
    this.shared = options.shared;
  }

  /** The depth of the value at `site` as an expression: `depth + 2` in a def, a number elsewhere. */
  depthOf(site: Site): string {
    if (!this.inDef) {
      return String(site.pointer.depth);
    }
    this.usesDepth = true;
    return site.pointer.depth === 0 ? 'depth' : `depth + ${site.pointer.depth}`;
  }

  /**
   * At an object or array: throws when it lies deeper than the nesting limit allows. Returns
   * false where it always does (a site too deep in a def-free schema), so nothing is walked there.
   */
  guardDepth(site: Site): boolean {
    const deepest = argumentLimits.maxDepth - 1;
    if (this.inDef) {
      this.usesDepth = true;
      this.throwsTooDeep = true;
      this.writer.block(`if (depth > ${deepest - site.pointer.depth})`, () => this.writer.line(`throw ${helper('__toolgenTooDeep')};`));
      return true;
    }
    if (site.pointer.depth > deepest) {
      this.throwsTooDeep = true;
      this.writer.line(`throw ${helper('__toolgenTooDeep')};`);
      return false;
    }
    return true;
  }

  print(shape: Shape, site: Site): string {
    return (printers[shape.kind] as KindPrinter<Shape>)(shape, site, this);
  }

  /**
   * Records an issue (`__toolgenIssue`); `message` is an expression. One call per issue keeps the
   * module small and cheap for the user's type checker; past `argumentLimits.maxRecordedIssues`
   * the helper records the shared `__toolgenUnrecorded`.
   */
  push(pointer: Pointer, message: string, expected?: ExpectedType): void {
    this.writer.line(`${helper('__toolgenIssue')}(issues, ${pointer.render()}, ${message}${expected === undefined ? '' : `, '${expected}'`});`);
  }

  /** Records an issue whose message is `text` (ending in `got `) and `value` described, only while issues are still recorded. */
  pushGot(pointer: Pointer, text: string, value: string, expected?: ExpectedType): void {
    this.writer.line(`${helper('__toolgenGot')}(issues, ${pointer.render()}, ${quote(text)}, ${value}${expected === undefined ? '' : `, '${expected}'`});`);
  }

  /** What a value at `site` must be: the shape's words, `or null` when nullable. */
  what(shape: Shape, site: Site): string {
    const words = this.facts.describe(shape);
    return site.orNull === true ? `${words} or null` : words;
  }

  /** Pushes the type mismatch of `shape` at `site`. */
  mismatch(shape: Shape, site: Site): void {
    this.pushGot(site.pointer, messages.mustBe(this.what(shape, site)), site.input, this.facts.expected(shape));
  }

  /** Checks that the value has JSON type `type`, then writes `body` for a value that has it. */
  checkType(shape: Shape, site: Site, type: JsonType, body: () => void): void {
    if (site.known === type) {
      body();
      return;
    }
    this.writer.branches([
      { condition: isNotType(type, site.input), body: () => this.mismatch(shape, site) },
      { condition: null, body },
    ]);
  }
}

const printString: KindPrinter<StringShape> = (shape, site, printer) => {
  const { writer } = printer;
  const value = site.input;
  printer.checkType(shape, site, 'string', () => {
    if (shape.minLength !== undefined && shape.minLength > 0) {
      // A string of n UTF-16 units holds n/2 to n code points: count only when it can matter.
      const tooShort = shape.minLength === 1 ? `${value}.length === 0` : `${value}.length < ${shape.minLength * 2} && ${helper('__toolgenCodePoints')}(${value}) < ${shape.minLength}`;
      writer.block(`if (${tooShort})`, () =>
        printer.push(site.pointer, `${quote(messages.minLength(shape.minLength!))} + ${helper('__toolgenCodePoints')}(${value})`),
      );
    }
    if (shape.maxLength !== undefined) {
      writer.block(`if (${value}.length > ${shape.maxLength} && ${helper('__toolgenCodePoints')}(${value}) > ${shape.maxLength})`, () =>
        printer.push(site.pointer, `${quote(messages.maxLength(shape.maxLength!))} + ${helper('__toolgenCodePoints')}(${value})`),
      );
    }
    if (shape.pattern !== undefined) {
      const pattern = printer.scope.hoist('Pattern', `new RegExp(${quote(shape.pattern)}, 'u')`);
      writer.block(`if (!${pattern}.test(${value}))`, () => printer.pushGot(site.pointer, messages.pattern(shape.pattern!), value));
    }
    const format = enforcedFormat(shape.format);
    if (format !== undefined) {
      writer.block(`if (!${helper(format.test)}(${value}))`, () => printer.pushGot(site.pointer, messages.format(format.phrase), value));
    }
  });
  return value;
};

const printNumber: KindPrinter<NumberShape> = (shape, site, printer) => {
  const value = site.input;
  const test = shape.integer ? 'Number.isInteger' : 'Number.isFinite';
  const condition = site.known === 'number' ? `!${test}(${value})` : `typeof ${value} !== 'number' || !${test}(${value})`;
  const bounds: readonly [number | undefined, string, (limit: number) => string][] = [
    [shape.minimum, '<', messages.minimum],
    [shape.maximum, '>', messages.maximum],
    [shape.exclusiveMinimum, '<=', messages.exclusiveMinimum],
    [shape.exclusiveMaximum, '>=', messages.exclusiveMaximum],
  ];
  printer.writer.branches([
    { condition, body: () => printer.mismatch(shape, site) },
    {
      condition: null,
      body: () => {
        for (const [limit, operator, message] of bounds) {
          if (limit !== undefined) {
            printer.writer.block(`if (${value} ${operator} ${limit})`, () => printer.push(site.pointer, `${quote(message(limit))} + ${value}`));
          }
        }
      },
    },
  ]);
  return value;
};

const printLiteral: KindPrinter<LiteralShape> = (shape, site, printer) => {
  const value = site.input;
  printer.checkType(shape, site, typeof shape.value as JsonType, () =>
    printer.writer.block(`if (${value} !== ${scalarLiteral(shape.value)})`, () =>
      printer.pushGot(site.pointer, messages.mustBe(printer.what(shape, site)), value),
    ),
  );
  return value;
};

const printEnum: KindPrinter<EnumShape> = (shape, site, printer) => {
  const value = site.input;
  const types = printer.facts.types(shape);
  const membership = (values: readonly (string | number)[]): void => {
    const condition =
      values.length <= 6
        ? values.map((each) => `${value} !== ${scalarLiteral(each)}`).join(' && ')
        : `!${printer.scope.hoist('Values', `new Set<unknown>([${values.map(scalarLiteral).join(', ')}])`)}.has(${value})`;
    printer.writer.block(`if (${condition})`, () => printer.pushGot(site.pointer, messages.mustBe(printer.what(shape, site)), value));
  };
  if (types.size === 1) {
    printer.checkType(shape, site, [...types][0]!, () => membership(shape.values));
  } else {
    // Compared with a value of known type, values of another type would not type-check.
    membership(site.known === undefined ? shape.values : shape.values.filter((each) => typeof each === site.known));
  }
  return value;
};

/** How a date string of each format becomes the `Date` the method receives. */
const dateConversions: Readonly<Record<NonNullable<DateShape['format']> | 'date-time', (text: string) => string>> = {
  'date-time': (text) => `${helper('__toolgenDateTimeOf')}(${text})`,
  // ECMAScript reads a date-only string as UTC midnight
  date: (text) => `new Date(${text})`,
  time: (text) => `${helper('__toolgenTimeOf')}(${text})`,
};

const printDate: KindPrinter<DateShape> = (shape, site, printer) => {
  const format = shape.format ?? 'date-time';
  return printConverted(shape, site, printer, format, (text, built) => printer.writer.line(`${built} = ${dateConversions[format](text)};`));
};

/** A URL also needs the WHATWG URL parser to take it: no RFC 3986 URI it refuses can become the `URL` the method receives. */
const printUrl: KindPrinter<UrlShape> = (shape, site, printer) =>
  printConverted(shape, site, printer, 'uri', (text, built) => {
    printer.writer.line(`${built} = ${helper('__toolgenUrlOf')}(${text});`);
    printer.writer.block(`if (${built} === undefined)`, () => printer.pushGot(site.pointer, messages.format(enforcedFormat('uri')!.phrase), text));
  });

/** A string of an enforced format that the method receives as an object (`Date`, `URL`); `convert` writes the conversion. */
function printConverted(shape: Shape, site: Site, printer: ValidationPrinter, format: string, convert: (text: string, built: string) => void): string {
  const value = site.input;
  const enforced = enforcedFormat(format)!;
  const built = printer.names.fresh('t', site.path);
  printer.writer.line(`let ${built}: unknown = ${value};`);
  printer.checkType(shape, site, 'string', () =>
    printer.writer.branches([
      {
        condition: `!${helper(enforced.test)}(${value})`,
        body: () => printer.pushGot(site.pointer, messages.format(enforced.phrase), value),
      },
      { condition: null, body: () => convert(value, built) },
    ]),
  );
  return built;
}

/** Item-count checks of an array or tuple held in `list`. */
function printItemCount(printer: ValidationPrinter, list: string, pointer: Pointer, minItems: number | undefined, maxItems: number | undefined): void {
  const check = (condition: string, message: string): void => {
    printer.writer.block(`if (${condition})`, () => printer.push(pointer, `${quote(message)} + ${list}.length`));
  };
  if (minItems !== undefined && minItems === maxItems) {
    check(`${list}.length !== ${minItems}`, messages.exactItems(minItems));
    return;
  }
  if (minItems !== undefined && minItems > 0) {
    check(`${list}.length < ${minItems}`, messages.minItems(minItems));
  }
  if (maxItems !== undefined) {
    check(`${list}.length > ${maxItems}`, messages.maxItems(maxItems));
  }
}

const printArray: KindPrinter<ArrayShape> = (shape, site, printer) => {
  const { writer, names } = printer;
  const built = names.fresh('a', site.path);
  writer.line(`const ${built}: unknown[] = [];`);
  printer.checkType(shape, site, 'array', () => {
    if (!printer.guardDepth(site)) {
      return;
    }
    const list = names.fresh('l', site.path);
    writer.line(`const ${list} = ${site.input} as readonly unknown[];`);
    printItemCount(printer, list, site.pointer, shape.minItems, shape.maxItems);
    const index = names.fresh('i', site.path);
    writer.block(`for (let ${index} = 0; ${index} < ${list}.length; ${index}++)`, () => {
      const path = [...site.path, 'item'];
      const item = names.fresh('v', path);
      writer.line(`const ${item} = ${list}[${index}];`);
      const element = printer.print(shape.items, { input: item, pointer: site.pointer.index(index), path });
      writer.line(`${built}.push(${element});`);
    });
  });
  return built;
};

const printTuple: KindPrinter<TupleShape> = (shape, site, printer) => {
  const { writer, names } = printer;
  const built = names.fresh('a', site.path);
  writer.line(`const ${built}: unknown[] = [];`);
  printer.checkType(shape, site, 'array', () => {
    if (!printer.guardDepth(site)) {
      return;
    }
    const list = names.fresh('l', site.path);
    writer.line(`const ${list} = ${site.input} as readonly unknown[];`);
    printItemCount(printer, list, site.pointer, shape.minItems, shape.rest === null ? shape.elements.length : undefined);
    shape.elements.forEach((element, position) => {
      writer.block(`if (${list}.length > ${position})`, () => {
        const path = [...site.path, String(position)];
        const item = names.fresh('v', path);
        writer.line(`const ${item} = ${list}[${position}];`);
        const value = printer.print(element, { input: item, pointer: site.pointer.property(String(position)), path });
        writer.line(`${built}.push(${value});`);
      });
    });
    if (shape.rest !== null) {
      const rest = shape.rest;
      const index = names.fresh('i', site.path);
      writer.block(`for (let ${index} = ${shape.elements.length}; ${index} < ${list}.length; ${index}++)`, () => {
        const path = [...site.path, 'item'];
        const item = names.fresh('v', path);
        writer.line(`const ${item} = ${list}[${index}];`);
        const value = printer.print(rest, { input: item, pointer: site.pointer.index(index), path });
        writer.line(`${built}.push(${value});`);
      });
    }
  });
  return built;
};

const printObject: KindPrinter<ObjectShape> = (shape, site, printer) => {
  const { writer, names } = printer;
  const shared = site.root === true || site.orNull === true || site.shared === false ? undefined : printer.shared?.functionFor(shape);
  if (shared !== undefined) {
    return printCall(shared, site, printer);
  }
  const built = names.fresh('o', site.path);
  writer.line(`const ${built}: Record<string, unknown> = {};`);
  printer.checkType(shape, site, 'object', () => {
    if (!printer.guardDepth(site)) {
      return;
    }
    const record = names.fresh('r', site.path);
    writer.line(`const ${record} = ${site.input} as Record<string, unknown>;`);
    const closed = shape.additionalProperties === false;
    const seen = closed && shape.properties.length > 0 ? names.fresh('n', site.path) : undefined;
    if (seen !== undefined) {
      writer.line(`let ${seen} = 0;`);
    }
    for (const property of shape.properties) {
      printProperty(printer, property, site, record, built, seen);
    }
    if (shape.additionalProperties === false) {
      printExtraKeys(printer, shape, site, record, seen);
    } else {
      printEntries(printer, shape, shape.additionalProperties, site, record, built);
    }
  });
  return built;
};

function printProperty(printer: ValidationPrinter, property: PropertyShape, site: Site, record: string, built: string, seen: string | undefined): void {
  const { writer } = printer;
  const path = [...site.path, property.name];
  const value = printer.names.fresh('v', path);
  const pointer = site.pointer.property(property.name);
  writer.line(`const ${value} = ${readProperty(record, property.name)};`);
  const present = (): void => {
    if (seen !== undefined) {
      writer.line(`${seen}++;`);
    }
    const element = printer.print(property.shape, { input: value, pointer, path });
    writer.line(writeProperty(built, property.name, element));
  };
  if (property.absentAsUndefined === true) {
    // the type requires the key (`name: string | undefined`): left out, it is built with undefined in it
    writer.branches([{ condition: `${value} !== undefined`, body: present }, { condition: null, body: () => writer.line(writeProperty(built, property.name, 'undefined')) }]);
  } else if (property.optional) {
    writer.block(`if (${value} !== undefined)`, present);
  } else {
    writer.branches([
      { condition: `${value} === undefined`, body: () => printer.push(pointer, quote(messages.required(printer.facts.describe(property.shape)))) },
      { condition: null, body: present },
    ]);
  }
}

function hoistKeys(printer: ValidationPrinter, shape: ObjectShape): () => string {
  return () => printer.scope.hoist('Keys', `new Set<string>([${shape.properties.map((property) => quote(property.name)).join(', ')}])`);
}

/**
 * Extra keys of a closed object: counted cheaply (`__toolgenOwnKeyCount` against the declared
 * properties seen), named (`__toolgenExtraKeys`) only when the count is off.
 */
function printExtraKeys(printer: ValidationPrinter, shape: ObjectShape, site: Site, record: string, seen: string | undefined): void {
  const message = quote(site.root === true ? messages.notAParameter : messages.notAllowedHere);
  const prefix = site.pointer.render();
  if (seen === undefined) {
    printer.writer.line(`${helper('__toolgenExtraKeys')}(issues, ${record}, null, ${prefix}, ${message});`);
    return;
  }
  const declared = hoistKeys(printer, shape)();
  printer.writer.block(`if (${helper('__toolgenOwnKeyCount')}(${record}) !== ${seen})`, () =>
    printer.writer.line(`${helper('__toolgenExtraKeys')}(issues, ${record}, ${declared}, ${prefix}, ${message});`),
  );
}

/** Entries of a map (an object with an index signature): each undeclared key's value checked against `values`. */
function printEntries(printer: ValidationPrinter, shape: ObjectShape, values: Shape, site: Site, record: string, built: string): void {
  const { writer, names } = printer;
  const key = names.fresh('k', site.path);
  const declared = shape.properties.map((property) => property.name);
  writer.block(`for (const ${key} in ${record})`, () => {
    const skip =
      declared.length === 0
        ? `!${helper('__toolgenHasOwn')}.call(${record}, ${key})`
        : `!${helper('__toolgenHasOwn')}.call(${record}, ${key}) || !(${isNoneOf(key, declared, hoistKeys(printer, shape))})`;
    writer.block(`if (${skip})`, () => writer.line('continue;'));
    const pointer = site.pointer.key(key);
    if (shape.keyPattern !== undefined) printKeyCheck(printer, shape.keyPattern, key, pointer);
    const path = [...site.path, 'value'];
    const value = names.fresh('v', path);
    writer.line(`const ${value} = ${record}[${key}];`);
    const element = printer.print(values, { input: value, pointer, path });
    // any key the schema allows, __proto__ included, becomes an own data property
    writer.line(`${helper('__toolgenPut')}(${built}, ${key}, ${element});`);
  });
}

const printRef: KindPrinter<RefShape> = (shape, site, printer) => printCall(printer.scope.validateDef(shape.name), site, printer);

/**
 * A call of a function validating the value at `site` (a def's, or a shared object's): it pushes
 * issues with pointers from that value, rebased here onto the site's pointer.
 */
function printCall(validate: string, site: Site, printer: ValidationPrinter): string {
  const { writer, names } = printer;
  const built = names.fresh('d', site.path);
  const call = `${validate}(${site.input}, issues, ${printer.depthOf(site)})`;
  // the function checks depth against its depth argument, and throws past the limit
  printer.throwsTooDeep = true;
  if (site.pointer.isRoot) {
    writer.line(`const ${built} = ${call};`);
    return built;
  }
  const mark = names.fresh('m', site.path);
  writer.line(`const ${mark} = issues.length;`);
  writer.line(`const ${built} = ${call};`);
  writer.block(`if (issues.length !== ${mark})`, () => writer.line(`${helper('__toolgenRebase')}(issues, ${mark}, ${site.pointer.render()});`));
  return built;
}

const printers: { readonly [K in Shape['kind']]: KindPrinter<ShapeOf<K>> } = {
  any: (_shape, site) => site.input,
  string: printString,
  number: printNumber,
  boolean: (shape, site, printer) => {
    printer.checkType(shape, site, 'boolean', () => {});
    return site.input;
  },
  null: (shape, site, printer) => {
    printer.checkType(shape, site, 'null', () => {});
    return site.input;
  },
  literal: printLiteral,
  enum: printEnum,
  date: printDate,
  url: printUrl,
  array: printArray,
  tuple: printTuple,
  object: printObject,
  union: printUnion,
  ref: printRef,
};
