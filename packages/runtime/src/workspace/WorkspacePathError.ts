import { ToolFailure } from '../errors/ToolFailure.js';
import type { WorkspacePathProblem } from './WorkspaceOptions.js';

/** A workspace path argument was refused before the tool ran. */
export class WorkspacePathError extends ToolFailure {
  override readonly name: string = 'WorkspacePathError';
  readonly parameter: string;
  readonly problem: WorkspacePathProblem;

  constructor(parameter: string, value: unknown, problem: WorkspacePathProblem, message: string) {
    super(`The path ${describe(value)} in "${parameter}" ${message}`);
    this.parameter = parameter;
    this.problem = problem;
  }
}

function describe(value: unknown): string {
  if (typeof value !== 'string') return 'value';
  const shown = value.replaceAll('\0', '\\0');
  return JSON.stringify(shown.length > 120 ? `${shown.slice(0, 117)}…` : shown);
}
