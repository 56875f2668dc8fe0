import type { TSESLint } from '@typescript-eslint/utils';
import { ts6AnalysisHost, type AnalysisHost } from '@toolgen/generator/analysis';
import type ts from 'typescript';
import { getTypeScript } from './getTypeScript.js';

/** What a rule needs to analyze the file it lints: the analysis host and the file's TypeScript source. */
export interface ProgramContext {
  readonly host: AnalysisHost;
  readonly sourceFile: ts.SourceFile;
  readonly cwd: string;
}

const hosts = new WeakMap<ts.Program, AnalysisHost>();

/**
 * The type-checked program typescript-eslint's parser built for the linted file, with the
 * TypeScript namespace that built it. Throws when the file was parsed without type information.
 */
export function getProgramContext(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>): ProgramContext {
  const services = context.sourceCode.parserServices;
  const program = services?.program ?? null;
  const sourceFile = program === null ? undefined : (services?.esTreeNodeToTSNodeMap?.get(context.sourceCode.ast) as ts.SourceFile | undefined);
  if (program === null || sourceFile === undefined) {
    throw new Error(
      `@toolgen/eslint-plugin: the rule "${context.id}" needs type information, but ${context.filename} was parsed without it. ` +
        'Lint TypeScript files with typescript-eslint\'s parser and set languageOptions.parserOptions.projectService: true ' +
        '(or parserOptions.project) in your ESLint config.',
    );
  }
  let host = hosts.get(program);
  if (host === undefined) {
    host = ts6AnalysisHost(getTypeScript(program, context.cwd), program);
    hosts.set(program, host);
  }
  return { host, sourceFile, cwd: context.cwd };
}
