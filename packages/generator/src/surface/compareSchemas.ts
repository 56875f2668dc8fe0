import { isDeepStrictEqual } from 'node:util';
import { escapePointerToken } from '../emit/validator/literals.js';

/**
 * What a change does to the values a schema accepts: `narrows` (some value accepted before is
 * refused now), `widens` (some value refused before is accepted now), `replaces` (both, or toolgen
 * cannot tell), `extends` (a new optional property of a closed object: it widens, but breaks no
 * reader either), `describes` (only what a model or a person reads: descriptions, titles, examples).
 */
export type SchemaEffect = 'narrows' | 'widens' | 'replaces' | 'extends' | 'describes';

/** One difference between two schemas, at a place of the value they describe. */
export interface SchemaDifference {
  /** The place in the value: `/filter/status`, `/tags/*` for every item, `` for the whole value. */
  readonly at: string;
  readonly effect: SchemaEffect;
  /** What changed, in words: `new required property "limit"`, `maximum 100 → 50`. */
  readonly what: string;
}

type Schema = Readonly<Record<string, unknown>> | boolean;
type Node = Readonly<Record<string, unknown>>;

/** Keywords that change no value's verdict. */
const annotations = ['description', 'title', 'examples', '$comment', 'default', 'deprecated', 'readOnly', 'writeOnly', '$schema', '$id', '$defs', 'definitions'];
/** Lower bounds: raising one narrows. */
const lowerBounds = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'];
/** Upper bounds: lowering one narrows. */
const upperBounds = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'];
/** Keywords that restrict when present and whose change, from one value to another, cannot be ordered. */
const restrictions = ['pattern', 'format', 'multipleOf', 'const', 'contentEncoding', 'contentMediaType'];
/** Keywords this comparison reads itself; any other that differs is reported as `replaces`. */
const handled = new Set([
  ...annotations, ...lowerBounds, ...upperBounds, ...restrictions,
  'type', 'enum', 'properties', 'required', 'additionalProperties', 'items', 'prefixItems', 'uniqueItems', 'anyOf', 'oneOf', '$ref',
]);

/**
 * The differences between two JSON Schemas of the same value (a tool's arguments, result or
 * settings), as toolgen writes them: objects, arrays, `anyOf` unions, local `$ref`s into `$defs`.
 * Each difference says whether it narrows or widens what is accepted; whether that breaks anyone
 * depends on who sends the value (`classify`). Deterministic: the order follows the schemas.
 */
export function compareSchemas(before: unknown, after: unknown, side: 'input' | 'output' = 'input'): SchemaDifference[] {
  const comparison = new Comparison(asSchema(before), asSchema(after), wording[side]);
  comparison.compare(asSchema(before), asSchema(after), '');
  return comparison.differences;
}

/** How a difference is said: of what a caller sends (`input`), or of what a result holds (`output`). */
const wording = {
  input: {
    gains: (what: string) => `now also accepts ${what}`,
    loses: (what: string) => `no longer accepts ${what}`,
    refused: 'it is refused now',
    open: 'any value is accepted for it',
  },
  output: {
    gains: (what: string) => `may now be ${what}`,
    loses: (what: string) => `is never ${what} now`,
    refused: 'results no longer hold it',
    open: 'its value is no longer described',
  },
};

type Words = (typeof wording)['input'];

class Comparison {
  readonly differences: SchemaDifference[] = [];
  readonly #seen = new Set<string>();
  readonly #sameDefinitions: boolean;

  constructor(
    private readonly beforeRoot: Schema,
    private readonly afterRoot: Schema,
    private readonly words: Words,
  ) {
    const definitions = (root: Schema) => (typeof root === 'boolean' ? [] : [root['$defs'], root['definitions']]);
    this.#sameDefinitions = isDeepStrictEqual(definitions(beforeRoot), definitions(afterRoot));
  }

