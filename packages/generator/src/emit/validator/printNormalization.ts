import type { ArrayShape, ObjectShape, RefShape, Shape, TupleShape, UnionShape } from '../../schema/shape.js';
import type { Branch, CodeWriter } from '../CodeWriter.js';
import { findDiscriminator } from './discriminator.js';
import { isOneOf, isType, readProperty, scalarLiteral } from './expressions.js';
import { quote } from './literals.js';
import { isMap, type NormalizationNeeds } from './NormalizationNeeds.js';
import { LocalNames, type ModuleScope } from './scope.js';
import { jsonTypeOrder, type JsonType, type ShapeFacts } from './ShapeFacts.js';
import { helper } from './helperUses.js';

/** The shape of the elements at the indexes where `condition` holds (every index when null). */
interface ElementChoice {
  readonly condition: string | null;
  readonly shape: Shape;
  /** The path step naming the element's locals. */
  readonly step: string;
}

/** Where a value is normalized: the local holding it, the path to it (for local names), its JSON type when known. */
export interface NormalizationSite {
  readonly input: string;
  readonly path: readonly string[];
  readonly known?: JsonType;
}

/**
 * Prints the strict normalizer: a copy of the input without the nulls the `openai-strict`
 * variant sends for absent optional members, and with the `{ "value": … }` it sends for a given
 * optional member that may be null replaced by what it holds. What does not fit the shape is
 * passed through unchanged, for the validator to judge.
 */
export class NormalizationPrinter {
  readonly writer: CodeWriter;
  readonly facts: ShapeFacts;
  readonly scope: ModuleScope;
  readonly needs: NormalizationNeeds;
  readonly names = new LocalNames();

  constructor(writer: CodeWriter, facts: ShapeFacts, scope: ModuleScope, needs: NormalizationNeeds) {
    this.writer = writer;
    this.facts = facts;
    this.scope = scope;
    this.needs = needs;
  }

  /** Writes the normalization of the value at `site`; returns the expression of the result. */
  print(shape: Shape, site: NormalizationSite): string {
    if (!this.needs.of(shape)) {
      return site.input;
    }
    switch (shape.kind) {
      case 'object':
        return isMap(shape) ? this.#map(shape, site) : this.#object(shape, site);
      case 'any':
        return `${helper('__toolgenFromJsonValue')}(${site.input}, 0)`;
      case 'array':
        return this.#array(shape, site);
      case 'tuple':
        return this.#tuple(shape, site);
      case 'union':
        return this.#union(shape, site);
      case 'ref':
        return this.#ref(shape, site);
      default:
        return site.input;
    }
  }

