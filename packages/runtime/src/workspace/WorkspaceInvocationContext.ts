import type { ToolInvocationContext } from '../function/AIFunction.js';

/** The `context.workspace` that runs a tool's workspace path parameters unchecked, on purpose. */
export const uncheckedWorkspace = 'unchecked';

/** The invocation context with the field workspace containment reads (`workspace`), which every `ToolInvocationContext` now declares. */
export type WorkspaceInvocationContext = ToolInvocationContext;
