import { createRequire } from 'node:module';
import type { JsonSchema, SchemaVariantName, ToolTokenCounts, ToolTokenVariant } from '@toolgen/runtime';
import { variantNames } from '../schema/variants/registry.js';

/** The encoding tools are counted with: OpenAI's GPT-4o, GPT-4.1, o-series and GPT-5 models'. */
export const tokenEncoding = 'o200k_base';

/** The schemas a tool is counted with, in the order its counts list them: each provider variant, then the canonical schema. */
export const tokenVariants: readonly ToolTokenVariant[] = [...variantNames, 'canonical'];

/** One value per schema a tool is counted with, keyed in `tokenVariants` order. */
export function perTokenVariant<T>(valueOf: (variant: ToolTokenVariant) => T): Record<ToolTokenVariant, T> {
  const values: Partial<Record<ToolTokenVariant, T>> = {};
  for (const variant of tokenVariants) {
    values[variant] = valueOf(variant);
  }
  return values as Record<ToolTokenVariant, T>;
}

/**
 * The tokenizer, loaded on the first count: its `o200k_base` ranks cost about 0.4 s and 70 MB to
 * load, which a run with no tool to count (`--version`, `toolgen mcp`, a project without toolsets,
 * one with syntax errors) need not pay. Its CommonJS build, so the load is synchronous.
 */
let tokenizer: ((text: string) => number) | undefined;

function countTokens(text: string): number {
  tokenizer ??= (createRequire(import.meta.url)('gpt-tokenizer/cjs/encoding/o200k_base') as typeof import('gpt-tokenizer/encoding/o200k_base')).countTokens;
  return tokenizer(text);
}

const byText = new Map<string, number>();
const bySchema = new WeakMap<JsonSchema, number>();

/** `o200k_base` tokens of `text`, cached by text (names, descriptions and schemas repeat across variants and runs). */
export function countTextTokens(text: string): number {
  let count = byText.get(text);
  if (count === undefined) {
    count = countTokens(text);
    byText.set(text, count);
  }
  return count;
}

/** Tokens of a schema's compact JSON, cached by schema object and by text. */
export function countSchemaTokens(schema: JsonSchema): number {
  let count = bySchema.get(schema);
  if (count === undefined) {
    count = countTextTokens(JSON.stringify(schema));
    bySchema.set(schema, count);
  }
  return count;
}

/** What a tool's counts are computed from. */
export interface CountedTool {
  readonly qualifiedName: string;
  readonly description: string;
  readonly parametersSchema: JsonSchema;
}

/**
 * A tool's cost in a tool list, per schema it can be offered with: the `o200k_base` tokens of
 * its qualified name, plus those of its description, plus those of the compact JSON of that
 * schema (`JSON.stringify`), each counted alone. See `ToolTokenCounts` for what it approximates.
 */
export function countToolTokens(tool: CountedTool, variants: Readonly<Record<SchemaVariantName, JsonSchema>>): ToolTokenCounts {
  const text = countTextTokens(tool.qualifiedName) + countTextTokens(tool.description);
  return perTokenVariant((variant) => text + countSchemaTokens(variant === 'canonical' ? tool.parametersSchema : variants[variant]));
}
