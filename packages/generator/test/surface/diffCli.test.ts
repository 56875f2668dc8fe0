import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '@toolgen/generator';
import { fences, readPage } from '../../../../docs/test/markdown.js';
import { temporaryFolder } from '../../../../test/temporaryFolders.js';
import { strictCompilerOptions } from '../helpers.js';

async function run(argv: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }, cwd);
  return { code, stdout, stderr };
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** A toolset whose search takes `params` and whose close tool says `closeGovernance`. */
function toolset(params: string, closeGovernance: string): string {
  return `import { Toolset } from '@toolgen/runtime';

export class TicketToolset extends Toolset {
  constructor() {
    super();
    this.withDisplayName('Tickets');
    this.addTool(TicketToolset.search).readOnly();
    this.addTool(TicketToolset.close)${closeGovernance};
  }

  /** Searches tickets. */
  static search(${params}): string[] {
    return [${params.split(', ').map((p) => p.split(/\??:/)[0]).join(', ')}].map(String);
  }

  /** Closes a ticket. */
  static close(id: number): void {
    void id;
  }
}
`;
}

/**
 * A git repository holding a project with two commits: the first with \`search(query, limit?)\` and
 * a close tool that needs approval; the second with a new required argument and approval dropped,
 * and the support agent's policy no longer denying search.
 */
async function repository(): Promise<string> {
  const root = temporaryFolder(tmpdir(), 'toolgen-diff-');
  const runtime = path.resolve('packages/runtime');
  mkdirSync(path.join(root, 'src'));
  mkdirSync(path.join(root, 'agents'));
  mkdirSync(path.join(root, 'node_modules', '@toolgen'), { recursive: true });
  execFileSync('ln', ['-s', runtime, path.join(root, 'node_modules', '@toolgen', 'runtime')]);
  writeFileSync(path.join(root, '.gitignore'), 'node_modules\n');
  writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...strictCompilerOptions, types: [] }, include: ['src'] }));
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'diff-fixture', type: 'module', toolgen: { policies: ['agents/*.yaml'] } }));
  writeFileSync(path.join(root, 'agents', 'support.yaml'), '- toolName: ticket__search\n  approvalMode: deny\n');
  writeFileSync(path.join(root, 'src', 'tickets.ts'), toolset('query: string, limit?: number', '.requiresApproval()'));
  expect((await run(['-p', root], root)).code).toBe(0);
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'first');
  writeFileSync(path.join(root, 'agents', 'support.yaml'), '[]\n');
  writeFileSync(path.join(root, 'src', 'tickets.ts'), toolset('query: string, since: string, limit?: number', ''));
  expect((await run(['-p', root], root)).code).toBe(0);
  git(root, 'add', '-A');
  git(root, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'second');
  return root;
}

