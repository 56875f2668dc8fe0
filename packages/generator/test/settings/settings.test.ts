import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { InMemoryToolSettingsStore, saveToolSettings, ToolSettingsError, type AIFunction, type GeneratedToolset } from '@toolgen/runtime';
import { FileToolSettingsStore } from '@toolgen/runtime/node';
import { main, type Manifest } from '@toolgen/generator';
import { temporaryFolder } from '../../../../test/temporaryFolders.js';
import { writeProject } from '../helpers.js';

const source = (method: string, pin = '') => `import { Toolset } from '@toolgen/runtime';

export class SearchSettings {
  /**
   * How many results at most.
   * @minimum 1
   * @maximum 100
   */
  limit = 10;
  /** Whether closed tickets count. */
  includeClosed = false;
  /** The region, kept in code. */
  region = 'eu';
  /** Fixed forever. */
  readonly apiVersion = 2;
  /** When results expire. */
  cutoff = new Date('2026-01-01T00:00:00Z');
}

export class SearchToolset extends Toolset {
  constructor() {
    super();
    this.addTool(SearchToolset.${method})${pin}.readOnly().withConfigurableSettings<SearchSettings>().notConfigurable((s) => s.region);
  }

  /**
   * Searches.
   * @param query What to look for.
   */
  static ${method}(query: string, settings: SearchSettings): string {
    return [query, settings.limit, settings.includeClosed, settings.region, settings.apiVersion, settings.cutoff.toISOString()].join('|');
  }
}
`;

async function run(argv: string[], cwd: string) {
  let stdout = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stdout += t) }, cwd);
  return { code, stdout };
}

describe('settings in the manifest and the generated module', () => {
  let root: string;
  let tool: AIFunction;

  beforeAll(async () => {
    root = writeProject({ 'src/search.ts': source('searchTickets') });
    expect((await run([], root)).code).toBe(0);
    const module = (await import(pathToFileURL(path.join(root, 'src/search.tools.ts')).href)) as { searchToolset: GeneratedToolset };
    tool = module.searchToolset.functions[0]!;
  });

  it('records the settings schema and the configurable members: every writable one but notConfigurable and readonly ones', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'toolgen.manifest.json'), 'utf8')) as Manifest;
    const settings = manifest.toolsets[0]!.tools[0]!.settings!;
    expect(settings.configurable).toEqual(['cutoff', 'includeClosed', 'limit']);
    expect(settings.schema).toMatchObject({
      type: 'object',
      properties: {
        limit: { type: 'number', minimum: 1, maximum: 100 },
        includeClosed: { type: 'boolean' },
        region: { type: 'string' },
        cutoff: { type: 'string', format: 'date-time' },
      },
    });
    expect(tool.metadata.settings).toEqual(settings);
  });

  it('hides the settings from the model', () => {
    expect(tool.parameters.jsonSchema).toEqual({
      type: 'object',
      properties: { query: { type: 'string', description: 'What to look for.' } },
      required: ['query'],
      additionalProperties: false,
    });
  });

  it('resolves code defaults, then stored settings, then run overrides', async () => {
    const store = new InMemoryToolSettingsStore();
    await expect(tool.invoke({ query: 'q' }, { settingsStore: store })).resolves.toBe('q|10|false|eu|2|2026-01-01T00:00:00.000Z');
    await saveToolSettings(store, tool, { limit: 20, includeClosed: true });
    await expect(tool.invoke({ query: 'q' }, { settingsStore: store })).resolves.toBe('q|20|true|eu|2|2026-01-01T00:00:00.000Z');
    await expect(tool.invoke({ query: 'q' }, { settingsStore: store, settings: { limit: 5 } })).resolves.toBe('q|5|true|eu|2|2026-01-01T00:00:00.000Z');
  });

  it('converts a stored date-time string to the Date the settings class declares', async () => {
    const store = new InMemoryToolSettingsStore({ search_tickets: { cutoff: '2027-03-04T05:06:07Z' } });
    await expect(tool.invoke({ query: 'q' }, { settingsStore: store })).resolves.toBe('q|10|false|eu|2|2027-03-04T05:06:07.000Z');
  });

  it('refuses to store or override a member that is not configurable, naming it', async () => {
    const store = new InMemoryToolSettingsStore();
    await expect(saveToolSettings(store, tool, { region: 'us' })).rejects.toThrow(ToolSettingsError);
    await expect(saveToolSettings(store, tool, { apiVersion: 3 })).rejects.toThrow(/"apiVersion".*configurable members are "cutoff", "includeClosed", "limit"/);
    expect(await store.list()).toEqual([]);
    await expect(tool.invoke({ query: 'q' }, { settings: { region: 'us' } })).rejects.toThrow(/run overrides settings members that are not configurable: "region"/);
  });

  it('rejects a bad stored value with an error naming the tool and the member, never a silent default', async () => {
    const store = new InMemoryToolSettingsStore({ search_tickets: { limit: 500 } });
    const call = tool.invoke({ query: 'q' }, { settingsStore: store });
    await expect(call).rejects.toBeInstanceOf(ToolSettingsError);
    await expect(call).rejects.toThrow('Tool search__search_tickets: the stored value is invalid: limit must be at most 100; got 500. Correct or delete the stored settings of this tool.');
    await expect(saveToolSettings(store, tool, { limit: 'many' })).rejects.toThrow(/limit must be a number; got "many"/);
    const stray = new InMemoryToolSettingsStore({ search_tickets: { region: 'us' } });
    await expect(tool.invoke({ query: 'q' }, { settingsStore: stray })).rejects.toMatchObject({ toolName: 'search_tickets', members: ['region'] });
  });

  it('keeps settings in a JSON file, written atomically, across store instances', async () => {
    const file = path.join(temporaryFolder(tmpdir(), 'toolgen-settings-'), 'settings.json');
    await saveToolSettings(new FileToolSettingsStore(file), tool, { limit: 3 });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, tools: { search_tickets: { limit: 3 } } });
    const reopened = new FileToolSettingsStore(file);
    await expect(tool.invoke({ query: 'q' }, { settingsStore: reopened })).resolves.toMatch(/^q\|3\|/);
    await Promise.all([reopened.set('a', { x: 1 }), reopened.set('b', { y: 2 }), reopened.delete('search_tickets')]);
    expect(await new FileToolSettingsStore(file).list()).toEqual(['a', 'b']);
    writeFileSync(file, '{ "version": 1, "tools": ');
    await expect(new FileToolSettingsStore(file).get('a')).rejects.toThrow(/is not valid JSON.*Fix or delete it/);
  });
});