  compare(before: Schema, after: Schema, at: string): void {
    // equal text is an equal schema, unless a $ref in it points into definitions that changed
    if (isDeepStrictEqual(before, after) && (this.#sameDefinitions || !JSON.stringify(before).includes('"$ref"'))) return;
    const resolvedBefore = this.#resolve(before, this.beforeRoot);
    const resolvedAfter = this.#resolve(after, this.afterRoot);
    if (resolvedBefore.ref !== undefined || resolvedAfter.ref !== undefined) {
      // a recursive type meets itself again: compared once
      const pair = `${resolvedBefore.ref ?? ''}\u0000${resolvedAfter.ref ?? ''}\u0000${at}`;
      if (this.#seen.has(pair)) return;
      this.#seen.add(pair);
    }
    const b = resolvedBefore.schema;
    const a = resolvedAfter.schema;
    if (typeof b === 'boolean' || typeof a === 'boolean') {
      this.#booleans(b, a, at);
      return;
    }
    this.#annotations(b, a, at);
    const branchesBefore = branchesOf(b);
    const branchesAfter = branchesOf(a);
    if (branchesBefore.length === 1 && branchesAfter.length === 1) {
      this.#node(withoutUnion(b), withoutUnion(a), at);
    } else {
      this.#union(branchesBefore, branchesAfter, at);
    }
  }

  #add(at: string, effect: SchemaEffect, what: string): void {
    this.differences.push({ at, effect, what });
  }

  #resolve(schema: Schema, root: Schema): { schema: Schema; ref?: string } {
    let current = schema;
    let ref: string | undefined;
    for (let depth = 0; typeof current === 'object' && typeof current['$ref'] === 'string' && depth < 32; depth++) {
      ref = current['$ref'];
      const target = resolvePointer(root, ref);
      if (target === undefined) return { schema: current, ref };
      // keywords beside a $ref (a description, mostly) stay with it
      const beside = withoutKeys(current, ['$ref']);
      current = typeof target === 'boolean' || Object.keys(beside).length === 0 ? target : { ...target, ...beside };
    }
    return ref === undefined ? { schema: current } : { schema: current, ref };
  }

  #booleans(b: Schema, a: Schema, at: string): void {
    const accepts = (schema: Schema) => (schema === true ? 'any value' : schema === false ? 'no value' : 'the values its schema allows');
    const effect: SchemaEffect = b === true || a === false ? 'narrows' : 'widens';
    this.#add(at, effect, `accepted ${accepts(b)}, now ${accepts(a)}`);
  }