describe('toolgen diff against a git revision', () => {
  let root: string;
  beforeAll(async () => {
    root = await repository();
  }, 60_000);

  it('--base HEAD~1 reads the manifest and the policy files at that revision and classifies the change', async () => {
    const result = await run(['diff', '--base', 'HEAD~1'], root);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^toolgen diff: HEAD~1 → toolgen\.manifest\.json: 1 breaking, 1 relaxed, 1 agent relaxed; 0 added, 0 removed, 2 changed; agents: 1 changed; tokens \(openai-strict\) \d+ → \d+ \(\+\d+\)\.$/);
    expect(result.stdout).toContain('~ ticket__close (changed, relaxed)\n    governance: no longer requires approval [relaxed]');
    expect(result.stdout).toContain('~ ticket__search (changed, breaking)\n    parameters /since: new required property "since" [breaking]');
    expect(result.stdout).toContain('Agents:\n  support (agents/support.yaml): gains ticket__search; relaxed: ticket__close (no longer requires approval)');
  });

  it('--fail-on exits 1 for a kind present, saying which on stderr, and 0 for one absent; it may be repeated', async () => {
    expect(await run(['diff', '--base', 'HEAD~1', '--fail-on', 'breaking,relaxed'], root)).toMatchObject({
      code: 1,
      stderr: 'toolgen diff: breaking, relaxed changes present, and --fail-on breaking,relaxed names them.\n',
    });
    expect((await run(['diff', '--base', 'HEAD~1', '--fail-on', 'tightened', '--fail-on', 'relaxed'], root)).code).toBe(1);
    expect((await run(['diff', '--base', 'HEAD~1', '--fail-on', 'relaxed', '--fail-on', 'tightened'], root)).code).toBe(1);
    expect((await run(['diff', '--base', 'HEAD~1', '--fail-on', 'relaxed'], root)).code).toBe(1);
    expect((await run(['diff', '--base', 'HEAD~1', '--fail-on', 'tightened,added,removed'], root)).code).toBe(0);
    expect((await run(['diff', '--fail-on', 'any'], root)).code).toBe(0);
  });

  it('takes a manifest file as the base, and writes markdown and JSON', async () => {
    writeFileSync(path.join(root, 'base.json'), git(root, 'show', 'HEAD~1:toolgen.manifest.json'));
    const markdown = await run(['diff', '--base', 'base.json', '--format', 'markdown'], root);
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toMatch(/^### toolgen diff: `base\.json` → `toolgen\.manifest\.json`\n\n\*\*1 breaking, 1 relaxed, 1 agent relaxed; 0 added, 0 removed, 2 changed;/);
    const json = JSON.parse((await run(['diff', '--base', 'base.json', '--format', 'json'], root)).stdout) as { kinds: string[] };
    // a file base has no policy files of its own: the agents are read as they are now, on both sides
    expect(json.kinds).toEqual(['breaking', 'relaxed', 'any']);
  });

  it('compares a policy file that did not load at the base as a new agent, and says so', async () => {
    const broken = temporaryFolder(tmpdir(), 'toolgen-diff-policy-');
    execFileSync('cp', ['-r', `${root}/.`, broken]);
    writeFileSync(path.join(broken, 'agents', 'support.yaml'), '- toolName: ticket__search\n  approvalMode: denyy\n');
    git(broken, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qam', 'broken policy');
    writeFileSync(path.join(broken, 'agents', 'support.yaml'), '[]\n');
    const result = await run(['diff'], broken);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\nagents/support.yaml did not load at HEAD (agents/support.yaml:2:17: ');
    expect(result.stdout).toContain('): its agent is compared as a new one.\n');
    expect(result.stdout).toContain('  support (agents/support.yaml, added): gains ticket__close, ticket__search\n');
  });

  it('says when the revision has no manifest: every tool is new', async () => {
    const first = git(root, 'rev-list', '--max-parents=0', 'HEAD').trim();
    writeFileSync(path.join(root, 'extra.txt'), 'x');
    const result = await run(['diff', '--base', `${first}~1`], root);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/neither a file nor a revision of the git repository/);
    const empty = temporaryFolder(tmpdir(), 'toolgen-diff-empty-');
    writeFileSync(path.join(empty, 'tsconfig.json'), '{}');
    writeFileSync(path.join(empty, 'toolgen.manifest.json'), readFileSync(path.join(root, 'toolgen.manifest.json')));
    git(empty, 'init', '-q');
    writeFileSync(path.join(empty, 'readme'), 'x');
    git(empty, 'add', 'readme');
    git(empty, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'no manifest yet');
    const fresh = await run(['diff', '--fail-on', 'added'], empty);
    expect(fresh.code).toBe(1);
    expect(fresh.stdout).toMatch(/^toolgen diff: HEAD → toolgen\.manifest\.json: nothing breaking or relaxed; 2 added, 0 removed, 0 changed; tokens \(openai-strict\) 0 → \d+ \(\+\d+\)\.\nHEAD has no toolgen\.manifest\.json here: every tool is new\.\n/);
  });
});

describe('the toolgen bin', () => {
  it('stops quietly with exit code 0 when its reader closes the pipe early (toolgen diff | head)', async () => {
    const bin = path.resolve(import.meta.dirname, '../../bin/toolgen.js');
    const child = spawn(process.execPath, [bin, 'diff', '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});

describe('toolgen diff and report refuse what they cannot compare, with exit code 2', () => {
  const folder = () => {
    const root = temporaryFolder(tmpdir(), 'toolgen-diff-usage-');
    writeFileSync(path.join(root, 'tsconfig.json'), '{}');
    return root;
  };

  it.each([
    [['diff', '--format', 'html'], /--format must be "text", "json" or "markdown", not "html"/],
    [['diff', '--fail-on', 'breaking,scary'], /--fail-on takes a comma-separated list of breaking, relaxed, tightened, compatible, description, added, removed, any; "scary" is not one/],
    [['diff', '--fail-on', ','], /it is empty/],
    [['diff', '--out', 'x.html'], /Unknown option '--out'.*toolgen diff --help/],
    [['report'], /toolgen report needs --out <file.html>/],
    [['report', '--out', 'page.txt'], /--out must name an HTML file/],
    [['diff'], /toolgen\.manifest\.json does not exist\. Run toolgen first/],
    [['diff', '-p', 'nowhere'], /Cannot find the project nowhere/],
  ])('%j', async (argv, message) => {
    const result = await run(argv, folder());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.split('\n')).toHaveLength(2);
  });

  it('a base that is neither a file nor a revision, outside a repository', async () => {
    const root = folder();
    writeFileSync(path.join(root, 'toolgen.manifest.json'), '{"version":1,"toolsets":[]}');
    expect(await run(['diff', '--base', '.'], root)).toMatchObject({ code: 2, stderr: expect.stringMatching(/--base \. is a folder\. Pass a manifest file/) });
    const result = await run(['diff', '--base', 'origin/main'], root);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--base origin\/main is not a file, and .* is not in a git repository \(.*\)\. Pass a manifest file, or run toolgen diff inside the repository\./);
  });

  it('a policy file that does not load, rather than an agent offered nothing', async () => {
    const root = folder();
    writeFileSync(path.join(root, 'toolgen.manifest.json'), '{"version":1,"toolsets":[]}');
    writeFileSync(path.join(root, 'ops.yaml'), '- toolName: ticket__close\n  approvalMode: denyy\n');
    for (const command of [['diff', '--base', 'toolgen.manifest.json'], ['report', '--out', 'r.html']]) {
      const result = await run([...command, '--policy', 'ops.yaml'], root);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^toolgen: ops\.yaml:2:17: .*denyy.* The policy file does not load, so what its agent is offered cannot be said: fix it \(toolgen reports it as TSH033\)\.\n$/);
    }
  });

  it('prints each command\'s help', async () => {
    expect(await run(['diff', '--help'], folder())).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: toolgen diff/) });
    expect(await run(['report', '-h'], folder())).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: toolgen report/) });
  });
});

