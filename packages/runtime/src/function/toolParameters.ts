import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ToolParameters } from './AIFunction.js';
import type { ToolDefinition } from './ToolDefinition.js';
import { pointerToPath } from './jsonPointer.js';
import { jsonSchemaForTarget } from './jsonSchemaForTarget.js';
import { validateAndRemember } from './validateArguments.js';

/**
 * A tool's `parameters`: the canonical JSON Schema, and Standard Schema (`~standard`, vendor
 * `toolgen`) backed by the generated validator, with JSON Schema for `draft-2020-12` and `draft-07`.
 * `validate` returns the arguments as the method receives them (`Date`s, `URL`s), and `invoke`
 * takes that very value without validating it again.
 */
export function createToolParameters(definition: Pick<ToolDefinition, 'parameters' | 'validate'>): ToolParameters {
  const schema = definition.parameters;
  return {
    jsonSchema: schema,
    '~standard': {
      version: 1,
      vendor: 'toolgen',
      validate(value: unknown): StandardSchemaV1.Result<Readonly<Record<string, unknown>>> {
        // remembered: when an SDK hands this value to `invoke`, it is not validated again
        const outcome = validateAndRemember(definition.validate, value);
        if (outcome.ok) return { value: outcome.value };
        return { issues: outcome.issues.map((issue) => ({ message: issue.message, path: pointerToPath(issue.pointer, value) })) };
      },
      jsonSchema: {
        input: ({ target }) => jsonSchemaForTarget(schema, target),
        output: ({ target }) => jsonSchemaForTarget(schema, target),
      },
    },
  };
}
