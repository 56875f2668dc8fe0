import { ToolArgumentError, type ArgumentIssue } from '../errors/ToolFailure.js';
import type { ArgumentValidator } from '../function/ToolDefinition.js';
import { childAt, parseJsonPointer } from '../function/jsonPointer.js';
import { isPlainObject } from '../function/validateArguments.js';
import { jsonTextAmbiguity, sameDecimal } from './jsonTextAmbiguity.js';

/** What the lenient step repaired. */
export type ArgumentRepairKind =
  | 'parsed-json-string'
  | 'stripped-code-fence'
  | 'string-to-number'
  | 'string-to-integer'
  | 'string-to-boolean';

/** One repair of the model's arguments, reported to the host. */
export interface ArgumentRepair {
  /** JSON Pointer to the repaired value; `''` is the arguments themselves. */
  readonly pointer: string;
  readonly kind: ArgumentRepairKind;
  /** The value the model sent. */
  readonly from: unknown;
  /** The value the repair put in its place. */
  readonly to: unknown;
}

/** The repaired arguments (not yet validated) and each repair, in the order made. */
export interface ArgumentRepairResult {
  readonly value: unknown;
  readonly repairs: readonly ArgumentRepair[];
}

const codeFence = /^```[\w-]*[^\S\n]*\n?([\s\S]*?)\n?[^\S\n]*```$/;
const jsonNumber = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/**
 * The opt-in lenient step: repairs what models commonly get wrong, before validation.
 *
 * - the whole arguments sent as a JSON string (of an object) → parsed;
 * - markdown fences (```` ```json … ``` ```` or ```` ``` … ``` ````) around that JSON → stripped, then parsed;
 * - a string where the validator expects a `number`, `integer` or `boolean` (its issue's
 *   `expected`) and the string cleanly converts (`" 10 "`, `"-1.5"`, `"1e3"`; `"TRUE"`) → converted.
 *
 * Nothing else is repaired, and nothing is guessed: a JSON string that gives a key twice, or holds
 * a number no double holds exactly (`9007199254740993`, `1e-400`), and a string that would convert
 * to such a number, are refused with a `ToolArgumentError` at that value, since `JSON.parse` and
 * `Number` would pick one reading silently. `raw` is never mutated: repairs are made in copies. The
 * result still has to be validated.
 *
 * @throws {ToolArgumentError} for an ambiguous value the step would otherwise have repaired.
 */
export function repairArguments(raw: unknown, validate: ArgumentValidator): ArgumentRepairResult {
  const repairs: ArgumentRepair[] = [];
  let value = typeof raw === 'string' ? parseArgumentString(raw, repairs) : raw;
  if (!isPlainObject(value)) return { value, repairs };

  const issues: ArgumentIssue[] = [];
  validate(value, issues);
  const copied = new WeakSet<object>();
  const repaired = new Set<string>();
  for (const issue of issues) {
    if (repaired.has(issue.pointer)) continue;
    const tokens = parseJsonPointer(issue.pointer);
    if (tokens === undefined || tokens.length === 0) continue;
    const current = valueAt(value, tokens);
    if (typeof current !== 'string') continue;
    const conversion = convertScalar(current, issue.expected);
    if (conversion === undefined) continue;
    if (typeof conversion.to === 'number' && !sameDecimal(current, conversion.to)) {
      throw new ToolArgumentError([{ pointer: issue.pointer, message: `must be a number a double holds exactly; got "${current.length > 40 ? `${current.slice(0, 40)}…` : current}", which would run as ${String(conversion.to)}` }]);
    }
    value = replaceAt(value, tokens, conversion.to, copied);
    repaired.add(issue.pointer);
    repairs.push({ pointer: issue.pointer, kind: conversion.kind, from: current, to: conversion.to });
  }
  return { value, repairs };
}

function parseArgumentString(raw: string, repairs: ArgumentRepair[]): unknown {
  const trimmed = raw.trim();
  const fenced = codeFence.exec(trimmed)?.[1];
  const json = fenced ?? trimmed;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return raw;
  }
  if (!isPlainObject(parsed)) return raw;
  const ambiguity = jsonTextAmbiguity(json);
  if (ambiguity !== undefined) throw new ToolArgumentError([ambiguity]);
  if (fenced !== undefined) repairs.push({ pointer: '', kind: 'stripped-code-fence', from: raw, to: fenced });
  repairs.push({ pointer: '', kind: 'parsed-json-string', from: fenced ?? raw, to: parsed });
  return parsed;
}

function convertScalar(text: string, expected: ArgumentIssue['expected']): { kind: ArgumentRepairKind; to: number | boolean } | undefined {
  const trimmed = text.trim();
  switch (expected) {
    case 'number': {
      const number = jsonNumber.test(trimmed) ? Number(trimmed) : Number.NaN;
      return Number.isFinite(number) ? { kind: 'string-to-number', to: number } : undefined;
    }
    case 'integer': {
      const number = jsonNumber.test(trimmed) ? Number(trimmed) : Number.NaN;
      return Number.isSafeInteger(number) ? { kind: 'string-to-integer', to: number } : undefined;
    }
    case 'boolean': {
      const lower = trimmed.toLowerCase();
      return lower === 'true' || lower === 'false' ? { kind: 'string-to-boolean', to: lower === 'true' } : undefined;
    }
    default:
      return undefined;
  }
}

function valueAt(root: unknown, tokens: readonly string[]): unknown {
  let current = root;
  for (const token of tokens) {
    const child = childAt(current, token);
    if (!child.found) return undefined;
    current = child.value;
  }
  return current;
}

/** A copy of `root` with the value at `tokens` replaced; containers on the way are copied once. */
function replaceAt(root: unknown, tokens: readonly string[], replacement: unknown, copied: WeakSet<object>): unknown {
  const [token, ...rest] = tokens;
  if (token === undefined) return replacement;
  const child = childAt(root, token);
  if (!child.found || typeof root !== 'object' || root === null) return root;
  const container = copied.has(root) ? root : Array.isArray(root) ? [...(root as readonly unknown[])] : { ...root };
  copied.add(container);
  const value = replaceAt(child.value, rest, replacement, copied);
  if (Array.isArray(container)) container[Number(token)] = value;
  else Object.defineProperty(container, token, { value, enumerable: true, writable: true, configurable: true });
  return container;
}
