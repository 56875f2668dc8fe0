import type { Shape, UnionShape } from '../../schema/shape.js';
import type { Branch, CodeWriter } from '../CodeWriter.js';
import { findDiscriminator, type Discriminator } from './discriminator.js';
import { isNotType, isType, readProperty, scalarLiteral } from './expressions.js';
import { enforcedFormat } from '../../schema/enforcedFormats.js';
import { jsonText, quote } from './literals.js';
import { messages } from './messages.js';
import type { KindPrinter, Site, ValidationPrinter } from './printValidation.js';
import { jsonTypeOrder, type ExpectedType, type JsonType, type ShapeFacts } from './ShapeFacts.js';

/*
 * Unions: a value is checked against the members its JSON type allows. One candidate is checked
 * as it is; objects told apart by a literal property go by it; other candidates are tried in
 * order, each attempt's issues dropped when a later one fits.
 */

/** Whether a shape accepts every value of JSON type `type` without a check. */
function takesAllOf(shape: Shape, type: JsonType, facts: ShapeFacts): boolean {
  const resolved = facts.resolve(shape);
  switch (resolved.kind) {
    case 'any':
      return true;
    case 'null':
    case 'boolean':
      return facts.types(resolved).has(type);
    case 'string':
      return (
        type === 'string' &&
        resolved.minLength === undefined &&
        resolved.maxLength === undefined &&
        resolved.pattern === undefined &&
        enforcedFormat(resolved.format) === undefined
      );
    case 'union':
      return resolved.members.some((member) => takesAllOf(member, type, facts));
    default:
      return false;
  }
}

/** Whether a shape's accepted values are built as they are (no copy, no conversion). */
function isScalar(shape: Shape, facts: ShapeFacts): boolean {
  const kind = facts.resolve(shape).kind;
  return kind === 'string' || kind === 'number' || kind === 'boolean' || kind === 'null' || kind === 'literal' || kind === 'enum';
}

export const printUnion: KindPrinter<UnionShape> = (shape, site, printer) => {
  const { writer, facts } = printer;
  const value = site.input;
  const nullable = site.orNull === true || shape.members.some((member) => facts.resolve(member).kind === 'null');
  const built = printer.names.fresh('u', site.path);
  let assigned = false;
  const assign = (element: string): void => {
    if (element !== value) {
      writer.line(`${built} = ${element};`);
      assigned = true;
    }
  };
  const lines = writer.capture(() => {
    const active: { type: JsonType; lines: ReturnType<CodeWriter['capture']> }[] = [];
    const silent: JsonType[] = [];
    for (const type of site.known === undefined ? jsonTypeOrder : [site.known]) {
      const candidates: Shape[] = [];
      for (const member of shape.members) {
        if (facts.types(member).has(type)) {
          candidates.push(member);
          if (takesAllOf(member, type, facts)) {
            break;
          }
        }
      }
      // Scalars that would come out as they went in add nothing before a member taking every value of the type.
      if (candidates.length > 1 && takesAllOf(candidates.at(-1)!, type, facts) && candidates.slice(0, -1).every((member) => isScalar(member, facts))) {
        candidates.splice(0, candidates.length - 1);
      }
      if (candidates.length > 0) {
        const memberSite: Site = { ...site, known: type, orNull: nullable };
        const body = writer.capture(() => printCandidates(printer, shape, candidates, memberSite, assign), site.known === undefined);
        if (body.length === 0) {
          silent.push(type);
        } else {
          active.push({ type, lines: body });
        }
      }
    }

    const fail = (): void => {
      const words = facts.describeMembers(shape.members);
      const what = site.orNull === true && !facts.canBeNull(shape) ? `${words} or null` : words;
      printer.pushGot(site.pointer, messages.mustBe(what), value, facts.expected(shape));
    };
    const acceptsAll = shape.members.some((member) => facts.acceptsAll(member));
    if (site.known !== undefined) {
      if (active.length > 0) {
        writer.append(active[0]!.lines);
      } else if (silent.length === 0 && !acceptsAll) {
        fail();
      }
      return;
    }
    const branches: Branch[] = active.map(({ type, lines: body }) => ({ condition: isType(type, value), body: () => writer.append(body) }));
    if (!acceptsAll) {
      const others = silent.map((type) => {
        const test = isNotType(type, value);
        return test.includes('||') ? `(${test})` : test;
      });
      branches.push({ condition: others.length === 0 ? null : others.join(' && '), body: fail });
    }
    if (branches.length === 1 && branches[0]!.condition === null) {
      fail();
    } else {
      writer.branches(branches);
    }
  });
  // Declared only when a member builds a new value (an object, an array, a Date).
  if (assigned) {
    writer.line(`let ${built}: unknown = ${value};`);
  }
  writer.append(lines);
  return assigned ? built : value;
};

