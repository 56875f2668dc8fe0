import type { JsonValue } from '@toolgen/runtime';
import * as generated from '@toolgen/runtime/generated';
import { enforcedFormat } from './enforcedFormats.js';
import type { Shape } from './shape.js';
import { plural } from '../diagnostics/plural.js';

/**
 * Why a JSON value does not fit a shape, in the validator's words (`must be at least 1`), or
 * undefined when it fits: for a default, which a schema must take itself (a model told "Defaults to
 * 50" beside "at most 10" is told two things). A named shape (`ref`) is taken as fitting; a format
 * is checked as the validator checks it (the runtime's own tests).
 */
export function shapeRefusal(shape: Shape, value: JsonValue): string | undefined {
  switch (shape.kind) {
    case 'any':
    case 'ref':
      return undefined;
    case 'string':
      return typeof value !== 'string' ? mustBe('a string', value) : stringRefusal(shape, value);
    case 'date':
      return formatRefusal(shape.format ?? 'date-time', value);
    case 'url':
      return formatRefusal('uri', value);
    case 'number':
      if (typeof value !== 'number') return mustBe(shape.integer ? 'an integer' : 'a number', value);
      if (shape.integer && !Number.isInteger(value)) return mustBe('an integer', value);
      if (shape.minimum !== undefined && value < shape.minimum) return `must be at least ${shape.minimum}`;
      if (shape.maximum !== undefined && value > shape.maximum) return `must be at most ${shape.maximum}`;
      if (shape.exclusiveMinimum !== undefined && value <= shape.exclusiveMinimum) return `must be greater than ${shape.exclusiveMinimum}`;
      if (shape.exclusiveMaximum !== undefined && value >= shape.exclusiveMaximum) return `must be less than ${shape.exclusiveMaximum}`;
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : mustBe('a boolean', value);
    case 'null':
      return value === null ? undefined : mustBe('null', value);
    case 'literal':
      return value === shape.value ? undefined : mustBe(JSON.stringify(shape.value), value);
    case 'enum':
      return shape.values.some((member) => member === value) ? undefined : mustBe(`one of ${shape.values.map((member) => JSON.stringify(member)).join(', ')}`, value);
    case 'array':
      if (!Array.isArray(value)) return mustBe('an array', value);
      if (shape.minItems !== undefined && value.length < shape.minItems) return `must have at least ${plural(shape.minItems, 'item')}`;
      if (shape.maxItems !== undefined && value.length > shape.maxItems) return `must have at most ${plural(shape.maxItems, 'item')}`;
      return firstOf(value.map((item, index) => inItem(index, shapeRefusal(shape.items, item))));
    case 'tuple': {
      if (!Array.isArray(value)) return mustBe('an array', value);
      if (value.length < shape.minItems || (shape.rest === null && value.length > shape.elements.length)) return `must have the tuple's ${shape.elements.length} items`;
      return firstOf(value.map((item, index) => inItem(index, shapeRefusal(shape.elements[index] ?? shape.rest!, item))));
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return mustBe('an object', value);
      const record = value as Readonly<Record<string, JsonValue>>;
      const missing = shape.properties.find((property) => !property.optional && !Object.hasOwn(record, property.name));
      if (missing !== undefined) return `needs the member "${missing.name}"`;
      return firstOf(
        Object.entries(record).map(([key, member]) => {
          const property = shape.properties.find((candidate) => candidate.name === key);
          const values = property?.shape ?? shape.additionalProperties;
          if (values === false) return `has the member "${key}", which is not allowed`;
          const refused = shapeRefusal(values, member);
          return refused === undefined ? undefined : `its "${key}" ${refused}`;
        }),
      );
    }
    case 'union': {
      const refusals = shape.members.map((member) => shapeRefusal(member, value));
      return refusals.includes(undefined) ? undefined : refusals.join(', or ');
    }
  }
}

function stringRefusal(shape: Extract<Shape, { kind: 'string' }>, value: string): string | undefined {
  const length = [...value].length;
  if (shape.minLength !== undefined && length < shape.minLength) return `must be at least ${plural(shape.minLength, 'character')} long`;
  if (shape.maxLength !== undefined && length > shape.maxLength) return `must be at most ${plural(shape.maxLength, 'character')} long`;
  if (shape.pattern !== undefined && !new RegExp(shape.pattern, 'u').test(value)) return `must match the pattern ${shape.pattern}`;
  return shape.format === undefined ? undefined : formatRefusal(shape.format, value);
}

/** A string the validator's format test refuses (`email`, `date-time`, …); any other format only describes. */
function formatRefusal(format: string, value: JsonValue): string | undefined {
  if (typeof value !== 'string') return mustBe('a string', value);
  const enforced = enforcedFormat(format);
  if (enforced === undefined) return undefined;
  const test = generated[enforced.test as keyof typeof generated] as unknown as (text: string) => boolean;
  return test(value) ? undefined : `must be ${enforced.phrase}`;
}

function mustBe(what: string, value: JsonValue): string {
  return `must be ${what}, not ${JSON.stringify(value)}`;
}

function inItem(index: number, refusal: string | undefined): string | undefined {
  return refusal === undefined ? undefined : `its item ${index} ${refusal}`;
}

function firstOf(refusals: readonly (string | undefined)[]): string | undefined {
  return refusals.find((refusal) => refusal !== undefined);
}
