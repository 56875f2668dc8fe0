import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadBundledCompiler } from '../../src/backends/ts6/bundledCompiler.js';
import { createProjectProgram, forgetParsedDeclarations } from '../../src/backends/ts6/projectProgram.js';
import { isLargeProgram } from '../../src/backends/ts6/Ts6Project.js';
import { strictCompilerOptions, writeProject } from '../helpers.js';

/*
 * The project programs of one process share the declaration files they parse: the default library,
 * and any other `.d.ts` while its text stays the same. Sharing must never change what a program
 * sees: a changed declaration is read anew, and other parse settings get files of their own.
 */

const compiler = loadBundledCompiler();
const { ts: tsApi } = compiler;

function programOf(root: string, options: Partial<ts.CompilerOptions> = {}): ts.Program {
  const settings = { ...strictCompilerOptions, ...options };
  const parsed = tsApi.parseJsonConfigFileContent({ compilerOptions: settings, include: ['src'] }, tsApi.sys, root);
  return createProjectProgram(compiler, parsed.options, parsed.fileNames);
}

const file = (program: ts.Program, ending: string): ts.SourceFile => {
  const found = program.getSourceFiles().find((sourceFile) => sourceFile.fileName.endsWith(ending));
  if (found === undefined) throw new Error(`no source file ending in ${ending}`);
  return found;
};

/** The type the checker gives the exported constant `name` of `src/main.ts`. */
function typeOfConstant(program: ts.Program, name: string): string {
  const checker = program.getTypeChecker();
  const main = checker.getSymbolAtLocation(file(program, 'src/main.ts'));
  const symbol = main === undefined ? undefined : checker.getExportsOfModule(main).find((candidate) => candidate.name === name);
  if (symbol === undefined) throw new Error(`no constant ${name}`);
  return checker.typeToString(checker.getTypeOfSymbol(symbol));
}

/** A declaration file of 3 Mi characters, most of them a comment, quick to parse. */
const largeDeclaration = (name: string) => `/* ${'x'.repeat(3 * 1024 * 1024)} */\nexport declare const ${name}: number;\n`;

const sources = {
  'src/shapes.d.ts': 'export interface Shape { readonly sides: number }\n',
  'src/main.ts': "import type { Shape } from './shapes.js';\nexport const shape: Shape = { sides: 3 };\nexport const when = new Date().toISOString();\n",
};

