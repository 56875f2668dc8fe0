// `@toolgen/runtime/node`: the parts that need Node's file system.

export { checkWorkspacePath } from './workspace/checkWorkspacePath.js';
export { openWorkspaceFile, type OpenWorkspaceFileOptions } from './workspace/openWorkspaceFile.js';
export { parseWorkspacePath, type WorkspacePathPlatform, type WorkspacePathSyntax } from './workspace/parseWorkspacePath.js';
export { FileApprovalLedger, type FileApprovalLedgerOptions } from './approval/FileApprovalLedger.js';
export { FileToolSettingsStore } from './settings/FileToolSettingsStore.js';