  /**
   * Writes `build` where the value has JSON type `type`; returns the expression of the result:
   * what `build` returns there, the input itself elsewhere.
   */
  #whenType(site: NormalizationSite, type: JsonType, build: () => string): string {
    if (site.known === type) {
      return build();
    }
    const result = this.names.fresh('n', site.path);
    this.writer.line(`let ${result}: unknown = ${site.input};`);
    this.writer.block(`if (${isType(type, site.input)})`, () => this.writer.line(`${result} = ${build()};`));
    return result;
  }

  #object(shape: ObjectShape, site: NormalizationSite): string {
    const { writer, names } = this;
    return this.#whenType(site, 'object', () => {
      const record = names.fresh('r', site.path);
      const built = names.fresh('o', site.path);
      const key = names.fresh('k', site.path);
      writer.line(`const ${record} = ${site.input} as Record<string, unknown>;`);
      writer.line(`const ${built}: Record<string, unknown> = {};`);
      const keys = (properties: readonly { readonly name: string }[]) => () =>
        this.scope.hoist('Keys', `new Set<string>([${properties.map((property) => quote(property.name)).join(', ')}])`);
      writer.block(`for (const ${key} in ${record})`, () => {
        writer.block(`if (!${helper('__toolgenHasOwn')}.call(${record}, ${key}))`, () => writer.line('continue;'));
        const path = [...site.path, 'value'];
        const value = names.fresh('v', path);
        writer.line(`const ${value} = ${record}[${key}];`);
        const removable = shape.properties.filter((property) => this.needs.removesNull(property));
        if (removable.length > 0) {
          const removed = isOneOf(key, removable.map((property) => property.name), keys(removable));
          writer.block(`if (${value} === null && ${removed.includes('||') ? `(${removed})` : removed})`, () =>
            writer.line('continue;'),
          );
        }
        const put = (element: string): void => {
          writer.line(`${helper('__toolgenPut')}(${built}, ${key}, ${element});`);
        };
        const walked = shape.properties.filter((property) => this.needs.unwraps(property) || this.needs.of(property.shape));
        const branches: Branch[] = walked.map((property) => {
          const member: NormalizationSite = { input: value, path: [...site.path, property.name] };
          return {
            condition: `${key} === ${quote(property.name)}`,
            body: () => put(this.needs.unwraps(property) ? this.#unwrap(property.shape, member) : this.print(property.shape, member)),
          };
        });
        const values = shape.additionalProperties;
        if (values !== false && this.needs.of(values)) {
          const others = shape.properties.filter((property) => !walked.includes(property));
          if (others.length > 0) {
            branches.push({ condition: isOneOf(key, others.map((property) => property.name), keys(others)), body: () => put(value) });
          }
          branches.push({ condition: null, body: () => put(this.print(values, { input: value, path })) });
        } else {
          branches.push({ condition: null, body: () => put(value) });
        }
        writer.branches(branches);
      });
      return built;
    });
  }

  /**
   * A map, sent as `{ "entries": [{ "key", "value" }] }`: the object the entries spell (a key given twice keeps
   * its last value, as in JSON text), its values then normalized; another object has its values normalized;
   * anything else is left as it is.
   */
  #map(shape: ObjectShape & { readonly additionalProperties: Shape }, site: NormalizationSite): string {
    const { writer, names } = this;
    const values = this.needs.of(shape.additionalProperties);
    return this.#whenType(site, 'object', () => {
      const result = names.fresh('m', site.path);
      const spelled = names.fresh('e', site.path);
      writer.line(`const ${spelled} = ${helper('__toolgenFromEntries')}(${site.input});`);
      writer.line(`let ${result}: unknown = ${spelled};`);
      writer.block(`if (${spelled} === undefined)`, () =>
        writer.line(`${result} = ${values ? this.#object(shape, { ...site, known: 'object' }) : site.input};`),
      );
      if (values) {
        writer.block('else', () => writer.line(`${result} = ${this.#object(shape, { input: spelled, path: site.path, known: 'object' })};`));
      }
      return result;
    });
  }

  /** `{ "value": x }` (exactly that key) becomes the normalization of `x`; anything else is left as it is. */
  #unwrap(shape: Shape, site: NormalizationSite): string {
    const { writer, names } = this;
    const result = names.fresh('w', site.path);
    writer.line(`let ${result}: unknown = ${site.input};`);
    const wrapper = `${isType('object', site.input)} && Object.keys(${site.input}).length === 1 && ${helper('__toolgenHasOwn')}.call(${site.input}, 'value')`;
    writer.block(`if (${wrapper})`, () => {
      const path = [...site.path, 'value'];
      const inner = names.fresh('v', path);
      writer.line(`const ${inner} = (${site.input} as Record<string, unknown>)['value'];`);
      writer.line(`${result} = ${this.print(shape, { input: inner, path })};`);
    });
    return result;
  }

  #array(shape: ArrayShape, site: NormalizationSite): string {
    return this.#elements(site, () => [{ condition: null, shape: shape.items, step: 'item' }]);
  }

  #tuple(shape: TupleShape, site: NormalizationSite): string {
    return this.#elements(site, (index) => {
      const choices: ElementChoice[] = [];
      shape.elements.forEach((element, position) => {
        if (this.needs.of(element)) {
          choices.push({ condition: `${index} === ${position}`, shape: element, step: String(position) });
        }
      });
      if (shape.rest !== null && this.needs.of(shape.rest)) {
        choices.push({ condition: `${index} >= ${shape.elements.length}`, shape: shape.rest, step: 'item' });
      }
      return choices;
    });
  }

  /** Copies an array, normalizing the elements `choose` gives a shape by index; the others are copied as they are. */
  #elements(site: NormalizationSite, choose: (index: string) => readonly ElementChoice[]): string {
    const { writer, names } = this;
    return this.#whenType(site, 'array', () => {
      const list = names.fresh('l', site.path);
      const built = names.fresh('a', site.path);
      const index = names.fresh('i', site.path);
      writer.line(`const ${list} = ${site.input} as readonly unknown[];`);
      writer.line(`const ${built}: unknown[] = [];`);
      writer.block(`for (let ${index} = 0; ${index} < ${list}.length; ${index}++)`, () => {
        const item = names.fresh('v', [...site.path, 'item']);
        writer.line(`const ${item} = ${list}[${index}];`);
        const push = (choice: ElementChoice | undefined): void => {
          const element = choice === undefined ? item : this.print(choice.shape, { input: item, path: [...site.path, choice.step] });
          writer.line(`${built}.push(${element});`);
        };
        const choices = choose(index);
        writer.branches([...choices.map((choice) => ({ condition: choice.condition, body: () => push(choice) })), { condition: null, body: () => push(undefined) }]);
      });
      return built;
    });
  }

  #union(shape: UnionShape, site: NormalizationSite): string {
    const { writer, facts } = this;
    const result = this.names.fresh('u', site.path);
    writer.line(`let ${result}: unknown = ${site.input};`);
    const branches: Branch[] = [];
    for (const type of site.known === undefined ? jsonTypeOrder : [site.known]) {
      const candidates = shape.members.filter((member) => facts.types(member).has(type));
      // Normalizing changes objects and arrays only. Which of several array members the model meant is unknown:
      // such a value is left as it is.
      if (type !== 'object' && type !== 'array') {
        continue;
      }
      if (!candidates.some((member) => this.needs.of(member)) || (type === 'array' && candidates.length > 1)) {
        continue;
      }
      const memberSite: NormalizationSite = { ...site, known: type };
      branches.push({
        condition: site.known === undefined ? isType(type, site.input) : null,
        body: () => this.#candidates(candidates, memberSite, result),
      });
    }
    if (site.known !== undefined) {
      branches[0]?.body();
    } else {
      writer.branches(branches);
    }
    return result;
  }

  /** The members a value of one JSON type may be: one, told apart by a discriminator, or the first whose keys fit. */
  #candidates(candidates: readonly Shape[], site: NormalizationSite, result: string): void {
    const { writer, facts, names } = this;
    const assign = (member: Shape): void => {
      const element = this.print(member, site);
      if (element === site.input) {
        writer.line('// nothing to remove for this member');
      } else {
        writer.line(`${result} = ${element};`);
      }
    };
    if (candidates.length === 1) {
      assign(candidates[0]!);
      return;
    }
    const record = names.fresh('r', site.path);
    writer.line(`const ${record} = ${site.input} as Record<string, unknown>;`);
    const discriminator = findDiscriminator(candidates, facts);
    if (discriminator !== undefined) {
      const tag = names.fresh('v', [...site.path, discriminator.property]);
      writer.line(`const ${tag} = ${readProperty(record, discriminator.property)};`);
      const branches: Branch[] = [];
      candidates.forEach((member, index) => {
        if (this.needs.of(member)) {
          branches.push({ condition: `${tag} === ${scalarLiteral(discriminator.values[index]!)}`, body: () => assign(member) });
        }
      });
      writer.branches(branches);
      return;
    }
    // Members after the last one that needs normalizing would leave the value as it is anyway.
    let count = candidates.length;
    while (!this.needs.of(candidates[count - 1]!)) {
      count--;
    }
    const branches: Branch[] = [];
    for (const member of candidates.slice(0, count)) {
      const resolved = facts.resolve(member);
      const closed = resolved.kind === 'object' && resolved.additionalProperties === false;
      const keys = closed
        ? this.scope.hoist('Keys', `new Set<string>([${resolved.properties.map((property) => quote(property.name)).join(', ')}])`)
        : undefined;
      branches.push({ condition: keys === undefined ? null : `${helper('__toolgenKeysWithin')}(${record}, ${keys})`, body: () => assign(member) });
      if (keys === undefined) {
        break;
      }
    }
    writer.branches(branches);
  }

  #ref(shape: RefShape, site: NormalizationSite): string {
    const result = this.names.fresh('d', site.path);
    this.writer.line(`const ${result} = ${this.scope.normalizeDef(shape.name)}(${site.input});`);
    return result;
  }
}
