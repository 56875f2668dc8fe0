import { createRequire } from 'node:module';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import type ts from 'typescript';
import { describe, expect, it } from 'vitest';
import plugin from '@toolgen/eslint-plugin';
import { getTypeScript } from '../src/util/index.js';

const require = createRequire(import.meta.url);
const parserTypeScript = require('typescript') as typeof ts;
// ts-morph bundles its own TypeScript: a second copy whose nodes the parser's namespace must never read
const morphTypeScript = (require('ts-morph') as { ts: typeof ts }).ts;
const cwd = process.cwd();

function programOf(typescript: typeof ts): ts.Program {
  const host = typescript.createCompilerHost({ noLib: true });
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => (fileName === '/virtual/probe.ts' ? 'export const probe = 1;' : readFile(fileName));
  host.fileExists = (fileName) => fileName === '/virtual/probe.ts';
  return typescript.createProgram(['/virtual/probe.ts'], { noLib: true }, host);
}

describe('the TypeScript namespace the rules analyze with', () => {
  it('is the module that built the program the parser made', () => {
    expect(getTypeScript(programOf(parserTypeScript), cwd)).toBe(parserTypeScript);
  });

  it('refuses a program that another copy of TypeScript built, naming what it tried', () => {
    expect(morphTypeScript).not.toBe(parserTypeScript);
    expect(() => getTypeScript(programOf(morphTypeScript), cwd)).toThrow(
      /^@toolgen\/eslint-plugin: cannot find the TypeScript module that built the type-checked program.*node_modules\/typescript\/lib\/typescript\.js.*Install one copy of "typescript"/,
    );
  });
});

describe('a file linted without type information', () => {
  it('fails loudly, saying how to turn type information on', () => {
    const linter = new Linter();
    const config = [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      ...plugin.configs.recommended,
    ];
    expect(() => linter.verify('export const x = 1;', config, { filename: 'file.ts' })).toThrow(
      /the rule "@toolgen\/[a-z-]+" needs type information, but file\.ts was parsed without it\. .*parserOptions\.projectService: true/,
    );
  });
});