  #annotations(b: Node, a: Node, at: string): void {
    for (const key of ['description', 'title', 'examples', 'default', 'deprecated']) {
      if (!isDeepStrictEqual(b[key], a[key])) {
        // what a model reads: the text itself, for a reviewer to read too
        const what = b[key] === undefined ? `${show(a[key])} added` : a[key] === undefined ? `${show(b[key])} removed` : `${show(b[key])} → ${show(a[key])}`;
        this.#add(at, 'describes', `${key} ${what}`);
      }
    }
  }

  #node(b: Node, a: Node, at: string): void {
    this.#types(b, a, at);
    this.#enum(b, a, at);
    for (const key of lowerBounds) this.#bound(key, b[key], a[key], at, 'lower');
    for (const key of upperBounds) this.#bound(key, b[key], a[key], at, 'upper');
    for (const key of restrictions) {
      if (isDeepStrictEqual(b[key], a[key])) continue;
      const effect: SchemaEffect = b[key] === undefined ? 'narrows' : a[key] === undefined ? 'widens' : 'replaces';
      this.#add(at, effect, `${key} ${b[key] === undefined ? `${show(a[key])} added` : a[key] === undefined ? `${show(b[key])} removed` : `${show(b[key])} → ${show(a[key])}`}`);
    }
    if (b['uniqueItems'] !== a['uniqueItems']) {
      this.#add(at, a['uniqueItems'] === true ? 'narrows' : 'widens', a['uniqueItems'] === true ? 'items must now be unique' : 'items need no longer be unique');
    }
    this.#object(b, a, at);
    this.#array(b, a, at);
    const others = new Set([...Object.keys(b), ...Object.keys(a)].filter((key) => !handled.has(key)));
    for (const key of [...others].sort()) {
      if (!isDeepStrictEqual(b[key], a[key])) this.#add(at, 'replaces', `${key} ${b[key] === undefined ? 'added' : a[key] === undefined ? 'removed' : 'changed'}`);
    }
  }

  #types(b: Node, a: Node, at: string): void {
    const before = typesOf(b);
    const after = typesOf(a);
    if (before === undefined && after === undefined) return;
    if (before === undefined || after === undefined) {
      if (before === undefined) this.#add(at, 'narrows', `type ${[...after!].join(' | ')} added: any type was accepted`);
      else this.#add(at, 'widens', `type ${[...before].join(' | ')} removed: any type is accepted`);
      return;
    }
    const covers = (types: ReadonlySet<string>, type: string) => types.has(type) || (type === 'integer' && types.has('number'));
    const lost = [...before].filter((type) => !covers(after, type));
    const gained = [...after].filter((type) => !covers(before, type));
    // integer → number widens; number → integer narrows (it is covered one way only)
    for (const type of lost) this.#add(at, 'narrows', type === 'number' && after.has('integer') ? 'number narrowed to integer' : this.words.loses(type));
    for (const type of gained) {
      if (!(type === 'number' && before.has('integer'))) this.#add(at, 'widens', this.words.gains(type));
      else this.#add(at, 'widens', 'integer widened to number');
    }
  }

  #enum(b: Node, a: Node, at: string): void {
    const before = Array.isArray(b['enum']) ? (b['enum'] as unknown[]) : undefined;
    const after = Array.isArray(a['enum']) ? (a['enum'] as unknown[]) : undefined;
    if (isDeepStrictEqual(before, after)) return;
    if (before === undefined) {
      this.#add(at, 'narrows', `now limited to ${after!.map(show).join(', ')}`);
      return;
    }
    if (after === undefined) {
      this.#add(at, 'widens', `no longer limited to ${before.map(show).join(', ')}`);
      return;
    }
    const removed = before.filter((value) => !after.some((other) => isDeepStrictEqual(value, other)));
    const added = after.filter((value) => !before.some((other) => isDeepStrictEqual(value, other)));
    if (removed.length > 0) this.#add(at, 'narrows', `enum value${removed.length === 1 ? '' : 's'} ${removed.map(show).join(', ')} removed`);
    if (added.length > 0) this.#add(at, 'widens', `enum value${added.length === 1 ? '' : 's'} ${added.map(show).join(', ')} added`);
  }

  #bound(key: string, b: unknown, a: unknown, at: string, side: 'lower' | 'upper'): void {
    if (b === a || (typeof b !== 'number' && typeof a !== 'number')) return;
    let effect: SchemaEffect;
    if (typeof b !== 'number') effect = 'narrows';
    else if (typeof a !== 'number') effect = 'widens';
    else effect = (side === 'lower') === a > b ? 'narrows' : 'widens';
    const what = typeof b !== 'number' ? `${key} ${show(a)} added` : typeof a !== 'number' ? `${key} ${show(b)} removed` : `${key} ${show(b)} → ${show(a)}`;
    this.#add(at, effect, what);
  }

  #object(b: Node, a: Node, at: string): void {
    const propsBefore = recordOf(b['properties']);
    const propsAfter = recordOf(a['properties']);
    const requiredBefore = new Set(stringsOf(b['required']));
    const requiredAfter = new Set(stringsOf(a['required']));
    const closedBefore = b['additionalProperties'] === false;
    const closedAfter = a['additionalProperties'] === false;
    const names = [...new Set([...Object.keys(propsBefore), ...Object.keys(propsAfter), ...requiredBefore, ...requiredAfter])];
    for (const name of names) {
      const place = `${at}/${escapePointerToken(name)}`;
      const inBefore = Object.hasOwn(propsBefore, name);
      const inAfter = Object.hasOwn(propsAfter, name);
      if (inBefore && inAfter) {
        this.compare(propsBefore[name] as Schema, propsAfter[name] as Schema, place);
      } else if (inAfter) {
        if (requiredAfter.has(name)) this.#add(place, 'narrows', `new required property "${name}"`);
        else this.#add(place, closedBefore ? 'extends' : 'narrows', `new optional property "${name}"`);
        continue;
      } else if (inBefore) {
        // a required property removed is also no longer there to read
        const required = requiredBefore.has(name) && !requiredAfter.has(name);
        if (closedAfter) this.#add(place, required ? 'replaces' : 'narrows', `${required ? 'required' : 'optional'} property "${name}" removed: ${this.words.refused}`);
        else this.#add(place, 'widens', `${required ? 'required' : 'optional'} property "${name}" removed: ${this.words.open}`);
        continue;
      }
      if (!requiredBefore.has(name) && requiredAfter.has(name)) this.#add(place, 'narrows', `property "${name}" is now required`);
      if (requiredBefore.has(name) && !requiredAfter.has(name)) this.#add(place, 'widens', `property "${name}" is now optional`);
    }
    const extraBefore = b['additionalProperties'];
    const extraAfter = a['additionalProperties'];
    if (!isDeepStrictEqual(extraBefore, extraAfter)) {
      if (closedAfter && !closedBefore) this.#add(at, 'narrows', 'additionalProperties closed: properties not listed are refused');
      else if (closedBefore && !closedAfter) this.#add(at, 'widens', 'additionalProperties opened: properties not listed are accepted');
      else this.compare(asSchema(extraBefore ?? true), asSchema(extraAfter ?? true), `${at}/*`);
    }
  }

  #array(b: Node, a: Node, at: string): void {
    if (!isDeepStrictEqual(b['items'], a['items']) && (b['items'] !== undefined || a['items'] !== undefined)) {
      this.compare(asSchema(b['items'] ?? true), asSchema(a['items'] ?? true), `${at}/*`);
    }
    const tupleBefore = Array.isArray(b['prefixItems']) ? (b['prefixItems'] as unknown[]) : [];
    const tupleAfter = Array.isArray(a['prefixItems']) ? (a['prefixItems'] as unknown[]) : [];
    for (let index = 0; index < Math.max(tupleBefore.length, tupleAfter.length); index++) {
      this.compare(asSchema(tupleBefore[index] ?? b['items'] ?? true), asSchema(tupleAfter[index] ?? a['items'] ?? true), `${at}/${index}`);
    }
  }

  /** `anyOf`/`oneOf` on either side: each branch before meets the branch after that accepts the same type, if any. */
  #union(before: readonly Schema[], after: readonly Schema[], at: string): void {
    const unmatched = [...after];
    const take = (index: number) => unmatched.splice(index, 1)[0]!;
    const pairs: [Schema, Schema | undefined][] = before.map((branch) => {
      const same = unmatched.findIndex((candidate) => isDeepStrictEqual(candidate, branch));
      return [branch, same === -1 ? undefined : take(same)];
    });
    for (const pair of pairs) {
      if (pair[1] !== undefined) continue;
      const signature = signatureOf(pair[0], this.beforeRoot);
      const like = unmatched.findIndex((candidate) => signatureOf(candidate, this.afterRoot) === signature);
      if (like !== -1) pair[1] = take(like);
    }
    for (const [branch, match] of pairs) {
      if (match === undefined) this.#add(at, 'narrows', this.words.loses(describeBranch(branch, this.beforeRoot)));
      else this.compare(branch, match, at);
    }
    for (const branch of unmatched) this.#add(at, 'widens', this.words.gains(describeBranch(branch, this.afterRoot)));
  }
}

