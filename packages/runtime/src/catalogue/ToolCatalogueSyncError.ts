import { describeToolSource, type ToolSource } from './ToolSource.js';

/** One reason a synchronization (or a server connection) was rejected. */
export type ToolCatalogueProblem =
  | { readonly kind: 'duplicate'; readonly qualifiedName: string; readonly first: ToolSource; readonly second: ToolSource }
  | { readonly kind: 'invalid'; readonly source: string; readonly message: string };

/**
 * A synchronization or server connection was rejected as a whole: the catalogue still holds what
 * it held before. `problems` lists every duplicate qualified name (with both sources) and every
 * invalid tool, plugin or server.
 */
export class ToolCatalogueSyncError extends Error {
  override readonly name: string = 'ToolCatalogueSyncError';
  readonly problems: readonly ToolCatalogueProblem[];

  constructor(problems: readonly ToolCatalogueProblem[]) {
    super(
      `The tool catalogue was not changed:\n${problems.map((problem) => `- ${describeProblem(problem)}`).join('\n')}`,
    );
    this.problems = problems;
  }
}

function describeProblem(problem: ToolCatalogueProblem): string {
  if (problem.kind === 'invalid') return `${problem.source}: ${problem.message}`;
  return (
    `"${problem.qualifiedName}" is published by ${describeToolSource(problem.first)} and by ${describeToolSource(problem.second)} ` +
    '(qualified names are compared case-insensitively). Rename the tool, toolset, plugin ID or server so the qualified names differ.'
  );
}
