import type { JsonSchema, JsonValue } from '@toolgen/runtime';
import Ajv2020 from 'ajv/dist/2020.js';

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
const geminiForbidden = ['$ref', '$defs', 'const', 'prefixItems', 'exclusiveMinimum', 'exclusiveMaximum', 'additionalProperties'];

/** openai-strict: closed objects requiring every property, only supported keywords and formats, an object root. */
export function openAiStrictProblems(schema: JsonSchema): string[] {
  const found = problems(schema, (node) => {
    const issues = Object.keys(node).filter((keyword) => !openAiKeywords.has(keyword)).map((keyword) => `unsupported ${keyword}`);
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

/** gemini: none of the keywords outside its OpenAPI 3.0 subset. */
export function geminiProblems(schema: JsonSchema): string[] {
  return problems(schema, (node) => geminiForbidden.filter((keyword) => keyword in node).map((keyword) => `has ${keyword}`));
}

/**
 * Compiles a schema with ajv (2020-12). Ajv already knows OpenAPI's `nullable` (null allowed beside a `type`),
 * which is Gemini's meaning, so it is not added as a custom keyword.
 */
export function compile(schema: JsonSchema): (value: unknown) => boolean {
  const ajv = new Ajv2020.default({ strict: false, validateFormats: false, allErrors: true });
  const validate = ajv.compile(schema);
  return (value) => validate(value);
}

/** Sends absent optional members as null, as a host offering the openai-strict variant receives them. */
export function absentAsNull(schema: JsonValue, value: JsonValue, defs: JsonSchema): JsonValue {
  if (!isSchema(schema)) {
    return value;
  }
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    return absentAsNull(defs[ref.replace('#/$defs/', '')] ?? true, value, defs);
  }
  if (Array.isArray(value)) {
    return (value as readonly JsonValue[]).map((item, index) => absentAsNull(elementSchema(schema, index), item, defs));
  }
  if (!isSchema(value)) {
    return value;
  }
  const members = schema['anyOf'];
  if (Array.isArray(members)) {
    const objects = (members as readonly JsonValue[]).filter((member) => isSchema(member) && member['type'] !== 'null');
    return objects.length === 1 ? absentAsNull(objects[0] ?? true, value, defs) : value;
  }
  const properties = isSchema(schema['properties']) ? schema['properties'] : {};
  const mapped: Record<string, JsonValue> = {};
  for (const [name, property] of Object.entries(properties)) {
    const item = value[name];
    mapped[name] = item === undefined ? null : absentAsNull(property, item, defs);
  }
  return mapped;
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
