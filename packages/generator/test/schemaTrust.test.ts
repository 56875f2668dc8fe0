import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GeneratedToolset, ToolServices } from '@toolgen/runtime';
import { analyzeProject, main, type Diagnostic, type Manifest } from '@toolgen/generator';
import { strictCompilerOptions, writeProject } from './helpers.js';

/*
 * What a first real project found (issue 11): schemas and files a user would have shipped
 * without a word. Each case is a project of its own, generated as the CLI does, and where it
 * generates, the module is imported and called.
 */

async function run(root: string) {
  let output = '';
  const code = await main(['--format', 'json'], { stdout: (text) => (output += text), stderr: (text) => (output += text) }, root);
  const report = JSON.parse(output) as { diagnostics: Diagnostic[] };
  return { code, diagnostics: report.diagnostics };
}

function manifestOf(root: string): Manifest {
  return JSON.parse(readFileSync(path.join(root, 'toolgen.manifest.json'), 'utf8')) as Manifest;
}

async function load(root: string, file: string, exportName: string): Promise<GeneratedToolset> {
  const module = (await import(pathToFileURL(path.join(root, file)).href)) as Record<string, GeneratedToolset>;
  return module[exportName]!;
}

const header = "import { Toolset, type ToolArguments, type ToolServices } from '@toolgen/runtime';\n";

describe('optional and defaulted injected parameters are injected like their required forms', () => {
  const source = `${header}
export class JobSettings { pollMs = 10; }

export class JobToolset extends Toolset {
  constructor() {
    super();
    this.addTool(JobToolset.waitFor).readOnly();
    this.addTool(JobToolset.poll).withSettings<JobSettings>();
    this.addTool(JobToolset.timed);
  }

  /**
   * Waits for a job.
   * @param jobId The job.
   */
  static waitFor(jobId: string, signal?: AbortSignal, services?: ToolServices, raw?: ToolArguments): string {
    return [jobId, signal instanceof AbortSignal, services !== undefined, JSON.stringify(raw)].join(' ');
  }

  /**
   * Polls a job.
   * @param jobId The job.
   */
  static poll(jobId: string, settings?: JobSettings): string {
    return jobId + ' every ' + String(settings?.pollMs);
  }

  /**
   * Runs with a time limit.
   * @param jobId The job.
   */
  static timed(jobId: string, signal: AbortSignal = AbortSignal.timeout(30_000)): string {
    return jobId + ' ' + String(signal.aborted);
  }
}
`;

  it('keeps them out of the schema, with no diagnostic, and passes them when called', async () => {
    const root = writeProject({ 'src/jobs.ts': source });
    const { code, diagnostics } = await run(root);
    expect(diagnostics).toEqual([]);
    expect(code).toBe(0);
    const tools = manifestOf(root).toolsets[0]!.tools;
    const jobOnly = { type: 'object', properties: { jobId: { type: 'string', description: 'The job.' } }, required: ['jobId'], additionalProperties: false };
    expect(tools.map((tool) => [tool.name, tool.parameters])).toEqual([
      ['wait_for', jobOnly],
      ['poll', jobOnly],
      ['timed', jobOnly],
    ]);

    const toolset = await load(root, 'src/jobs.tools.ts', 'jobToolset');
    const [waitFor, poll, timed] = toolset.functions;
    expect(await waitFor!.invoke({ jobId: 'j1' }, { services: {} as ToolServices })).toBe('j1 true true {"jobId":"j1"}');
    expect(await poll!.invoke({ jobId: 'j2' })).toBe('j2 every 10');
    expect(await timed!.invoke({ jobId: 'j3' })).toBe('j3 false');
  });
});

