import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import type { ArgumentIssue } from '../errors/ToolFailure.js';
import type {
  ClientCapability,
  Confidentiality,
  DeclaredApprovalMode,
  NetworkScope,
  WorkspacePathAccess,
} from '../governance.js';
import type { ToolApprovalGrant } from '../approval/toolApprovalGrant.js';
import type { WorkspaceOptions } from '../workspace/WorkspaceOptions.js';
import type { ArgumentRepair } from '../repair/repairArguments.js';
import type { ToolSearchTerms } from '../search/searchTerms.js';
import type { ToolSettingsStore, ToolSettingsValues } from '../settings/ToolSettingsStore.js';
import type { ToolServices } from '../toolset/ToolServices.js';

/** A value JSON can carry: what the model sends and what it receives. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A JSON Schema (2020-12) as plain JSON data. */
export interface JsonSchema {
  readonly [keyword: string]: JsonValue;
}

/** The provider variants of a tool's parameter schema, computed at build time. */
export type SchemaVariantName = 'openai-strict' | 'anthropic' | 'gemini';

/** Something a provider variant cannot express; it is said in the description instead and still enforced by the validator. */
export interface SchemaLoss {
  readonly variant: SchemaVariantName;
  /** JSON Pointer into the arguments, e.g. `/limit`. */
  readonly pointer: string;
  /** The JSON Schema keyword the variant dropped, e.g. `maximum`. */
  readonly keyword: string;
}

/** A parameter whose value must be a path inside the workspace root. */
export interface WorkspacePathMetadata {
  readonly parameter: string;
  readonly access: WorkspacePathAccess;
}

/** The settings a tool receives but the model never sees. */
export interface ToolSettingsMetadata {
  /** JSON Schema of the settings class's data members. */
  readonly schema: JsonSchema;
  /** Members that stored settings and run overrides may change, sorted. */
  readonly configurable: readonly string[];
}

/** Governance metadata the generator derives from a tool's builder chain. */
export interface ToolMetadata {
  readonly readOnly: boolean;
  readonly approval: DeclaredApprovalMode;
  readonly networkScope: NetworkScope;
  readonly confidentiality: Confidentiality;
  readonly workspacePaths: readonly WorkspacePathMetadata[];
  readonly settings: ToolSettingsMetadata | null;
  /** Present, and true, when the tool's method is `@deprecated` (its description says so too). */
  readonly deprecated?: true;
  /** The display title `withTitle(...)` gave, for people (MCP's `title`). */
  readonly title?: string;
  /** Present, and true, when `idempotent()` says a repeated call has no further effect. */
  readonly idempotent?: true;
  /** Present, and true, when `additive()` says the tool's writes only add, never destroy. */
  readonly additive?: true;
  /**
   * Present, and true, when the tool's method returns a `ContentResult`: adapters send its blocks
   * (text, images, resource links, embedded resources) as their SDK's content, not as JSON.
   */
  readonly content?: true;
  /**
   * Present, and true, when the tool's method may return nothing besides its result (`T | undefined`):
   * `returns` describes the result when there is one, and a call may resolve to `undefined`. MCP
   * then declares no `outputSchema`, which would promise structured content on every call.
   */
  readonly optionalResult?: true;
  /** The MCP client capabilities `requiresClientCapability(...)` names, in source order: the tool is offered only to clients that have them all. */
  readonly clientCapabilities?: readonly ClientCapability[];
  /**
   * Present, and true, when the tool's method takes a `ToolServices` parameter: calling it without
   * `context.services` cannot work, so `toolgen mcp` refuses to serve it without a services module.
   */
  readonly injectsServices?: true;
  /** What the tool costs in a tool list, per schema it can be offered with (generated tools carry it; see `ToolTokenCounts`). */
  readonly tokens?: ToolTokenCounts;
  /** The tool's entry in the offline search index that `search_tools` ranks with (generated tools carry it). */
  readonly search?: ToolSearchTerms;
}

/** The schemas a tool can be offered with: a provider variant, or the canonical schema (MCP). */
export type ToolTokenVariant = SchemaVariantName | 'canonical';

/**
 * Tokens a tool costs in a tool list when offered with each schema: its qualified name, its
 * description and the compact JSON of that schema, each counted with OpenAI's `o200k_base`
 * encoding (GPT-4o, GPT-4.1, the o-series, GPT-5), and summed. Exact for that text under that
 * encoding; the provider's own framing of a tool list (a few tokens per tool) is not included.
 * Anthropic and Gemini tokenize with their own vocabularies, so their counts are an `o200k_base`
 * approximation of what they bill.
 */
export type ToolTokenCounts = Readonly<Record<ToolTokenVariant, number>>;

