import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GeneratedToolset } from '@toolgen/runtime';
import { generate, main, type Manifest } from '@toolgen/generator';
import { writeProject } from './helpers.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const ticketsProject = path.join(repoRoot, 'examples/tickets/tsconfig.json');

async function run(argv: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }, cwd);
  return { code, stdout, stderr };
}

describe('the tickets example', () => {
  const result = generate({ project: ticketsProject });
  const manifestFile = result.outputs.find((file) => file.path.endsWith('toolgen.manifest.json'))!;

  it('has no diagnostics', () => {
    expect(result.diagnostics).toEqual([]);
  });

  it('matches the committed, reviewed manifest byte for byte (regenerate with npx toolgen -p examples/tickets)', () => {
    expect(manifestFile.content).toBe(readFileSync(path.join(repoRoot, 'examples/tickets/toolgen.manifest.json'), 'utf8'));
  });

  it('describes each tool of SPEC §2', () => {
    const manifest = JSON.parse(manifestFile.content) as Manifest;
    const [toolset] = manifest.toolsets;
    expect(toolset).toMatchObject({
      className: 'TicketToolset',
      owner: 'ticket',
      displayName: 'Tickets',
      source: 'src/tickets.ts',
      module: 'src/tickets.tools.ts',
      exportName: 'ticketToolset',
    });
    const byName = Object.fromEntries(toolset!.tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName)).toEqual(['search_tickets', 'get_ticket', 'close_ticket']);
    expect(byName['search_tickets']).toMatchObject({
      qualifiedName: 'ticket__search_tickets',
      description: "Searches the customer's support tickets, newest first.",
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: "Words the ticket's title contains." } },
        required: ['query'],
        additionalProperties: false,
      },
      readOnly: true,
      approval: 'default',
      networkScope: 'none',
      confidentiality: 'any',
      workspacePaths: [],
      settings: { configurable: ['includeClosed', 'limit'] },
    });
    expect(byName['search_tickets']!.returns).toMatchObject({ type: 'array' });
    expect(byName['get_ticket']).toMatchObject({
      description: 'Reads one ticket by its number.',
      parameters: { properties: { number: { type: 'number', description: "The ticket's number." } }, required: ['number'] },
      readOnly: true,
    });
    expect(byName['get_ticket']!.returns).toMatchObject({ anyOf: [{ type: 'object' }, { type: 'null' }] });
    expect(byName['close_ticket']).toMatchObject({
      approval: 'require_approval',
      readOnly: false,
      returns: null,
      parameters: { required: ['number', 'reason'] },
    });
  });
});

describe('determinism', () => {
  it('analyzing the same project twice yields byte-identical manifests', () => {
    const first = generate({ project: ticketsProject }).outputs[0]!.content;
    const second = generate({ project: ticketsProject }).outputs[0]!.content;
    expect(second).toBe(first);
  });
});

