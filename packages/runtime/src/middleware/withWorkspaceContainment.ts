import type { AIFunction } from '../function/AIFunction.js';
import { checkWorkspacePath, type WorkspaceOptions } from './checkWorkspacePath.js';
import { WorkspacePathError } from './WorkspacePathError.js';
import { wrapFunction } from './wrapFunction.js';

/**
 * Checks each parameter `fn.metadata.workspacePaths` names with `checkWorkspacePath` (for its
 * declared access) before `fn` runs; a refused path rejects with a `WorkspacePathError` and `fn`
 * is not called. Absent (or `null`) optional parameters are not checked. Without a workspace,
 * every call that sends a path fails closed. The abort signal is honoured and passed through.
 * A function without workspace paths is returned as is.
 */
export function withWorkspaceContainment(fn: AIFunction, workspace: WorkspaceOptions | undefined): AIFunction {
  const paths = fn.metadata.workspacePaths;
  if (paths.length === 0) return fn;
  return wrapFunction(fn, async (args, context) => {
    context.signal?.throwIfAborted();
    const values = typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
    for (const { parameter, access } of paths) {
      if (!Object.hasOwn(values, parameter) || values[parameter] === undefined || values[parameter] === null) continue;
      const value = values[parameter];
      if (workspace === undefined) {
        throw new WorkspacePathError(parameter, value, 'no_workspace', 'cannot be used: this run has no workspace.');
      }
      const check = await checkWorkspacePath(workspace, value, access);
      context.signal?.throwIfAborted();
      if (!check.ok) throw new WorkspacePathError(parameter, value, check.problem, check.message);
    }
    return fn.invoke(args, context);
  });
}