describe('a type that does not resolve is a diagnostic, never a {} argument', () => {
  const docs: Readonly<Record<string, string>> = { jobId: 'The job.', job: "The job's record.", signal: 'Never sent.' };
  const tool = (parameters: string, result = 'string') => `${header}
export class JobToolset extends Toolset {
  constructor() { super(); this.addTool(JobToolset.waitFor); }
  /**
   * Waits for a job.
${[...parameters.matchAll(/(\w+)\??:/g)].map(([, name]) => `   * @param ${name} ${docs[name!]}`).join('\n')}
   */
  static waitFor(${parameters}): ${result} { throw new Error('not called'); }
}
`;

  it('names an undeclared parameter type and says to import or declare it (TS2304)', async () => {
    const root = writeProject({ 'src/jobs.ts': tool('jobId: string, job: JobRecord') });
    const { code, diagnostics } = await run(root);
    expect(code).toBe(1);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'TSH005',
        line: 10,
        column: 33,
        message: expect.stringMatching(/"JobRecord" at \/job .*JobRecord does not resolve.*Fix: import or declare JobRecord/),
      }),
    ]);
  });

  it('names AbortSignal when the tsconfig has neither the DOM lib nor @types/node, and says what to add', async () => {
    const root = writeProject(
      { 'src/jobs.ts': tool('jobId: string, signal?: AbortSignal') },
      { compilerOptions: { ...strictCompilerOptions, lib: ['ES2022'], types: [] } },
    );
    const { code, diagnostics } = await run(root);
    expect(code).toBe(1);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.code).toBe('TSH005');
    expect(diagnostics[0]!.message).toContain('the type "AbortSignal" at /signal');
    expect(diagnostics[0]!.message).toContain('add "DOM" to "lib" in compilerOptions, or install @types/node and add "node" to "types"');
  });

  it('reports a result type imported from a missing module (TSH006), and a circular alias', async () => {
    const missing = writeProject({ 'src/jobs.ts': `import type { Job } from './missing.js';\n${tool('jobId: string', 'Job')}` });
    const first = await run(missing);
    expect(first.code).toBe(1);
    expect(first.diagnostics.map((diagnostic) => [diagnostic.code, /"Job" at \/: Job does not resolve/.test(diagnostic.message)])).toEqual([['TSH006', true]]);

    const circular = writeProject({ 'src/jobs.ts': `${tool('jobId: string, job: Loop')}\ntype Loop = Loop2;\ntype Loop2 = Loop;\n` });
    const second = await run(circular);
    expect(second.code).toBe(1);
    expect(second.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message.includes('"Loop" at /job')])).toEqual([['TSH005', true]]);
  });

  it('keeps explicit unknown and any as {}', async () => {
    const root = writeProject({ 'src/jobs.ts': tool('jobId: unknown, job: any') });
    const { code, diagnostics } = await run(root);
    expect(diagnostics).toEqual([]);
    expect(code).toBe(0);
    expect(manifestOf(root).toolsets[0]!.tools[0]!.parameters['properties']).toEqual({
      jobId: { description: 'The job.' },
      job: { description: "The job's record." },
    });
  });
});

describe('diagnostics speak of the user code, once per problem', () => {
  const analyze = (source: string) => {
    const root = writeProject({ 'src/crates.ts': source });
    return analyzeProject(path.join(root, 'tsconfig.json')).diagnostics.map((diagnostic) => ({
      code: diagnostic.code,
      message: diagnostic.message,
    }));
  };

  it('an unrepresentable parameter is one TSH005 at its first member, with the others counted, and no TSH010 for it', () => {
    const found = analyze(`${header}
export class CrateToolset extends Toolset {
  constructor() { super(); this.addTool(CrateToolset.pack); }
  /** Packs a crate. */
  static pack(onDone: () => void, target: EventTarget): void { onDone(); void target; }
}
`);
    expect(found.map((diagnostic) => diagnostic.code)).toEqual(['TSH005', 'TSH005']);
    expect(found[0]!.message).toMatch(/the type "\(\) => void" at \/onDone cannot be represented/);
    expect(found[1]!.message).toMatch(/at \/target\/addEventListener cannot be represented.* Also unrepresentable: \/target\/dispatchEvent, \/target\/removeEventListener\.$/);
  });

  it('TSH003 suggests one of the class own static methods, or none', () => {
    const found = analyze(`${header}
export class CrateToolset extends Toolset {
  constructor() { super(); this.addTool(() => 'x'); }
  /** Lists crates. */
  static listCrates(): string[] { return []; }
}
export class EmptyToolset extends Toolset {
  constructor() { super(); this.addTool(() => 'y'); }
}
`);
    expect(found.map((diagnostic) => diagnostic.message)).toEqual([
      'addTool takes a function expression; it takes a static method reference such as "CrateToolset.listCrates". Move the code into a static method of CrateToolset and pass that method.',
      'addTool takes a function expression; it takes a static method reference. Move the code into a static method of EmptyToolset and pass that method.',
    ]);
  });

  it('TSH013 examples use the toolset and method at hand; TSH011 lists only what the model sends', () => {
    const found = analyze(`${header}
const label = 'Crates';
const name = 'pack';
export class CrateToolset extends Toolset {
  constructor() {
    super();
    this.withDisplayName(label);
    this.addTool(CrateToolset.packCrate).withName(name).workspacePath(name);
  }
  /**
   * Packs a crate.
   * @param crate The crate.
   * @param size Its size.
   */
  static packCrate(crate: string, services: ToolServices, signal: AbortSignal): void { void crate; void services; void signal; }
}
`);
    expect(found.map((diagnostic) => diagnostic.message)).toEqual([
      "The argument of .withDisplayName() is not a literal the generator can read: toolgen reads the constructor from source and never runs it. Write it as a literal, e.g. .withDisplayName('Crate').",
      "The argument of .withName() is not a literal the generator can read: toolgen reads the constructor from source and never runs it. Write it as a literal, e.g. .withName('pack_crate').",
      "The argument of .workspacePath() is not a literal the generator can read: toolgen reads the constructor from source and never runs it. Write it as a literal, e.g. .workspacePath('crate').",
      '@param "size" names no parameter of "packCrate", so its text reaches no schema. Correct the name or remove the tag (parameters: crate).',
    ]);
  });
});

