import type { StandardSchemaV1 } from '@standard-schema/spec';
import { argumentLimits, moreIssues } from '../errors/ToolFailure.js';
import type { ToolParameters } from './AIFunction.js';
import type { ToolDefinition } from './ToolDefinition.js';
import { parseJsonPointer, pointerToPath } from './jsonPointer.js';
import { jsonSchemaForTarget } from './jsonSchemaForTarget.js';
import { validateArguments } from './validateArguments.js';

/**
 * A tool's `parameters`: the canonical JSON Schema, and Standard Schema (`~standard`, vendor
 * `toolgen`) backed by the generated validator, with JSON Schema for `draft-2020-12` and `draft-07`.
 * `validate` returns the arguments as the method receives them (`Date`s, `URL`s), the value the
 * tool's `run` takes. It never throws, and returns at most
 * `argumentLimits.maxIssues` issues, then one saying how many more there were.
 */
export function createToolParameters(definition: Pick<ToolDefinition<never>, 'parameters' | 'validate'>): ToolParameters {
  const schema = definition.parameters;
  return {
    jsonSchema: schema,
    '~standard': {
      version: 1,
      vendor: 'toolgen',
      validate(value: unknown): StandardSchemaV1.Result<Readonly<Record<string, unknown>>> {
        const outcome = validateArguments(definition.validate, value);
        if (outcome.ok) return { value: outcome.value };
        const shown: StandardSchemaV1.Issue[] = outcome.issues
          .slice(0, argumentLimits.maxIssues)
          .map((issue) => ({ message: issue.message, path: pathOf(issue.pointer, value) }));
        if (outcome.issues.length > shown.length) shown.push({ message: moreIssues(outcome.issues.length - shown.length) });
        return { issues: shown };
      },
      jsonSchema: {
        input: ({ target }) => jsonSchemaForTarget(schema, target),
        output: ({ target }) => jsonSchemaForTarget(schema, target),
      },
    },
  };
}

/** The Standard Schema path of an issue; its tokens as strings where reading `value` throws (a host's getter or proxy). */
function pathOf(pointer: string, value: unknown): PropertyKey[] {
  try {
    return pointerToPath(pointer, value);
  } catch {
    return parseJsonPointer(pointer) ?? [pointer];
  }
}
