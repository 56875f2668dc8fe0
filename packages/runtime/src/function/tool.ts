import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import type { ArgumentIssue } from '../errors/ToolFailure.js';
import { confidentialities, networkScopes, type Confidentiality, type NetworkScope, type WorkspacePathAccess } from '../governance.js';
import { ToolNaming } from '../naming/ToolNaming.js';
import type { ToolArguments, ToolServices } from '../toolset/ToolServices.js';
import type { AIFunction, AsJson, JsonSchema, ToolMetadata, WorkspacePathMetadata } from './AIFunction.js';
import { defineTool } from './defineTool.js';
import { pointerOfPath } from './jsonPointer.js';
import type { ArgumentValidator } from './ToolDefinition.js';

/**
 * What a hand-written tool's arguments are checked with: a Standard Schema that can also give its
 * JSON Schema (zod 4, valibot with `toStandardJsonSchema`, arktype), or a JSON Schema with a
 * validator of your own that answers as Standard Schema's `validate` does.
 */
export type ToolInputSchema<Args> =
  | (StandardSchemaV1<unknown, Args> & StandardJSONSchemaV1<unknown, Args>)
  | { readonly jsonSchema: JsonSchema; readonly validate: (input: unknown) => StandardSchemaV1.Result<Args> };

/** What `execute` receives besides its arguments. */
export interface ToolExecutionContext {
  /** The host's services, from the invoke context (`{}` when it passed none). */
  readonly services: ToolServices;
  /** Aborted when the caller gives up; pass it on to what the tool awaits. */
  readonly signal: AbortSignal;
  /** The arguments as the model sent them, before validation. */
  readonly arguments: ToolArguments;
}

/** A hand-written tool: what `tool()` takes. Governance is stated as a toolset's builder calls state it. */
export interface ToolOptions<Args, Result, Name extends string> {
  /** The owner segment of the qualified name, as a toolset's (`knowledge` → `knowledge__remember_fact`). */
  readonly owner: string;
  /** The tool name the model sees: lower_snake_case. */
  readonly name: Name;
  /** What the tool does, for the model. */
  readonly description: string;
  readonly input: ToolInputSchema<Args>;
  /** Runs the tool with the validated arguments. A `ToolFailure` reaches the model; any other error is reported opaquely. */
  readonly execute: (args: NonNullable<Args>, context: ToolExecutionContext) => Result | Promise<Result>;
  /** As `readOnly()`: the tool changes nothing. */
  readonly readOnly?: boolean;
  /** As `requiresApproval()`: a person approves each call before it runs. */
  readonly requiresApproval?: boolean;
  /** As `networkScope(...)`: `none` unless given. */
  readonly networkScope?: NetworkScope;
  /** As `confidentiality(...)`: `any` unless given. */
  readonly confidentiality?: Confidentiality;
  /** As `idempotent()`. */
  readonly idempotent?: boolean;
  /** As `additive()`: the tool's writes only add. */
  readonly additive?: boolean;
  /** As `withTitle(...)`: a display title for people. */
  readonly title?: string;
  /**
   * As `workspacePath(...)`: string parameters that are paths inside the run's workspace, checked
   * for containment before the tool runs (`access` `read` unless given).
   */
  readonly workspacePaths?: readonly { readonly parameter: string; readonly access?: WorkspacePathAccess }[];
}

/**
 * A hand-written tool as an `AIFunction`, governed like a generated one: the catalogue, policies,
 * approval and every adapter treat it the same. Its qualified name is `owner__name`.
 *
 * ```ts
 * const recallFacts = tool({
 *   owner: 'knowledge',
 *   name: 'recall_facts',
 *   description: 'Lists remembered facts that contain a word.',
 *   input: z.object({ word: z.string().describe('A word the fact contains.') }),
 *   readOnly: true,
 *   execute: ({ word }) => facts.filter((fact) => fact.includes(word)),
 * });
 * ```
 *
 * @throws {TypeError} when the name is not lower_snake_case, the owner not a name segment, a
 *   governance option of the wrong kind or value, the input schema not an object's,
 *   `input` is neither a Standard Schema with JSON Schema nor `{ jsonSchema, validate }`, or a
 *   workspace path names no string property of the schema.
 */