describe('TSDoc that used to be dropped', () => {
  const source = `${header}
/** How urgent an issue is. */
export type Priority = 'low' | 'high';

export interface Link {
  /** Where it points. */
  href: URL;
  /** @format date */
  due?: Date;
}

export class IssueToolset extends Toolset {
  constructor() {
    super();
    this.addTool(IssueToolset.prioritize);
    this.addTool(IssueToolset.oldPrioritize).withDescription('Sets the priority the old way.');
    this.addTool(IssueToolset.link);
  }

  /**
   * Sets an issue's priority.
   * @param id The issue.
   */
  static prioritize(id: string, priority: Priority): string { return id + priority; }

  /**
   * @deprecated Use prioritize, which takes a Priority.
   * @param id The issue.
   * @param level The level.
   */
  static oldPrioritize(id: string, level: number): string { return id + String(level); }

  /**
   * Links an issue.
   * @param link The link.
   */
  static link(link: Link): { host: string; due: string | null; back: URL } {
    return { host: link.href.host, due: link.due?.toISOString() ?? null, back: link.href };
  }
}
`;

  it('a parameter takes its type alias doc, @deprecated reaches description, manifest and metadata, URL is a converted uri', async () => {
    const root = writeProject({ 'src/issues.ts': source });
    const { code, diagnostics } = await run(root);
    expect(diagnostics).toEqual([]);
    expect(code).toBe(0);
    const [prioritize, old, link] = manifestOf(root).toolsets[0]!.tools;
    expect(prioritize!.parameters['properties']).toEqual({
      id: { type: 'string', description: 'The issue.' },
      priority: { type: 'string', enum: ['low', 'high'], description: 'How urgent an issue is.' },
    });
    expect(prioritize!.deprecated).toBeUndefined();
    expect(old!.description).toBe('Sets the priority the old way.\n\nDeprecated: Use prioritize, which takes a Priority.');
    expect(old!.deprecated).toBe(true);
    expect(link!.parameters['properties']).toEqual({
      link: {
        type: 'object',
        properties: { href: { type: 'string', format: 'uri', description: 'Where it points.' }, due: { type: 'string', format: 'date' } },
        required: ['href'],
        additionalProperties: false,
        description: 'The link.',
      },
    });
    expect(link!.returns).toEqual({
      type: 'object',
      properties: { host: { type: 'string' }, due: { anyOf: [{ type: 'string' }, { type: 'null' }] }, back: { type: 'string', format: 'uri' } },
      required: ['host', 'due', 'back'],
      additionalProperties: false,
    });

    const toolset = await load(root, 'src/issues.tools.ts', 'issueToolset');
    const [, oldFunction, linkFunction] = toolset.functions;
    expect(oldFunction!.metadata.deprecated).toBe(true);
    expect(toolset.functions[0]!.metadata.deprecated).toBeUndefined();
    expect(await linkFunction!.invoke({ link: { href: 'https://example.com/a', due: '2026-01-31' } })).toEqual({
      host: 'example.com',
      due: '2026-01-31T00:00:00.000Z',
      back: 'https://example.com/a',
    });
    await expect(linkFunction!.invoke({ link: { href: 'example.com', due: '31.01.2026' } })).rejects.toThrow(
      /\/link\/href: must be an absolute URI.*\n.*\/link\/due: must be a date in ISO 8601 form such as "2026-01-31"; got "31.01.2026"/,
    );
  });
});

