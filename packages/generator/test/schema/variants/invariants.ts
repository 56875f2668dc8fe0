import type { JsonSchema, JsonValue } from '@toolgen/runtime';
import Ajv2020 from 'ajv/dist/2020.js';
import { cachedCompiler } from '../../ajvCache.js';

type SchemaVisitor = (schema: JsonSchema, path: string) => void;

function isSchema(value: JsonValue | undefined): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Visits every schema object in a document (not property names, not `enum`/`const`/`default` values). */
export function forEachSchema(schema: JsonValue, visit: SchemaVisitor, path = '#'): void {
  if (!isSchema(schema)) {
    return;
  }
  visit(schema, path);
  for (const keyword of ['properties', '$defs'] as const) {
    const children = schema[keyword];
    if (isSchema(children)) {
      for (const [name, child] of Object.entries(children)) {
        forEachSchema(child, visit, `${path}/${keyword}/${name}`);
      }
    }
  }
  for (const keyword of ['items', 'additionalProperties'] as const) {
    forEachSchema(schema[keyword] ?? false, visit, `${path}/${keyword}`);
  }
  for (const keyword of ['anyOf', 'prefixItems'] as const) {
    const members = schema[keyword];
    if (Array.isArray(members)) {
      (members as readonly JsonValue[]).forEach((member, index) => forEachSchema(member, visit, `${path}/${keyword}/${index}`));
    }
  }
}

/** Every problem found, as `path: what`; an empty list means the invariant holds. */
function problems(schema: JsonSchema, check: (node: JsonSchema) => readonly string[]): string[] {
  const found: string[] = [];
  forEachSchema(schema, (node, path) => found.push(...check(node).map((problem) => `${path}: ${problem}`)));
  return found;
}

const openAiKeywords = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', '$ref', '$defs',
  'description', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'minItems', 'maxItems',
]);
const openAiFormats = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
const boundKeywords = [
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems',
];
// https://ai.google.dev/api/caching#Schema: an OpenAPI 3.0 subset, with `enum` on strings only.
const geminiKeywords = new Set([
  'type', 'format', 'title', 'description', 'nullable', 'enum', 'items', 'minItems', 'maxItems', 'properties', 'required',
  'propertyOrdering', 'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'anyOf',
  'default', 'example',
]);
const geminiTypes = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

/** openai-strict: closed objects requiring every property, only supported keywords and formats, an object root. */
export function openAiStrictProblems(schema: JsonSchema): string[] {
  const found = problems(schema, (node) => {
    const issues = Object.keys(node).filter((keyword) => !openAiKeywords.has(keyword)).map((keyword) => `unsupported ${keyword}`);
    if (!['type', 'anyOf', '$ref', 'enum', 'const'].some((keyword) => keyword in node)) {
      issues.push('no type');
    }
    if (typeof node['format'] === 'string' && !openAiFormats.has(node['format'])) {
      issues.push(`unsupported format ${node['format']}`);
    }
    if (node['type'] === 'object' || node['properties'] !== undefined) {
      const names = Object.keys(isSchema(node['properties']) ? node['properties'] : {});
      const required = Array.isArray(node['required']) ? (node['required'] as readonly JsonValue[]) : [];
      issues.push(...names.filter((name) => !required.includes(name)).map((name) => `${name} not required`));
      if (node['additionalProperties'] !== false) {
        issues.push('not closed');
      }
    }
    return issues;
  });
  return schema['type'] === 'object' ? found : ['#: root is not an object', ...found];
}

/** anthropic: no `$ref`/`$defs`, no bounds, no tuples. */
export function anthropicProblems(schema: JsonSchema): string[] {
  return problems(schema, (node) =>
    ['$ref', '$defs', 'prefixItems', ...boundKeywords].filter((keyword) => keyword in node).map((keyword) => `has ${keyword}`),
  );
}

/** gemini: only keywords of its OpenAPI 3.0 subset, one type name (no null type, no type arrays), `enum` only of strings on a string. */
export function geminiProblems(schema: JsonSchema): string[] {
  return problems(schema, (node) => {
    const issues = Object.keys(node).filter((keyword) => !geminiKeywords.has(keyword)).map((keyword) => `has ${keyword}`);
    const type = node['type'];
    if (type !== undefined && !(typeof type === 'string' && geminiTypes.has(type))) {
      issues.push(`type ${JSON.stringify(type)}`);
    }
    if ('nullable' in node && node['nullable'] !== true) {
      issues.push(`nullable ${JSON.stringify(node['nullable'])}`);
    }
    const values = node['enum'];
    if (values !== undefined) {
      if (type !== 'string') {
        issues.push(`enum on type ${JSON.stringify(type ?? null)}`);
      }
      if (!Array.isArray(values) || !(values as readonly JsonValue[]).every((value) => typeof value === 'string')) {
        issues.push(`enum of ${JSON.stringify(values)}`);
      }
    }
    return issues;
  });
}

/**
 * Compiles a schema with ajv (2020-12). Ajv already knows OpenAPI's `nullable` (null allowed beside a `type`),
 * which is Gemini's meaning, so it is not added as a custom keyword.
 */
// ownProperties: a member named like a prototype's (toString) is judged only when the value has it
export const compile = cachedCompiler(() => new Ajv2020.default({ strict: false, validateFormats: false, allErrors: true, ownProperties: true }));

/**
 * What a host offering the openai-strict variant receives for a valid value: an absent optional member as null, a present
 * optional member that may be null wrapped as `{ "value": … }`.
 */
