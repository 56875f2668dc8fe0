import type { ToolInvocationContext } from '../function/AIFunction.js';
import type { WorkspaceOptions } from './checkWorkspacePath.js';

/** The `context.workspace` that runs a tool's workspace path parameters unchecked, on purpose. */
export const uncheckedWorkspace = 'unchecked';

/** The invocation context field workspace containment reads. */
export interface WorkspaceInvocationContext extends ToolInvocationContext {
  /**
   * The workspace a tool's `workspacePath` parameters must stay in. `withWorkspaceContainment`
   * (and so `resolveAgentTools`) sets it to its own workspace, whatever the caller passed; a host
   * calling a generated function directly passes `{ root }` itself, or `'unchecked'` to skip
   * containment on purpose. A generated function with workspace paths refuses to run without it.
   */
  readonly workspace?: WorkspaceOptions | typeof uncheckedWorkspace | undefined;
}
