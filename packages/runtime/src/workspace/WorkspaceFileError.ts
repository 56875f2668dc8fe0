import { ToolFailure } from '../errors/ToolFailure.js';

/** The file system's errors `openWorkspaceFile` turns into a `WorkspaceFileError`: what the model can correct. */
export type WorkspaceFileErrorCode = 'ENOENT' | 'EISDIR' | 'ENOTDIR' | 'EEXIST';

const reasons: Readonly<Record<WorkspaceFileErrorCode, readonly [string, string]>> = {
  ENOENT: ['names nothing in the workspace: there is no such file, or a folder on the way is missing.', 'Check the path, relative to the workspace root.'],
  EISDIR: ['names a folder, not a file.', 'Name a file in it.'],
  ENOTDIR: ['goes through a file as if it were a folder.', 'Check the path, relative to the workspace root.'],
  EEXIST: ['names a file that exists already, and this call creates new files only.', 'Choose another name.'],
};

/**
 * A path the workspace allowed, whose file could not be opened for a reason the model can correct (no such file, a
 * folder): a `ToolFailure`, so the model reads what was wrong, with the file system's `code`, as the error it replaces
 * had, and that error as its `cause`.
 */
export class WorkspaceFileError extends ToolFailure {
  override readonly name: string = 'WorkspaceFileError';
  readonly parameter: string;
  readonly code: WorkspaceFileErrorCode;

  constructor(parameter: string, value: string, code: WorkspaceFileErrorCode, options?: ErrorOptions) {
    const [reason, fix] = reasons[code];
    const shown = value.length > 120 ? `${value.slice(0, 117)}…` : value;
    super(`The path ${JSON.stringify(shown)} in "${parameter}" ${reason}`, fix, options);
    this.parameter = parameter;
    this.code = code;
  }
}

/** Whether `code` is one `WorkspaceFileError` stands for. */
export function isWorkspaceFileErrorCode(code: unknown): code is WorkspaceFileErrorCode {
  return typeof code === 'string' && Object.hasOwn(reasons, code);
}
