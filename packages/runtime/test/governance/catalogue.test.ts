import { describe, expect, it } from 'vitest';
import {
  classifyEndpointNetworkScope,
  ToolCatalogue,
  ToolCatalogueSyncError,
  type ExternalToolEndpoint,
  type ToolsetFunctions,
  type NetworkScope,
  type ToolPlugin,
  type ToolPluginContext,
} from '@toolgen/runtime';
import { fakeTool, fakeToolset, rejectionOf } from './fixtures.js';

const coding = fakeToolset('CodingToolset', [{ name: 'read_file', metadata: { readOnly: true } }, { name: 'write_file' }]);
const memory = fakeToolset('MemoryToolset', [{ name: 'memory_save' }, { name: 'memory_read', metadata: { readOnly: true } }]);

function syncError(run: () => void): ToolCatalogueSyncError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolCatalogueSyncError);
    return error as ToolCatalogueSyncError;
  }
  throw new Error('expected a ToolCatalogueSyncError');
}

const names = (catalogue: ToolCatalogue) => catalogue.entries.map((entry) => entry.qualifiedName);

describe('ToolCatalogue.sync of generated toolsets', () => {
  it('publishes every function under its qualified name, with its source', () => {
    const catalogue = new ToolCatalogue();
    catalogue.sync({ toolsets: [coding, memory] });
    expect(names(catalogue)).toEqual(['coding__read_file', 'coding__write_file', 'memory__memory_save', 'memory__memory_read']);
    expect(catalogue.get('coding__read_file')?.source).toEqual({ kind: 'toolset', className: 'CodingToolset', owner: 'coding', displayName: 'CodingToolset' });
    expect(catalogue.get('coding__read_file')?.function).toBe(coding.functions[0]);
  });

  it('replaces what the previous sync published', () => {
    const catalogue = new ToolCatalogue();
    catalogue.sync({ toolsets: [coding, memory] });
    catalogue.sync({ toolsets: [memory] });
    expect(names(catalogue)).toEqual(['memory__memory_save', 'memory__memory_read']);
    expect(catalogue.has('coding__read_file')).toBe(false);
  });

  it('rejects the whole sync on a duplicate qualified name, naming both sources, and keeps the previous catalogue', () => {
    const catalogue = new ToolCatalogue();
    catalogue.sync({ toolsets: [coding] });
    const clash = fakeToolset('Coding_Toolset', [{ name: 'other' }, { name: 'read_file', qualifiedName: 'Coding__Read_File' }]);

    const error = syncError(() => catalogue.sync({ toolsets: [memory, coding, clash] }));

    expect(error.problems).toEqual([
      {
        kind: 'duplicate',
        qualifiedName: 'Coding__Read_File',
        first: expect.objectContaining({ kind: 'toolset', className: 'CodingToolset' }),
        second: expect.objectContaining({ kind: 'toolset', className: 'Coding_Toolset' }),
      },
    ]);
    expect(error.message).toContain('"Coding__Read_File" is published by toolset CodingToolset and by toolset Coding_Toolset');
    expect(error.message).toContain('The tool catalogue was not changed');
    expect(names(catalogue)).toEqual(['coding__read_file', 'coding__write_file']);
  });

  it('names every duplicate in one error', () => {
    const error = syncError(() => new ToolCatalogue().sync({ toolsets: [coding, coding] }));
    expect(error.problems.map((problem) => problem.kind === 'duplicate' && problem.qualifiedName)).toEqual(['coding__read_file', 'coding__write_file']);
  });

  it('looks names up ignoring case and keeps the published case', () => {
    const catalogue = new ToolCatalogue();
    const mixed = fakeToolset('DemoToolset', [{ name: 'say_hello', qualifiedName: 'Demo__Say_Hello' }]);
    catalogue.sync({ toolsets: [mixed] });
    expect(catalogue.get('demo__say_hello')?.qualifiedName).toBe('Demo__Say_Hello');
    expect(catalogue.get('DEMO__SAY_HELLO')?.function.qualifiedName).toBe('Demo__Say_Hello');
    expect(catalogue.get('demo__say_goodbye')).toBeUndefined();
  });

  it('rejects tools whose governance metadata is outside its enums, and publishes nothing', () => {
    const catalogue = new ToolCatalogue();
    const broken = fakeToolset('BrokenToolset', [
      { name: 'a', metadata: { networkScope: 'internet' as NetworkScope } },
      { name: 'b', metadata: { approval: 'deny' as 'default' } },
      { name: 'c', metadata: { confidentiality: 'secret' as 'any' } },
    ]);
    const error = syncError(() => catalogue.sync({ toolsets: [coding, broken] }));
    expect(error.problems.map((problem) => problem.kind)).toEqual(['invalid', 'invalid', 'invalid']);
    expect(error.message).toContain('metadata.networkScope "internet"');
    expect(catalogue.size).toBe(0);
  });
});

