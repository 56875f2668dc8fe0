import type { ArgumentIssue } from '../errors/ToolFailure.js';
import type { ToolArguments } from '../toolset/ToolServices.js';
import type { ArgumentValidator } from './ToolDefinition.js';

/**
 * The outcome of checking the model's arguments: the arguments as the method receives them, or
 * every issue. `cause` is what the validator threw when it could not read the arguments at all
 * (a getter or proxy of a host's object that throws): for the host's log, never for the model.
 */
export type ArgumentValidation =
  | { readonly ok: true; readonly input: ToolArguments; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly issues: readonly ArgumentIssue[]; readonly cause?: unknown };

/**
 * Checks that `input` is a plain object, then runs the generated validator on it. Never throws:
 * JSON cannot make a generated validator throw (it reports nesting beyond `argumentLimits.maxDepth`
 * as an issue), and whatever a hand-written validator or a host's exotic object throws becomes
 * one issue at the arguments, with the error as `cause`.
 */
export function validateArguments(validate: ArgumentValidator, input: unknown): ArgumentValidation {
  try {
    if (!isPlainObject(input)) {
      return { ok: false, issues: [{ pointer: '', message: `must be an object with the tool's arguments; got ${describeKind(input)}`, expected: 'object' }] };
    }
    const issues: ArgumentIssue[] = [];
    const value = validate(input, issues);
    return issues.length === 0 ? { ok: true, input, value } : { ok: false, issues };
  } catch (error) {
    return { ok: false, issues: [{ pointer: '', message: 'must be plain JSON data; got a value the validator could not read' }], cause: error };
  }
}

/** An object literal or `JSON.parse` result: no array, no class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The kind of `value` in words, for messages: `null`, `an array`, `a string`, `nothing`. */
export function describeKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'undefined':
      return 'nothing';
    case 'string':
      return 'a string';
    case 'object':
      return 'a non-plain object';
    default:
      return `a ${typeof value}`;
  }
}