/** The members a value of one JSON type may be: one is checked as it is, several are tried in order. */
function printCandidates(printer: ValidationPrinter, union: UnionShape, candidates: readonly Shape[], site: Site, assign: (element: string) => void): void {
  const { writer, facts } = printer;
  const memberSite = (member: Shape): Site => ({ ...site, orNull: site.orNull === true && facts.resolve(member).kind !== 'null' });
  if (candidates.length === 1) {
    assign(printer.print(candidates[0]!, memberSite(candidates[0]!)));
    return;
  }
  const discriminator = site.known === 'object' ? findDiscriminator(candidates, facts) : undefined;
  if (discriminator !== undefined) {
    printDiscriminated(printer, candidates, discriminator, site, assign);
    return;
  }
  const mark = printer.names.fresh('m', site.path);
  writer.line(`const ${mark} = issues.length;`);
  const attempt = (index: number): void => {
    const member = candidates[index]!;
    let value = site.input;
    const lines = writer.capture(() => {
      value = printer.print(member, memberSite(member));
    });
    if (lines.length === 0) {
      assign(value);
      return;
    }
    writer.append(lines);
    writer.branches([
      {
        condition: `issues.length !== ${mark}`,
        body: () => {
          writer.line(`issues.length = ${mark};`);
          if (index + 1 < candidates.length) {
            attempt(index + 1);
          } else {
            // The value has the right JSON type, so no `expected`: only its content is wrong.
            const words = facts.describeDistinctMembers(union.members);
            printer.pushGot(site.pointer, messages.mustBe(words), site.input);
          }
        },
      },
      { condition: null, body: () => assign(value) },
    ]);
  };
  attempt(0);
}

/** Objects told apart by a literal property: a wrong or missing discriminator is one issue. */
function printDiscriminated(
  printer: ValidationPrinter,
  members: readonly Shape[],
  discriminator: Discriminator,
  site: Site,
  assign: (value: string) => void,
): void {
  const { writer, names } = printer;
  const record = names.fresh('r', site.path);
  writer.line(`const ${record} = ${site.input} as Record<string, unknown>;`);
  const tag = names.fresh('v', [...site.path, discriminator.property]);
  writer.line(`const ${tag} = ${readProperty(record, discriminator.property)};`);
  const pointer = site.pointer.property(discriminator.property);
  const allowed = `one of ${discriminator.values.map(jsonText).join(', ')}`;
  const types = new Set(discriminator.values.map((value) => typeof value as JsonType));
  const branches: Branch[] = members.map((member, index) => ({
    condition: `${tag} === ${scalarLiteral(discriminator.values[index]!)}`,
    body: () => assign(printer.print(member, { ...site, orNull: false })),
  }));
  branches.push({ condition: `${tag} === undefined`, body: () => printer.push(pointer, quote(messages.required(allowed))) });
  if (types.size === 1) {
    const type = [...types][0]!;
    branches.push({ condition: isNotType(type, tag), body: () => printer.pushGot(pointer, messages.mustBe(allowed), tag, type as ExpectedType) });
  }
  branches.push({ condition: null, body: () => printer.pushGot(pointer, messages.mustBe(allowed), tag) });
  writer.branches(branches);
}
