import type { AIFunction, ToolInvocationContext } from '../function/AIFunction.js';
import { registerCheckBeforeApproval } from '../function/checksBeforeApproval.js';
import type { WorkspaceOptions } from './WorkspaceOptions.js';
import { checkWorkspaceArguments, sentPaths } from './enforceWorkspacePaths.js';
import type { WorkspaceInvocationContext } from './WorkspaceInvocationContext.js';
import { WorkspacePathError } from './WorkspacePathError.js';
import { wrapFunction } from '../function/wrapFunction.js';

/**
 * Checks each parameter `fn.metadata.workspacePaths` names with `checkWorkspacePath` (for its
 * declared access) before `fn` runs, once the arguments are valid (invalid ones reject with the
 * validator's `ToolArgumentError`; the lenient step, when the call is lenient, is applied first), so a refused path is refused before anyone is asked to
 * approve the call; a refused path rejects with a `WorkspacePathError` and `fn` is not called.
 * Absent (or `null`) optional parameters are not checked. Without a workspace, every call that
 * sends a path fails closed. The abort signal is honoured and passed through.
 *
 * `fn` is called with `context.workspace` set to this workspace (whatever the caller passed), so
 * a generated function checks its paths again right before it runs, after any approval in
 * between, and refuses when there is no workspace. A function without workspace paths is
 * returned as is.
 */
export function withWorkspaceContainment(fn: AIFunction, workspace: WorkspaceOptions | undefined): AIFunction {
  const paths = fn.metadata.workspacePaths;
  if (paths.length === 0) return fn;
  // run receives validated arguments: an invalid path argument is already a ToolArgumentError with its pointer, like any other
  const check = async (valid: unknown, context: ToolInvocationContext): Promise<void> => {
    const checked = { ...context, lenient: false };
    if (workspace === undefined) {
      const [sent] = sentPaths(paths, valid, checked);
      if (sent !== undefined) throw new WorkspacePathError(sent.parameter, sent.value, 'no_workspace', 'cannot be used: this run has no workspace.');
    } else {
      await checkWorkspaceArguments(paths, valid, workspace, checked);
    }
  };
  const contained = wrapFunction(fn, async (valid, context) => {
    context.signal?.throwIfAborted();
    await check(valid, context);
    const inner: WorkspaceInvocationContext = { ...context, workspace };
    return fn.run(valid as never, inner);
  });
  // an SDK's approval step asks about no call these paths refuse
  registerCheckBeforeApproval(contained, check);
  return contained;
}