// (Args is NonNullable: a validator written as `(input) => ok ? { value } : { issues }` has its return type
// widened by TypeScript to `{ value; issues?: undefined } | { issues; value?: undefined }`, and arguments are an object)
export function tool<Args, Result, Name extends string>(options: ToolOptions<Args, Result, Name>): AIFunction<NonNullable<Args>, AsJson<Awaited<Result>>, Name> {
  const { owner, name, description, input, execute } = options;
  if (typeof name !== 'string' || !ToolNaming.isSnakeCaseName(name)) {
    throw new TypeError(`tool(): the name ${JSON.stringify(name)} is not lower_snake_case; name the tool ${JSON.stringify(ToolNaming.suggestSnakeCase(String(name)))}.`);
  }
  const normalOwner = typeof owner === 'string' ? ToolNaming.normalize(owner) : '';
  if (owner !== normalOwner || !/[a-z0-9]/.test(normalOwner)) {
    const fix = /[a-z0-9]/.test(normalOwner) ? `use ${JSON.stringify(normalOwner)}` : 'give it at least one letter or digit';
    throw new TypeError(`tool(): the owner ${JSON.stringify(owner)} of ${name} is not a name segment (lowercase letters, digits, "_" and "-"); ${fix}.`);
  }
  const qualifiedName = ToolNaming.buildQualifiedName(owner, name);
  if (typeof description !== 'string' || description.trim() === '') throw new TypeError(`tool(): ${qualifiedName} has no description; say what it does, for the model.`);
  if (typeof execute !== 'function') throw new TypeError(`tool(): ${qualifiedName} has no execute function.`);
  const { parameters, validate } = readInput(input, qualifiedName);
  // a governance option of the wrong kind is an error, never read as its weaker default
  const flag = (option: 'readOnly' | 'requiresApproval' | 'idempotent' | 'additive'): boolean => {
    const value: unknown = options[option];
    if (value === undefined || typeof value === 'boolean') return value === true;
    throw new TypeError(`tool(): ${option} of ${qualifiedName} is ${JSON.stringify(value)}; give true or false.`);
  };
  const oneOf = <T extends string>(option: 'networkScope' | 'confidentiality', allowed: readonly T[], fallback: T): T => {
    const value: unknown = options[option];
    if (value === undefined) return fallback;
    if (allowed.includes(value as T)) return value as T;
    throw new TypeError(`tool(): ${option} of ${qualifiedName} is ${JSON.stringify(value)}; give one of ${allowed.map((each) => `'${each}'`).join(', ')}.`);
  };
  if (options.title !== undefined && (typeof options.title !== 'string' || options.title.trim() === '')) {
    throw new TypeError(`tool(): the title of ${qualifiedName} is ${JSON.stringify(options.title)}; give a display title, or leave it out.`);
  }
  const metadata: ToolMetadata = {
    readOnly: flag('readOnly'),
    approval: flag('requiresApproval') ? 'require_approval' : 'default',
    networkScope: oneOf('networkScope', networkScopes, 'none'),
    confidentiality: oneOf('confidentiality', confidentialities, 'any'),
    workspacePaths: workspacePathsOf(options.workspacePaths ?? [], parameters, qualifiedName),
    settings: null,
    ...(options.title === undefined ? {} : { title: options.title }),
    ...(flag('idempotent') ? { idempotent: true as const } : {}),
    ...(flag('additive') ? { additive: true as const } : {}),
  };
  return defineTool<NonNullable<Args>, AsJson<Awaited<Result>>, Name>({
    name,
    qualifiedName,
    description,
    parameters,
    // the schema as it is for every provider: where it is not OpenAI's strict form, the OpenAI adapters send it with `strict: false`
    variants: { 'openai-strict': parameters, anthropic: parameters, gemini: parameters },
    losses: [],
    returns: {},
    metadata,
    validate,
    normalizeStrict: (value) => value,
    result: 'promise',
    call: async (args, injected) => execute(args, { services: injected.services, signal: injected.signal, arguments: injected.arguments }),
  });
}

