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
export type {
  AIFunction,
  GeneratedToolset,
  AsJson,
  ToolArgs,
  ToolInput,
  ToolArgumentsCheck,
  ToolArgumentsValue,
  ToolResult,
  ToolsByName,
  ToolsetFunctions,
  JsonSchema,
  JsonValue,
  SchemaLoss,
  SchemaVariantName,
  ToolInvocationContext,
  ToolLogger,
  ToolMetadata,
  ToolParameters,
  ToolSettingsMetadata,
  ToolSettingsOverrides,
  ToolTokenCounts,
  ToolTokenVariant,
  WorkspacePathMetadata,
} from './function/AIFunction.js';
export { defineTool } from './function/defineTool.js';
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
export type {
  ArgumentValidator,
  InjectedValues,
  StrictArgumentNormalizer,
  ToolDefinition,
  ToolResultKind,
} from './function/ToolDefinition.js';
export {
  repairArguments,
  type ArgumentRepair,
  type ArgumentRepairKind,
  type ArgumentRepairResult,
} from './repair/repairArguments.js';
export { argumentLimits, ToolArgumentError, ToolFailure, type ArgumentIssue } from './errors/ToolFailure.js';
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
export {
  FileToolSettingsStore,
  InMemoryToolSettingsStore,
  type ToolSettingsStore,
  type ToolSettingsValues,
} from './settings/ToolSettingsStore.js';
export { ToolSettingsError } from './settings/ToolSettingsError.js';
export { saveToolSettings } from './settings/saveToolSettings.js';
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
export { classifyEndpointNetworkScope, isLoopbackHost, type ExternalToolEndpoint } from './catalogue/classifyEndpoint.js';
export { isNetworkScope, widestNetworkScope } from './catalogue/networkScopeOrder.js';
export type { AgentToolPolicy } from './policy/AgentToolPolicy.js';
export { ToolPolicyResolver } from './policy/ToolPolicyResolver.js';
export { ToolPolicyError } from './policy/ToolPolicyError.js';
export { isToolApprovalMode } from './policy/isToolApprovalMode.js';
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
export { toolApprovalRunModes, type ToolApprovalRunMode } from './approval/ToolApprovalRunMode.js';
export type { ToolApprovalRequest } from './approval/ToolApprovalRequest.js';
export type { ApprovalChannel, ApprovalResponse } from './approval/ApprovalChannel.js';
export type { ToolApprovalOutcome, ToolApprovalRefusal } from './approval/ToolApprovalOutcome.js';
export { ToolApprovalRouter, type ToolApprovalRouterOptions } from './approval/ToolApprovalRouter.js';
export { ToolApprovalError } from './approval/ToolApprovalError.js';
export {
  approvalPolicyOf,
  isApprovalGated,
  withApproval,
  type ApprovalInvocationContext,
  type WithApprovalOptions,
} from './approval/withApproval.js';
export type { ApprovalGrant } from './approval/approvalGrant.js';
export {
  isTrustedPendingToolCall,
  parsePendingToolCall,
  pendingToolCallFormat,
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
export { approvalBindingFailures, type ApprovalBindingFailure } from './approval/ApprovalBindingFailure.js';
export { approvalDigest, policiesDigest, type ApprovalPolicy } from './approval/ApprovalPolicy.js';
export { defaultApprovalLedger, InMemoryApprovalLedger, type ApprovalLedger } from './approval/ApprovalLedger.js';
export { FileApprovalLedger, type FileApprovalLedgerOptions } from './approval/FileApprovalLedger.js';
export { canonicalJson, toolCallFingerprint } from './approval/toolCallFingerprint.js';
export { ToolSearchState } from './search/ToolSearchState.js';
export { matchTools, maxToolSearchResults, type ToolSearchMatch } from './search/matchTools.js';
export { searchToolsName } from './search/createSearchToolsFunction.js';
export { resolveAgentToolsWithSearch, type AgentToolSearch } from './search/resolveAgentToolsWithSearch.js';
export { bm25Parameters, searchTermsOf, ToolSearchIndex } from './search/ToolSearchIndex.js';
export {
  indexToolForSearch,
  searchFieldWeights,
  searchWords,
  stemWord,
  type SearchableTool,
  type ToolSearchTerms,
} from './search/searchTerms.js';
export { searchSynonymGroups, synonymWeight } from './search/searchSynonyms.js';
export {
  checkWorkspacePath,
  type WorkspaceOptions,
  type WorkspacePathCheck,
  type WorkspacePathProblem,
} from './middleware/checkWorkspacePath.js';
export { WorkspacePathError } from './middleware/WorkspacePathError.js';
export { withWorkspaceContainment } from './middleware/withWorkspaceContainment.js';
export { openWorkspaceFile, type OpenWorkspaceFileOptions } from './middleware/openWorkspaceFile.js';
export { uncheckedWorkspace, type WorkspaceInvocationContext } from './middleware/WorkspaceInvocationContext.js';
export { enforceWorkspacePaths } from './middleware/enforceWorkspacePaths.js';
export { parseWorkspacePath, type WorkspacePathPlatform, type WorkspacePathSyntax } from './middleware/parseWorkspacePath.js';
export {
  failureFoldingThreshold,
  RepeatedToolFailure,
  ToolFailureTracker,
  withFailureFolding,
} from './middleware/withFailureFolding.js';
