import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ProjectConfigurationError } from '../host/Project.js';
import type { DiagnosticLocation } from '../diagnostics/Diagnostic.js';

/** A token budget and where it was set: the `"toolgen": { "tokenBudget": n }` of a package.json, or `--token-budget`. */
export interface TokenBudget {
  readonly tokens: number;
  /** Where TSH040 points: the `tokenBudget` key of the package.json, or the tsconfig's start for the flag. */
  readonly location: DiagnosticLocation;
}

/**
 * The project's token budget: `flag` (from `--token-budget`) when given, else `toolgen.tokenBudget`
 * of the package.json beside the tsconfig, else none. Throws `ProjectConfigurationError` for a
 * value that is not a positive integer.
 */
export function readTokenBudget(tsconfigPath: string, flag: number | undefined): TokenBudget | undefined {
  if (flag !== undefined) {
    return { tokens: flag, location: { file: tsconfigPath, line: 1, column: 1, start: 0, end: 0 } };
  }
  const file = path.join(path.dirname(tsconfigPath), 'package.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const config = typeof parsed === 'object' && parsed !== null ? (parsed as { readonly toolgen?: unknown }).toolgen : undefined;
  if (typeof config !== 'object' || config === null || !Object.hasOwn(config, 'tokenBudget')) {
    return undefined;
  }
  const value = (config as { readonly tokenBudget?: unknown }).tokenBudget;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new ProjectConfigurationError(`"toolgen.tokenBudget" in ${file} must be a positive whole number of tokens, not ${JSON.stringify(value)}.`);
  }
  const start = Math.max(0, text.indexOf('"tokenBudget"'));
  const before = text.slice(0, start).split('\n');
  return { tokens: value, location: { file, line: before.length, column: before.at(-1)!.length + 1, start, end: start + '"tokenBudget"'.length } };
}

/** Parses `--token-budget`: a positive whole number, or undefined for a bad value. */
export function parseTokenBudgetFlag(value: string): number | undefined {
  const tokens = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(tokens) && tokens > 0 ? tokens : undefined;
}
