// Node's `checkWorkspacePath`, or where the runtime has no `node` condition (browsers, edge runtimes) one that refuses every path:
// the package's "imports" choose, so a generated module bundled for the web does not import `node:fs`
import { checkWorkspacePath } from '#workspace-files';
import { ToolFailure } from '../errors/ToolFailure.js';
import type { WorkspacePathMetadata } from '../function/AIFunction.js';
import { isPlainObject } from '../function/validateArguments.js';
import { repairArguments } from '../repair/repairArguments.js';
import type { WorkspaceOptions } from './WorkspaceOptions.js';
import { uncheckedWorkspace, type WorkspaceInvocationContext } from './WorkspaceInvocationContext.js';
import { WorkspacePathError } from './WorkspacePathError.js';

/**
 * What a generated function does before anything else when it has `workspacePath` parameters:
 * with `context.workspace` set to `{ root }`, each path argument sent (not absent or `null`) is
 * checked with `checkWorkspacePath` for its declared access, and a refusal rejects with a
 * `WorkspacePathError`; with `'unchecked'`, nothing is checked; without a usable workspace, the
 * call is refused with a `ToolFailure` saying what the host must pass. Since it runs inside every
 * middleware, it is also the re-check after approval, right before the call.
 */
export async function enforceWorkspacePaths(
  qualifiedName: string,
  paths: readonly WorkspacePathMetadata[],
  args: unknown,
  context: WorkspaceInvocationContext,
): Promise<void> {
  if (paths.length === 0) return;
  context.signal?.throwIfAborted();
  const workspace = context.workspace;
  if (workspace === uncheckedWorkspace) return;
  if (!isWorkspaceOptions(workspace)) {
    const names = paths.map(({ parameter }) => JSON.stringify(parameter)).join(', ');
    throw new ToolFailure(
      `${qualifiedName} takes ${paths.length === 1 ? 'a workspace path' : 'workspace paths'} (${names}) but was called without a workspace, so it did not run.`,
      "The host must pass the workspace in the invoke context, { workspace: { root } }, or { workspace: 'unchecked' } to skip containment on purpose.",
    );
  }
  await checkWorkspaceArguments(paths, args, workspace, context);
}

/** Checks each path argument sent against `workspace`; the first refusal rejects with a `WorkspacePathError`. */
export async function checkWorkspaceArguments(
  paths: readonly WorkspacePathMetadata[],
  args: unknown,
  workspace: WorkspaceOptions,
  context: Pick<WorkspaceInvocationContext, 'signal' | 'lenient'>,
): Promise<void> {
  for (const { parameter, access, value } of sentPaths(paths, args, context)) {
    const check = await checkWorkspacePath(workspace, value, access);
    context.signal?.throwIfAborted();
    if (!check.ok) throw new WorkspacePathError(parameter, value, check.problem, check.message);
  }
}

/**
 * The path arguments the tool will receive, in declaration order, absent and `null` ones left
 * out. A lenient call may send the arguments as a JSON string (or fenced JSON); it is read as the
 * lenient step will read it, so such a call is checked too. (The step's other repairs turn
 * strings into numbers and booleans, never into a path.)
 */
export function sentPaths(
  paths: readonly WorkspacePathMetadata[],
  args: unknown,
  context: Pick<WorkspaceInvocationContext, 'lenient'>,
): (WorkspacePathMetadata & { readonly value: unknown })[] {
  const received = context.lenient === true ? repairArguments(args, () => ({})).value : args;
  const values: Record<string, unknown> = isPlainObject(received) ? received : {};
  return paths
    .filter(({ parameter }) => Object.hasOwn(values, parameter) && values[parameter] !== undefined && values[parameter] !== null)
    .map((path) => ({ ...path, value: values[path.parameter] }));
}

/** Whether `value` can be a workspace: `{ root: string, writable?: boolean }`. */
export function isWorkspaceOptions(value: unknown): value is WorkspaceOptions {
  if (typeof value !== 'object' || value === null) return false;
  const { root, writable } = value as { root?: unknown; writable?: unknown };
  return typeof root === 'string' && root !== '' && (writable === undefined || typeof writable === 'boolean');
}