/**
 * A tool's parameters: the canonical JSON Schema, and the Standard Schema interface
 * (`~standard`, with validation and JSON Schema conversion) for SDKs that accept it.
 */
export interface ToolParameters<TArguments = Readonly<Record<string, unknown>>> {
  readonly jsonSchema: JsonSchema;
  readonly '~standard': StandardSchemaV1.Props<TArguments> & StandardJSONSchemaV1.Props<TArguments>;
}

/** Where a tool's unexpected errors are reported in full (the model only reads an opaque message). */
export interface ToolLogger {
  error(message: string, error: unknown): void;
  /** Receives what the host may want to know but that did not fail the call, e.g. each lenient repair. */
  warn?(message: string, detail: unknown): void;
}

/** Per-run values for settings members that the tool declares configurable. */
export interface ToolSettingsOverrides {
  readonly [member: string]: unknown;
}

/** What the host passes to `invoke` besides the model's arguments. */
export interface ToolInvocationContext {
  /** The call's abort signal, handed to an `AbortSignal` parameter. Abort rejects the call. */
  readonly signal?: AbortSignal;
  /** The run's services, handed to a `ToolServices` parameter. */
  readonly services?: ToolServices;
  /** Per-run overrides of configurable settings members; they win over stored values. */
  readonly settings?: ToolSettingsOverrides;
  /** Where the tool's stored settings come from (keyed by tool name); they win over code defaults. */
  readonly settingsStore?: ToolSettingsStore;
  /** Receives unexpected errors in full. */
  readonly logger?: ToolLogger;
  /** Show the model the message of unexpected errors instead of an opaque one. */
  readonly exposeErrors?: boolean;
  /**
   * Repair what models commonly get wrong before validating (arguments sent as a JSON string,
   * markdown fences around that JSON, `"10"` for a number, `"true"` for a boolean). Off unless `true`.
   * Each repair is reported to `onRepair` and to `logger.warn`.
   */
  readonly lenient?: boolean;
  /** Receives each repair the lenient step made, in order. */
  readonly onRepair?: (repair: ArgumentRepair) => void;
  /** The SDK's id of this call (a tool call's id), when the host has one: an approval request and the approval ledger name the call by it. */
  readonly callId?: string | undefined;
  /**
   * The workspace a tool's `workspacePath` parameters must stay in. `withWorkspaceContainment`
   * (and so `resolveAgentTools`) sets it to its own workspace, whatever the caller passed; a host
   * calling a generated function directly passes `{ root }` itself, or `'unchecked'` to skip
   * containment on purpose. A generated function with workspace paths refuses to run without it.
   */
  readonly workspace?: WorkspaceOptions | 'unchecked' | undefined;
  /** A person's approval of exactly this call, which an SDK's own approval step gave (the Agents SDK, MCP elicitation): the adapters set it, never a host. */
  readonly approvalGrant?: ToolApprovalGrant | undefined;
}

/** The arguments of a tool whose arguments' type is not known: the parsed JSON object, as the method receives it. */
export type ToolArgumentsValue = Readonly<Record<string, unknown>>;

/**
 * What `AIFunction.validate` says of the model's arguments: the checked `Args`, as the method
 * receives them (`Date`s for `Date` parameters, defaults left to the method), or every issue.
 */
export type ToolArgumentsCheck<Args> =
  | { readonly ok: true; readonly value: Args }
  | {
      readonly ok: false;
      readonly issues: readonly ArgumentIssue[];
      /** What the validator threw when it could not read the arguments at all (a host's getter or proxy): for the host's log, never the model. */
      readonly cause?: unknown;
    };

/**
 * One tool: its names, description, schemas, governance metadata, and three entries. `invoke`
 * is the model-facing one: it takes whatever the model sent. `validate` checks arguments without
 * running anything, and `run` runs arguments `validate` accepted. Generated tools are typed:
 * `Args` is the model-visible arguments as the validator checks them (injected parameters absent),
 * `Result` the JSON the call resolves to, `Name` and `QualifiedName` its names.
 */