describe('Standard Schema round trip', () => {
  const source = `${header}
export class MeetingToolset extends Toolset {
  constructor() { super(); this.addTool(MeetingToolset.schedule); }
  /**
   * Schedules a meeting.
   * @param title What it is about.
   * @param at When it starts.
   * @param until When it ends, if known.
   */
  static schedule(title: string, at: Date, until?: Date): string {
    return title + ' ' + at.toISOString() + ' ' + String(until?.getTime());
  }
}
`;

  it('run takes the value validate returned, Dates and all, and does not validate it again; invoke validates what it is given', async () => {
    const root = writeProject({ 'src/meetings.ts': source });
    expect((await run(root)).code).toBe(0);
    const schedule = (await load(root, 'src/meetings.tools.ts', 'meetingToolset')).functions[0]!;
    const raw = { title: 'Sync', at: '2026-03-01T09:00:00Z', until: '2026-03-01T10:00:00Z' };
    const checked = schedule.validate(raw);
    if (!checked.ok) {
      throw new Error(`expected valid arguments, got ${JSON.stringify(checked.issues)}`);
    }
    expect(checked.value['at']).toBeInstanceOf(Date);
    // the Standard Schema interface gives the same value
    const standard = await schedule.parameters['~standard'].validate(raw);
    expect(standard.issues === undefined ? standard.value : standard.issues).toEqual(checked.value);
    let rawSeen: unknown;
    expect(await schedule.run(checked.value, { logger: { error: (_message, error) => (rawSeen = error) } })).toBe('Sync 2026-03-01T09:00:00.000Z 1772359200000');
    expect(rawSeen).toBeUndefined();
    // invoke is the model's entry: Dates are not what the model sends, so a checked value is refused there
    await expect(schedule.invoke(checked.value)).rejects.toThrow(/\/at: must be a date-time string; got an object/);
  });
});

describe('a settings class the generated module could not use is a diagnostic, not a module that fails to compile', () => {
  const analyze = (settings: string) => {
    const root = writeProject({
      'src/search.ts': `${header}
${settings}
export class SearchToolset extends Toolset {
  constructor() { super(); this.addTool(SearchToolset.search).withSettings<SearchSettings>(); }
  /**
   * Searches.
   * @param query Words to find.
   */
  static search(query: string, settings: SearchSettings): string { return query + String(settings); }
}
`,
    });
    return analyzeProject(path.join(root, 'tsconfig.json')).diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message]);
  };

  it('a class that is not exported (TS2459 in the module before)', () => {
    expect(analyze('class SearchSettings { limit = 10; }')).toEqual([
      [
        'TSH012',
        'The settings class SearchSettings is not exported, so the generated module cannot import it to construct its defaults. Export it: "export class SearchSettings".',
      ],
    ]);
  });

  it('a class whose constructor takes arguments (TS2554 in the module before)', () => {
    expect(analyze('export class SearchSettings { constructor(public limit: number, public region = "eu") {} }')).toEqual([
      [
        'TSH012',
        'The settings class SearchSettings takes constructor arguments (limit), but the generated code constructs it with "new SearchSettings()". Give the defaults as field initializers instead, or make the parameters optional.',
      ],
    ]);
  });

  it('an unrepresentable settings member names the tool, not the builder call', () => {
    const found = analyze('export class SearchSettings { limit = 10; onHit: () => void = () => {}; }');
    expect(found.map(([code]) => code)).toEqual(['TSH005']);
    expect(found[0]![1]).toMatch(/^Tool "search": the type "\(\) => void" at \/onHit cannot be represented/);
  });
});
