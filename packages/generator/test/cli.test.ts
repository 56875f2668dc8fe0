import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main, parseCommand, UsageError } from '@toolgen/generator';
import { modulesLoadedBy } from '../../../test/modulesLoaded.js';
import { temporaryFolder } from '../../../test/temporaryFolders.js';

async function run(argv: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }, cwd);
  return { code, stdout, stderr };
}

function project(): string {
  const root = temporaryFolder(tmpdir(), 'toolgen-cli-');
  writeFileSync(path.join(root, 'tsconfig.json'), '{ "compilerOptions": { "strict": true } }');
  mkdirSync(path.join(root, 'nested'));
  return root;
}

describe('toolgen flags', () => {
  it('reads -p as a folder holding tsconfig.json, or as the file itself', () => {
    const root = project();
    const expected = path.join(root, 'tsconfig.json');
    for (const flag of [['-p', '.'], ['--project', root], ['-p', 'tsconfig.json'], []]) {
      const command = parseCommand(flag, root);
      expect(command).toMatchObject({ kind: 'run', options: { project: expected } });
    }
  });

  it('takes --check, --watch, --format and --out-dir', () => {
    const root = project();
    expect(parseCommand(['--check', '--format', 'json', '--out-dir', 'gen'], root)).toEqual({
      kind: 'run',
      options: { project: path.join(root, 'tsconfig.json'), check: true, watch: false, format: 'json', outDir: path.join(root, 'gen'), backend: 'ts6' },
    });
    expect(parseCommand(['-w'], root)).toMatchObject({ options: { watch: true, check: false, format: 'text', outDir: undefined } });
  });

  it('takes --backend ts6 or ts7 (SPEC §8), ts7 for one generation, a check or watch mode', () => {
    const root = project();
    expect(parseCommand(['--backend', 'ts7', '--check'], root)).toMatchObject({ options: { backend: 'ts7', check: true } });
    expect(parseCommand(['--backend', 'ts6', '-w'], root)).toMatchObject({ options: { backend: 'ts6', watch: true } });
    expect(() => parseCommand(['--backend', 'ts8'], root)).toThrow('--backend must be "ts6" or "ts7", not "ts8".');
    expect(parseCommand(['--backend', 'ts7', '--watch'], root)).toMatchObject({ options: { backend: 'ts7', watch: true } });
    expect(() => parseCommand(['--backend', 'ts7', '--types-only'], root)).toThrow(UsageError);
    expect(() => parseCommand(['--backend', 'ts7', '--types-only'], root)).toThrow(/--backend ts7 cannot be combined with --types-only/);
  });

  it.each([
    [['--bogus'], /Unknown option '--bogus'.*toolgen --help/],
    [['--format', 'yaml'], /--format must be "text" or "json", not "yaml"/],
    [['-p', 'missing'], /Cannot find the project missing\. Pass -p/],
    [['-p', 'nested'], /No tsconfig\.json in nested\. Pass -p/],
    [['--check', '--watch'], /cannot be combined/],
    [['stray'], /"stray" is not a toolgen command\. The commands are mcp, import-mcp, diff, report; toolgen alone generates\./],
    [['dif'], /"dif" is not a toolgen command\. Did you mean toolgen diff\?/],
    [['-p', '.', 'stray'], /Unexpected argument 'stray'/],
  ])('rejects %j with a usage error', (argv, message) => {
    expect(() => parseCommand(argv, project())).toThrow(UsageError);
    expect(() => parseCommand(argv, project())).toThrow(message);
  });
});

describe('toolgen exit codes', () => {
  it('exits 2 on a usage error, saying so on stderr', async () => {
    const result = await run(['--format', 'xml'], project());
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'toolgen: --format must be "text" or "json", not "xml".\n' });
  });

  it('exits 2 when there is no tsconfig', async () => {
    const result = await run([], temporaryFolder(tmpdir(), 'toolgen-empty-'));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Cannot find the project tsconfig\.json/);
  });

  it('prints help and version with exit 0', async () => {
    const help = await run(['--help'], project());
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: toolgen \[options\]/);
    const version = await run(['-v'], project());
    expect(version).toEqual({ code: 0, stdout: '0.1.0\n', stderr: '' });
  });
});

describe('what a command loads', () => {
  it('serves with toolgen mcp without loading the analysis, the emitter, the surface commands or watch mode (the built CLI, in a process of its own)', () => {
    const cli = pathToFileURL(path.resolve(import.meta.dirname, '../dist/cli/main.js')).href;
    const tickets = path.resolve(import.meta.dirname, '../../../examples/tickets');
    // stdin is closed at once: the server starts, then stops as when its client goes away
    const serve = `import { main } from ${JSON.stringify(cli)};\nprocess.exitCode = await main(['mcp', '-p', ${JSON.stringify(tickets)}], { stdout() {}, stderr() {} });\n`;
    const generator = modulesLoadedBy(`data:text/javascript,${encodeURIComponent(serve)}`).flatMap((file) => /\/packages\/generator\/dist\/(.*)$/.exec(file)?.[1] ?? []);
    expect(generator).toEqual(expect.arrayContaining(['cli/main.js', 'cli/mcpCommands.js', 'mcp/serveProject.js']));
    expect(generator.filter((file) => /^(generate\.js|analysis\/|schema\/|emit\/|surface\/|watch\/)|^cli\/(surfaceCommands|watchCommand|typesOnly)\.js$/.test(file))).toEqual([]);
  });
});
