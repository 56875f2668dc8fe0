// `@toolgen/runtime/node`: the parts that need Node's file system.
import { FileToolApprovalLedger, type FileToolApprovalLedgerOptions } from './approval/FileToolApprovalLedger.js';

export { checkWorkspacePath } from './workspace/checkWorkspacePath.js';
export { openWorkspaceFile, type OpenWorkspaceFileOptions } from './workspace/openWorkspaceFile.js';
export { parseWorkspacePath, type WorkspacePathPlatform, type WorkspacePathSyntax } from './workspace/parseWorkspacePath.js';
export { FileToolApprovalLedger, type FileToolApprovalLedgerOptions };
export { FileToolSettingsStore } from './settings/FileToolSettingsStore.js';

// the name before issue 31 made the approval names consistent, for one release

/** @deprecated Renamed `FileToolApprovalLedger`; this name goes in the next release. */
export const FileApprovalLedger = FileToolApprovalLedger;
/** @deprecated Renamed `FileToolApprovalLedger`; this name goes in the next release. */
export type FileApprovalLedger = FileToolApprovalLedger;
/** @deprecated Renamed `FileToolApprovalLedgerOptions`; this name goes in the next release. */
export type FileApprovalLedgerOptions = FileToolApprovalLedgerOptions;
