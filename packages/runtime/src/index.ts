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
  WorkspacePathMetadata,
} from './function/AIFunction.js';
export { defineTool } from './function/defineTool.js';
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
export { ToolArgumentError, ToolFailure, type ArgumentIssue } from './errors/ToolFailure.js';
export { ToolNaming } from './naming/ToolNaming.js';
export {
  confidentialities,
  networkScopes,
  toolApprovalModes,
  workspacePathAccesses,
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