describe('the docs of toolgen diff', () => {
  const blocks = fences(readPage('docs/governance.md')).map((fence) => ({ lang: fence.lang, body: fence.text }));

  it('governance.md\'s example is what toolgen diff prints for the change it describes (this file\'s repository)', async () => {
    const root = await repository();
    const shown = blocks.find((block) => block.body.startsWith('toolgen diff: HEAD~1'));
    expect(shown?.body).toBe((await run(['diff', '--base', 'HEAD~1'], root)).stdout);
  }, 60_000);

  it('every toolgen command of its CI snippets is one the CLI takes', async () => {
    const commands = blocks
      .filter((block) => ['sh', 'yaml'].includes(block.lang))
      .flatMap((block) => [...block.body.matchAll(/npx (toolgen [^\n>]*)/g)].map((match) => match[1]!.trim()))
      .filter((command) => command.startsWith('toolgen diff') || command.startsWith('toolgen report'));
    expect(commands.length).toBeGreaterThanOrEqual(5);
    const root = await repository();
    for (const command of commands) {
      const argv = command.replace('${{ github.base_ref }}', 'main').split(/\s+/).slice(1).map((arg) => arg.replace('origin/main', 'HEAD~1'));
      const result = await run(argv, root);
      expect([0, 1], `${command}: ${result.stderr}`).toContain(result.code);
    }
  }, 60_000);
});
