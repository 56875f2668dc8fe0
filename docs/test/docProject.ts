import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fences, repoRoot, type Fence } from './markdown.js';
import { tsc7Executable } from '../../test/tsc7.js';

/*
 * The code blocks of one page, as one TypeScript project. The markers doc writers use:
 *
 * - a ```ts block whose first line is a path comment (`// src/tickets.ts`) is that file of the project;
 * - a ```jsonc (or ```json) block whose first line is `// tsconfig.json` is the project's tsconfig;
 * - any other ```ts block is a module of its own, `src/block-<line>.ts`, type-checked beside the files;
 * - ```ts run marks a program (a file or a block), which runs once the project type-checks;
 * - a block whose info string ends in `output` (```text output) is what the program before it prints;
 * - ```text toolgen shows what `npx toolgen` prints for the page's project, ```json toolgen what
 *   `npx toolgen --format json` prints; without one, toolgen must report no diagnostic at all;
 * - other ```json blocks must parse; shell, JavaScript and text blocks are not checked.
 */

/** A TypeScript block of a page, placed in the page's project. */
export interface DocFile {
  /** Project-relative, with `/`. */
  readonly path: string;
  readonly content: string;
  /** The page line of the block's first line. */
  readonly line: number;
  /** Whether the block is a program to run. */
  readonly run: boolean;
  /** What the program must print (console.log), when the page shows it. */
  readonly expected?: { readonly text: string; readonly line: number };
}

export interface PageProject {
  readonly page: string;
  readonly tsconfig: { readonly text: string; readonly line: number } | undefined;
  /** Path-comment blocks: the files toolgen reads. */
  readonly files: readonly DocFile[];
  /** Blocks without a path comment: each a module of its own. */
  readonly blocks: readonly DocFile[];
  /** What the page shows toolgen printing for its project, by format. */
  readonly toolgen: Partial<Record<'text' | 'json', { readonly text: string; readonly line: number }>>;
  /** Mistakes in the page's use of the markers, with their lines. */
  readonly problems: readonly string[];
}

const typeScriptLangs = new Set(['ts', 'typescript', 'tsx', 'mts', 'cts']);
const pathComment = /^\/\/\s+((?:[\w@.-]+\/)*[\w@.-]+\.(?:ts|tsx|mts|cts|json))\s*$/;

export const defaultTsconfig = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      types: ['node'],
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      noEmit: true,
    },
    include: ['src'],
  },
  null,
  2,
)}\n`;

/** Reads a page's blocks into its project description. */
export function readPageProject(page: string, markdown: string): PageProject {
  const files: DocFile[] = [];
  const blocks: DocFile[] = [];
  const problems: string[] = [];
  let tsconfig: PageProject['tsconfig'];
  const toolgen: Partial<Record<'text' | 'json', { text: string; line: number }>> = {};
  let lastProgram: { list: DocFile[]; index: number } | undefined;
  const at = (fence: Fence) => `${page}:${fence.line - 1}`;

  for (const fence of fences(markdown)) {
    const firstLine = fence.text.split('\n', 1)[0] ?? '';
    const named = pathComment.exec(firstLine)?.[1];
    if (fence.flags.at(-1) === 'output') {
      const program = lastProgram === undefined ? undefined : lastProgram.list[lastProgram.index]!;
      if (program === undefined || program.expected !== undefined) {
        problems.push(`${at(fence)}: an output block must follow a \`\`\`ts run block that has no output block yet`);
      } else {
        lastProgram!.list[lastProgram!.index] = { ...program, expected: { text: fence.text, line: fence.line } };
      }
      continue;
    }
    if (fence.flags.at(-1) === 'toolgen') {
      const format = fence.lang === 'json' ? 'json' : 'text';
      if (toolgen[format] !== undefined) problems.push(`${at(fence)}: a second ${format} toolgen block; a page shows toolgen's output once per format`);
      toolgen[format] = { text: fence.text, line: fence.line };
      continue;
    }
    if (fence.lang === 'json' || fence.lang === 'jsonc') {
      if (named === 'tsconfig.json') {
        if (tsconfig !== undefined) problems.push(`${at(fence)}: a second tsconfig.json; a page has one project`);
        tsconfig = { text: fence.text, line: fence.line };
      } else if (fence.lang === 'json') {
        try {
          JSON.parse(fence.text);
        } catch (error) {
          problems.push(`${at(fence)}: the json block does not parse (${(error as Error).message}); use \`\`\`jsonc for JSON with comments`);
        }
      }
      continue;
    }
    if (!typeScriptLangs.has(fence.lang)) continue;
    const run = fence.flags.includes('run');
    const unknown = fence.flags.filter((flag) => flag !== 'run');
    if (unknown.length > 0) problems.push(`${at(fence)}: unknown marker ${unknown.join(' ')} (a ts block takes only "run")`);
    if (named !== undefined) {
      if (named.split('/').includes('..') || named.endsWith('.json')) {
        problems.push(`${at(fence)}: the path comment must name a .ts file inside the project, not ${named}`);
        continue;
      }
      if (files.some((file) => file.path === named)) {
        problems.push(`${at(fence)}: ${named} is shown twice; a page's project has each file once`);
        continue;
      }
      files.push({ path: named, content: fence.text, line: fence.line, run });
      if (run) lastProgram = { list: files, index: files.length - 1 };
    } else {
      // a block that neither imports nor exports would be a script sharing globals with the others
      const content = /^\s*(import|export)\b/m.test(fence.text) ? fence.text : `${fence.text}export {};\n`;
      blocks.push({ path: `src/block-${fence.line}.ts`, content, line: fence.line, run });
      if (run) lastProgram = { list: blocks, index: blocks.length - 1 };
    }
  }
  if ((toolgen.text !== undefined || toolgen.json !== undefined) && !files.some((file) => /\bextends\s+Toolset\b/.test(file.content))) {
    problems.push(`${page}: a toolgen block, but no path-comment file of the page declares a toolset`);
  }
  return { page, tsconfig, files, blocks, toolgen, problems };
}

