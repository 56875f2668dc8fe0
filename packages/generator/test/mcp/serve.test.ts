import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { main } from '@toolgen/generator';
import { bin, closeSpawned, repo, scratch, spawnToolgenMcp, textOf, tickets, type Elicit } from './harness.js';

/*
 * `toolgen mcp -p examples/tickets`, spawned as a desktop client would spawn it, answering a
 * real MCP Client over stdio.
 */

const approve: Elicit = async () => ({ action: 'accept', content: { approve: true } });
const decline: Elicit = async () => ({ action: 'decline' });
const temp = scratch('mcp-serve');

const children: ChildProcess[] = [];
afterEach(closeSpawned);
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  temp.remove();
});

interface ManifestTool {
  readonly qualifiedName: string;
  readonly readOnly: boolean;
  readonly networkScope: string;
  readonly parameters: unknown;
}
const manifestTools = (JSON.parse(readFileSync(path.join(tickets, 'toolgen.manifest.json'), 'utf8')) as { toolsets: { tools: ManifestTool[] }[] }).toolsets.flatMap(
  (toolset) => toolset.tools,
);

describe('toolgen mcp -p examples/tickets', () => {
  it('answers initialize, and lists the tools with their schemas and annotations from the metadata', async () => {
    const { client } = await spawnToolgenMcp(['-p', 'examples/tickets'], approve);
    expect(client.getServerVersion()).toEqual({ name: 'toolgen (tickets)', version: expect.any(String) });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(manifestTools.map((tool) => tool.qualifiedName));
    for (const tool of tools) {
      const declared = manifestTools.find((candidate) => candidate.qualifiedName === tool.name)!;
      expect(tool.annotations).toEqual({ readOnlyHint: declared.readOnly, destructiveHint: !declared.readOnly, idempotentHint: declared.readOnly, openWorldHint: declared.networkScope === 'egress' });
      expect(tool.inputSchema).toEqual(declared.parameters);
    }
  });

  it('does not list the tools that need approval to a client that cannot give it, and refuses their calls', async () => {
    const { client } = await spawnToolgenMcp(['-p', 'examples/tickets']);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['ticket__search_tickets', 'ticket__get_ticket']);
    const refused = await client.callTool({ name: 'ticket__close_ticket', arguments: { number: 4711, reason: 'Fixed.' } });
    expect([refused.isError, textOf(refused)]).toEqual([true, 'ticket__close_ticket was not called: this tool needs approval, and this client cannot give it.']);
    expect((await client.callTool({ name: 'ticket__get_ticket', arguments: { number: 4711 } })).structuredContent).toMatchObject({ status: 'open' });
  });

  it('answers a valid call with the result, an invalid one with every pointer, a ToolFailure with its reason and fix', async () => {
    const { client } = await spawnToolgenMcp(['-p', 'examples/tickets'], approve);
    const ticket = await client.callTool({ name: 'ticket__get_ticket', arguments: { number: 4711 } });
    expect(ticket.structuredContent).toEqual({
      number: 4711,
      title: 'Printer on floor 3 prints blank pages',
      status: 'open',
      priority: 'normal',
      openedAt: '2026-11-20T09:15:00.000Z',
      assignee: null,
      tags: [],
    });
    const search = await client.callTool({ name: 'ticket__search_tickets', arguments: { query: 'printer' } });
    expect((JSON.parse(textOf(search)) as { number: number }[]).map((found) => found.number)).toEqual([4711]);

    const invalid = await client.callTool({ name: 'ticket__search_tickets', arguments: { query: 42, limit: 5 } });
    expect([invalid.isError, textOf(invalid)]).toEqual([
      true,
      'Invalid arguments:\n- /query: must be a string; got 42\n- /limit: is not a parameter of this tool; remove it\nCorrect these arguments and call the tool again.',
    ]);
    const failure = await client.callTool({ name: 'ticket__close_ticket', arguments: { number: 9999, reason: 'Duplicate.' } });
    expect([failure.isError, textOf(failure)]).toEqual([true, 'No ticket 9999 exists. Search for the ticket first to find its number.']);
  });

  it('runs a tool that needs approval only when the user approves', async () => {
    const declined = await spawnToolgenMcp(['-p', 'examples/tickets'], decline);
    const refused = await declined.client.callTool({ name: 'ticket__close_ticket', arguments: { number: 4711, reason: 'Fixed.' } });
    expect([refused.isError, textOf(refused)]).toEqual([true, 'The user rejected this call, so ticket__close_ticket was not called. Do not repeat it unless the user asks you to.']);
    expect((await declined.client.callTool({ name: 'ticket__get_ticket', arguments: { number: 4711 } })).structuredContent).toMatchObject({ status: 'open' });

    const asked: string[] = [];
    const approved = await spawnToolgenMcp(['-p', 'examples/tickets'], async (request) => {
      asked.push(request.params.message ?? '');
      return { action: 'accept', content: { approve: true } };
    });
    const closed = await approved.client.callTool({ name: 'ticket__close_ticket', arguments: { number: 4711, reason: 'Fixed.' } });
    expect([closed.isError, asked]).toEqual([undefined, [expect.stringContaining('Arguments: {"number":4711,"reason":"Fixed."}')]]);
    expect((await approved.client.callTool({ name: 'ticket__get_ticket', arguments: { number: 4711 } })).structuredContent).toMatchObject({ status: 'closed' });
  });

  it('serves a client on the 2026-07-28 protocol too, asking for approval with an input_required result', async () => {
    const { client } = await spawnToolgenMcp(['-p', 'examples/tickets'], approve, { versionNegotiation: { mode: 'auto' } });
    expect(client.getProtocolEra()).toBe('modern');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('ticket__close_ticket');
    const failure = await client.callTool({ name: 'ticket__close_ticket', arguments: { number: 9999, reason: 'Duplicate.' } });
    expect(textOf(failure)).toBe('No ticket 9999 exists. Search for the ticket first to find its number.');
  });

  it('applies --policy: denied tools are left out, require_approval asks, auto_approve does not', async () => {
    const policy = path.join(temp.folder(), 'policy.yaml');
    writeFileSync(
      policy,
      ['- toolName: ticket__search_tickets', '  approvalMode: deny', '- toolName: ticket__get_ticket', '  approvalMode: require_approval', '- toolName: ticket__close_ticket', '  approvalMode: auto_approve', ''].join('\n'),
    );
    const { client, stderr } = await spawnToolgenMcp(['-p', 'examples/tickets', '--policy', policy]);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['ticket__close_ticket']);
    const denied = await client.callTool({ name: 'ticket__search_tickets', arguments: { query: 'printer' } }).catch((error: Error) => error);
    expect(denied).toBeInstanceOf(Error);
    const gated = await client.callTool({ name: 'ticket__get_ticket', arguments: { number: 4711 } });
    expect(textOf(gated)).toMatch(/this tool needs approval, and this client cannot give it/);
    const unasked = await client.callTool({ name: 'ticket__close_ticket', arguments: { number: 4712, reason: 'Fixed.' } });
    expect(unasked.isError).toBeUndefined();
    expect(stderr()).toMatch(/left out: ticket__search_tickets \(denied by the policy\)/);
  });

  it('issue 29, item 4: --names name serves the tool names, and calls go by them', async () => {
    const { client } = await spawnToolgenMcp(['-p', 'examples/tickets', '--names', 'name'], approve);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(manifestTools.map((tool) => tool.qualifiedName.replace(/^ticket__/, '')));
    expect((await client.callTool({ name: 'get_ticket', arguments: { number: 4711 } })).structuredContent).toMatchObject({ status: 'open' });
    const unknown = await client.callTool({ name: 'ticket__get_ticket', arguments: { number: 4711 } }).catch((error: Error) => error);
    expect(unknown).toBeInstanceOf(Error);
  });

  it('--names name matches the policy by the tool names the clients see: a deny of search_tickets leaves it out', async () => {
    const policy = path.join(temp.folder(), 'policy.yaml');
    // the plain names, spelt as the catalogue matches them, and a qualified name, which matches too
    const entries = ['- toolName: search_tickets', '  approvalMode: deny', '- toolName: Get Ticket', '  approvalMode: require_approval', '- toolName: ticket__close_ticket', '  approvalMode: deny'];
    writeFileSync(policy, `${entries.join('\n')}\n`);
    const { client, stderr } = await spawnToolgenMcp(['-p', 'examples/tickets', '--names', 'name', '--policy', policy]);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([]);
    expect(stderr()).toMatch(/left out: ticket__search_tickets \(denied by the policy\), ticket__close_ticket \(denied by the policy\)/);
    const gated = await client.callTool({ name: 'get_ticket', arguments: { number: 4711 } });
    expect(textOf(gated)).toMatch(/this tool needs approval, and this client cannot give it/);
  });

  it("issue 29: a port of server-memory's nine tools lists the names, titles and annotations the real server lists", async () => {
    const project = temp.folder();
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true, types: ['node'] }, include: ['src'] }));
    writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }');
    mkdirSync(path.join(project, 'src'));
    cpSync(path.join(import.meta.dirname, 'memory/memory.ts'), path.join(project, 'src/memory.ts'));
    const generated = await main(['-p', project], { stdout: () => undefined, stderr: () => undefined }, project);
    expect(generated).toBe(0);
    const { client } = await spawnToolgenMcp(['-p', project, '--names', 'name']);
    const expected = (JSON.parse(readFileSync(path.join(import.meta.dirname, 'memory/memory.expected.json'), 'utf8')) as { tools: unknown[] }).tools;
    const listed = (await client.listTools()).tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      annotations: { readOnlyHint: tool.annotations?.readOnlyHint, destructiveHint: tool.annotations?.destructiveHint, idempotentHint: tool.annotations?.idempotentHint, openWorldHint: tool.annotations?.openWorldHint },
    }));
    expect(listed).toEqual(expected);
    // a string result is its text, as the real server answers
    expect(textOf(await client.callTool({ name: 'delete_entities', arguments: { entityNames: ['x'] } }))).toBe('Entities deleted successfully');
  });

  it('issue 29: --http serves Streamable HTTP on loopback, behind the bearer token --auth-token-env names, import-mcp --url imports with it, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [bin, 'mcp', '-p', 'examples/tickets', '--http', '0', '--auth-token-env', 'TOOLGEN_TEST_TOKEN'], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TOOLGEN_TEST_TOKEN: 'token-1234' },
    });
    children.push(child);
    let stderr = '';
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const url = await new Promise<URL>((resolve, reject) => {
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const found = /listening at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
        if (found !== null) resolve(new URL(found[1]!));
      });
      child.once('exit', () => reject(new Error(`toolgen mcp --http exited early:\n${stderr}`)));
    });
    expect(stderr).toMatch(/serving 3 tools of .* over Streamable HTTP/);
    const refused = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(401);
    const client = new Client({ name: 'http-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: 'Bearer token-1234' } } }));
    // as over stdio: a client that cannot approve does not see close_ticket
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['ticket__search_tickets', 'ticket__get_ticket']);
    expect((await client.callTool({ name: 'ticket__get_ticket', arguments: { number: 4711 } })).structuredContent).toMatchObject({ status: 'open' });
    await client.close();
    expect((await fetch(new URL('/other', url))).status).toBe(404);

    // toolgen import-mcp --url imports from it with --auth-token-env; without, it says how to send the token
    const out = path.join(temp.folder(), 'tickets.ts');
    const importing = async (...flags: string[]) => {
      let printed = '';
      const code = await main(['import-mcp', '--url', url.href, ...flags, '--server', 'tickets', '--out', out], { stdout: (text) => (printed += text), stderr: (text) => (printed += text) }, repo);
      return { code, printed };
    };
    const anonymous = await importing();
    expect(anonymous.code).toBe(1);
    expect(anonymous.printed).toMatch(/Unauthorized.* The server wants a token: put it in an environment variable and pass --auth-token-env <its name>\.\n$/);
    process.env['TOOLGEN_TEST_IMPORT_TOKEN'] = 'token-1234';
    try {
      expect(await importing('--auth-token-env', 'TOOLGEN_TEST_IMPORT_TOKEN')).toEqual({ code: 0, printed: expect.stringMatching(/^toolgen: 3 tools of tickets; .*tickets\.ts written\.\n$/) });
    } finally {
      delete process.env['TOOLGEN_TEST_IMPORT_TOKEN'];
    }
    expect(readFileSync(out, 'utf8')).toContain(`run toolgen import-mcp --url ${url.href} --auth-token-env TOOLGEN_TEST_IMPORT_TOKEN --server tickets --out`);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toBe('');
  });

  it('issue 29, item 6: lists a tool that requiresClientCapability only to clients that declared it; others read why a call is refused', async () => {
    const project = temp.folder();
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true, types: ['node'] }, include: ['src'] }));
    writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }');
    mkdirSync(path.join(project, 'src'));
    writeFileSync(
      path.join(project, 'src/notes.ts'),
      `import { Toolset } from '@toolgen/runtime';
export class NoteToolset extends Toolset {
  constructor() {
    super();
    this.addTool(NoteToolset.listNotes).readOnly();
    this.addTool(NoteToolset.summarizeNotes).readOnly().requiresClientCapability('sampling');
  }
  /** Lists the notes. */
  static listNotes(): string[] { return ['a']; }
  /** Summarizes the notes with the client's model. */
  static summarizeNotes(): string { return 'summary'; }
}
`,
    );
    expect(await main(['-p', project], { stdout: () => undefined, stderr: () => undefined }, project)).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(project, 'toolgen.manifest.json'), 'utf8')) as { toolsets: { tools: { name: string; clientCapabilities?: string[] }[] }[] };
    expect(manifest.toolsets[0]!.tools.map((tool) => [tool.name, tool.clientCapabilities])).toEqual([['list_notes', undefined], ['summarize_notes', ['sampling']]]);
    const without = (await spawnToolgenMcp(['-p', project])).client;
    expect((await without.listTools()).tools.map((tool) => tool.name)).toEqual(['note__list_notes']);
    const refused = await without.callTool({ name: 'note__summarize_notes', arguments: {} });
    expect([refused.isError, textOf(refused)]).toEqual([true, "note__summarize_notes was not called: it needs the client's sampling capability, which this client did not declare."]);
    const sampling = (await spawnToolgenMcp(['-p', project], undefined, { capabilities: { sampling: {} } })).client;
    expect((await sampling.listTools()).tools.map((tool) => tool.name)).toEqual(['note__list_notes', 'note__summarize_notes']);
    expect(textOf(await sampling.callTool({ name: 'note__summarize_notes', arguments: {} }))).toBe('summary');
  });

  it('writes only the protocol to stdout, logs to stderr, and exits 0 when the client closes stdin', async () => {
    const child = spawn(process.execPath, [bin, 'mcp', '-p', 'examples/tickets'], { cwd: repo, stdio: ['pipe', 'pipe', 'pipe'] });
    children.push(child);
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
    await expect.poll(() => stdout.includes('\n'), { timeout: 60_000 }).toBe(true);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })}\n`);
    await expect.poll(() => stdout.split('\n').length > 2, { timeout: 30_000 }).toBe(true);
    child.stdin.end();
    const code = await exited;
    clearTimeout(killer);
    const messages = stdout.trim().split('\n').map((line) => JSON.parse(line) as { id?: number; result?: { tools?: unknown[] } });
    expect(messages.map((message) => message.id)).toEqual([1, 2]);
    expect(messages[1]!.result!.tools).toHaveLength(2);
    expect(stderr).toMatch(/^toolgen mcp: serving 3 tools of examples\/tickets\/tsconfig.json over stdio; ticket__close_ticket asks for approval/);
    expect(code).toBe(0);
  }, 90_000);
});

describe('toolgen mcp usage and configuration', () => {
  async function run(argv: string[], cwd = repo) {
    let stdout = '';
    let stderr = '';
    const code = await main(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) }, cwd);
    return { code, stdout, stderr };
  }

  it.each([
    [['mcp', '--bogus'], /^toolgen: Unknown option '--bogus'.*Run "toolgen mcp --help" for the flags\.\n$/],
    [['mcp', '-p', 'missing'], /^toolgen: Cannot find the project missing\. Pass -p/],
    [['mcp', '-p', 'examples/tickets', '--approval-timeout', 'soon'], /--approval-timeout must be a positive number of seconds, not "soon"/],
    [['mcp', '-p', 'examples/tickets', '--names', 'short'], /--names must be name or qualified, not "short"/],
    [['mcp', '-p', 'examples/tickets', '--http', 'port'], /--http must be a port or host:port \(e\.g\. 3000 or 0\.0\.0\.0:3000\), not "port"/],
    [['mcp', '-p', 'examples/tickets', '--auth-token-env', 'X'], /--auth-token-env applies to --http only/],
    [['import-mcp', '--command', 'node server.js', '--auth-token-env', 'X', '--server', 'x', '--out', 'x.ts'], /--auth-token-env applies to --url only/],
    [['import-mcp', '--url', 'http://127.0.0.1:1/mcp', '--auth-token-env', 'TOOLGEN_UNSET_TOKEN_VARIABLE', '--server', 'x', '--out', 'x.ts'], /the environment variable TOOLGEN_UNSET_TOKEN_VARIABLE is not set/],
    [['mcp', '-p', 'examples/tickets', '--http', '0', '--auth-token-env', 'TOOLGEN_UNSET_TOKEN_VARIABLE'], /the environment variable TOOLGEN_UNSET_TOKEN_VARIABLE is not set/],
  ])('exits 2 on %j', async (argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });

  it('prints its help', async () => {
    const result = await run(['mcp', '--help']);
    expect([result.code, result.stdout]).toEqual([0, expect.stringMatching(/^Usage: toolgen mcp -p <project> \[--policy <file\.yaml>\]/)]);
  });

  it('exits 2 when the project has no manifest yet, saying to run toolgen first', async () => {
    const project = temp.folder();
    writeFileSync(path.join(project, 'tsconfig.json'), '{}');
    const result = await run(['mcp', '-p', project]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^toolgen: There is no toolgen\.manifest\.json beside .*tsconfig\.json: run toolgen -p .* first, then toolgen mcp\.\n$/);
  });

  it('exits 2 when a served tool takes ToolServices and no services are configured, naming the tools and the fix', async () => {
    const project = temp.folder();
    cpSync(path.join(tickets, 'src'), path.join(project, 'src'), { recursive: true });
    cpSync(path.join(tickets, 'tsconfig.json'), path.join(project, 'tsconfig.json'));
    const packageJson = JSON.parse(readFileSync(path.join(tickets, 'package.json'), 'utf8')) as Record<string, unknown>;
    delete packageJson['toolgen'];
    writeFileSync(path.join(project, 'package.json'), JSON.stringify(packageJson));
    expect((await run(['-p', project])).code).toBe(0);
    // the real bin, as a client spawns it: it loads the modules the way a user's project does
    const result = spawnSync(process.execPath, [bin, 'mcp', '-p', project], { cwd: repo, encoding: 'utf8', timeout: 60_000, input: '' });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'toolgen: ticket__search_tickets, ticket__get_ticket, ticket__close_ticket take ToolServices, and no services are configured, so every call would fail. ' +
        'Pass --services <module> (a module exporting createServices() or services), or set "toolgen": { "services": "<module>" } in the package.json beside the tsconfig.\n',
    );
    // with the services module named, the same project serves until the client closes stdin
    const served = spawnSync(process.execPath, [bin, 'mcp', '-p', project, '--services', path.join(project, 'src/services.ts')], { cwd: repo, encoding: 'utf8', timeout: 60_000, input: '' });
    expect([served.status, served.stderr]).toEqual([0, expect.stringMatching(/serving 3 tools/)]);
  });

  it('serves a tool that takes a workspace path only with --workspace, its paths contained there; without it exits 2, naming the tool', async () => {
    const project = temp.folder();
    mkdirSync(path.join(project, 'src'));
    mkdirSync(path.join(project, 'notes'));
    writeFileSync(path.join(project, 'notes', 'todo.txt'), 'Buy milk.');
    cpSync(path.join(tickets, 'tsconfig.json'), path.join(project, 'tsconfig.json'));
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(
      path.join(project, 'src/notes.ts'),
      [
        "import { Toolset } from '@toolgen/runtime';",
        '',
        'export class NoteToolset extends Toolset {',
        '  constructor() {',
        '    super();',
        "    this.addTool(NoteToolset.readNote).readOnly().workspacePath('file');",
        '  }',
        '',
        '  /**',
        '   * Reads a note.',
        '   * @param file The note, in the workspace.',
        '   */',
        '  static readNote(file: string): string {',
        '    return `read ${file}`;',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    const generated = await run(['-p', project]);
    expect(generated.code, generated.stdout + generated.stderr).toBe(0);
    // the real bin, as a client spawns it: it loads the modules the way a user's project does
    const refused = spawnSync(process.execPath, [bin, 'mcp', '-p', project], { cwd: repo, encoding: 'utf8', timeout: 60_000, input: '' });
    expect([refused.status, refused.stdout, refused.stderr]).toEqual([
      2,
      '',
      'toolgen: note__read_note (file) takes a workspace path, and no workspace is given, so every call would be refused. Pass --workspace <dir>: the folder those paths must stay inside.\n',
    ]);
    const missing = spawnSync(process.execPath, [bin, 'mcp', '-p', project, '--workspace', path.join(project, 'nowhere')], { cwd: repo, encoding: 'utf8', timeout: 60_000, input: '' });
    expect([missing.status, missing.stderr]).toEqual([2, expect.stringMatching(/--workspace .*nowhere is not a folder/)]);
    const { client } = await spawnToolgenMcp(['-p', project, '--workspace', path.join(project, 'notes')]);
    expect(textOf(await client.callTool({ name: 'note__read_note', arguments: { file: 'todo.txt' } }))).toBe('read todo.txt');
    const outside = await client.callTool({ name: 'note__read_note', arguments: { file: '../package.json' } });
    expect([outside.isError, textOf(outside)]).toEqual([true, expect.stringMatching(/^The path "\.\.\/package\.json" in "file" contains "\.\."/)]);
  });

  it('--names name cannot meet two tools of one name in a project (TSH007 refuses them), and would refuse them at start-up, naming both', async () => {
    const project = temp.folder();
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true, types: ['node'] }, include: ['src'] }));
    writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }');
    const toolset = (name: string) => `export class ${name}Toolset extends Toolset {\n  constructor() {\n    super();\n    this.addTool(${name}Toolset.ping).readOnly();\n  }\n\n  /** Answers pong. */\n  static ping(): string {\n    return 'pong';\n  }\n}\n`;
    mkdirSync(path.join(project, 'src'));
    writeFileSync(path.join(project, 'src/pings.ts'), `import { Toolset } from '@toolgen/runtime';\n\n${toolset('Alpha')}\n${toolset('Beta')}`);
    expect((await run(['-p', project])).stdout).toMatch(/error TSH007: Tool name "ping" is also used by tool "ping" of BetaToolset/);
    // the same check where the tools are served, should a manifest ever list two anyway
    const { ServeConfigurationError, refuseSharedNames } = await import('../../src/mcp/serveProject.js');
    const fn = (qualifiedName: string) => ({ name: qualifiedName.split('__')[1]!, qualifiedName }) as Parameters<typeof refuseSharedNames>[0][number];
    expect(() => refuseSharedNames([fn('alpha__ping'), fn('beta__ping'), fn('beta__pong')])).toThrow(
      new ServeConfigurationError('with --names name, alpha__ping and beta__ping would both be "ping". Serve with --names qualified (the default), or leave one of them out with a policy (--policy).'),
    );
  });

  it.each([
    [['- toolName: ticket__serch_tickets', '  approvalMode: deny'], [], '"ticket__serch_tickets" (deny) names no tool this server serves. Did you mean ticket__search_tickets?'],
    [['- toolName: search_tickets', '  approvalMode: deny'], [], '"search_tickets" (deny) is a tool name, which matches only with --names name: write ticket__search_tickets, or serve with --names name.'],
    [['- toolName: serch_tickets', '  approvalMode: deny'], ['--names', 'name'], '"serch_tickets" (deny) names no tool this server serves. Did you mean search_tickets?'],
    [['- toolName: github__create_issue', '  approvalMode: require_approval'], [], '"github__create_issue" (require_approval) names no tool this server serves.'],
  ])('exits 2, serving nothing, when the policy names a tool it does not serve (%j %j): a deny never misses silently', async (lines, flags, problem) => {
    const policy = path.join(temp.folder(), 'policy.yaml');
    writeFileSync(policy, `${lines.join('\n')}\n`);
    const result = await run(['mcp', '-p', tickets, '--policy', policy, ...flags]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('names tools this server does not serve, so nothing is served: such an entry would change nothing, and a deny would deny nothing.');
    expect(result.stderr).toContain(problem);
    expect(result.stderr).toContain(flags.length === 0 ? 'The tools are ticket__search_tickets, ticket__get_ticket, ticket__close_ticket.' : 'The tools are search_tickets, get_ticket, close_ticket.');
  });

  it('exits 2 on --policy given twice: it serves one policy file', async () => {
    const result = await run(['mcp', '-p', tickets, '--policy', 'a.yaml', '--policy', 'b.yaml']);
    expect([result.code, result.stderr]).toEqual([
      2,
      'toolgen: --policy is given 2 times; toolgen mcp takes it once: it serves one policy file, so merge the files into one (of two entries for a tool, the later applies).\n',
    ]);
  });

  it('exits 2 on a malformed policy file, serving nothing', async () => {
    const policy = path.join(temp.folder(), 'policy.yaml');
    writeFileSync(policy, '- toolName: ticket__get_ticket\n  approvalMode: sometimes\n');
    const result = await run(['mcp', '-p', tickets, '--policy', policy]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^toolgen: The policy file .* is invalid, so nothing is served: .*sometimes/);
  });
});
