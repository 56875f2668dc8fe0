import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '@toolgen/generator';
import { writeProject } from './helpers.js';

/*
 * Issue 25, items 5 and 6, through the CLI: a builder call toolgen does not know fails the run
 * (and --check) instead of being dropped, and a positional parameter's inline keyword tags reach
 * the schema, while a tag toolgen does not read is a warning at the tag.
 */

async function run(argv: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) }, cwd);
  return { code, stdout, stderr };
}

const directories = (chain: string) => `import { Toolset } from '@toolgen/runtime';

export class DirectoryToolset extends Toolset {
  constructor() {
    super();
    this.addTool(DirectoryToolset.createDirectory)${chain};
  }

  /**
   * Creates a directory.
   * @param path Its path.
   */
  static createDirectory(path: string): string {
    return path;
  }
}
`;

describe('a builder call toolgen does not know', () => {
  it('is an error naming the nearest known calls: nothing is generated, and --check fails', async () => {
    const root = writeProject({ 'src/directories.ts': directories(".withIcon('folder').cached()") });
    const generated = await run(['-p', root], root);
    expect(generated.code).toBe(1);
    expect(generated.stdout.split('\n').filter((line) => line.includes(' - error '))).toEqual([
      "src/directories.ts:6:52 - error TSH021: .withIcon() is not a builder call toolgen knows, so it is not applied; the closest ones it knows are .withName(), .withTitle(), .additive(). Write one of the calls docs/authoring.md lists, or remove this one.",
      'src/directories.ts:6:71 - error TSH021: .cached() is not a builder call toolgen knows, so it is not applied; the closest ones it knows are .readOnly(), .withName(), .additive(). Write one of the calls docs/authoring.md lists, or remove this one.',
    ]);
    expect(existsSync(path.join(root, 'src/directories.tools.ts'))).toBe(false);
    expect((await run(['-p', root, '--check'], root)).code).toBe(1);
  });

  it('suggests the call it is a misspelling of, and generates once it is corrected', async () => {
    const root = writeProject({ 'src/directories.ts': directories('.readonly()') });
    const misspelled = await run(['-p', root, '--format', 'json'], root);
    expect(misspelled.code).toBe(1);
    expect(JSON.parse(misspelled.stdout).diagnostics).toEqual([
      {
        code: 'TSH021',
        severity: 'error',
        file: 'src/directories.ts',
        line: 6,
        column: 52,
        message: '.readonly() is not a builder call toolgen knows, so it is not applied. Did you mean .readOnly()? Correct the name, or remove the call.',
      },
    ]);
    const corrected = writeProject({ 'src/directories.ts': directories('.readOnly()') });
    expect((await run(['-p', corrected], corrected)).code).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(corrected, 'toolgen.manifest.json'), 'utf8'));
    expect(manifest.toolsets[0].tools[0].readOnly).toBe(true);
  });
});

const pages = (docs: string) => `import { Toolset } from '@toolgen/runtime';

export class PagesToolset extends Toolset {
  constructor() {
    super();
    this.addTool(PagesToolset.listPages).readOnly();
  }

  /**
   * Lists pages.
${docs}
   */
  static listPages(limit: number, title: string): string[] {
    return [title.repeat(limit)];
  }
}
`;

describe("a positional parameter's constraints", () => {
  it('are inline keyword tags in its @param text, in the schema and the manifest', async () => {
    const root = writeProject({
      'src/pages.ts': pages('   * @param limit How many. {@integer} {@minimum 1} {@maximum 100}\n   * @param title The title. {@pattern ^[A-Z]} {@example "Guide"}'),
    });
    const result = await run(['-p', root], root);
    expect(result).toMatchObject({ code: 0, stdout: expect.not.stringContaining('TSH') });
    const manifest = JSON.parse(readFileSync(path.join(root, 'toolgen.manifest.json'), 'utf8'));
    expect(manifest.toolsets[0].tools[0].parameters.properties).toEqual({
      limit: { type: 'integer', minimum: 1, maximum: 100, description: 'How many.' },
      title: { type: 'string', pattern: '^[A-Z]', description: 'The title.', examples: ['Guide'] },
    });
  });

  it('written as block tags after the @param, or misspelled, are warnings at the tag; a tag that does not fit is an error at the tag', async () => {
    const root = writeProject({
      'src/pages.ts': pages('   * @param limit How many. {@maximun 100}\n   * @param title The title. {@minimum 3}\n   * @maximum 100'),
    });
    const result = await run(['-p', root, '--format', 'json'], root);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).diagnostics.map(({ code, line, column }: { code: string; line: number; column: number }) => `${code} ${line}:${column}`)).toEqual([
      'TSH023 11:29',
      'TSH005 12:30',
      'TSH023 13:6',
    ]);
  });
});
