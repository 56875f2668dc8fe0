import type { ShapeProblem } from '../schema/shape.js';

/** Problems by the root they belong to (a parameter, the result, the settings), in discovery order. */
export function groupProblems(problems: readonly ShapeProblem[], rootOf: (problem: ShapeProblem) => string): Map<string, ShapeProblem[]> {
  const groups = new Map<string, ShapeProblem[]>();
  for (const problem of problems) {
    const root = rootOf(problem);
    const group = groups.get(root) ?? [];
    group.push(problem);
    groups.set(root, group);
  }
  return groups;
}

/** The message data of one root's problems: the first in full, the others counted by pointer. */
export function problemData(tool: string, problems: readonly ShapeProblem[]): Record<string, string> {
  const [first, ...others] = problems as [ShapeProblem, ...ShapeProblem[]];
  const shown = others.slice(0, 3).map((problem) => pointerText(problem.pointer));
  const more =
    others.length === 0
      ? ''
      : ` Also unrepresentable: ${shown.join(', ')}${others.length > shown.length ? ` and ${others.length - shown.length} more` : ''}.`;
  return {
    tool,
    typeText: first.typeText,
    pointer: pointerText(first.pointer),
    reason: first.reason,
    fix: first.fix.replace(/\.$/, ''),
    more,
  };
}

function pointerText(pointer: string): string {
  return pointer === '' ? '/' : pointer;
}
