// The workspace's shapes, apart from the check that needs a file system (`checkWorkspacePath`,
// Node only), so the runtime's main entry can name them without importing `node:fs`.

/** The workspace a run's path parameters must stay in. */
export interface WorkspaceOptions {
  /** The workspace root folder; it must exist. */
  readonly root: string;
  /** Whether `write` path parameters are allowed at all; `true` unless set. */
  readonly writable?: boolean;
}

/** Why a path was refused. */
export type WorkspacePathProblem =
  | 'not_a_string'
  | 'nul_byte'
  | 'unc_path'
  | 'drive_path'
  | 'absolute_path'
  | 'parent_segment'
  | 'backslash'
  | 'reserved_name'
  | 'outside_workspace'
  | 'unresolvable'
  | 'write_denied'
  | 'workspace_root'
  | 'hard_link'
  | 'path_changed'
  | 'no_workspace';

export type WorkspacePathCheck =
  | { readonly ok: true; /** The checked path, absolute, under the real workspace root. */ readonly path: string }
  | { readonly ok: false; readonly problem: WorkspacePathProblem; /** Safe to show the model: it never names the root. */ readonly message: string };