function asSchema(value: unknown): Schema {
  return typeof value === 'boolean' ? value : typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Node) : true;
}

function recordOf(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The types a node names, or undefined when it names none (an enum's values give theirs). */
function typesOf(node: Node): ReadonlySet<string> | undefined {
  const type = node['type'];
  if (typeof type === 'string') return new Set([type]);
  if (Array.isArray(type)) return new Set(type.filter((item): item is string => typeof item === 'string'));
  return undefined;
}

/** The branches of a union node; a node that is no union is its own one branch, less its annotations (compared apart). */
function branchesOf(node: Node): Schema[] {
  const union = Array.isArray(node['anyOf']) ? node['anyOf'] : Array.isArray(node['oneOf']) ? node['oneOf'] : undefined;
  return union === undefined ? [withoutKeys(node, annotations)] : (union as unknown[]).map(asSchema);
}

function withoutKeys(node: Node, keys: readonly string[]): Node {
  return Object.fromEntries(Object.entries(node).filter(([key]) => !keys.includes(key)));
}

/** The node without its union keywords and annotations (compared apart). */
function withoutUnion(node: Node): Node {
  if (!Array.isArray(node['anyOf']) && !Array.isArray(node['oneOf'])) return node;
  const rest = withoutKeys(node, ['anyOf', 'oneOf']);
  const branch = branchesOf(node)[0]!;
  return typeof branch === 'boolean' ? rest : { ...rest, ...branch };
}

/** What pairs union branches: their type, or the JSON type of their `const` or `enum` values. */
function signatureOf(schema: Schema, root: Schema): string {
  let node = schema;
  for (let depth = 0; typeof node === 'object' && typeof node['$ref'] === 'string' && depth < 32; depth++) node = resolvePointer(root, node['$ref']) ?? true;
  if (typeof node === 'boolean') return String(node);
  const types = typesOf(node);
  if (types !== undefined) return [...types].sort().join('|');
  const values = 'const' in node ? [node['const']] : Array.isArray(node['enum']) ? (node['enum'] as unknown[]) : [];
  return [...new Set(values.map((value) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)))].sort().join('|');
}

function describeBranch(schema: Schema, root: Schema): string {
  if (typeof schema === 'object' && 'const' in schema) return show(schema['const']);
  const signature = signatureOf(schema, root);
  return signature === '' ? 'one of its alternatives' : signature.replace(/\|/g, ' | ');
}

/** The schema a local `$ref` (`#/$defs/Ticket`) points to in `root`. */
function resolvePointer(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let current: unknown = root;
  for (const token of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'boolean' || (typeof current === 'object' && current !== null) ? asSchema(current) : undefined;
}

/** A value as JSON, cut to 80 characters. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
