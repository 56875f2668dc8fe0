import type { JsonType } from './ShapeFacts.js';
import { helper } from './helperUses.js';
import { quote } from './literals.js';

/** `value` has JSON type `type` (a finite-number check comes separately). */
export function isType(type: JsonType, value: string): string {
  switch (type) {
    case 'null':
      return `${value} === null`;
    case 'array':
      return `Array.isArray(${value})`;
    case 'object':
      return `typeof ${value} === 'object' && ${value} !== null && !Array.isArray(${value})`;
    default:
      return `typeof ${value} === '${type}'`;
  }
}

/** `value` does not have JSON type `type`. */
export function isNotType(type: JsonType, value: string): string {
  switch (type) {
    case 'null':
      return `${value} !== null`;
    case 'array':
      return `!Array.isArray(${value})`;
    case 'object':
      return `typeof ${value} !== 'object' || ${value} === null || Array.isArray(${value})`;
    default:
      return `typeof ${value} !== '${type}'`;
  }
}

// Names an object inherits from Object.prototype: reading them needs an own-property check.
const inheritedNames: ReadonlySet<string> = new Set([
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
]);

/** Reads own property `name` of `record`; `undefined` when absent. */
export function readProperty(record: string, name: string): string {
  const access = `${record}[${quote(name)}]`;
  return inheritedNames.has(name) ? `${helper('__toolgenHasOwn')}.call(${record}, ${quote(name)}) ? ${access} : undefined` : access;
}

const reservedNames: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Writes `value` as property `name` of the fresh object `target`: a reserved name as an own data property, never by assignment. */
export function writeProperty(target: string, name: string, value: string): string {
  return reservedNames.has(name) ? `${helper('__toolgenDefine')}(${target}, ${quote(name)}, ${value});` : `${target}[${quote(name)}] = ${value};`;
}

/** A test that `key` is not one of `names`: inline comparisons for a few, else `set` (a hoisted Set). */
export function isNoneOf(key: string, names: readonly string[], hoistSet: () => string): string {
  if (names.length <= 6) {
    return names.map((name) => `${key} !== ${quote(name)}`).join(' && ');
  }
  return `!${hoistSet()}.has(${key})`;
}

/** A test that `key` is one of `names`: inline comparisons for a few, else `set` (a hoisted Set). */
export function isOneOf(key: string, names: readonly string[], hoistSet: () => string): string {
  if (names.length <= 6) {
    return names.map((name) => `${key} === ${quote(name)}`).join(' || ');
  }
  return `${hoistSet()}.has(${key})`;
}

/** The literal of a JSON scalar in code. */
export function scalarLiteral(value: string | number | boolean): string {
  return typeof value === 'string' ? quote(value) : String(value);
}
