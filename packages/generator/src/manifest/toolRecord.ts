import type { JsonSchema, SchemaLoss, SchemaVariantName, ToolMetadata, ToolTokenCounts } from '@toolgen/runtime';
import { indexToolForSearch, type ToolSearchTerms } from '@toolgen/runtime/search';
import type { ToolModel } from '../analysis/model.js';
import { countToolTokens } from '../budget/countTokens.js';
import { deriveProviderVariants } from '../schema/variants.js';

/**
 * What the outputs say of one tool beyond its model, computed once: the module declares
 * `metadata` as the tool's `ToolMetadata`, and the manifest's entry is made of the same values
 * (governance, flags, token counts), with the provider variants and their losses.
 */
export interface ToolRecord {
  readonly tool: ToolModel;
  readonly metadata: ToolMetadata & { readonly tokens: ToolTokenCounts; readonly search: ToolSearchTerms };
  readonly variants: Readonly<Record<SchemaVariantName, JsonSchema>>;
  readonly losses: readonly SchemaLoss[];
}

/** The record of one tool. Its metadata's keys are in the order the module prints them. */
export function toolRecord(tool: ToolModel): ToolRecord {
  const { variants, losses } = deriveProviderVariants(tool.parametersSchema);
  return {
    tool,
    variants,
    losses,
    metadata: {
      readOnly: tool.readOnly,
      approval: tool.approval,
      networkScope: tool.networkScope,
      confidentiality: tool.confidentiality,
      workspacePaths: tool.workspacePaths,
      settings: tool.settings === null ? null : { schema: tool.settings.schema, configurable: [...tool.settings.configurable] },
      ...(tool.deprecated ? { deprecated: true } : {}),
      ...(tool.content ? { content: true } : {}),
      ...(tool.resultOptional ? { optionalResult: true } : {}),
      ...tool.stated,
      ...(tool.parameters.some((parameter) => parameter.kind === 'services') ? { injectsServices: true } : {}),
      tokens: countToolTokens(tool, variants),
      search: indexToolForSearch({ qualifiedName: tool.qualifiedName, description: tool.description, parameters: tool.parametersSchema }),
    },
  };
}

/** Records by tool model, each computed at its first use: a model is new when its tool changed. */
export class ToolRecords {
  readonly #records = new WeakMap<ToolModel, ToolRecord>();

  readonly of = (tool: ToolModel): ToolRecord => {
    let record = this.#records.get(tool);
    if (record === undefined) {
      record = toolRecord(tool);
      this.#records.set(tool, record);
    }
    return record;
  };
}