describe('ToolCatalogue plugin toolsets', () => {
  function greetingPlugin(created: ToolPluginContext[]): ToolPlugin {
    return {
      id: 'acme.search',
      configure: (builder) =>
        builder.addToolset((context) => {
          created.push(context);
          return fakeToolset('GreetingToolset', [{ name: 'say_hello', run: () => `hello from ${context.userScope.id}` }]);
        }),
    };
  }

  it('qualifies plugin tools as <plugin-id>__<owner>__<tool>', async () => {
    const catalogue = new ToolCatalogue({ userScope: { id: 'alice' } });
    catalogue.sync({ plugins: [greetingPlugin([])] });
    const entry = catalogue.get('acme_search__greeting__say_hello');
    expect(entry?.source).toEqual({ kind: 'plugin', pluginId: 'acme.search', className: 'GreetingToolset', owner: 'greeting', displayName: 'GreetingToolset' });
    expect(entry?.function.qualifiedName).toBe('acme_search__greeting__say_hello');
    expect(entry?.function.name).toBe('say_hello');
    await expect(entry?.function.invoke({})).resolves.toBe('hello from alice');
  });

  it('creates one instance per user scope, reused by later syncs of that scope', () => {
    const created: ToolPluginContext[] = [];
    const plugin = greetingPlugin(created);
    const alice = new ToolCatalogue({ userScope: { id: 'alice' } });
    const bob = new ToolCatalogue({ userScope: { id: 'bob' } });
    alice.sync({ plugins: [plugin] });
    alice.sync({ toolsets: [coding], plugins: [plugin] });
    bob.sync({ plugins: [plugin] });
    expect(created.map((context) => [context.pluginId, context.userScope.id])).toEqual([
      ['acme.search', 'alice'],
      ['acme.search', 'bob'],
    ]);
    expect(alice.get('acme_search__greeting__say_hello')?.function).toBe(alice.get('acme_search__greeting__say_hello')?.function);
  });

  it('configures each plugin object once', () => {
    let configured = 0;
    const plugin: ToolPlugin = {
      id: 'acme',
      configure: (builder) => {
        configured++;
        builder.addToolset(() => fakeToolset('GreetingToolset', [{ name: 'say_hello' }]));
      },
    };
    const catalogue = new ToolCatalogue();
    catalogue.sync({ plugins: [plugin] });
    catalogue.sync({ plugins: [plugin] });
    expect(configured).toBe(1);
  });

  it('rejects the sync when a factory throws, naming the plugin and scope', () => {
    const catalogue = new ToolCatalogue({ userScope: { id: 'alice' } });
    catalogue.sync({ toolsets: [coding] });
    const failing: ToolPlugin = {
      id: 'flaky',
      configure: (builder) =>
        builder.addToolset(() => {
          throw new Error('no credentials');
        }),
    };
    const error = syncError(() => catalogue.sync({ plugins: [failing] }));
    expect(error.message).toContain('plugin "flaky": a toolset factory threw for user scope "alice": no credentials');
    expect(names(catalogue)).toEqual(['coding__read_file', 'coding__write_file']);
  });

  it('keeps no instance from a rejected sync', () => {
    const created: ToolPluginContext[] = [];
    const plugin = greetingPlugin(created);
    const catalogue = new ToolCatalogue();
    syncError(() => catalogue.sync({ toolsets: [coding, coding], plugins: [plugin] }));
    catalogue.sync({ plugins: [plugin] });
    expect(created).toHaveLength(2);
  });

  it('rejects a plugin without a usable id', () => {
    const error = syncError(() => new ToolCatalogue().sync({ plugins: [{ id: '..', configure: () => undefined }] }));
    expect(error.message).toContain('a plugin needs an id with at least one letter or digit');
  });

  it('detects a plugin tool that collides with another source', () => {
    const plugin: ToolPlugin = { id: 'coding', configure: (builder) => builder.addToolset(() => fakeToolset('ReadToolset', [{ name: 'file' }])) };
    // coding + read + file and coding + read_file differ; this collides with an MCP-like tool instead:
    const external = { function: fakeTool({ name: 'file' }), metadata: { serverName: 'coding/read', originalName: 'file', networkScope: 'none' as const } };
    const error = syncError(() => new ToolCatalogue().sync({ plugins: [plugin], external: [external] }));
    expect(error.message).toContain('"coding__read__file" is published by plugin "coding" (toolset ReadToolset) and by external server "coding/read" (tool "file")');
  });
});

