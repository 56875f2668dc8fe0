import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareBackend } from '../../src/backends/index.js';
import { GenerationSession } from '../../src/generate.js';
import type { BackendName } from '../../src/host/Project.js';
import { diagnosticFixtures, fixtureFile, markedSpans } from '../analysis/diagnosticFixtures.js';
import { writeProject } from '../helpers.js';

/*
 * The two backends are two ways to the same output (SPEC §8: "Output is byte-identical"): every
 * example, every diagnostic fixture and a bench corpus generate on TypeScript 6 and on TypeScript
 * 7 the same modules, manifest, diagnostics (codes, positions, wording) and syntax errors.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Everything a one-shot generation gives, with the paths relative to the project. */
function generation(tsconfigPath: string, backend: BackendName) {
  const root = path.dirname(tsconfigPath);
  const files: Record<string, string> = {};
  const result = GenerationSession.generateOnce({ project: tsconfigPath, backend }, (file) => {
    files[path.relative(root, file.path)] = 'pieces' in file ? file.pieces.join('') : file.content;
  });
  return {
    files,
    diagnostics: result.diagnostics.map(({ code, messageId, severity, file, line, column, end, message }) => ({
      code,
      messageId,
      severity,
      file: path.relative(root, file),
      line,
      column,
      end,
      message,
    })),
    syntaxErrors: result.syntaxErrors.map((problem) => ({ ...problem, file: path.relative(root, problem.file) })),
    tools: result.tools,
  };
}

