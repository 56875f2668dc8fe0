import type { WorkspacePathAccess } from '../governance.js';
import type { checkWorkspacePath as nodeCheck } from './checkWorkspacePath.js';
import type { WorkspaceOptions, WorkspacePathCheck } from './WorkspaceOptions.js';

/**
 * `checkWorkspacePath` where the runtime has no file system to check against (a browser, an edge
 * runtime: the package's `#workspace-files` import without the `node` condition). Containment
 * cannot be proved there, so every path is refused and the tool does not run; a host that wants
 * such tools to run anyway passes `{ workspace: 'unchecked' }`.
 */
export const checkWorkspacePath: typeof nodeCheck = async (_workspace: WorkspaceOptions, _value: unknown, _access: WorkspacePathAccess): Promise<WorkspacePathCheck> => ({
  ok: false,
  problem: 'unresolvable',
  message: 'cannot be checked here: this runtime has no file system to check workspace paths against, so the tool did not run.',
});
