/**
 * A tool's arguments as the report's table shows them: one row per property of its parameter schema,
 * the properties of nested objects (through local `$ref`s, `anyOf` branches and array items) as
 * further rows named by their dotted path. The schema is read as plain data: a manifest may come from
 * an older toolgen or from a hand-written tool, so nothing is assumed about its shape.
 */

type Schema = Readonly<Record<string, unknown>>;

/** One row of a tool's argument table. */
export interface ArgumentRow {
  /** The property's path from the arguments: `['filter', 'opened', 'from']`; array items add `[]` to their array's name. */
  readonly path: readonly string[];
  readonly type: string;
  readonly required: boolean;
  readonly description: string;
  readonly constraints: readonly string[];
}

/** The rows of a tool's arguments, and whether some were left out (a schema too large or too deep to show whole). */
export interface ArgumentTable {
  readonly rows: readonly ArgumentRow[];
  readonly truncated: boolean;
}

/** Nested objects deeper than this are summarized by their type only. */
const maxDepth = 8;
/** Rows per tool at most: shared `$defs` can make a schema's expansion exponential in its size. */
const maxRows = 400;
/** `$ref` hops followed at most: `#/$defs/A` may point at `#/$defs/A`. */
const maxHops = 16;
/** Enum values listed at most. */
const maxEnumValues = 24;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rows of `parameters`, a tool's canonical parameter schema. */
export function argumentTable(parameters: unknown): ArgumentTable {
  const rows: MutableRow[] = [];
  const state = { rows, truncated: false, root: parameters };
  const { target, ref } = deref(parameters, parameters);
  if (isSchema(target) && (hasProperties(target) || alternativesOf(target).length > 0)) {
    expandInto(state, target, [], 0, ref === undefined ? new Set() : new Set([ref]), 'own');
  } else if (isSchema(target) && !isEmptyObject(target)) {
    rows.push({
      path: ['(arguments)'],
      type: typeSummary(parameters, parameters),
      required: true,
      description: descriptionOf(parameters, parameters),
      constraints: constraintsOf(parameters, parameters),
    });
  }
  return { rows, truncated: state.truncated };
}

/** A short type for a schema: `string (date) | null`, `array of Category`, `"open" | "closed"` for consts, `record of number`. */
export function typeSummary(schema: unknown, root: unknown, depth = 0): string {
  if (schema === false) return 'never';
  if (!isSchema(schema)) return 'any';
  if (depth > 4) return '…';
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const { target } = deref(schema, root);
    return target === undefined ? `$ref ${ref}` : refName(ref);
  }
  if ('const' in schema) return short(JSON.stringify(schema['const']) ?? 'any');
  const alternatives = alternativesOf(schema);
  if (alternatives.length > 0) return unique(alternatives.map((alternative) => typeSummary(alternative, root, depth + 1))).join(' | ');
  const all = schema['allOf'];
  if (Array.isArray(all) && all.length > 0) return unique(all.map((part) => wrap(typeSummary(part, root, depth + 1)))).join(' & ');
  const type = schema['type'];
  if (Array.isArray(type)) return unique(type.map((each) => typeNamed(textual(each), schema, root, depth))).join(' | ');
  if (typeof type === 'string') return typeNamed(type, schema, root, depth);
  if (Array.isArray(schema['enum'])) return 'enum';
  if (hasProperties(schema)) return 'object';
  if (isSchema(schema['items'])) return typeNamed('array', schema, root, depth);
  return 'any';
}

function typeNamed(type: string, schema: Schema, root: unknown, depth: number): string {
  switch (type) {
    case 'array': {
      const prefix = schema['prefixItems'];
      if (Array.isArray(prefix)) return `[${prefix.map((item) => typeSummary(item, root, depth + 1)).join(', ')}]`;
      const items = schema['items'];
      return isSchema(items) || items === true ? `array of ${wrap(typeSummary(items, root, depth + 1))}` : 'array';
    }
    case 'string': {
      const format = schema['format'];
      return typeof format === 'string' ? `string (${format})` : 'string';
    }
    case 'object': {
      const additional = schema['additionalProperties'];
      return !hasProperties(schema) && isSchema(additional) ? `record of ${wrap(typeSummary(additional, root, depth + 1))}` : 'object';
    }
    default:
      return type;
  }
}

