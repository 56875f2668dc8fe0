// The main entry: what a user's own code imports (docs/runtime.md lists it, and a test checks that
// list against this file). It imports no Node built-in, so it runs in browsers and edge runtimes.
// The rest is on subpaths: `/node` (file-system parts), `/generated` (what generated modules use),
// `/search` and `/approval` (internals, for the generator and tests), and one per adapter.

// authoring a toolset
export { Toolset } from './toolset/Toolset.js';
export type {
  ConfigurableSettingsBuilder,
  SettableMembers,
  SettingsBuilder,
  SettingsMemberSelector,
  ToolBuilder,
  ToolMethod,
} from './toolset/ToolBuilder.js';
export type { ToolArguments, ToolServices } from './toolset/ToolServices.js';

// the tools: generated ones, hand-written ones
export type {
  AIFunction,
  AsJson,
  GeneratedToolset,
  JsonSchema,
  JsonValue,
  SchemaLoss,
  SchemaVariantName,
  ToolArgs,
  ToolArgumentsCheck,
  ToolArgumentsValue,
  ToolInput,
  ToolInvocationContext,
  ToolLogger,
  ToolMetadata,
  ToolParameters,
  ToolResult,
  ToolSettingsMetadata,
  ToolSettingsOverrides,
  ToolTokenCounts,
  ToolTokenVariant,
  ToolsByName,
  ToolsetFunctions,
  WorkspacePathMetadata,
} from './function/AIFunction.js';
export { tool, type ToolExecutionContext, type ToolInputSchema, type ToolOptions } from './function/tool.js';
// what every generated module imports (its ToolDefinition and validator types are on `/generated`)
export { defineTool } from './function/defineTool.js';
export { argumentLimits, ToolArgumentError, ToolFailure, type ArgumentIssue } from './errors/ToolFailure.js';
export {
  contentResult,
  imageContent,
  resourceContent,
  resourceLink,
  type BlobResourceContents,
  type ContentPart,
  type ContentResult,
  type EmbeddedResourceContent,
  type ImageContent,
  type ResourceLinkContent,
  type TextContent,
  type TextResourceContents,
} from './content/ContentResult.js';
export { ToolNaming } from './naming/ToolNaming.js';
export {
  clientCapabilities,
  confidentialities,
  networkScopes,
  toolApprovalModes,
  workspacePathAccesses,
  type ClientCapability,
  type Confidentiality,
  type DeclaredApprovalMode,
  type NetworkScope,
  type ToolApprovalMode,
  type WorkspacePathAccess,
} from './governance.js';

// settings
export { InMemoryToolSettingsStore, type ToolSettingsStore, type ToolSettingsValues } from './settings/ToolSettingsStore.js';
export { ToolSettingsError } from './settings/ToolSettingsError.js';
export { saveToolSettings } from './settings/saveToolSettings.js';

// the catalogue
export {
  ToolCatalogue,
  type ToolCatalogueEntry,
  type ToolCatalogueOmission,
  type ToolCatalogueOptions,
  type ToolCatalogueSyncInput,
} from './catalogue/ToolCatalogue.js';
export { ToolCatalogueSyncError, type ToolCatalogueProblem } from './catalogue/ToolCatalogueSyncError.js';
export { describeToolSource, type ToolSource } from './catalogue/ToolSource.js';
export {
  ToolPluginBuilder,
  type PluginToolsetFactory,
  type ToolPlugin,
  type ToolPluginContext,
  type UserScope,
} from './catalogue/ToolPlugin.js';
export type {
  ExternalServerTool,
  ExternalTool,
  ExternalToolAnnotations,
  ExternalToolMetadata,
  ExternalToolServer,
} from './catalogue/ExternalToolMetadata.js';
export { classifyEndpointNetworkScope, type ExternalToolEndpoint } from './catalogue/classifyEndpoint.js';

// policies and agents
export type { AgentToolPolicy } from './policy/AgentToolPolicy.js';
export { ToolPolicyResolver } from './policy/ToolPolicyResolver.js';
export { ToolPolicyError } from './policy/ToolPolicyError.js';
export { loadToolPolicies, serializeToolPolicies, ToolPolicyLoadError } from './policy/loadToolPolicies.js';
export type { AgentDefinition, OfferedToolset, ToolSurface } from './agent/AgentDefinition.js';
export { AgentDefinitionError } from './agent/AgentDefinitionError.js';
export { AgentToolCollisionError } from './agent/AgentToolCollisionError.js';
export {
  resolveAgentTools,
  type ExposedTool,
  type OmissionReason,
  type OmittedTool,
  type ResolvedAgentTools,
} from './agent/resolveAgentTools.js';
export { toolListTokens, type ToolListTokens } from './agent/toolListTokens.js';
export { RepeatedToolFailure } from './agent/withFailureFolding.js';

// approval
export { toolApprovalRunModes, type ToolApprovalRunMode } from './approval/ToolApprovalRunMode.js';
export type { ToolApprovalRequest } from './approval/ToolApprovalRequest.js';
export type { ToolApprovalChannel, ToolApprovalResponse } from './approval/ToolApprovalChannel.js';
export type { ToolApprovalOutcome, ToolApprovalRefusal } from './approval/ToolApprovalOutcome.js';
export { ToolApprovalRouter, type ToolApprovalRouterOptions } from './approval/ToolApprovalRouter.js';
export { ToolApprovalError } from './approval/ToolApprovalError.js';
export { isApprovalGated, withApproval, type WithApprovalOptions } from './approval/withApproval.js';
export type { ToolApprovalGrant } from './approval/toolApprovalGrant.js';
export type { ToolApprovalPolicy } from './approval/ToolApprovalPolicy.js';
export type { ToolApprovalBindingFailure } from './approval/ToolApprovalBindingFailure.js';
export {
  parsePendingToolCall,
  PendingToolCallError,
  serializePendingToolCall,
  type PendingToolCall,
  type PendingToolCallKey,
  type PendingToolCallKeyOptions,
} from './approval/PendingToolCall.js';
export {
  answerPendingToolCall,
  uncheckedOtherProcesses,
  type AnswerPendingToolCallOptions,
  type PendingToolCallAnswer,
  type PendingToolCallResult,
} from './approval/answerPendingToolCall.js';
export { InMemoryToolApprovalLedger, type ToolApprovalLedger } from './approval/ToolApprovalLedger.js';

// the approval names before issue 31 (deprecated: they go in the next release)
export {
  InMemoryApprovalLedger,
  type ApprovalBindingFailure,
  type ApprovalChannel,
  type ApprovalGrant,
  type ApprovalLedger,
  type ApprovalPolicy,
  type ApprovalResponse,
} from './formerNames.js';

// tool search
export { ToolSearchState } from './search/ToolSearchState.js';
export { searchToolsName } from './search/createSearchToolsFunction.js';
export { resolveAgentToolsWithSearch, type AgentToolSearch } from './search/resolveAgentToolsWithSearch.js';

// workspaces (the file-system check itself, and openWorkspaceFile, are on `/node`)
export type { WorkspaceOptions, WorkspacePathCheck, WorkspacePathProblem } from './workspace/WorkspaceOptions.js';
export { WorkspacePathError } from './workspace/WorkspacePathError.js';
export { WorkspaceFileError, type WorkspaceFileErrorCode } from './workspace/WorkspaceFileError.js';
export { withWorkspaceContainment } from './workspace/withWorkspaceContainment.js';
export { uncheckedWorkspace, type WorkspaceInvocationContext } from './workspace/WorkspaceInvocationContext.js';
