import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject } from '@toolgen/generator';
import { writeProject } from '../helpers.js';

function diagnosticsOf(chain: string, extraMembers = '') {
  const root = writeProject({
    'src/misuse.ts': `import { Toolset } from '@toolgen/runtime';
export class Settings {
  limit = 10;
  readonly version = 1;${extraMembers}
}
export interface NotAClass { limit: number }
export class MisuseToolset extends Toolset {
  constructor() {
    super();
    this.addTool(MisuseToolset.search)${chain};
  }
  /** Searches. @param query What. */
  static search(query: string, settings: Settings): string { return query + settings.limit; }
}
`,
  });
  return analyzeProject(path.join(root, 'tsconfig.json')).diagnostics.map(({ code, messageId, line, column }) => ({ code, messageId, line, column }));
}

describe('TSH012: settings misuse', () => {
  // the chain starts at column 39 of line 10; `at` is the text the diagnostic must point at
  it.each([
    ['withSettings not last', '.withSettings<Settings>().configurable((s) => s.limit).readOnly()', 'settingsNotLast', 'withSettings'],
    ['a member the class does not have', '.withSettings<Settings>().configurable((s) => s.pageSize)', 'unknownMember', 'pageSize'],
    ['a readonly member', '.withSettings<Settings>().configurable((s) => s.version)', 'readonlyMember', 'version'],
    ['a selector that is not a member access', '.withSettings<Settings>().configurable(() => 10)', 'notMemberSelector', '() => 10'],
    ['no settings type argument', '.withSettings()', 'missingSettingsType', 'withSettings'],
    ['a settings type that is not a class', '.withSettings<NotAClass>()', 'settingsNotClass', 'NotAClass'],
    ['notConfigurable of a readonly member', '.withConfigurableSettings<Settings>().notConfigurable((s) => s.version)', 'readonlyMember', 'version'],
  ])('%s', (_, chain, messageId, at) => {
    expect(diagnosticsOf(chain).filter((d) => d.code === 'TSH012')).toEqual([{ code: 'TSH012', messageId, line: 10, column: 39 + chain.indexOf(at) }]);
  });

  it('accepts configurable writable members and reports nothing', () => {
    expect(diagnosticsOf('.readOnly().withSettings<Settings>().configurable((s) => s.limit)')).toEqual([]);
  });
});