export interface AIFunction<Args = ToolArgumentsValue, Result = JsonValue | undefined, Name extends string = string, QualifiedName extends string = string> {
  /** The tool's name within its toolset, lower_snake_case: `search_tickets` (a generated tool's type holds it too). */
  readonly name: Name;
  /** The stable wire name agents and policies use: `ticket__search_tickets` (a generated tool's type holds it too). */
  readonly qualifiedName: QualifiedName;
  /** What the model reads to decide when to call the tool. */
  readonly description: string;
  /** The canonical parameter schema (JSON Schema 2020-12) with Standard Schema support. */
  readonly parameters: ToolParameters;
  /** The parameter schema rewritten for each provider's supported subset. */
  readonly variants: Readonly<Record<SchemaVariantName, JsonSchema>>;
  /** What each variant could not express. */
  readonly losses: readonly SchemaLoss[];
  /** The schema of the JSON the model receives; `null` for `void`. */
  readonly returns: JsonSchema | null;
  readonly metadata: ToolMetadata;
  /**
   * Validates `args` (the parsed JSON object the model sent), calls the tool and resolves to its
   * result as JSON-compatible data (`undefined` for `void`). Rejects with a `ToolFailure` whose
   * message is safe to show the model (a `ToolArgumentError` for invalid arguments).
   */
  invoke(args: unknown, context?: ToolInvocationContext): Promise<Result>;
  /**
   * Checks `args` (the parsed JSON the model sent) against the tool's schema, and returns them as
   * the method receives them, or every issue. Runs nothing, asks nobody, never throws.
   */
  validate(args: unknown): ToolArgumentsCheck<Args>;
  /**
   * Runs the tool with arguments `validate` accepted (not validated again), through everything a
   * wrapper adds (approval, workspace containment): `invoke` without its validation. Resolves and
   * rejects as `invoke` does.
   */
  run(args: Args, context?: ToolInvocationContext): Promise<Result>;
  /**
   * The settings object the tool would receive with these stored values and run overrides: code
   * defaults first, then `stored`, then `overrides`. Throws a `ToolSettingsError` when either names
   * a member that is not configurable or holds a value its schema rejects. `undefined` when the
   * tool has no settings.
   */
  resolveSettings(stored?: ToolSettingsValues, overrides?: ToolSettingsOverrides): object | undefined;
  /**
   * Applies the `openai-strict` variant's null-versus-absent rule to `args`: returns a copy where
   * `null` sent for an optional member is removed, and an optional member that may itself be null,
   * which that variant sends as `null` (absent) or `{ "value": … }` (that value, null included), is
   * unwrapped. Only for arguments the strict variant produced. Whatever offered the strict
   * variant to the model calls this before `invoke`; `args` itself is left unchanged.
   */
  normalizeStrictArguments(args: unknown): unknown;
}

/** The checked arguments of a tool: `ToolArgs<typeof toolset.tools.search_tickets>`. */
export type ToolArgs<Fn> = Fn extends { validate(args: unknown): ToolArgumentsCheck<infer Args> } ? Args : never;

/**
 * The arguments of a tool as the model sends them, JSON: `ToolArgs` with each `Date` and `URL`
 * as its string. `ToolInput<typeof toolset.tools.search_tickets>`.
 */
export type ToolInput<Fn> = AsJson<ToolArgs<Fn>>;

/**
 * A checked value as JSON carries it: `Date`s and `URL`s as strings, everything else as it is.
 * A `URL` is known by its members, so the type needs no DOM or Node.js library to resolve.
 */
export type AsJson<T> = T extends Date | UrlLike ? string : T extends object ? { [K in keyof T]: AsJson<T[K]> } : T;

interface UrlLike {
  readonly href: string;
  readonly origin: string;
  readonly searchParams: object;
}

/** The JSON a tool's call resolves to: `ToolResult<typeof toolset.tools.search_tickets>`. */
export type ToolResult<Fn> = Fn extends { invoke(args: unknown, context?: ToolInvocationContext): Promise<infer Result> } ? Result : never;

/** The tools of a toolset by name, each typed. */
export interface ToolsByName {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any tool: `run`'s arguments are the only contravariant position
  readonly [name: string]: AIFunction<any, JsonValue | undefined, string, string>;
}

/** What the catalogue needs of a toolset: its names and its functions (a generated one has typed `tools` too). */
export type ToolsetFunctions = Pick<GeneratedToolset, 'className' | 'owner' | 'displayName' | 'functions'>;

/**
 * The tools generated from one toolset class. Tools are static, so nothing needs an instance.
 * `tools` holds the same functions as `functions`, keyed by tool name and each typed:
 * `ticketToolset.tools.search_tickets.invoke(...)` resolves to that tool's result type.
 */
export interface GeneratedToolset<Tools extends ToolsByName = ToolsByName, Functions extends ToolsByName[string] = Tools[keyof Tools]> {
  readonly className: string;
  /** The owner segment of qualified names: the class name minus `Toolset`, normalized. */
  readonly owner: string;
  readonly displayName: string;
  /** The tools in the order the constructor adds them, each typed as in `tools` (a parameter of its own, so a typed toolset is a `GeneratedToolset`). */
  readonly functions: readonly Functions[];
  readonly tools: Tools;
}