describe('ToolCatalogue external functions', () => {
  it('publishes them as <server>__<tool> from ExternalToolMetadata, keeping the original name', () => {
    const catalogue = new ToolCatalogue();
    const fn = fakeTool({ name: 'List_Issues', qualifiedName: 'whatever' });
    catalogue.sync({ external: [{ function: fn, metadata: { serverName: 'GitHub', originalName: 'list_issues', networkScope: 'egress' } }] });
    const entry = catalogue.get('github__list_issues');
    expect(entry?.function.qualifiedName).toBe('github__list_issues');
    expect(entry?.function.name).toBe('List_Issues');
    expect(entry?.source).toEqual({ kind: 'external', serverName: 'GitHub', originalName: 'list_issues', annotations: undefined });
    expect(catalogue.getNetworkScope('github__list_issues')).toBe('egress');
  });

  it('takes the wider of the metadata scope and the function own scope', () => {
    const catalogue = new ToolCatalogue();
    const fn = fakeTool({ name: 'fetch', metadata: { networkScope: 'egress' } });
    catalogue.sync({ external: [{ function: fn, metadata: { serverName: 'web', originalName: 'fetch', networkScope: 'none' } }] });
    expect(catalogue.getDeclaredNetworkScope('web__fetch')).toBe('egress');
  });

  it('treats remote names that normalize alike as a collision', () => {
    const external = ['GitHub', 'github'].map((serverName) => ({
      function: fakeTool({ name: 'list_issues' }),
      metadata: { serverName, originalName: 'list_issues', networkScope: 'egress' as const },
    }));
    const error = syncError(() => new ToolCatalogue().sync({ external }));
    expect(error.message).toContain('"github__list_issues" is published by external server "GitHub" (tool "list_issues") and by external server "github"');
  });

  it('rejects external metadata without a valid network scope', () => {
    const error = syncError(() =>
      new ToolCatalogue().sync({
        external: [{ function: fakeTool({ name: 'x' }), metadata: { serverName: 's', originalName: 'x', networkScope: 'internet' as NetworkScope } }],
      }),
    );
    expect(error.message).toContain('ExternalToolMetadata needs');
  });

  it('records annotations without trusting them', () => {
    const catalogue = new ToolCatalogue();
    const fn = fakeTool({ name: 'drop_table', metadata: { readOnly: false, approval: 'require_approval' } });
    catalogue.sync({
      external: [{ function: fn, metadata: { serverName: 'db', originalName: 'drop_table', networkScope: 'none', annotations: { readOnlyHint: true } } }],
    });
    const entry = catalogue.get('db__drop_table');
    expect(entry?.source.kind === 'external' && entry.source.annotations).toEqual({ readOnlyHint: true });
    expect(entry?.function.metadata.readOnly).toBe(false);
    expect(entry?.function.metadata.approval).toBe('require_approval');
  });
});

describe('ToolCatalogue network scope: effective versus declared', () => {
  it('replaces the effective scope and keeps the declared one for auditing', () => {
    const catalogue = new ToolCatalogue();
    catalogue.sync({ toolsets: [coding] });
    expect(catalogue.setNetworkScope('CODING__READ_FILE', 'egress')).toBe(true);
    expect(catalogue.getNetworkScope('coding__read_file')).toBe('egress');
    expect(catalogue.getDeclaredNetworkScope('coding__read_file')).toBe('none');
    expect(catalogue.getNetworkScope('coding__write_file')).toBe('none');
  });

  it('keeps a classification across syncs until it is reset', () => {
    const catalogue = new ToolCatalogue();
    catalogue.sync({ toolsets: [coding] });
    catalogue.setNetworkScope('coding__read_file', 'incidental');
    catalogue.sync({ toolsets: [coding, memory] });
    expect(catalogue.getNetworkScope('coding__read_file')).toBe('incidental');
    expect(catalogue.resetNetworkScope('coding__read_file')).toBe(true);
    expect(catalogue.getNetworkScope('coding__read_file')).toBe('none');
  });

  it('refuses unknown tools and undefined scopes', () => {
    const catalogue = new ToolCatalogue();
    catalogue.sync({ toolsets: [coding] });
    expect(catalogue.setNetworkScope('coding__delete_everything', 'none')).toBe(false);
    expect(catalogue.getNetworkScope('coding__delete_everything')).toBeUndefined();
    expect(catalogue.getDeclaredNetworkScope('coding__delete_everything')).toBeUndefined();
    expect(() => catalogue.setNetworkScope('coding__read_file', 'internet' as NetworkScope)).toThrow(RangeError);
  });
});

