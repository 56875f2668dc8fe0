import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '@toolgen/generator';
import {
  displayRoot, holdsToolsets, readPageProject, removeProject, typeCheck, writeBlocks, writeProjectFiles, type DocFile,
} from './docProject.js';
import { markdownPages, readPage } from './markdown.js';

/**
 * Every TypeScript block of README.md and docs/ is type-checked, and run where it is a program
 * (the markers are described in docProject.ts). diagnostics.md's blocks are checked by the
 * ESLint plugin's docs test, which runs each through the CLI and ESLint.
 */
const pages = markdownPages().filter((page) => page === 'README.md' || page.startsWith('docs/'));

const roots: string[] = [];
afterAll(() => roots.splice(0).forEach(removeProject));

describe.each(pages)('%s', (page) => {
  const project = readPageProject(page, readPage(page));
  const programs = [...project.files, ...project.blocks].filter((file) => file.run);
  let root: string | undefined;
  let checked: string[] | undefined;

  it('uses the block markers correctly', () => {
    expect(project.problems).toEqual([]);
  });

  it.runIf(project.files.length + project.blocks.length > 0)('type-checks every TypeScript block, after toolgen generated the modules of its files', { timeout: 180_000 }, async () => {
    root = writeProjectFiles(project);
    roots.push(root);
    if (holdsToolsets(project)) {
      const text = await runToolgen(root, []);
      const shown = project.toolgen.text;
      if (shown === undefined) {
        expect({ code: text.code, diagnostics: text.printed.split('\n').filter((line) => / - (error|warning) /.test(line)) }, `toolgen in ${displayRoot(root)}:\n${text.printed}`).toEqual({
          code: 0,
          diagnostics: [],
        });
      } else {
        expect(normalize(text.printed), `toolgen's output shown at ${page}:${shown.line - 1}`).toBe(normalize(shown.text));
      }
      if (project.toolgen.json !== undefined) {
        const json = await runToolgen(root, ['--format', 'json']);
        expect(normalize(json.printed), `toolgen --format json's output shown at ${page}:${project.toolgen.json.line - 1}`).toBe(normalize(project.toolgen.json.text));
      }
    }
    writeBlocks(root, project);
    checked = typeCheck(root, project);
    expect(checked).toEqual([]);
  });

  it.runIf(programs.length > 0).each(programs)('runs the program at line $line and prints what the page shows', { timeout: 60_000 }, async (program: DocFile) => {
    expect(checked, 'the project must type-check first').toEqual([]);
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(format(...args));
    });
    try {
      await import(pathToFileURL(path.join(root!, program.path)).href);
    } finally {
      log.mockRestore();
    }
    if (program.expected !== undefined) {
      expect(normalize(printed.join('\n')), `the output shown at ${page}:${program.expected.line - 1}`).toBe(normalize(program.expected.text));
    }
  });
});

/** `npx toolgen` in the project's folder: what it prints on stdout and stderr, and its exit code. */
async function runToolgen(root: string, flags: readonly string[]): Promise<{ code: number; printed: string }> {
  const output: string[] = [];
  const code = await main(flags, { stdout: (text) => output.push(text), stderr: (text) => output.push(text) }, root);
  return { code, printed: output.join('') };
}

function normalize(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}
