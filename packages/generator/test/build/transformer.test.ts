import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createToolgenTransformer, ToolgenBuildError } from '@toolgen/generator/transformer';
import { diagnosticLines, expectedOutput, notesSource, runCli, runNode, writeApp } from './fixture.js';

/** An emitting project for Node.js, checking `./notes.tools.js` against declarations from `toolgen --types-only`. */
const emitting = {
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  noEmit: false,
  rootDir: 'src',
  outDir: 'dist',
  declaration: true,
  rootDirs: ['.', '.toolgen/types'],
};

function programOf(root: string, overrides: ts.CompilerOptions = {}): ts.Program {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined };
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), overrides, host)!;
  return ts.createProgram({ rootNames: config.fileNames, options: config.options });
}

/** Emits the program, with the transformer or without, and returns the files `writeFile` received, by path relative to the project. */
function emit(root: string, program: ts.Program, transformers?: ts.CustomTransformers): Map<string, string> {
  const files = new Map<string, string>();
  const result = program.emit(undefined, (file, text) => files.set(path.relative(root, file).split(path.sep).join('/'), text), undefined, false, transformers);
  expect(result.diagnostics).toEqual([]);
  return files;
}

/** ts-patch's tsc (`tspc`): tsc with the `compilerOptions.plugins` transformers, patched in memory. */
const tspc = createRequire(import.meta.url).resolve('ts-patch/bin/tspc.js');

/** A toolset with one TSH error: a tool name that is not snake_case. */
const brokenNotes = { 'src/notes.ts': notesSource.replace('this.addTool(NoteToolset.countWords)', "this.addTool(NoteToolset.countWords).withName('Count-Words')") };

/** A line of the CLI's, `file:line:column - error TSH008: message`, with its path relative to `root`, not to this process's folder. */
const relativeTo = (line: string, root: string): string => line.replace(/^(.*?):/, (_match, file: string) => `${path.relative(root, path.resolve(file))}:`);

/** A line of the CLI's as tsc run in `root` prints a diagnostic: `file(line,column): error TSH008: message`. */
const asTscLine = (line: string, root: string): string => relativeTo(line, root).replace(/^(.*?):(\d+):(\d+) - /, '$1($2,$3): ');

/** A file whose declarations name a tool's types: tsc writes them out, as the module's own declarations do not export them. */
const usingTools = {
  'src/picked.ts': "import { noteToolset } from './notes.tools.js';\n\nexport const countWords = noteToolset.tools.count_words;\nexport const names = noteToolset.functions.map((fn) => fn.name);\n",
};