/** Whether toolgen has work in the page's project: a path-comment file declares a toolset. */
export function holdsToolsets(project: PageProject): boolean {
  return project.files.some((file) => /\bextends\s+Toolset\b/.test(file.content));
}

const tmpRoot = path.join(import.meta.dirname, '.tmp');

/** Writes the page's tsconfig and path-comment files into a fresh folder inside the repository, so `@toolgen/*` resolve through the workspace. */
export function writeProjectFiles(project: PageProject): string {
  mkdirSync(tmpRoot, { recursive: true });
  const slug = project.page.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const root = mkdtempSync(path.join(tmpRoot, `${slug}-`));
  writeFileSync(path.join(root, 'package.json'), `${JSON.stringify({ name: 'toolgen-doc-page', private: true, type: 'module' }, null, 2)}\n`);
  writeFileSync(path.join(root, 'tsconfig.json'), project.tsconfig?.text ?? defaultTsconfig);
  writeFiles(root, project.files);
  return root;
}

/** Writes the blocks without path comments (after toolgen ran, so it never reads them). */
export function writeBlocks(root: string, project: PageProject): void {
  writeFiles(root, project.blocks);
}

function writeFiles(root: string, files: readonly DocFile[]): void {
  for (const file of files) {
    const target = path.join(root, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
}

export function removeProject(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

/**
 * Type-checks the project with TypeScript 7's tsc, npm's `latest` and what a new user's `npm install --save-dev typescript`
 * gets: the tsconfig's files, the generated modules and every block. Returns the problems, each at its page line where it
 * lies in a block. (TypeScript 6's, a program over the SDKs' types for each page in the test's process, made the file cost
 * 29.6 CPU s, now 24.9, on 2 cores; the type tests check what a user holds under TypeScript 6 as well, and the pack test runs
 * the getting-started page under it.)
 */
export function typeCheck(root: string, project: PageProject): string[] {
  const blockFiles = [...project.files, ...project.blocks].filter((file) => /\.(ts|tsx|mts|cts)$/.test(file.path)).map((file) => file.path);
  // the blocks too, wherever their path comments put them; `include` is the page's, inherited
  writeFileSync(path.join(root, 'tsconfig.check.json'), JSON.stringify({ extends: './tsconfig.json', files: blockFiles }));
  const result = spawnSync(tsc7Executable, ['-p', 'tsconfig.check.json', '--noEmit', '--pretty', 'false'], { cwd: root, encoding: 'utf8' });
  if (result.error !== undefined) return [`tsc: ${result.error.message}`];
  // one diagnostic a line, `file(line,col): error TSn: message`, its chained messages indented below it
  const diagnostics: string[] = [];
  for (const line of `${result.stdout}${result.stderr}`.split('\n')) {
    if (line.trim() === '') continue;
    if (/^\s/.test(line) && diagnostics.length > 0) diagnostics[diagnostics.length - 1] += `\n${line.trim()}`;
    else diagnostics.push(line);
  }
  return diagnostics.map((diagnostic) => placed(diagnostic, project));
}

/** A diagnostic of tsc at its page line where it lies in a block: `page.md:line:col (src/file.ts) - TSn: message`. */
function placed(diagnostic: string, project: PageProject): string {
  const located = /^(.+?)\((\d+),(\d+)\): error (TS\d+): ([\s\S]*)$/.exec(diagnostic);
  if (located === null) return diagnostic.replace(/^error (TS\d+): /, '$1: ');
  const [, file, line, column, code, message] = located as unknown as [string, string, string, string, string, string];
  const relative = file.split(path.sep).join('/');
  const block = [...project.files, ...project.blocks].find((candidate) => candidate.path === relative);
  const where = block === undefined ? `${relative}:${line}:${column}` : `${project.page}:${block.line + Number(line) - 1}:${column} (${relative})`;
  return `${where} - ${code}: ${message}`;
}

/** The project folder's path as tests print it. */
export function displayRoot(root: string): string {
  return path.relative(repoRoot, root).split(path.sep).join('/');
}
