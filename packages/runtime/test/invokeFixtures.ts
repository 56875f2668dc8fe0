import type { ArgumentIssue, JsonSchema, ToolLogger, ToolMetadata } from '@toolgen/runtime';
import type { ArgumentRepair } from '../src/repair/repairArguments.js';
import type { ToolDefinition } from '@toolgen/runtime/generated';

// Hand-written pieces of validators, following the ArgumentValidator contract the generated ones follow.

type ScalarType = 'string' | 'number' | 'integer' | 'boolean';

/** Pushes an issue unless `value` has the JSON type `expected`; returns whether it has. */
export function checkScalar(value: unknown, pointer: string, expected: ScalarType, issues: ArgumentIssue[]): boolean {
  const fits =
    expected === 'integer'
      ? Number.isInteger(value)
      : expected === 'number'
        ? typeof value === 'number' && Number.isFinite(value)
        : typeof value === expected;
  if (!fits) issues.push({ pointer, message: `must be ${expected === 'integer' ? 'an' : 'a'} ${expected}; got ${JSON.stringify(value)}`, expected });
  return fits;
}

/** Pushes an issue for each member of `object` outside `known`. */
export function checkKnown(object: Readonly<Record<string, unknown>>, pointer: string, known: readonly string[], issues: ArgumentIssue[]): void {
  for (const key of Object.keys(object)) {
    if (!known.includes(key)) issues.push({ pointer: `${pointer}/${escapePointer(key)}`, message: 'is not a parameter of this tool; remove it' });
  }
}

/** Pushes an issue when `object` lacks `key`; returns whether it has it. */
export function checkRequired(object: Readonly<Record<string, unknown>>, pointer: string, key: string, issues: ArgumentIssue[]): boolean {
  const has = Object.hasOwn(object, key);
  if (!has) issues.push({ pointer, message: `must have the property "${key}"` });
  return has;
}

/** Pushes an issue unless `value` is a JSON object; returns whether it is. */
export function checkObject(value: unknown, pointer: string, issues: ArgumentIssue[]): value is Readonly<Record<string, unknown>> {
  const fits = typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!fits) issues.push({ pointer, message: `must be an object; got ${JSON.stringify(value)}`, expected: 'object' });
  return fits;
}

export function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

export const emptySchema: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };

export const plainMetadata: ToolMetadata = {
  readOnly: true,
  approval: 'default',
  networkScope: 'none',
  confidentiality: 'any',
  workspacePaths: [],
  settings: null,
};

/** A tool definition with harmless defaults: no parameters, a validator that accepts any object. */
export function probeDefinition(overrides: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name: 'probe',
    qualifiedName: 'test__probe',
    description: 'A tool for tests.',
    parameters: emptySchema,
    variants: { 'openai-strict': emptySchema, anthropic: emptySchema, gemini: emptySchema },
    losses: [],
    returns: null,
    metadata: plainMetadata,
    validate: (input) => ({ ...(input as Record<string, unknown>) }),
    normalizeStrict: (input) => input,
    result: 'value',
    call: () => undefined,
    ...overrides,
  };
}

/** A logger that records what it receives. */
export function recordingLogger(): ToolLogger & { errors: [string, unknown][]; warnings: [string, unknown][] } {
  const errors: [string, unknown][] = [];
  const warnings: [string, unknown][] = [];
  return {
    errors,
    warnings,
    error: (message, error) => void errors.push([message, error]),
    warn: (message, detail) => void warnings.push([message, detail]),
  };
}

/** Collects the repairs `invoke` reports through `onRepair`. */
export function repairRecorder(): { repairs: ArgumentRepair[]; onRepair: (repair: ArgumentRepair) => void } {
  const repairs: ArgumentRepair[] = [];
  return { repairs, onRepair: (repair) => void repairs.push(repair) };
}

/** The rejection of `promise`, or a test failure when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject, but it resolved');
}