describe('project programs in one process', () => {
  it('share the default library and unchanged declarations, parsed and bound once, and each checker still answers', () => {
    const first = programOf(writeProject(sources));
    const second = programOf(writeProject(sources));
    expect(file(second, 'lib.es5.d.ts')).toBe(file(first, 'lib.es5.d.ts'));
    expect(file(second, 'lib.dom.d.ts')).toBe(file(first, 'lib.dom.d.ts'));
    // two projects, two paths: their own declaration files are their own
    expect(file(second, 'src/shapes.d.ts')).not.toBe(file(first, 'src/shapes.d.ts'));
    for (const program of [first, second]) {
      expect(typeOfConstant(program, 'shape')).toBe('Shape');
      expect(typeOfConstant(program, 'when')).toBe('string');
      expect(tsApi.getPreEmitDiagnostics(program)).toEqual([]);
    }
  });

  it('read a declaration file anew when its text changed, and keep it while it did not', () => {
    const root = writeProject(sources);
    const before = programOf(root);
    const again = programOf(root);
    expect(file(again, 'src/shapes.d.ts')).toBe(file(before, 'src/shapes.d.ts'));
    writeFileSync(path.join(root, 'src/shapes.d.ts'), 'export interface Shape { readonly sides: string }\n');
    const after = programOf(root);
    expect(file(after, 'src/shapes.d.ts')).not.toBe(file(before, 'src/shapes.d.ts'));
    expect(tsApi.getPreEmitDiagnostics(after).map((diagnostic) => tsApi.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([
      "Type 'number' is not assignable to type 'string'.",
    ]);
    expect(tsApi.getPreEmitDiagnostics(before)).toEqual([]);
  });

  it('parse the library again for a target that parses differently', () => {
    const root = writeProject(sources);
    const es2022 = programOf(root);
    const es2015 = programOf(root, { target: 'ES2015' as never, lib: ['ES2022', 'DOM'] });
    expect(file(es2015, 'lib.es5.d.ts')).not.toBe(file(es2022, 'lib.es5.d.ts'));
    expect(file(es2015, 'lib.es5.d.ts').languageVersion).toBe(tsApi.ScriptTarget.ES2015);
  });

  it('parse everything again once the shared files are let go (after a large program, for its memory)', () => {
    const root = writeProject(sources);
    const before = programOf(root);
    forgetParsedDeclarations();
    const after = programOf(root);
    expect(file(after, 'lib.es5.d.ts')).not.toBe(file(before, 'lib.es5.d.ts'));
    expect(file(after, 'src/shapes.d.ts')).not.toBe(file(before, 'src/shapes.d.ts'));
    expect(tsApi.getPreEmitDiagnostics(after)).toEqual([]);
  });

  it('keep the library of the last three targets: a fourth lets go of the least recently used one\'s (its memory)', () => {
    const root = writeProject(sources);
    const target = (name: string) => ({ target: name as never, lib: ['ES2022', 'DOM'] });
    const first = programOf(root);
    const es2015 = programOf(root, target('ES2015'));
    const es2017 = programOf(root, target('ES2017'));
    // back to the first settings after two others: its files were kept
    expect(file(programOf(root), 'lib.es5.d.ts')).toBe(file(first, 'lib.es5.d.ts'));
    expect(file(programOf(root, target('ES2015')), 'lib.dom.d.ts')).toBe(file(es2015, 'lib.dom.d.ts'));
    // a fourth set: ES2017's, used least recently, goes; the two used since stay
    programOf(root, target('ES2019'));
    expect(file(programOf(root), 'lib.es5.d.ts')).toBe(file(first, 'lib.es5.d.ts'));
    expect(file(programOf(root, target('ES2015')), 'lib.es5.d.ts')).toBe(file(es2015, 'lib.es5.d.ts'));
    const again = programOf(root, target('ES2017'));
    expect(file(again, 'lib.es5.d.ts')).not.toBe(file(es2017, 'lib.es5.d.ts'));
    expect(file(again, 'lib.es5.d.ts').languageVersion).toBe(tsApi.ScriptTarget.ES2017);
    expect(tsApi.getPreEmitDiagnostics(again)).toEqual([]);
  });

  it('share the library between settings it does not depend on (module, moduleResolution), and each checker still answers', () => {
    const root = writeProject(sources);
    const nodeNext = programOf(root);
    const bundler = programOf(root, { module: 'ESNext' as never, moduleResolution: 'Bundler' as never, verbatimModuleSyntax: true });
    // compared as booleans: a failing toBe would print both libraries
    for (const name of ['lib.dom.d.ts', 'lib.es5.d.ts']) expect(file(bundler, name) === file(nodeNext, name), `${name} shared`).toBe(true);
    for (const program of [nodeNext, bundler]) {
      expect(typeOfConstant(program, 'when')).toBe('string');
      expect(tsApi.getPreEmitDiagnostics(program)).toEqual([]);
    }
  });

  it('keep every declaration file the newest program uses past the bound, and let go of the others\' for it', () => {
    // three declaration files of 3 Mi characters each, past the 8 Mi kept besides the library
    const project = (prefix: string) => ({
      [`src/${prefix}1.d.ts`]: largeDeclaration(`${prefix}1`),
      [`src/${prefix}2.d.ts`]: largeDeclaration(`${prefix}2`),
      [`src/${prefix}3.d.ts`]: largeDeclaration(`${prefix}3`),
      'src/main.ts': `import { ${prefix}1 } from './${prefix}1.js';\nimport { ${prefix}2 } from './${prefix}2.js';\nimport { ${prefix}3 } from './${prefix}3.js';\nexport const sum = ${prefix}1 + ${prefix}2 + ${prefix}3;\n`,
    });
    const root = writeProject(project('big'));
    const first = programOf(root);
    // a program reading the same files in the same order finds every one (under a plain least-recently-used bound, each
    // was let go just before it was asked for: 999 files of @types/node and five SDKs, parsed again for every program)
    const second = programOf(root);
    for (const name of ['big1.d.ts', 'big2.d.ts', 'big3.d.ts']) expect(file(second, name) === file(first, name), `${name} kept`).toBe(true);
    expect(typeOfConstant(second, 'sum')).toBe('number');
    // another project's: the bound applies to the files it does not use, the first project's, and 8 Mi characters of them stay
    const other = programOf(writeProject(project('other')));
    expect(typeOfConstant(other, 'sum')).toBe('number');
    const third = programOf(root);
    expect(file(third, 'big1.d.ts') === file(first, 'big1.d.ts'), 'big1.d.ts let go').toBe(false);
    for (const name of ['big2.d.ts', 'big3.d.ts']) expect(file(third, name) === file(first, name), `${name} kept`).toBe(true);
  });

  it('let go past the bound of the files the fewest programs used first: programs that take turns keep what they share', () => {
    const root = writeProject(Object.fromEntries(['shared', 'once1', 'once2', 'own1', 'own2', 'own3'].map((name) => [`src/${name}.d.ts`, largeDeclaration(name)])));
    const { options } = tsApi.parseJsonConfigFileContent({ compilerOptions: strictCompilerOptions }, tsApi.sys, root);
    const programOfFiles = (...names: string[]) => createProjectProgram(compiler, options, names.map((name) => path.join(root, `src/${name}.d.ts`)));
    // none kept from the tests before
    forgetParsedDeclarations();
    const shared = file(programOfFiles('shared'), 'shared.d.ts');
    programOfFiles('shared');
    programOfFiles('shared');
    const once = programOfFiles('once1', 'once2');
    // 9 Mi characters of its own, and 9 Mi of files it does not use: one of those goes. The least recently used, shared.d.ts,
    // is the one three programs used; of the two one program used, once1.d.ts was used less recently.
    programOfFiles('own1', 'own2', 'own3');
    expect(file(programOfFiles('shared'), 'shared.d.ts') === shared, 'shared.d.ts kept').toBe(true);
    expect(file(programOfFiles('once2'), 'once2.d.ts') === file(once, 'once2.d.ts'), 'once2.d.ts kept').toBe(true);
    expect(file(programOfFiles('once1'), 'once1.d.ts') === file(once, 'once1.d.ts'), 'once1.d.ts let go').toBe(false);
  });

  it('parse each file for its module format, so an ES module resolves a package that types only its "import" condition', () => {
    const root = writeProject(
      {
        'package.json': '{ "type": "module" }\n',
        'node_modules/esm-only/package.json': JSON.stringify({ name: 'esm-only', type: 'module', exports: { '.': { import: { types: './index.d.ts' } } } }),
        'node_modules/esm-only/index.d.ts': 'export interface Point { readonly x: number; readonly y: number }\n',
        'src/main.ts': "import type { Point } from 'esm-only';\nexport const origin: Point = { x: 0, y: 0 };\n",
      },
      {},
    );
    const program = programOf(root);
    expect(tsApi.getPreEmitDiagnostics(program).map((diagnostic) => tsApi.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([]);
    expect(typeOfConstant(program, 'origin')).toBe('Point');
    expect(file(program, 'src/main.ts').impliedNodeFormat).toBe(tsApi.ModuleKind.ESNext);
  });

  it('count a program large by its own files, not the lib or @types/node: only then does the one-shot CLI let the shared files go', () => {
    const small = programOf(writeProject(sources), { types: ['node'] });
    expect(file(small, 'lib.dom.d.ts')).toBeDefined();
    expect(small.getSourceFiles().some((sourceFile) => sourceFile.fileName.includes('/@types/node/'))).toBe(true);
    expect(isLargeProgram(small)).toBe(false);
    // about 400 tools' worth of source
    const functions = Array.from({ length: 4_000 }, (_, index) => `/** Adds one to a number, the ${index}th time. */\nexport function add${index}(value: number): number {\n  return value + 1;\n}\n`);
    const large = programOf(writeProject({ ...sources, 'src/many.ts': functions.join('\n') }));
    expect(isLargeProgram(large)).toBe(true);
  });
});