describe('renaming a method renames the tool and orphans its stored settings', () => {
  it('keys stored settings by tool name, so a renamed tool no longer sees them, and warns with TSH020', async () => {
    const root = writeProject({ 'src/search.ts': source('searchTickets') });
    expect((await run([], root)).code).toBe(0);
    const store = new InMemoryToolSettingsStore({ search_tickets: { limit: 42 } });

    writeFileSync(path.join(root, 'src/search.ts'), source('findTickets'));
    const renamed = await run(['--format', 'json'], root);
    expect(renamed.code).toBe(0);
    const report = JSON.parse(renamed.stdout) as { diagnostics: { code: string; line: number; column: number; message: string }[] };
    expect(report.diagnostics).toEqual([
      {
        code: 'TSH020',
        severity: 'warning',
        file: 'src/search.ts',
        line: 30,
        column: 10,
        message:
          'Tool "find_tickets" appeared and tool "search_tickets" disappeared, both with the same settings. Stored settings are keyed by tool name, so what users stored for "search_tickets" no longer applies. If this is a rename, pin the old name: .withName(\'search_tickets\').',
      },
    ]);
    const module = (await import(`${pathToFileURL(path.join(root, 'src/search.tools.ts')).href}?renamed`)) as { searchToolset: GeneratedToolset };
    const find = module.searchToolset.functions[0]!;
    expect(find.name).toBe('find_tickets');
    await expect(find.invoke({ query: 'q' }, { settingsStore: store })).resolves.toMatch(/^q\|10\|/);

  });

  it('lets withName pin the old name, so stored settings keep applying and nothing warns', async () => {
    const root = writeProject({ 'src/search.ts': source('searchTickets') });
    expect((await run([], root)).code).toBe(0);
    const store = new InMemoryToolSettingsStore({ search_tickets: { limit: 42 } });
    writeFileSync(path.join(root, 'src/search.ts'), source('findTickets', ".withName('search_tickets')"));
    const pinned = await run(['--format', 'json'], root);
    expect(JSON.parse(pinned.stdout).diagnostics).toEqual([]);
    const module = (await import(pathToFileURL(path.join(root, 'src/search.tools.ts')).href)) as { searchToolset: GeneratedToolset };
    await expect(module.searchToolset.functions[0]!.invoke({ query: 'q' }, { settingsStore: store })).resolves.toMatch(/^q\|42\|/);
  });
});
