import type { ArgumentIssue } from '../errors/ToolFailure.js';
import type { ToolArguments, ToolServices } from '../toolset/ToolServices.js';
import type { JsonSchema, SchemaLoss, SchemaVariantName, ToolMetadata } from './AIFunction.js';

/**
 * A generated argument validator. It checks `input` (the parsed JSON the model sent) against the
 * tool's canonical schema, pushes every problem into `issues`, and returns the arguments as the
 * method receives them (ISO strings of `Date` parameters converted to `Date`s). When it pushed
 * an issue, its return value is meaningless.
 */
export type ArgumentValidator = (input: unknown, issues: ArgumentIssue[]) => Record<string, unknown>;

/**
 * The generated normalization for the `openai-strict` variant: returns a copy of `input` where
 * `null` sent for an optional member is removed (null there means absent), and the
 * `{ "value": … }` the variant uses for an optional member that may be null is unwrapped.
 * Leaves anything it does not recognize alone; the validator judges it afterwards.
 */
export type StrictArgumentNormalizer = (input: unknown) => unknown;

/** How a method's result must be treated: awaited, drained into an array, or ignored. */
export type ToolResultKind = 'void' | 'value' | 'promise' | 'asyncIterable';

/** The values `invoke` injects into parameters the model never sees. */
export interface InjectedValues {
  /** The resolved settings object, or undefined when the tool has none. */
  readonly settings: object | undefined;
  readonly services: ToolServices;
  readonly signal: AbortSignal;
  /** The raw arguments object as the model sent it (after the lenient repairs, when the host opted in to them). */
  readonly arguments: ToolArguments;
}

/**
 * What the generated module knows about a tool; `defineTool` turns it into an `AIFunction`.
 * `Args` is the type the generated validator's value has (the generator writes it out); `call`
 * receives that value, so the method call type-checks against it.
 */
export interface ToolDefinition<Args = Readonly<Record<string, unknown>>> {
  readonly name: string;
  readonly qualifiedName: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  readonly variants: Readonly<Record<SchemaVariantName, JsonSchema>>;
  readonly losses: readonly SchemaLoss[];
  readonly returns: JsonSchema | null;
  readonly metadata: ToolMetadata;
  readonly validate: ArgumentValidator;
  readonly normalizeStrict: StrictArgumentNormalizer;
  /** Constructs the settings class with its code defaults (`new SearchTicketsSettings()`). */
  readonly createSettings?: () => object;
  /** The generated validator of the settings class's data members; stored values and overrides must pass it. */
  readonly validateSettings?: ArgumentValidator;
  readonly result: ToolResultKind;
  /** Calls the static method with the validated arguments and the injected values, positionally. */
  readonly call: (args: Args, injected: InjectedValues) => unknown;
}
