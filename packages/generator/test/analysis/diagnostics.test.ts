import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeProject, type Diagnostic, type ProjectAnalysis } from '@toolgen/generator';
import { writeProject } from '../helpers.js';
import { diagnosticFixtures, fixtureFile, markedSpans, type DiagnosticFixture } from './diagnosticFixtures.js';

/** A fixture's diagnostics in `analysis`: the CLI's line and column, and where the offending node ends. */
function diagnosticsOf(analysis: ProjectAnalysis, file: string, text: string) {
  return analysis.diagnostics
    .filter((diagnostic) => diagnostic.file.endsWith(`/${file}`))
    .map(({ code, line, column, end, messageId, data }: Diagnostic) => {
      const before = text.slice(0, end).split('\n');
      return { code, line, column, endLine: before.length, endColumn: before.at(-1)!.length + 1, messageId, data };
    });
}

/** The fixture analyzed as the one file of its project (with its extra files). */
function analyze(text: string, extra: Readonly<Record<string, string>> = {}) {
  const root = writeProject({ [fixtureFile]: text, ...extra });
  const analysis = analyzeProject(path.join(root, 'tsconfig.json'));
  return { analysis, found: diagnosticsOf(analysis, fixtureFile, text) };
}

/**
 * Fixtures analyzed together, each in a file of one project: one program for all of them instead of one each (issue
 * 32: this file took 28 s). A tool name two fixtures both use is a TSH007 between their files, which neither fixture
 * says; those are left out, and the fixtures of TSH007 itself, and those with files of their own, get projects of their own.
 */
function analyzeTogether(texts: readonly string[]): ReturnType<typeof diagnosticsOf>[] {
  const fileOf = (index: number) => `src/fixture${index}.ts`;
  const root = writeProject(Object.fromEntries(texts.map((text, index) => [fileOf(index), text])));
  const analysis = analyzeProject(path.join(root, 'tsconfig.json'));
  return texts.map((text, index) =>
    diagnosticsOf(analysis, fileOf(index), text).filter(
      (diagnostic) => diagnostic.code !== 'TSH007' || !Object.values(diagnostic.data).some((value) => /fixture\d+\.ts/.test(value) && !value.includes(`${fileOf(index).slice(4)}`)),
    ),
  );
}

const alone = (fixture: DiagnosticFixture) => fixture.extra !== undefined || fixture.code === 'TSH007';
const shared = diagnosticFixtures.filter((fixture) => !alone(fixture));
let sharedFound: ReturnType<typeof diagnosticsOf>[] = [];
let sharedFixedFound: ReturnType<typeof diagnosticsOf>[] = [];

// many fixtures share their fixed source: analyze each once
const fixedOnce = diagnosticFixtures.filter((fixture, index) => diagnosticFixtures.findIndex((other) => other.fixed === fixture.fixed) === index);
const fixedShared = fixedOnce.filter((fixture) => !alone(fixture));

beforeAll(() => {
  sharedFound = analyzeTogether(shared.map((fixture) => markedSpans(fixture.source).text));
  sharedFixedFound = analyzeTogether(fixedShared.map((fixture) => fixture.fixed));
}, 120_000);

describe('diagnostics fire at the offending node', () => {
  it.each(diagnosticFixtures)('$code: $name', (fixture) => {
    const { code, source, messages, extra } = fixture;
    const { text, spans } = markedSpans(source);
    const found = alone(fixture) ? analyze(text, extra).found : sharedFound[shared.indexOf(fixture)]!;
    const expected = spans.map((span, index) => ({ code, ...span, ...messages[index]! }));
    expect(found.filter((diagnostic) => diagnostic.code === code)).toEqual(expected);
  });
});

describe('fixed fixtures raise nothing', () => {
  it.each(fixedOnce)('$code: $name', (fixture) => {
    expect(alone(fixture) ? analyze(fixture.fixed, fixture.extra).found : sharedFixedFound[fixedShared.indexOf(fixture)]).toEqual([]);
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
