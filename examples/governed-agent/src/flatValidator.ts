import type { ArgumentIssue } from '@toolgen/runtime';
import type { ArgumentValidator } from '@toolgen/runtime/generated';

/** The JSON types the flat example tools use. */
export type FlatType = 'string' | 'integer' | 'boolean';

/**
 * A hand-written validator for tools whose parameters are flat scalars, following the
 * `ArgumentValidator` contract that generated validators follow: every problem at once, each
 * with a JSON Pointer and an instruction.
 */
export function flatValidator(properties: Readonly<Record<string, FlatType>>, required: readonly string[]): ArgumentValidator {
  return (input, issues: ArgumentIssue[]) => {
    const args = input as Record<string, unknown>;
    for (const key of Object.keys(args)) {
      if (!Object.hasOwn(properties, key)) issues.push({ pointer: `/${key}`, message: 'is not a parameter of this tool; remove it' });
    }
    for (const key of required) {
      if (!Object.hasOwn(args, key)) issues.push({ pointer: '', message: `must have the property "${key}"` });
    }
    for (const [key, type] of Object.entries(properties)) {
      if (!Object.hasOwn(args, key)) continue;
      const fits = type === 'integer' ? Number.isInteger(args[key]) : typeof args[key] === type;
      if (!fits) issues.push({ pointer: `/${key}`, message: `must be a${type === 'integer' ? 'n' : ''} ${type}; got ${JSON.stringify(args[key])}`, expected: type });
    }
    return { ...args };
  };
}