describe('@toolgen/generator/transformer', () => {
  it('emits what tsc emits for the CLI’s module, byte for byte, through program.emit’s writeFile, and the output runs', async () => {
    const root = writeApp(usingTools, emitting);
    expect((await runCli(['--types-only', '-p', root, '--out-dir', path.join(root, '.toolgen/types')])).code).toBe(0);
    const program = programOf(root);
    expect(ts.getPreEmitDiagnostics(program)).toEqual([]);
    const transformed = emit(root, program, createToolgenTransformer(program));
    expect(existsSync(path.join(root, 'dist'))).toBe(false);

    const generated = writeApp(usingTools, emitting);
    expect((await runCli(['-p', generated])).code).toBe(0);
    const compiled = emit(generated, programOf(generated));
    expect([...transformed.keys()].sort()).toEqual([
      'dist/main.d.ts', 'dist/main.js', 'dist/model.d.ts', 'dist/model.js', 'dist/notes.d.ts', 'dist/notes.js', 'dist/notes.tools.d.ts', 'dist/notes.tools.js',
      'dist/picked.d.ts', 'dist/picked.js',
    ]);
    expect(transformed.get('dist/picked.d.ts')).toContain('AIFunction<{\n    text: string;\n}, number, "count_words", "note__count_words">');
    expect(new Map([...transformed].sort())).toEqual(new Map([...compiled].sort()));

    for (const [file, text] of transformed) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    expect(runNode(path.join(root, 'dist/main.js'))).toBe(expectedOutput);
  });

  it('throws a ToolgenBuildError carrying the CLI’s lines when a toolset has errors', async () => {
    const root = writeApp(brokenNotes, emitting);
    const expected = diagnosticLines((await runCli(['--check', '-p', root])).stdout, 'error');
    expect(expected).toHaveLength(1);
    const program = programOf(root);
    const failure = (() => {
      try {
        program.emit(undefined, () => undefined, undefined, false, createToolgenTransformer(program));
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(failure).toBeInstanceOf(ToolgenBuildError);
    expect((failure as ToolgenBuildError).message).toBe(expected.join('\n'));
  });

  it('adds the errors to the emit’s diagnostics instead, once each, when ts-patch gives it addDiagnostic', async () => {
    const root = writeApp(brokenNotes, emitting);
    const expected = diagnosticLines((await runCli(['--check', '-p', root])).stdout, 'error');
    const program = programOf(root);
    const added: ts.Diagnostic[] = [];
    const written: string[] = [];
    const transformer = createToolgenTransformer(program, {}, { ts, addDiagnostic: (diagnostic) => added.push(diagnostic) });
    program.emit(undefined, (file) => written.push(path.relative(root, file).split(path.sep).join('/')), undefined, false, transformer);
    const host = { getCanonicalFileName: (file: string) => file, getCurrentDirectory: () => root, getNewLine: () => '\n' };
    expect(ts.formatDiagnostics(added, host).trimEnd().split('\n')).toEqual(expected.map((line) => asTscLine(line, root)));
    expect(written).not.toContain('dist/notes.tools.js');
    expect(written).toContain('dist/notes.js');
  });

  it('runs under ts-patch’s tspc as a compilerOptions plugin: a good toolset’s module is emitted, a TSH error is tsc’s own line', async () => {
    // one build: tsc goes on past errors, so the good toolset's module is emitted and the broken one's is not
    const broken = `import { Toolset } from '@toolgen/runtime';
export class BrokenToolset extends Toolset {
  constructor() { super(); this.addTool(BrokenToolset.countWords).readOnly().withName('Count-Words'); }
  /** Counts the words of a text. @param text Any text. */
  static countWords(text: string): number { return text.split(' ').length; }
}
`;
    const root = writeApp({ 'src/broken.ts': broken }, { ...emitting, plugins: [{ transform: '@toolgen/generator/transformer' }] });
    const expected = diagnosticLines((await runCli(['--types-only', '-p', root, '--out-dir', path.join(root, '.toolgen/types')])).stdout, 'error');
    expect(expected).toHaveLength(1);
    const built = spawnSync(process.execPath, [tspc, '-p', root, '--pretty', 'false'], { cwd: root, encoding: 'utf8' });
    // tsc's exit code for errors with outputs written; no stack trace, only tsc's lines
    expect({ status: built.status, stderr: built.stderr, stdout: built.stdout.trimEnd().split('\n') }).toEqual({
      status: 2,
      stderr: '',
      stdout: expected.map((line) => asTscLine(line, root)),
    });
    expect(existsSync(path.join(root, 'dist/broken.tools.js'))).toBe(false);
    expect(runNode(path.join(root, 'dist/main.js'))).toBe(expectedOutput);
  });

  it('builds with docs/build.md’s build.mjs, which prints a toolset’s TSH errors as the CLI’s lines and exits 1', async () => {
    // the emit itself is the first test's; here, that the page's script runs as written and reports as it says
    const page = readFileSync(new URL('../../../../docs/build.md', import.meta.url), 'utf8');
    const script = [...page.matchAll(/```js\n(\/\/ build\.mjs\n[\s\S]*?)```/g)].map(([, block]) => block);
    expect(script).toHaveLength(1);
    const broken = writeApp({ ...brokenNotes, 'build.mjs': script[0]! }, emitting);
    const expected = diagnosticLines((await runCli(['--check', '-p', broken])).stdout, 'error');
    const failed = spawnSync(process.execPath, ['build.mjs'], { cwd: broken, encoding: 'utf8' });
    expect({ status: failed.status, stderr: failed.stderr.trimEnd().split('\n') }).toEqual({
      status: 1,
      stderr: expected.map((line) => relativeTo(line, broken)),
    });
  });

  it('hands the CLI’s warning lines to onWarning, once each, and emits only declarations under emitDeclarationOnly', async () => {
    const root = writeApp({ 'src/notes.ts': notesSource.replace('   * @param text Any text.\n', '') }, emitting);
    const expected = diagnosticLines((await runCli(['--check', '-p', root])).stdout, 'warning');
    expect(expected).toHaveLength(1);
    const program = programOf(root, { emitDeclarationOnly: true });
    const warnings: string[] = [];
    const files = emit(root, program, createToolgenTransformer(program, { onWarning: (line) => warnings.push(line) }));
    expect(warnings).toEqual(expected);
    expect([...files.keys()].sort()).toEqual(['dist/main.d.ts', 'dist/model.d.ts', 'dist/notes.d.ts', 'dist/notes.tools.d.ts']);
  });

  it('asks for the project when the program was not read from a tsconfig', () => {
    const program = ts.createProgram({ rootNames: [], options: {} });
    expect(() => createToolgenTransformer(program)).toThrow(/pass \{ project: "<tsconfig\.json>" \}/);
  });
});
