import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '@toolgen/generator';
import { writeProject } from '../helpers.js';

/** A toolset source with two tools, one taking settings and services. */
export const notesSource = `import { Toolset, type ToolServices } from '@toolgen/runtime';
import type { NoteSettings } from './model.js';

export class NoteToolset extends Toolset {
  constructor() {
    super();
    this.withDisplayName('Notes');
    this.addTool(NoteToolset.findNotes).readOnly().withSettings<NoteSettings>().configurable((s) => s.limit);
    this.addTool(NoteToolset.countWords).readOnly();
  }

  /**
   * Finds notes whose text contains a word.
   * @param word The word to look for.
   */
  static findNotes(word: string, settings: NoteSettings, services: ToolServices): string[] {
    return services.notes.filter((note) => note.includes(word)).slice(0, settings.limit);
  }

  /**
   * Counts the words of a text.
   * @param text Any text.
   */
  static countWords(text: string): number {
    return text.split(/\\s+/).filter(Boolean).length;
  }
}
`;

export const modelSource = `/** The stored settings of find_notes. */
export class NoteSettings {
  /**
   * How many notes to return at most.
   * @minimum 1
   */
  limit = 2;
}

declare module '@toolgen/runtime' {
  interface ToolServices {
    notes: readonly string[];
  }
}
`;

/** Calls both tools, one with invalid arguments, and prints what the model would receive, one line each. */
export const mainSource = `import { noteToolset } from './notes.tools.js';

async function run(): Promise<void> {
  const services = { notes: ['buy milk', 'milk the cow', 'milk again', 'call mum'] };
  const lines: string[] = [noteToolset.functions.map((fn) => fn.qualifiedName).join(', ')];
  for (const [name, args] of [['find_notes', { word: 'milk' }], ['count_words', { text: 'one two  three' }], ['count_words', { text: 3 }]] as const) {
    const fn = noteToolset.functions.find((candidate) => candidate.name === name)!;
    try {
      lines.push(JSON.stringify(await fn.invoke(args, { services })));
    } catch (error) {
      lines.push((error as Error).message.split('\\n').join(' | '));
    }
  }
  console.log(lines.join('\\n'));
}

void run();
`;

/** What running the bundled or compiled app prints. */
export const expectedOutput = [
  'note__find_notes, note__count_words',
  '["buy milk","milk the cow"]',
  '3',
  'Invalid arguments: | - /text: must be a string; got 3 | Correct these arguments and call the tool again.',
].join('\n');

/** Compiler options of the test apps: the bundled example's, for a bundler. */
export const bundlerCompilerOptions = { module: 'ESNext', moduleResolution: 'Bundler' };

/** A project holding the notes toolset and the app that calls it, with no generated file. */
export function writeApp(files: Readonly<Record<string, string>> = {}, compilerOptions: object = bundlerCompilerOptions): string {
  return writeProject(
    { 'src/notes.ts': notesSource, 'src/model.ts': modelSource, 'src/main.ts': mainSource, ...files },
    { compilerOptions: { ...strict, ...compilerOptions } },
  );
}

const strict = {
  target: 'ES2022',
  lib: ['ES2022', 'DOM'],
  types: [],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: true,
  noEmit: true,
};

/** Runs the toolgen CLI on a project from the working directory (as the bundlers print paths), and returns its exit code and stdout. */
export async function runCli(argv: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) }, process.cwd());
  return { code, stdout, stderr };
}

/** The CLI's module for the project's `src/notes.ts`, generated in a copy so that the project itself keeps no generated file. */
export async function cliModule(files: Readonly<Record<string, string>> = {}, compilerOptions?: object): Promise<string> {
  const copy = writeApp(files, compilerOptions);
  const result = await runCli(['-p', copy]);
  if (result.code !== 0) {
    throw new Error(`toolgen failed:\n${result.stdout}${result.stderr}`);
  }
  return readFileSync(path.join(copy, 'src/notes.tools.ts'), 'utf8');
}

/** The CLI's diagnostic lines of one severity for a project. */
export function diagnosticLines(stdout: string, severity: 'error' | 'warning'): string[] {
  return stdout.split('\n').filter((line) => line.includes(` - ${severity} TSH`));
}

/** Runs a built JavaScript file with Node.js and returns what it prints. */
export function runNode(file: string): string {
  return execFileSync(process.execPath, [file], { encoding: 'utf8' }).trimEnd();
}