const examples = readdirSync(path.join(repo, 'examples'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => path.join(repo, 'examples', entry.name, 'tsconfig.json'));

/** Every diagnostic fixture in a folder of its own, all in one project. */
function diagnosticsProject(): string {
  const files: Record<string, string> = {};
  diagnosticFixtures.forEach((fixture, index) => {
    const folder = `src/f${index}`;
    files[`${folder}/${path.basename(fixtureFile)}`] = markedSpans(fixture.source).text;
    for (const [name, text] of Object.entries(fixture.extra ?? {})) {
      files[`${folder}/${path.relative('src', name)}`] = text;
    }
  });
  return path.join(writeProject(files), 'tsconfig.json');
}

describe('the TypeScript 6 and 7 backends', () => {
  beforeAll(async () => {
    for (const project of examples) {
      await prepareBackend('ts7', project);
    }
  });

  it('finds the examples it compares', () => {
    expect(examples.map((project) => path.basename(path.dirname(project)))).toEqual(expect.arrayContaining(['tickets', 'mcp', 'vite-app']));
  });

  it.each(examples.map((project) => [path.basename(path.dirname(project)), project] as const))('generate the same %s', (_name, project) => {
    const ts6 = generation(project, 'ts6');
    expect(generation(project, 'ts7')).toEqual(ts6);
    expect(Object.keys(ts6.files)).toContain('toolgen.manifest.json');
  });

  it('report the same diagnostics, at the same places, for every diagnostic fixture', async () => {
    const project = diagnosticsProject();
    await prepareBackend('ts7', project);
    const ts6 = generation(project, 'ts6');
    expect(new Set(ts6.diagnostics.map((diagnostic) => diagnostic.code)).size).toBeGreaterThan(15);
    expect(generation(project, 'ts7')).toEqual(ts6);
  });

  it('read doc comments alike: TSDoc text, alias tags, same-line comments, reader order and TSH025 at the tag (issue 34)', async () => {
    const types = [
      '/**',
      ' * A page number.',
      ' * @minimum 1',
      ' */',
      'export type PageNumber = number;',
      '/** @maximum 10 */',
      'export type EarlyPage = PageNumber;',
      'export interface RepoRef {',
      '  /** Repository owner, e.g. @octocat or an organization. */',
      '  owner: string;',
      '  /** Files such as **\\/*.ts, as {owner}/{repo}. */',
      '  repo: string;',
      '}',
      'export interface PullRef extends RepoRef { /** The number. */ pull_number: number; page: PageNumber; early?: EarlyPage }',
    ].join('\n');
    const toolset = [
      "import { Toolset } from '@toolgen/runtime';",
      "import type { PullRef } from './types.js';",
      'export class PullToolset extends Toolset {',
      '  constructor() { super(); this.addTool(PullToolset.getPull).readOnly(); }',
      '  /**',
      '   * Gets a pull request, as \\@octocat would.',
      '   * @param pull Which one.',
      '   * @param limit {@maximum 50} How many comments, e.g. @all.',
      '   * @changed in 2.1',
      '   */',
      '  static getPull(pull: PullRef, limit: number): string { return `${pull.owner}${limit}`; }',
      '}',
    ].join('\n');
    const project = path.join(writeProject({ 'src/types.ts': types, 'src/pulls.ts': toolset }), 'tsconfig.json');
    await prepareBackend('ts7', project);
    const ts6 = generation(project, 'ts6');
    const manifest = JSON.parse(ts6.files['toolgen.manifest.json']!) as { toolsets: { tools: { description: string; parameters: { properties: Record<string, Record<string, unknown>> } }[] }[] };
    const [tool] = manifest.toolsets[0]!.tools;
    expect(tool!.description).toBe('Gets a pull request, as @octocat would.');
    const pull = tool!.parameters.properties['pull'] as { properties: Record<string, Record<string, unknown>> };
    expect(Object.keys(pull.properties)).toEqual(['owner', 'repo', 'pull_number', 'page', 'early']);
    expect(pull.properties['owner']!['description']).toBe('Repository owner, e.g. @octocat or an organization.');
    expect(pull.properties['repo']!['description']).toBe('Files such as **/*.ts, as {owner}/{repo}.');
    expect(pull.properties['pull_number']!['description']).toBe('The number.');
    expect(pull.properties['page']).toMatchObject({ minimum: 1, description: 'A page number.' });
    expect(pull.properties['early']).toMatchObject({ minimum: 1, maximum: 10 });
    expect(tool!.parameters.properties['limit']).toMatchObject({ maximum: 50, description: 'How many comments, e.g. @all.' });
    expect(ts6.diagnostics.map((diagnostic) => `${diagnostic.code} ${diagnostic.messageId} ${diagnostic.file}:${diagnostic.line}:${diagnostic.column}`)).toEqual([
      'TSH025 atInText src/pulls.ts:8:57',
      'TSH025 unknownBlockTag src/pulls.ts:9:6',
      // the member docs are in types.ts: said where their type is used, once per comment site, naming it
      'TSH025 atInText src/pulls.ts:11:18',
      'TSH025 unescapedBrace src/pulls.ts:11:18',
      'TSH025 unescapedBrace src/pulls.ts:11:18',
    ]);
    expect(ts6.diagnostics.filter((diagnostic) => diagnostic.line === 11).map((diagnostic) => /\(in [^)]*\)/.exec(diagnostic.message)?.[0])).toEqual([
      '(in types.ts:9:30)',
      '(in types.ts:11:34)',
      '(in types.ts:11:42)',
    ]);
    expect(generation(project, 'ts7')).toEqual(ts6);
  });

  it('report the same syntax errors', async () => {
    const project = path.join(writeProject({ 'src/broken.ts': 'export class A {\n  m( {\n}\n' }), 'tsconfig.json');
    await prepareBackend('ts7', project);
    const ts6 = generation(project, 'ts6');
    expect(ts6.syntaxErrors.length).toBeGreaterThan(0);
    expect(generation(project, 'ts7')).toEqual(ts6);
  });

  it('generate the same modules and manifest for a 100-tool bench corpus', async () => {
    // inside the repository, so that the corpus resolves the packages (and typescript7) from its node_modules
    const dir = path.join(import.meta.dirname, '../.tmp', 'parity-corpus');
    const corpus = (await import(path.join(repo, 'bench/corpus.mjs'))) as { writeCorpus(options: { dir: string; toolsets: number; toolsPerToolset: number }): void };
    corpus.writeCorpus({ dir, toolsets: 10, toolsPerToolset: 10 });
    const project = path.join(dir, 'tsconfig.json');
    await prepareBackend('ts7', project);
    const ts6 = generation(project, 'ts6');
    expect(ts6.tools).toBe(100);
    expect(generation(project, 'ts7')).toEqual(ts6);
  });
});

describe('the TypeScript 7 the backend is tested with', () => {
  it('is the 7.1 pinned in the root package.json (npm test runs these tests; npm run test:ts7 runs them alone)', () => {
    const pinned = (JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies['typescript7'];
    const installed = (JSON.parse(readFileSync(path.join(repo, 'node_modules/typescript7/package.json'), 'utf8')) as { version: string }).version;
    expect(pinned).toBe(`npm:typescript@${installed}`);
    expect(installed).toMatch(/^7\.1\./);
  });
});
