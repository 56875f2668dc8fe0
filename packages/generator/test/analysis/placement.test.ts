import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject } from '@toolgen/generator';
import { writeProject } from '../helpers.js';

function placementOf(constructorBody: string, extraMembers = '') {
  const root = writeProject({
    'src/placement.ts': `import { Toolset } from '@toolgen/runtime';
export class PlacementToolset extends Toolset {
  constructor() {
    super();
${constructorBody}
  }
${extraMembers}
  /** Answers. */
  static ping(): string { return 'pong'; }
}
`,
  });
  return analyzeProject(path.join(root, 'tsconfig.json'))
    .diagnostics.filter((diagnostic) => diagnostic.code === 'TSH014')
    .map((diagnostic) => ({ where: diagnostic.data['where'], line: diagnostic.line, column: diagnostic.column }));
}

describe('TSH014 says where a misplaced addTool stands', () => {
  it.each([
    ['    for (const _ of [1]) { this.addTool(PlacementToolset.ping); }', 'inside a loop', 28],
    ['    if (Math.random() > 2) { this.addTool(PlacementToolset.ping); }', 'inside a branch', 30],
    ['    [1].forEach(() => this.addTool(PlacementToolset.ping));', 'inside a nested function', 23],
    ['    try { this.addTool(PlacementToolset.ping); } catch {}', 'inside a try statement', 11],
    ['    { this.addTool(PlacementToolset.ping); }', 'inside a block', 7],
    ['    void this.addTool(PlacementToolset.ping);', 'nested in an expression', 10],
    ['    return;\n    this.addTool(PlacementToolset.ping);', 'after an early return', 5],
  ])('%j → %s', (body, where, column) => {
    const line = 5 + body.split('\n').length - 1;
    expect(placementOf(body)).toEqual([{ where, line, column }]);
  });

  it('names the member when addTool stands outside the constructor', () => {
    expect(placementOf('', '  register(): void { this.addTool(PlacementToolset.ping); }')).toEqual([
      { where: 'in the member "register"', line: 7, column: 22 },
    ]);
  });

  it('accepts addTool as a top-level constructor statement', () => {
    expect(placementOf('    this.addTool(PlacementToolset.ping).readOnly();')).toEqual([]);
  });
});
