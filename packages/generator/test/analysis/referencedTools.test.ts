import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectReferencedTools, relativePlace, type ReferencedProject, type ToolModel, type ToolsetModel } from '@toolgen/generator/analysis';

/** A project with one toolset of one tool per name, referencing `references`. */
function project(tsconfigPath: string, toolNames: readonly string[], references: () => readonly ReferencedProject[] = () => []): ReferencedProject {
  const tools = toolNames.map(
    (name) =>
      ({
        name,
        qualifiedName: `p__${name}`,
        nameLocation: { file: path.join(path.dirname(tsconfigPath), 'src/tools.ts'), line: 1, column: 1, start: 0, end: 0 },
        approval: 'default',
        confidentiality: 'any',
      }) as Partial<ToolModel> as ToolModel,
  );
  const toolset = { className: 'PToolset', tools } as Partial<ToolsetModel> as ToolsetModel;
  return { tsconfigPath, toolsets: () => [toolset], references };
}

// the generator (projects from tsconfigs) and the ESLint plugin (the linter's program) both visit references this way
describe('collectReferencedTools', () => {
  it('visits the references depth first, in order, each project once, and never the referencing one', () => {
    const app = '/w/app/tsconfig.json';
    const shared = project('/w/shared/tsconfig.json', ['shared_tool'], () => [project(app, ['app_tool'])]);
    const lib = project('/w/lib/tsconfig.json', ['lib_tool'], () => [shared]);
    const other = project('/w/other/tsconfig.json', ['other_tool'], () => [shared]);
    const tools = collectReferencedTools([lib, other], new Set([app]));
    expect(tools.map((tool) => tool.name)).toEqual(['lib_tool', 'shared_tool', 'other_tool']);
    expect(tools[0]).toMatchObject({ className: 'PToolset', qualifiedName: 'p__lib_tool', approval: 'default', confidentiality: 'any' });
  });

  it('names places relative to the project directory, with forward slashes', () => {
    const place = relativePlace(path.join('/w', 'app'));
    expect(place({ file: path.join('/w', 'lib', 'src', 'orders.ts'), line: 10, column: 10, start: 0, end: 0 })).toBe('../lib/src/orders.ts:10:10');
  });
});
