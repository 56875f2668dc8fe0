import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject, type Diagnostic } from '@toolgen/generator';
import { writeProject } from '../helpers.js';
import { diagnosticFixtures, fixtureFile, markedSpans } from './diagnosticFixtures.js';

/** The fixture's diagnostics: the CLI's line and column, and where the offending node ends. */
function analyze(text: string, extra: Readonly<Record<string, string>> = {}) {
  const root = writeProject({ [fixtureFile]: text, ...extra });
  const analysis = analyzeProject(path.join(root, 'tsconfig.json'));
  const found = analysis.diagnostics
    .filter((diagnostic) => diagnostic.file.endsWith(`/${fixtureFile}`))
    .map(({ code, line, column, end, messageId, data }: Diagnostic) => {
      const before = text.slice(0, end).split('\n');
      return { code, line, column, endLine: before.length, endColumn: before.at(-1)!.length + 1, messageId, data };
    });
  return { analysis, found };
}

describe('diagnostics fire at the offending node', () => {
  it.each(diagnosticFixtures)('$code: $name', ({ code, source, messages, extra }) => {
    const { text, spans } = markedSpans(source);
    const { found } = analyze(text, extra);
    const expected = spans.map((span, index) => ({ code, ...span, ...messages[index]! }));
    expect(found.filter((diagnostic) => diagnostic.code === code)).toEqual(expected);
  });
});

// many fixtures share their fixed source: analyze each once
const fixedOnce = diagnosticFixtures.filter((fixture, index) => diagnosticFixtures.findIndex((other) => other.fixed === fixture.fixed) === index);

describe('fixed fixtures raise nothing', () => {
  it.each(fixedOnce)('$code: $name', ({ fixed, extra }) => {
    expect(analyze(fixed, extra).found).toEqual([]);
  });
});

describe('a toolset with errors', () => {
  it('is left out whole, while the other toolsets of the file still generate', () => {
    const { analysis } = analyze(`import { Toolset } from '@toolgen/runtime';
export class GoodToolset extends Toolset {
  constructor() { super(); this.addTool(GoodToolset.ping); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}
export class BadToolset extends Toolset {
  constructor() { super(); this.addTool(BadToolset.good); this.addTool(BadToolset.bad); }
  /** Fine. */
  static good(): string { return ''; }
  /** Not fine. @param set A set. */
  static bad(set: Set<string>): number { return set.size; }
}`);
    expect(analysis.toolsets.map((toolset) => [toolset.className, toolset.hasErrors])).toEqual([
      ['GoodToolset', false],
      ['BadToolset', true],
    ]);
  });
});
