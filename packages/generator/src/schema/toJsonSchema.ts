import type { JsonSchema, JsonValue } from '@toolgen/runtime';
import type { Annotations, Shape, ShapeDocument } from './shape.js';

type MutableSchema = { [keyword: string]: JsonValue };

/** Where `$ref`s point: `#/$defs/<name>`. */
export const defsPointer = '#/$defs/';

/**
 * Prints a shape document as the canonical JSON Schema (2020-12): objects closed with
 * `additionalProperties: false`, nullable as `anyOf` with `{ "type": "null" }`, named shapes
 * under a root `$defs`. Keys come out in a fixed order, so equal documents print identically.
 */
export function toJsonSchema(document: ShapeDocument): JsonSchema {
  const root = printShape(document.root);
  const names = Object.keys(document.defs).sort();
  if (names.length === 0) {
    return root;
  }
  const defs: MutableSchema = {};
  for (const name of names) {
    // a type may be named __proto__ or constructor: its def must stay a def, not become a prototype
    Object.defineProperty(defs, name, { value: printShape(document.defs[name]!), enumerable: true, writable: true, configurable: true });
  }
  return { ...root, $defs: defs };
}

/** Prints one shape; `ref` shapes become `$ref`s into the root `$defs`. */
export function printShape(shape: Shape): MutableSchema {
  const schema = printKind(shape);
  return withAnnotations(schema, shape);
}

function printKind(shape: Shape): MutableSchema {
  switch (shape.kind) {
    case 'any':
      return {};
    case 'string':
      return pick({ type: 'string' }, shape, ['minLength', 'maxLength', 'pattern', 'format']);
    case 'number':
      return pick({ type: shape.integer ? 'integer' : 'number' }, shape, [
        'minimum',
        'maximum',
        'exclusiveMinimum',
        'exclusiveMaximum',
      ]);
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'literal':
      return { type: typeof shape.value as 'string' | 'number' | 'boolean', const: shape.value };
    case 'enum':
      return { ...enumType(shape.values), enum: [...shape.values] };
    case 'date':
      return { type: 'string', format: shape.format ?? 'date-time' };
    case 'url':
      return { type: 'string', format: 'uri' };
    case 'array':
      return pick({ type: 'array', items: printShape(shape.items) }, shape, ['minItems', 'maxItems']);
    case 'tuple': {
      // prefixItems holds one schema at least (2020-12's meta-schema): the empty tuple is the array of no items
      if (shape.elements.length === 0 && shape.rest === null) {
        return { type: 'array', maxItems: 0 };
      }
      const schema: MutableSchema = {
        type: 'array',
        prefixItems: shape.elements.map(printShape),
        items: shape.rest === null ? false : printShape(shape.rest),
      };
      if (shape.minItems > 0) {
        schema['minItems'] = shape.minItems;
      }
      if (shape.rest === null) {
        schema['maxItems'] = shape.elements.length;
      }
      return schema;
    }
    case 'object': {
      const properties: MutableSchema = {};
      for (const property of shape.properties) {
        // defineProperty: a member named __proto__ must stay a member, not become the prototype
        Object.defineProperty(properties, property.name, { value: printShape(property.shape), enumerable: true, writable: true, configurable: true });
      }
      return {
        type: 'object',
        properties,
        required: shape.properties.filter((p) => !p.optional).map((p) => p.name),
        additionalProperties: shape.additionalProperties === false ? false : printShape(shape.additionalProperties),
        ...(shape.keyPattern === undefined ? {} : { propertyNames: { pattern: shape.keyPattern } }),
      };
    }
    case 'union':
      return { anyOf: shape.members.map(printShape) };
    case 'ref':
      return { $ref: `${defsPointer}${shape.name}` };
  }
}

function enumType(values: readonly (string | number)[]): MutableSchema {
  const types = new Set(values.map((value) => typeof value));
  if (types.size !== 1) {
    return {};
  }
  return { type: types.has('string') ? 'string' : 'number' };
}

function pick<T extends object>(schema: MutableSchema, shape: T, keywords: readonly (keyof T & string)[]): MutableSchema {
  for (const keyword of keywords) {
    const value = shape[keyword];
    if (value !== undefined) {
      schema[keyword] = value as JsonValue;
    }
  }
  return schema;
}

function withAnnotations(schema: MutableSchema, annotations: Annotations): MutableSchema {
  if (annotations.description !== undefined) {
    schema['description'] = annotations.description;
  }
  if (annotations.default !== undefined) {
    schema['default'] = annotations.default;
  }
  if (annotations.examples !== undefined) {
    schema['examples'] = [...annotations.examples];
  }
  if (annotations.deprecated === true) {
    schema['deprecated'] = true;
  }
  return schema;
}
