import type { AIFunction, JsonSchema } from '../function/AIFunction.js';

// The keywords OpenAI's strict mode (Structured Outputs) accepts, as the generator's `openai-strict`
// variant keeps them (`$defs`, which `$ref` points into, only at the root).
const strictKeywords: ReadonlySet<string> = new Set([
  '$ref', 'type', 'const', 'enum', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems', 'anyOf',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'pattern', 'format', 'description',
]);
const strictFormats: ReadonlySet<string> = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

/**
 * The parameters to send OpenAI for `fn`, and whether they can go with `strict: true`. A generated
 * tool's `openai-strict` variant always can. A hand-written tool's schema (`tool()`), or an MCP
 * server's, may not be in strict form (an optional property, an open object, a keyword strict
 * mode refuses): OpenAI would refuse the whole request, so it is sent as it is, with `strict: false`,
 * and the tool's validator still checks every call.
 */
export function openAIParameters(fn: AIFunction): { readonly parameters: Record<string, unknown>; readonly strict: boolean } {
  const variant = fn.variants['openai-strict'];
  return { parameters: structuredClone(variant) as Record<string, unknown>, strict: isOpenAIStrictSchema(variant) };
}

/**
 * Whether OpenAI's strict mode takes `schema` as the parameters of a function tool: an object whose
 * objects are all closed and list every property as required, with only the keywords strict mode
 * accepts, and definitions (`$defs`) in the same form. Every generated `openai-strict` variant is.
 */
export function isOpenAIStrictSchema(schema: JsonSchema): boolean {
  if (typeof schema !== 'object' || schema === null || schema.type !== 'object') return false;
  const { $defs: defs, ...root } = schema as Readonly<Record<string, unknown>>;
  if (defs !== undefined && (typeof defs !== 'object' || defs === null || !Object.values(defs).every(isStrict))) return false;
  return isStrict(root);
}

/** Whether one schema, and each it holds, is in strict form: closed objects listing every property as required, strict keywords only. */
function isStrict(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false;
  const node = schema as Readonly<Record<string, unknown>>;
  for (const keyword of Object.keys(node)) if (!strictKeywords.has(keyword)) return false;
  if (node.format !== undefined && !strictFormats.has(node.format as string)) return false;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (node.type === undefined && node.$ref === undefined && node.anyOf === undefined && node.enum === undefined && node.const === undefined) return false;
  if (types.includes('object') || node.properties !== undefined) {
    const properties = node.properties ?? {};
    if (typeof properties !== 'object' || properties === null || node.additionalProperties !== false) return false;
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    if (!Object.keys(properties).every((key) => required.has(key)) || !Object.values(properties).every(isStrict)) return false;
  }
  if (node.items !== undefined && !isStrict(node.items)) return false;
  if (node.anyOf !== undefined && !(Array.isArray(node.anyOf) && node.anyOf.every(isStrict))) return false;
  return true;
}