/** The constraints a row lists: `minimum 1`, `maxLength 200`, `pattern ^[a-z]+$`, `one of "a", "b"`, `default "utf8"`. */
export function constraintsOf(schema: unknown, root: unknown): string[] {
  const found: string[] = [];
  const add = (from: unknown, prefix: string) => {
    if (!isSchema(from)) return;
    for (const keyword of numericKeywords) {
      const value = from[keyword];
      if (typeof value === 'number' || typeof value === 'string') found.push(`${prefix}${keyword} ${value}`);
    }
    if (typeof from['pattern'] === 'string') found.push(`${prefix}pattern ${from['pattern']}`);
    if (from['uniqueItems'] === true) found.push(`${prefix}uniqueItems`);
    const values = from['enum'];
    if (Array.isArray(values)) {
      const listed = values.slice(0, maxEnumValues).map((value) => short(JSON.stringify(value) ?? 'null'));
      found.push(`${prefix}one of ${listed.join(', ')}${values.length > maxEnumValues ? `, … (${values.length} in all)` : ''}`);
    }
    if ('default' in from) found.push(`${prefix}default ${short(JSON.stringify(from['default']) ?? 'null')}`);
  };
  add(schema, '');
  if (!isSchema(schema)) return found;
  const { target } = deref(schema, root);
  if (target !== schema) add(target, '');
  const resolved = isSchema(target) ? target : schema;
  for (const alternative of alternativesOf(resolved)) add(deref(alternative, root).target, '');
  const items = resolved['items'];
  if (isSchema(items)) add(deref(items, root).target, 'items: ');
  return unique(found);
}

const numericKeywords = [
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
] as const;

interface MutableRow {
  path: readonly string[];
  type: string;
  required: boolean;
  description: string;
  constraints: readonly string[];
}

interface ExpandState {
  readonly rows: MutableRow[];
  truncated: boolean;
  readonly root: unknown;
}

/** Adds the rows of an object schema's properties (and of its object alternatives) under `path`. */
function expandInto(state: ExpandState, object: Schema, path: readonly string[], depth: number, refs: ReadonlySet<string>, label: 'own' | 'branch'): void {
  const required = new Set(Array.isArray(object['required']) ? object['required'].filter((name) => typeof name === 'string') : []);
  const properties = object['properties'];
  if (isSchema(properties)) {
    for (const [name, property] of Object.entries(properties)) {
      if (state.rows.length >= maxRows) {
        state.truncated = true;
        return;
      }
      const row: MutableRow = {
        path: [...path, name],
        type: typeSummary(property, state.root),
        required: required.has(name),
        description: descriptionOf(property, state.root),
        constraints: constraintsOf(property, state.root),
      };
      state.rows.push(row);
      expandNested(state, row, property, row.path, depth + 1, refs);
    }
  }
  if (label === 'own') {
    expandAlternatives(state, undefined, object, path, depth, refs);
  }
}

/** Adds the rows nested in a property: its object's properties, its object alternatives', its array items'. */
function expandNested(
  state: ExpandState,
  row: MutableRow | undefined,
  property: unknown,
  path: readonly string[],
  depth: number,
  refs: ReadonlySet<string>,
): void {
  const { target, ref } = deref(property, state.root);
  if (!isSchema(target)) return;
  if (ref !== undefined && refs.has(ref)) {
    if (row !== undefined && (hasProperties(target) || alternativesOf(target).length > 0)) row.type = `${row.type} (recursive: see above)`;
    return;
  }
  if (depth > maxDepth) {
    if (hasProperties(target)) state.truncated = true;
    return;
  }
  const inner = ref === undefined ? refs : new Set([...refs, ref]);
  if (hasProperties(target)) {
    expandInto(state, target, path, depth, inner, 'branch');
    return;
  }
  if (expandAlternatives(state, row, target, path, depth, inner)) return;
  const items = target['items'];
  if (isSchema(items) && path.length > 0) {
    const named = [...path.slice(0, -1), `${path[path.length - 1]!}[]`];
    const { target: item, ref: itemRef } = deref(items, state.root);
    if (itemRef !== undefined && inner.has(itemRef)) {
      if (row !== undefined && isSchema(item) && hasProperties(item)) row.type = `${row.type} (recursive: see above)`;
      return;
    }
    expandNested(state, row, items, named, depth, inner);
  }
}