function readInput<Args>(input: ToolInputSchema<Args>, qualifiedName: string): { readonly parameters: JsonSchema; readonly validate: ArgumentValidator } {
  // arktype's schemas are functions, zod's and valibot's objects
  const standard = (typeof input === 'object' || typeof input === 'function') && input !== null && '~standard' in input ? input['~standard'] : undefined;
  let schema: unknown;
  let check: (value: unknown) => StandardSchemaV1.Result<Args> | Promise<StandardSchemaV1.Result<Args>>;
  if (standard !== undefined && typeof standard.validate === 'function' && typeof standard.jsonSchema?.input === 'function') {
    schema = standard.jsonSchema.input({ target: 'draft-2020-12' });
    check = (value) => standard.validate(value);
  } else if (typeof input === 'object' && input !== null && 'jsonSchema' in input && typeof input.validate === 'function') {
    schema = input.jsonSchema;
    check = (value) => input.validate(value);
  } else {
    throw new TypeError(
      `tool(): the input of ${qualifiedName} is neither a Standard Schema that gives its JSON Schema (zod 4, valibot through toStandardJsonSchema, arktype) nor { jsonSchema, validate }.`,
    );
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || (schema as { type?: unknown }).type !== 'object') {
    throw new TypeError(`tool(): the input schema of ${qualifiedName} must describe an object (type "object"), since a tool's arguments are one; wrap the value in an object with a named member.`);
  }
  // the dialect the library names is toolgen's own (draft 2020-12, asked for above), and providers do not want it
  const parameters: Record<string, unknown> = { ...(schema as Record<string, unknown>) };
  delete parameters['$schema'];
  const validate: ArgumentValidator = (value, issues) => {
    const result = check(value);
    if (result instanceof Promise) {
      void result.catch(() => undefined);
      issues.push({ pointer: '', message: `could not be checked: the input schema of ${qualifiedName} validates asynchronously, and tools validate synchronously` });
      return {};
    }
    if (result.issues === undefined) return result.value as Record<string, unknown>;
    for (const issue of result.issues) issues.push(issueOf(issue));
    return {};
  };
  return { parameters: parameters as JsonSchema, validate };
}

/** The workspace paths, each a string property of the schema (what TSH019 checks of a toolset's). */
function workspacePathsOf(paths: readonly { readonly parameter: string; readonly access?: WorkspacePathAccess }[], schema: JsonSchema, qualifiedName: string): WorkspacePathMetadata[] {
  const properties = (schema as { readonly properties?: Readonly<Record<string, { readonly type?: unknown }>> }).properties ?? {};
  return paths.map(({ parameter, access = 'read' }) => {
    const type = Object.hasOwn(properties, parameter) ? properties[parameter]?.type : undefined;
    if (type !== 'string') {
      throw new TypeError(`tool(): the workspace path "${parameter}" of ${qualifiedName} is not a string property of its input schema; name one that is.`);
    }
    if (access !== 'read' && access !== 'write') throw new TypeError(`tool(): the workspace path "${parameter}" of ${qualifiedName} has access ${JSON.stringify(access)}; use 'read' or 'write'.`);
    return { parameter, access };
  });
}

/** A Standard Schema issue as toolgen's: its path as a JSON Pointer. */
function issueOf(issue: StandardSchemaV1.Issue): ArgumentIssue {
  return { pointer: pointerOfPath(issue.path), message: issue.message };
}