export function asStrict(schema: JsonValue, value: JsonValue, defs: JsonSchema): JsonValue {
  if (!isSchema(schema)) {
    return value;
  }
  if (!['type', 'anyOf', '$ref', 'enum', 'const'].some((keyword) => keyword in schema)) {
    return anyAsEntries(value);
  }
  if (isMap(schema) && isSchema(value)) {
    return asEntries(value, (item) => asStrict(schema['additionalProperties'] ?? true, item, defs));
  }
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    return asStrict(defs[ref.replace('#/$defs/', '')] ?? true, value, defs);
  }
  const members = schema['anyOf'];
  if (Array.isArray(members)) {
    // the member the value is (the first the canonical schema accepts it as), sent in that member's form
    const member = (members as readonly JsonValue[]).find((each) => isSchema(each) && each['type'] !== 'null' && memberAccepts(each, defs)(value));
    return member === undefined ? value : asStrict(member, value, defs);
  }
  if (Array.isArray(value)) {
    return (value as readonly JsonValue[]).map((item, index) => asStrict(elementSchema(schema, index), item, defs));
  }
  if (!isSchema(value)) {
    return value;
  }
  const properties = isSchema(schema['properties']) ? schema['properties'] : {};
  const required = Array.isArray(schema['required']) ? (schema['required'] as readonly JsonValue[]) : [];
  const mapped: Record<string, JsonValue> = {};
  for (const [name, property] of Object.entries(properties)) {
    const item = Object.hasOwn(value, name) ? value[name] : undefined;
    const strict = item === undefined ? null : asStrict(property, item, defs);
    mapped[name] = item !== undefined && !required.includes(name) && canBeNull(property, defs) ? { value: strict } : strict;
  }
  return mapped;
}

const memberValidators = new WeakMap<JsonSchema, (value: unknown) => boolean>();

/** Whether the canonical schema's union member (with the schema's defs) accepts a value. */
function memberAccepts(member: JsonSchema, defs: JsonSchema): (value: unknown) => boolean {
  let accepts = memberValidators.get(member);
  if (accepts === undefined) {
    accepts = compile({ ...member, $defs: defs });
    memberValidators.set(member, accepts);
  }
  return accepts;
}

/** An object schema with no named property and a schema for the other keys: a map, which variants send as entries. */
function isMap(schema: JsonSchema): boolean {
  const properties = isSchema(schema['properties']) ? schema['properties'] : {};
  return Object.keys(properties).length === 0 && schema['additionalProperties'] !== undefined && schema['additionalProperties'] !== false;
}

function asEntries(value: JsonSchema, each: (item: JsonValue) => JsonValue): JsonValue {
  return { entries: Object.entries(value).map(([key, item]) => ({ key, value: each(item) })) };
}

function anyAsEntries(value: JsonValue): JsonValue {
  if (Array.isArray(value)) {
    return (value as readonly JsonValue[]).map(anyAsEntries);
  }
  return isSchema(value) ? asEntries(value, anyAsEntries) : value;
}

/** What a valid value becomes in the gemini variant: each map sent as its entries (found through the canonical schema). */
export function asGemini(schema: JsonValue, value: JsonValue, defs: JsonSchema): JsonValue {
  if (!isSchema(schema)) {
    return value;
  }
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    return asGemini(defs[ref.replace('#/$defs/', '')] ?? true, value, defs);
  }
  const members = schema['anyOf'];
  if (Array.isArray(members)) {
    const member = (members as readonly JsonValue[]).find((each) => isSchema(each) && each['type'] !== 'null' && memberAccepts(each, defs)(value));
    return member === undefined ? value : asGemini(member, value, defs);
  }
  if (Array.isArray(value)) {
    return (value as readonly JsonValue[]).map((item, index) => asGemini(elementSchema(schema, index), item, defs));
  }
  if (!isSchema(value)) {
    return value;
  }
  if (isMap(schema)) {
    return asEntries(value, (item) => asGemini(schema['additionalProperties'] ?? true, item, defs));
  }
  const properties = isSchema(schema['properties']) ? schema['properties'] : {};
  const mapped: Record<string, JsonValue> = {};
  for (const [name, item] of Object.entries(value)) {
    mapped[name] = Object.hasOwn(properties, name) ? asGemini(properties[name] ?? true, item, defs) : item;
  }
  return mapped;
}

function canBeNull(schema: JsonValue, defs: JsonSchema, seen: ReadonlySet<string> = new Set()): boolean {
  if (!isSchema(schema)) {
    return schema === true;
  }
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const name = ref.replace('#/$defs/', '');
    return !seen.has(name) && canBeNull(defs[name] ?? false, defs, new Set([...seen, name]));
  }
  const members = schema['anyOf'];
  if (Array.isArray(members)) {
    return (members as readonly JsonValue[]).some((member) => canBeNull(member, defs, seen));
  }
  return schema['type'] === 'null' || (schema['type'] === undefined && schema['enum'] === undefined && schema['const'] === undefined);
}

function elementSchema(schema: JsonSchema, index: number): JsonValue {
  const prefix = schema['prefixItems'];
  const element = Array.isArray(prefix) ? (prefix as readonly JsonValue[])[index] : undefined;
  return element ?? schema['items'] ?? true;
}

/** Freezes a value and everything in it, so that any mutation throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) {
      deepFreeze(item);
    }
  }
  return value;
}