describe('toolgen on a project', () => {
  it('writes the manifest beside the tsconfig and exits 0', async () => {
    const root = writeProject({
      'src/ping.ts': `import { Toolset } from '@toolgen/runtime';
export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping).readOnly(); }
  /** Answers with pong. @param times How often. */
  static ping(times = 1): string { return 'pong'.repeat(times); }
}
`,
    });
    const result = await run(['-p', root], root);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe('toolgen: 1 toolset, 1 tool; 0 errors, 0 warnings; 2 files written.\n');
    const manifest = JSON.parse(readFileSync(path.join(root, 'toolgen.manifest.json'), 'utf8')) as Manifest;
    expect(manifest.toolsets[0]!.tools[0]).toMatchObject({
      name: 'ping',
      qualifiedName: 'ping__ping',
      parameters: { properties: { times: { type: 'number', default: 1, description: 'How often.' } }, required: [] },
    });
    expect((await run(['-p', root, '--check'], root)).code).toBe(0);
  });

  it('issue 29: records withTitle, idempotent() and additive() in the manifest and the module, only where given', async () => {
    const root = writeProject({
      'src/notes.ts': `import { Toolset } from '@toolgen/runtime';
export class NoteToolset extends Toolset {
  constructor() {
    super();
    this.addTool(NoteToolset.addNote).additive().withTitle('Add a note');
    this.addTool(NoteToolset.setNote).idempotent();
    this.addTool(NoteToolset.dropNote);
  }
  /** Adds a note. @param text Its text. */
  static addNote(text: string): number { return text.length; }
  /** Writes a note. @param id Its number. @param text Its text. */
  static setNote(id: number, text: string): string { return String(id) + text; }
  /** Deletes a note. @param id Its number. */
  static dropNote(id: number): number { return id; }
}
`,
    });
    expect(await run(['-p', root], root)).toMatchObject({ code: 0, stderr: '' });
    const tools = (JSON.parse(readFileSync(path.join(root, 'toolgen.manifest.json'), 'utf8')) as Manifest).toolsets[0]!.tools;
    const annotations = (tool: Record<string, unknown>) => Object.fromEntries(['title', 'idempotent', 'additive'].filter((key) => key in tool).map((key) => [key, tool[key]]));
    expect(tools.map((tool) => annotations(tool as unknown as Record<string, unknown>))).toEqual([{ title: 'Add a note', additive: true }, { idempotent: true }, {}]);
    const module = (await import(pathToFileURL(path.join(root, 'src/notes.tools.ts')).href)) as { noteToolset: GeneratedToolset };
    expect(module.noteToolset.functions.map((fn) => annotations(fn.metadata as unknown as Record<string, unknown>))).toEqual([{ title: 'Add a note', additive: true }, { idempotent: true }, {}]);
  });

  it("issue 29: marks a tool content when its method returns the runtime's ContentResult, by any name, and only then", async () => {
    const root = writeProject({
      'src/media.ts': `import { contentResult, Toolset, type ContentResult, type ContentResult as Answer } from '@toolgen/runtime';
/** A look-alike: not the runtime's type, so its tool answers with JSON. */
type OwnContentResult = { content: { type: 'text'; text: string }[] };
type Reply = ContentResult;
export class MediaToolset extends Toolset {
  constructor() {
    super();
    this.addTool(MediaToolset.direct).readOnly();
    this.addTool(MediaToolset.later).readOnly();
    this.addTool(MediaToolset.renamed).readOnly();
    this.addTool(MediaToolset.aliased).readOnly();
    this.addTool(MediaToolset.lookalike).readOnly();
    this.addTool(MediaToolset.streamed).readOnly();
  }
  /** Direct. */
  static direct(): ContentResult { return contentResult('a'); }
  /** In a promise. */
  static async later(): Promise<ContentResult> { return contentResult('b'); }
  /** Imported under another name. */
  static renamed(): Answer { return contentResult('c'); }
  /** Through a local alias. */
  static aliased(): Reply { return contentResult('d'); }
  /** A look-alike. */
  static lookalike(): OwnContentResult { return { content: [{ type: 'text', text: 'e' }] }; }
  /** A stream, drained into an array: JSON. */
  static async *streamed(): AsyncIterable<ContentResult> { yield contentResult('f'); }
}
`,
    });
    expect(await run(['-p', root], root)).toMatchObject({ code: 0, stderr: '' });
    const expected = [true, true, true, true, false, false];
    const tools = (JSON.parse(readFileSync(path.join(root, 'toolgen.manifest.json'), 'utf8')) as Manifest).toolsets[0]!.tools;
    expect(tools.map((tool) => tool.content === true)).toEqual(expected);
    const module = (await import(pathToFileURL(path.join(root, 'src/media.tools.ts')).href)) as { mediaToolset: GeneratedToolset };
    expect(module.mediaToolset.functions.map((fn) => fn.metadata.content === true)).toEqual(expected);
    expect(await module.mediaToolset.functions[1]!.invoke({})).toEqual({ content: [{ type: 'text', text: 'b' }] });
    // the module and the --types-only declarations name the runtime's type for a content tool's result
    const source = readFileSync(path.join(root, 'src/media.tools.ts'), 'utf8');
    expect(source.match(/^type \w+Result = .*$/gm)?.slice(0, 4)).toEqual(['type media_directResult = ContentResult;', 'type media_laterResult = ContentResult;', 'type media_renamedResult = ContentResult;', 'type media_aliasedResult = ContentResult;']);
    expect(await run(['-p', root, '--types-only'], root)).toMatchObject({ code: 0 });
    const declarations = readFileSync(path.join(root, 'src/media.tools.d.ts'), 'utf8');
    expect(declarations).toContain("import type { AIFunction, GeneratedToolset, ContentResult } from '@toolgen/runtime';");
    expect(declarations.match(/= ContentResult;/g)).toHaveLength(4);
  });

  it('reports diagnostics as JSON with exact positions and exits 1 on errors', async () => {
    const root = writeProject({
      'src/bad.ts': `import { Toolset } from '@toolgen/runtime';
export class BadToolset extends Toolset {
  constructor() {
    super();
    this.addTool(BadToolset.read).withName('Read-File');
  }
  static read(path: string): string { return path; }
}
`,
    });
    const result = await run(['-p', root, '--format', 'json'], root);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      diagnostics: [
        {
          code: 'TSH008',
          severity: 'error',
          file: 'src/bad.ts',
          line: 5,
          column: 44,
          message: "Tool name \"Read-File\" is not lower_snake_case. Use lowercase words joined by underscores, e.g. withName('read_file').",
        },
        {
          code: 'TSH009',
          severity: 'warning',
          file: 'src/bad.ts',
          line: 7,
          column: 10,
          message:
            'Tool "Read-File" has no description, so the model cannot tell when to call it. Add a TSDoc summary to "read" or chain .withDescription(\'…\').',
        },
        {
          code: 'TSH010',
          severity: 'warning',
          file: 'src/bad.ts',
          line: 7,
          column: 15,
          message:
            'Parameter "path" of tool "Read-File" has no @param doc, so the model must guess what to send. Add "@param path …" to the TSDoc of "read".',
        },
      ],
      generated: ['toolgen.manifest.json'],
      removed: [],
      budget: {
        encoding: 'o200k_base',
        tokenBudget: null,
        total: { 'openai-strict': 0, anthropic: 0, gemini: 0, canonical: 0 },
        tools: 0,
        uncounted: 0,
        toolsets: [],
      },
    });
  });

  it('prints text diagnostics like tsc', async () => {
    const root = writeProject({
      'src/bad.ts': `import { Toolset } from '@toolgen/runtime';
export class BadToolset extends Toolset {
  constructor() { super(); this.addTool(BadToolset.read); }
  /** Reads. @param path The file. */
  static read(path: Set<string>): number { return path.size; }
}
`,
    });
    const result = await run(['-p', 'tsconfig.json'], root);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n')[0]).toMatch(/^src\/bad\.ts:5:15 - error TSH005: Tool "read": the type "Set<string>" at \/path cannot be represented in JSON Schema: .+\. Fix: .+\.$/);
  });

  it('exits 1 from --check when the manifest is missing or stale, and writes nothing', async () => {
    const root = writeProject({
      'src/ping.ts': `import { Toolset } from '@toolgen/runtime';
export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. */
  static ping(): string { return 'pong'; }
}
`,
    });
    const missing = await run(['--check'], root);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('toolgen: 1 toolset, 1 tool; 0 errors, 0 warnings; 2 files checked, 2 out of date (below).\n');
    expect(missing.stderr).toBe(
      [
        'toolgen: src/ping.tools.ts is missing; run toolgen without --check to regenerate.',
        'toolgen: toolgen.manifest.json is missing; run toolgen without --check to regenerate.',
        '',
      ].join('\n'),
    );
    expect(existsSync(path.join(root, 'toolgen.manifest.json'))).toBe(false);
  });

  it('says from --check that the module of a toolset with errors was not checked, not that everything is up to date', async () => {
    const ping = (body: string) => `import { Toolset } from '@toolgen/runtime';
export class PingToolset extends Toolset {
  constructor() { super(); this.addTool(PingToolset.ping); }
  /** Answers. @param limit How many. {@maximum 10} */
  static ping(limit = ${body}): number { return limit; }
}
`;
    const root = writeProject({ 'src/ping.ts': ping('5') });
    expect((await run([], root)).code).toBe(0);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(root, 'src/ping.ts'), ping('50'));
    const checked = await run(['--check'], root);
    expect(checked.code).toBe(1);
    expect(checked.stdout.split('\n').at(-2)).toBe('toolgen: 1 toolset, 1 tool; 1 error, 0 warnings; 1 file checked (not the modules of toolsets with errors), up to date.');
  });

  it('exits 2 on a tsconfig that does not parse', async () => {
    const root = writeProject({ 'src/a.ts': 'export {};' });
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(root, 'tsconfig.json'), '{ "compilerOptions": { "strict": tru');
    const result = await run([], root);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^toolgen: .*tsconfig\.json does not parse: /);
  });
});