/** The rows of a schema's object alternatives (`anyOf`/`oneOf`): one branch's properties as its own, several as `name.property` rows marked by branch. */
function expandAlternatives(
  state: ExpandState,
  row: MutableRow | undefined,
  schema: Schema,
  path: readonly string[],
  depth: number,
  refs: ReadonlySet<string>,
): boolean {
  const objects = alternativesOf(schema).flatMap((alternative) => {
    const { target, ref } = deref(alternative, state.root);
    return isSchema(target) && hasProperties(target) ? [{ target, ref }] : [];
  });
  if (objects.length === 0) return false;
  objects.forEach(({ target, ref }, index) => {
    if (ref !== undefined && refs.has(ref)) {
      if (row !== undefined && !row.type.endsWith('(recursive: see above)')) row.type = `${row.type} (recursive: see above)`;
      return;
    }
    const from = state.rows.length;
    expandInto(state, target, path, depth, ref === undefined ? refs : new Set([...refs, ref]), 'branch');
    if (objects.length > 1) {
      for (const added of state.rows.slice(from)) added.type = `${added.type} (alternative ${index + 1})`;
    }
  });
  return true;
}

/** A property's description: its own, else that of what its `$ref` points at. */
function descriptionOf(schema: unknown, root: unknown): string {
  if (!isSchema(schema)) return '';
  if (typeof schema['description'] === 'string') return schema['description'];
  const { target } = deref(schema, root);
  return isSchema(target) && typeof target['description'] === 'string' ? target['description'] : '';
}

/** Follows a schema's `$ref` (local: `#/$defs/Name`, `#/definitions/Name`, any JSON Pointer) to what it names; `ref` is the first one followed. */
function deref(schema: unknown, root: unknown): { readonly target: unknown; readonly ref?: string } {
  let current = schema;
  let first: string | undefined;
  for (let hop = 0; hop < maxHops && isSchema(current) && typeof current['$ref'] === 'string'; hop++) {
    const ref = current['$ref'];
    first ??= ref;
    current = resolvePointer(ref, root);
  }
  if (isSchema(current) && typeof current['$ref'] === 'string') current = undefined;
  return first === undefined ? { target: current } : { target: current, ref: first };
}

function resolvePointer(ref: string, root: unknown): unknown {
  if (!ref.startsWith('#')) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment === '') return root;
  if (!fragment.startsWith('/')) return undefined;
  let node = root;
  for (const raw of fragment.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(token)) node = node[Number(token)];
    else if (isSchema(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

/** `#/$defs/Category` → `Category`. */
function refName(ref: string): string {
  const last = ref.slice(ref.lastIndexOf('/') + 1);
  return last === '' || last === '#' ? ref : last.replace(/~1/g, '/').replace(/~0/g, '~');
}

function alternativesOf(schema: Schema): readonly unknown[] {
  const any = schema['anyOf'] ?? schema['oneOf'];
  return Array.isArray(any) ? any : [];
}

function hasProperties(schema: Schema): boolean {
  return isSchema(schema['properties']) && Object.keys(schema['properties']).length > 0;
}

function isEmptyObject(schema: Schema): boolean {
  const objectOrUntyped = schema['type'] === 'object' || schema['type'] === undefined;
  return objectOrUntyped && !hasProperties(schema) && alternativesOf(schema).length === 0 && schema['items'] === undefined;
}

function textual(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'any');
}

function wrap(type: string): string {
  return / \| | & /.test(type) ? `(${type})` : type;
}

function short(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
