import type {
  Confidentiality,
  DeclaredApprovalMode,
  JsonSchema,
  JsonValue,
  NetworkScope,
  WorkspacePathMetadata,
} from '@toolgen/runtime';
import type { DiagnosticLocation } from '../diagnostics/Diagnostic.js';
import type { StatedMetadata } from './builderCalls.js';
import type { ShapeDocument } from '../schema/shape.js';

/**
 * What the analysis knows about one toolset class: plain data, no TypeScript objects, so the
 * emitter, the manifest writer and the ESLint plugin can all consume it.
 */
export interface ToolsetModel {
  readonly className: string;
  /** The owner segment of qualified names: the class name minus `Toolset`, normalized. */
  readonly owner: string;
  readonly displayName: string;
  /** Absolute path of the source file declaring the class. */
  readonly source: string;
  readonly confidentiality: Confidentiality;
  readonly tools: readonly ToolModel[];
  readonly location: DiagnosticLocation;
  /** True when an error diagnostic belongs to this toolset: it must not be emitted. */
  readonly hasErrors: boolean;
}

/** How a parameter gets its value at run time. */
export type ParameterKind = 'argument' | 'settings' | 'services' | 'signal' | 'arguments';

export interface ParameterModel {
  readonly name: string;
  readonly kind: ParameterKind;
  /** May the model leave it out (`?`, a default, or `| undefined`)? Only for `argument`. */
  readonly optional: boolean;
  /** The default written in code, when it is a JSON literal. */
  readonly defaultValue?: JsonValue;
}

/** A method's result, as the generated `invoke` must treat it. */
export type ResultKind = 'void' | 'value' | 'promise' | 'asyncIterable';

export interface SettingsModel {
  /** The settings class the generated code constructs for its defaults. */
  readonly className: string;
  /** Absolute path of the file declaring the class. */
  readonly source: string;
  readonly shape: ShapeDocument;
  readonly schema: JsonSchema;
  /** Members stored settings and runs may change, sorted. */
  readonly configurable: readonly string[];
}

export interface ToolModel {
  readonly name: string;
  readonly qualifiedName: string;
  readonly methodName: string;
  readonly description: string;
  /** Positional parameters of the method, model-visible and injected alike. */
  readonly parameters: readonly ParameterModel[];
  /** The method takes one destructured object whose properties are the tool's arguments. */
  readonly flattened: boolean;
  readonly parametersShape: ShapeDocument;
  readonly parametersSchema: JsonSchema;
  readonly resultKind: ResultKind;
  /** The shape of the JSON the model receives; `null` for `void`. */
  readonly returnsShape: ShapeDocument | null;
  /** The method returns a `ContentResult`: its blocks go out as each SDK's content. */
  readonly content: boolean;
  /** The method may return nothing besides its result (`T | undefined`). */
  readonly resultOptional: boolean;
  readonly returnsSchema: JsonSchema | null;
  readonly readOnly: boolean;
  readonly approval: DeclaredApprovalMode;
  readonly networkScope: NetworkScope;
  readonly confidentiality: Confidentiality;
  readonly workspacePaths: readonly WorkspacePathMetadata[];
  readonly settings: SettingsModel | null;
  /** The method's TSDoc has `@deprecated` (its text is already in `description`). */
  readonly deprecated: boolean;
  /** What the builder calls state as it is (`withTitle`, `idempotent()`, `additive()`, `requiresClientCapability`): the module and manifest carry it unchanged. */
  readonly stated: StatedMetadata;
  /** Where the name comes from: the `withName` argument, or the method's name. */
  readonly nameLocation: DiagnosticLocation;
}