describe('a source file whose toolsets have errors keeps its last good output', () => {
  const toolsetSource = (className: string, method: string, description: string, name?: string) => `export class ${className} extends Toolset {
  constructor() { super(); this.addTool(${className}.${method})${name === undefined ? '' : `.withName('${name}')`}.readOnly(); }
  /** ${description} @param text The text. */
  static ${method}(text: string): string { return text; }
}
`;
  const sourceFile = (...toolsets: string[]) => `import { Toolset } from '@toolgen/runtime';\n${toolsets.join('')}`;
  const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');
  const entriesOf = (root: string, source: string) =>
    (JSON.parse(read(root, 'toolgen.manifest.json')) as Manifest).toolsets.filter((toolset) => toolset.source === source);
  /** What the programmatic generate() computes agrees with what the CLI left on disk. */
  const expectGenerateAgrees = (root: string) => {
    const manifest = generate({ project: path.join(root, 'tsconfig.json') }).outputs.find((file) => file.path.endsWith('toolgen.manifest.json'))!;
    expect(manifest.content).toBe(read(root, 'toolgen.manifest.json'));
  };

  it('leaves its module and manifest entries as they were while another file regenerates, then regenerates both once fixed', async () => {
    const root = writeProject({
      'src/echo.ts': sourceFile(toolsetSource('EchoToolset', 'echo', 'Echoes the text.')),
      'src/shout.ts': sourceFile(toolsetSource('ShoutToolset', 'shout', 'Shouts the text.')),
    });
    expect((await run(['-p', root], root)).code).toBe(0);
    const echoModule = read(root, 'src/echo.tools.ts');
    const echoEntries = entriesOf(root, 'src/echo.ts');
    expect(echoEntries).toHaveLength(1);

    writeFileSync(path.join(root, 'src/echo.ts'), sourceFile(toolsetSource('EchoToolset', 'echo', 'Echoes the text back.', 'Echo-Text')));
    writeFileSync(path.join(root, 'src/shout.ts'), sourceFile(toolsetSource('ShoutToolset', 'shout', 'Shouts the text loudly.')));
    const failed = await run(['-p', root, '--format', 'json'], root);
    expect(failed.code).toBe(1);
    expect((JSON.parse(failed.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code)).toEqual(['TSH008']);
    expect(read(root, 'src/echo.tools.ts')).toBe(echoModule);
    expect(entriesOf(root, 'src/echo.ts')).toEqual(echoEntries);
    expect(read(root, 'src/shout.tools.ts')).toContain("description: 'Shouts the text loudly.',");
    expect(entriesOf(root, 'src/shout.ts')[0]!.tools[0]!.description).toBe('Shouts the text loudly.');
    expect((JSON.parse(read(root, 'toolgen.manifest.json')) as Manifest).toolsets.map((toolset) => toolset.source)).toEqual(['src/echo.ts', 'src/shout.ts']);
    expectGenerateAgrees(root);
    // --check reports the errors, and no drift: what is on disk is what this run keeps
    expect(await run(['-p', root, '--check'], root)).toMatchObject({ code: 1, stderr: '' });

    writeFileSync(path.join(root, 'src/echo.ts'), sourceFile(toolsetSource('EchoToolset', 'echo', 'Echoes the text back.', 'echo_text')));
    expect((await run(['-p', root], root)).code).toBe(0);
    expect(read(root, 'src/echo.tools.ts')).toContain("name: 'echo_text',");
    expect(entriesOf(root, 'src/echo.ts')[0]!.tools[0]).toMatchObject({ name: 'echo_text', description: 'Echoes the text back.' });
    expect((await run(['-p', root, '--check'], root)).code).toBe(0);
  });

  it('keeps the whole previous manifest when every toolset has errors, not an empty one', async () => {
    const root = writeProject({
      'src/echo.ts': sourceFile(toolsetSource('EchoToolset', 'echo', 'Echoes the text.')),
      'src/shout.ts': sourceFile(toolsetSource('ShoutToolset', 'shout', 'Shouts the text.')),
    });
    expect((await run(['-p', root], root)).code).toBe(0);
    const manifest = read(root, 'toolgen.manifest.json');
    const modules = [read(root, 'src/echo.tools.ts'), read(root, 'src/shout.tools.ts')];

    writeFileSync(path.join(root, 'src/echo.ts'), sourceFile(toolsetSource('EchoToolset', 'echo', 'Echoes the text.', 'Echo-Text')));
    writeFileSync(path.join(root, 'src/shout.ts'), sourceFile(toolsetSource('ShoutToolset', 'shout', 'Shouts the text.', 'Shout-Text')));
    const failed = await run(['-p', root], root);
    expect(failed.code).toBe(1);
    expect(read(root, 'toolgen.manifest.json')).toBe(manifest);
    expect([read(root, 'src/echo.tools.ts'), read(root, 'src/shout.tools.ts')]).toEqual(modules);
    expectGenerateAgrees(root);
  });

  it('leaves the module and both manifest entries of a file holding two toolsets, one of them with errors', async () => {
    const root = writeProject({
      'src/pair.ts': sourceFile(toolsetSource('EchoToolset', 'echo', 'Echoes the text.'), toolsetSource('ShoutToolset', 'shout', 'Shouts the text.')),
    });
    expect((await run(['-p', root], root)).code).toBe(0);
    const pairModule = read(root, 'src/pair.tools.ts');
    const pairEntries = entriesOf(root, 'src/pair.ts');
    expect(pairEntries.map((entry) => entry.className)).toEqual(['EchoToolset', 'ShoutToolset']);

    writeFileSync(
      path.join(root, 'src/pair.ts'),
      sourceFile(toolsetSource('EchoToolset', 'echo', 'Echoes the text back.'), toolsetSource('ShoutToolset', 'shout', 'Shouts the text.', 'Shout-Text')),
    );
    const failed = await run(['-p', root], root);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/error TSH008/);
    expect(read(root, 'src/pair.tools.ts')).toBe(pairModule);
    expect(entriesOf(root, 'src/pair.ts')).toEqual(pairEntries);
    expectGenerateAgrees(root);

    writeFileSync(path.join(root, 'src/pair.ts'), sourceFile(toolsetSource('EchoToolset', 'echo', 'Echoes the text back.'), toolsetSource('ShoutToolset', 'shout', 'Shouts the text.')));
    expect((await run(['-p', root], root)).code).toBe(0);
    expect(read(root, 'src/pair.tools.ts')).toContain("description: 'Echoes the text back.',");
    expect(entriesOf(root, 'src/pair.ts').map((entry) => entry.tools[0]!.description)).toEqual(['Echoes the text back.', 'Shouts the text.']);
  });

  it('keeps the module its kept manifest entries list even where the layout no longer puts it (--out-dir), until fixed', async () => {
    const root = writeProject({ 'src/echo.ts': sourceFile(toolsetSource('EchoToolset', 'echo', 'Echoes the text.')) });
    expect((await run(['-p', root], root)).code).toBe(0);
    const manifest = read(root, 'toolgen.manifest.json');
    const echoModule = read(root, 'src/echo.tools.ts');

    writeFileSync(path.join(root, 'src/echo.ts'), sourceFile(toolsetSource('EchoToolset', 'echo', 'Echoes the text.', 'Echo-Text')));
    expect((await run(['-p', root, '--out-dir', 'generated'], root)).code).toBe(1);
    expect(read(root, 'src/echo.tools.ts')).toBe(echoModule);
    expect(read(root, 'toolgen.manifest.json')).toBe(manifest);

    writeFileSync(path.join(root, 'src/echo.ts'), sourceFile(toolsetSource('EchoToolset', 'echo', 'Echoes the text.')));
    const fixed = await run(['-p', root, '--out-dir', 'generated', '--format', 'json'], root);
    expect(fixed.code).toBe(0);
    expect(JSON.parse(fixed.stdout)).toMatchObject({ removed: ['src/echo.tools.ts'] });
    expect(entriesOf(root, 'src/echo.ts')[0]!.module).toBe('generated/src/echo.tools.ts');
    expect(existsSync(path.join(root, 'generated/src/echo.tools.ts'))).toBe(true);
  });

  it('writes no entries and no module for a file with errors that was never generated', async () => {
    const root = writeProject({
      'src/echo.ts': sourceFile(toolsetSource('EchoToolset', 'echo', 'Echoes the text.', 'Echo-Text')),
      'src/shout.ts': sourceFile(toolsetSource('ShoutToolset', 'shout', 'Shouts the text.')),
    });
    expect((await run(['-p', root], root)).code).toBe(1);
    expect(existsSync(path.join(root, 'src/echo.tools.ts'))).toBe(false);
    expect((JSON.parse(read(root, 'toolgen.manifest.json')) as Manifest).toolsets.map((toolset) => toolset.source)).toEqual(['src/shout.ts']);
  });
});

describe('a source file that starts with a byte order mark', () => {
  // tsc reads past the mark (ts.sys.readFile drops it): a column on the first line counted it, one past tsc's
  const line = "import { Toolset } from '@toolgen/runtime'; export class PingToolset extends Toolset { constructor() { super(); this.addTool(PingToolset.ping).withName('Ping'); } /** Answers. */ static ping(): string { return 'pong'; } }\n";

  it.each([
    ['without', ''],
    ['with', '\uFEFF'],
  ])('reports a diagnostic on its first line at the column tsc counts, %s the mark', async (_, mark) => {
    const root = writeProject({ 'src/ping.ts': `${mark}${line}` });
    const { stdout } = await run(['--check', '--format', 'json'], root);
    const { diagnostics } = JSON.parse(stdout) as { diagnostics: { code: string; line: number; column: number }[] };
    expect(diagnostics.map(({ code, line: at, column }) => [code, at, column])).toEqual([['TSH008', 1, line.indexOf("'Ping'") + 1]]);
  });
});