describe('ToolCatalogue live servers', () => {
  const issues = fakeTool({ name: 'list_issues' });
  const search = fakeTool({ name: 'search_code' });
  const github = { name: 'GitHub', endpoint: { transport: 'http', url: 'https://api.githubcopilot.com/mcp/' } as const, tools: [{ function: issues }, { function: search }] };

  it('publishes a connected server tools and removes them on disconnect', () => {
    const catalogue = new ToolCatalogue();
    catalogue.sync({ toolsets: [coding] });
    catalogue.connectServer(github);
    expect(names(catalogue)).toEqual(['coding__read_file', 'coding__write_file', 'github__list_issues', 'github__search_code']);
    expect(catalogue.connectedServers).toEqual(['GitHub']);
    expect(catalogue.get('github__list_issues')?.source).toMatchObject({ kind: 'server', serverName: 'GitHub', originalName: 'list_issues' });

    expect(catalogue.disconnectServer('GitHub')).toBe(true);
    expect(names(catalogue)).toEqual(['coding__read_file', 'coding__write_file']);
    expect(catalogue.disconnectServer('GitHub')).toBe(false);
  });

  it('replaces the tools of a server on reconnect', () => {
    const catalogue = new ToolCatalogue();
    catalogue.connectServer(github);
    catalogue.connectServer({ ...github, tools: [{ function: search }] });
    expect(names(catalogue)).toEqual(['github__search_code']);
  });

  it('keeps connected servers across syncs', () => {
    const catalogue = new ToolCatalogue();
    catalogue.connectServer(github);
    catalogue.sync({ toolsets: [memory] });
    expect(catalogue.has('github__list_issues')).toBe(true);
  });

  it('rejects a connection whose tools collide, and leaves the catalogue as it was', () => {
    const catalogue = new ToolCatalogue();
    catalogue.connectServer(github);
    const error = syncError(() => catalogue.connectServer({ name: 'github', endpoint: { transport: 'stdio', command: 'gh-mcp' }, tools: [{ function: issues }] }));
    expect(error.message).toContain('"github__list_issues" is published by MCP server "GitHub" (tool "list_issues") and by MCP server "github" (tool "list_issues")');
    expect(catalogue.connectedServers).toEqual(['GitHub']);
  });

  it("lets the host's own toolset win over a connected server's tool of the same name, either way round", () => {
    const clash: ToolsetFunctions = fakeToolset('GithubToolset', [{ name: 'list_issues' }]);
    const serverFirst = new ToolCatalogue();
    serverFirst.connectServer(github);
    serverFirst.sync({ toolsets: [clash] });
    const syncFirst = new ToolCatalogue();
    syncFirst.sync({ toolsets: [clash] });
    syncFirst.connectServer(github);
    for (const catalogue of [serverFirst, syncFirst]) {
      expect(catalogue.get('github__list_issues')?.function).toBe(clash.functions[0]);
      expect(catalogue.has('github__search_code')).toBe(true);
      expect(catalogue.omitted).toEqual([
        {
          qualifiedName: 'github__list_issues',
          source: expect.objectContaining({ kind: 'server', serverName: 'GitHub', originalName: 'list_issues' }),
          publishedBy: expect.objectContaining({ kind: 'toolset', className: 'GithubToolset' }),
          reason:
            '"github__list_issues" of MCP server "GitHub" (tool "list_issues") was left out: toolset GithubToolset publishes that name, and the host\'s own tools win. Connect the server under another serverName than "GitHub" to publish its tool.',
        },
      ]);
    }
    serverFirst.sync({});
    expect([serverFirst.get('github__list_issues')?.source.kind, serverFirst.omitted]).toEqual(['server', []]);
  });

  it('still rejects a sync whose own toolsets collide while a server is connected', () => {
    const catalogue = new ToolCatalogue();
    catalogue.connectServer(github);
    const clash: ToolsetFunctions = fakeToolset('GithubToolset', [{ name: 'list_issues' }]);
    const error = syncError(() => catalogue.sync({ toolsets: [clash, clash] }));
    expect(error.message).toContain('by toolset GithubToolset and by toolset GithubToolset');
    expect(catalogue.get('github__list_issues')?.source.kind).toBe('server');
  });

  it.each<[string, ExternalToolEndpoint, NetworkScope | undefined, NetworkScope]>([
    ['public HTTP', { transport: 'http', url: 'https://mcp.example.com/sse' }, undefined, 'egress'],
    ['loopback HTTP', { transport: 'http', url: 'http://127.0.0.1:8080/mcp' }, undefined, 'incidental'],
    ['localhost HTTP', { transport: 'http', url: 'http://localhost:3000' }, undefined, 'incidental'],
    ['stdio', { transport: 'stdio', command: 'weather-mcp' }, undefined, 'none'],
    ['stdio classified as egress', { transport: 'stdio', command: 'web-mcp' }, 'egress', 'egress'],
    ['public HTTP classified as none (cannot narrow)', { transport: 'http', url: 'https://mcp.example.com' }, 'none', 'egress'],
  ])('declares the tools of a %s server %s', (_label, endpoint, networkScope, want) => {
    const catalogue = new ToolCatalogue();
    catalogue.connectServer({ name: 'srv', endpoint, ...(networkScope === undefined ? {} : { networkScope }), tools: [{ function: fakeTool({ name: 'tool' }) }] });
    expect(catalogue.getDeclaredNetworkScope('srv__tool')).toBe(want);
  });

  it('lets a classification of a server tool outlive a reconnect', () => {
    const catalogue = new ToolCatalogue();
    const server = { name: 'local', endpoint: { transport: 'stdio', command: 'browse' } as const, tools: [{ function: fakeTool({ name: 'browse' }) }] };
    catalogue.connectServer(server);
    catalogue.setNetworkScope('local__browse', 'egress');
    catalogue.disconnectServer('local');
    catalogue.connectServer(server);
    expect(catalogue.getNetworkScope('local__browse')).toBe('egress');
  });

  it('routes calls of a server tool to the server function', async () => {
    const catalogue = new ToolCatalogue();
    catalogue.connectServer({ name: 'echo', endpoint: { transport: 'stdio', command: 'echo' }, tools: [{ function: fakeTool({ name: 'say', properties: { text: 'string' }, run: (args) => args['text'] }) }] });
    await expect(catalogue.get('echo__say')?.function.invoke({ text: 'hi' })).resolves.toBe('hi');
    expect(await rejectionOf(catalogue.get('echo__say')!.function.invoke({ text: 1 }))).toMatchObject({ name: 'ToolArgumentError' });
  });
});

describe('classifyEndpointNetworkScope', () => {
  it.each<[string, NetworkScope]>([
    ['https://api.example.com/mcp', 'egress'],
    ['http://localhost:3000/mcp', 'incidental'],
    ['http://LOCALHOST./mcp', 'incidental'],
    ['http://tools.localhost:8080', 'incidental'],
    ['http://127.0.0.1:9000', 'incidental'],
    ['http://127.12.0.3', 'incidental'],
    ['http://2130706433/', 'incidental'],
    ['http://[::1]:8080/', 'incidental'],
    ['http://[::ffff:127.0.0.1]/', 'incidental'],
    ['http://192.168.1.20/mcp', 'egress'],
    ['http://10.0.0.5/mcp', 'egress'],
    ['http://0.0.0.0:8080/', 'egress'],
    ['http://localhost.example.com/', 'egress'],
    ['ftp://localhost/', 'egress'],
    ['not a url', 'egress'],
  ])('classifies %s as %s', (url, want) => {
    expect(classifyEndpointNetworkScope({ transport: 'http', url })).toBe(want);
  });

  it('classifies stdio as none', () => {
    expect(classifyEndpointNetworkScope({ transport: 'stdio', command: 'npx', args: ['some-mcp'] })).toBe('none');
  });
});
