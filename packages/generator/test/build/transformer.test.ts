import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
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
    const root = writeApp({ 'src/notes.ts': notesSource.replace('this.addTool(NoteToolset.countWords)', "this.addTool(NoteToolset.countWords).withName('Count-Words')") }, emitting);
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
