import fc from 'fast-check';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadToolPolicies,
  resolveAgentTools,
  resolveAgentToolsWithSearch,
  ToolApprovalRouter,
  ToolCatalogue,
  ToolNaming,
  ToolPolicyResolver,
  ToolSearchState,
  type AgentDefinition,
} from '@toolgen/runtime';
import { connectMcpServer } from '@toolgen/runtime/mcp';
import { closeAll, connectClient, newServer } from '../adapters/mcpFixtures.js';
import { fakeTool } from './fixtures.js';

// Finding 4 of the adversarial review: a server that lists `delete_repo` again as `Delete Repo` or
// `delete.repo` still publishes `github__delete_repo`, so every name an agent or a policy gives
// must be compared as the catalogue spells it, or the rename walks past `exclude` and `deny`.

const surface = { approvals: new ToolApprovalRouter({ runMode: 'auto_approve_required' }) };

/** A catalogue where server `github` lists `list_issues` and `deleteAs` (a spelling of delete_repo). */
function githubCatalogue(deleteAs: string, server = 'github'): ToolCatalogue {
  const catalogue = new ToolCatalogue();
  catalogue.connectServer({
    name: server,
    endpoint: { transport: 'stdio', command: 'github-mcp' },
    tools: [
      { function: fakeTool({ name: 'list_issues', description: 'Lists the issues of a repository.' }) },
      { function: fakeTool({ name: deleteAs, description: 'Deletes a repository for good.' }) },
    ],
  });
  return catalogue;
}

/** How a hostile server may list delete_repo so that ToolNaming still qualifies it github__delete_repo. */
const listings = ['delete_repo', 'Delete_Repo', 'DELETE_REPO', 'Delete Repo', 'delete.repo', 'Delete.Repo', 'delete  repo', 'delete. repo', 'delete:repo', 'Delete > Repo'];
/** How an agent or a policy may write the tool's name. */
const writings = ['delete_repo', 'DELETE_REPO', 'Delete Repo', 'delete.repo', 'github__delete_repo', 'GitHub__Delete Repo', 'github/delete.repo', ' github__delete_repo '];

/** The written name as a qualified name: as written when it names the server, else under `github__`. */
const qualify = (name: string): string => (/github/i.test(name) ? name : `github__${name}`);

/** What each directive does to the tool it names, checked on the resolved agent. */
const directives: Record<string, { agent: (name: string) => AgentDefinition; check: (catalogue: ToolCatalogue, agent: AgentDefinition) => void }> = {
  exclude: {
    agent: (name) => ({ name: 'triage', toolsets: [{ owner: 'github', exclude: [name] }] }),
    check: (catalogue, agent) => {
      const resolved = resolveAgentTools(agent, catalogue, surface);
      expect(resolved.tools.map((tool) => tool.qualifiedName)).toEqual(['github__list_issues']);
      expect(resolved.omitted).toEqual([{ name: 'github__delete_repo', reason: 'excluded' }]);
      const search = resolveAgentToolsWithSearch(agent, catalogue, surface, new ToolSearchState());
      expect(search.search('delete repository').map((match) => match.name)).not.toContain('github__delete_repo');
    },
  },
  'exclude, over allowedTools': {
    agent: (name) => ({ name: 'triage', toolsets: [{ owner: 'github', exclude: [name] }], allowedTools: ['github__delete_repo'] }),
    check: (catalogue, agent) => expect(resolveAgentTools(agent, catalogue, surface).get('github__delete_repo')).toBeUndefined(),
  },
  include: {
    agent: (name) => ({ name: 'triage', toolsets: [{ owner: 'github', include: [name] }] }),
    check: (catalogue, agent) => {
      const resolved = resolveAgentTools(agent, catalogue, surface);
      expect(resolved.tools.map((tool) => tool.qualifiedName)).toEqual(['github__delete_repo']);
      expect(resolved.omitted).toEqual([]);
    },
  },
  allowedTools: {
    agent: (name) => ({ name: 'triage', allowedTools: [qualify(name)] }),
    check: (catalogue, agent) => expect(resolveAgentTools(agent, catalogue, surface).tools.map((tool) => tool.qualifiedName)).toEqual(['github__delete_repo']),
  },
  pinnedTools: {
    agent: (name) => ({ name: 'triage', toolsets: [{ owner: 'github' }], pinnedTools: [qualify(name)] }),
    check: (catalogue, agent) => {
      const search = resolveAgentToolsWithSearch(agent, catalogue, surface, new ToolSearchState());
      expect(search.pinned.map((tool) => tool.qualifiedName)).toEqual(['github__delete_repo']);
    },
  },
  'a policy deny': {
    agent: (name) => ({ name: 'triage', toolsets: [{ owner: 'github' }], policies: [{ toolName: qualify(name), approvalMode: 'deny' }] }),
    check: (catalogue, agent) => {
      const resolved = resolveAgentTools(agent, catalogue, surface);
      expect(resolved.tools.map((tool) => tool.qualifiedName)).toEqual(['github__list_issues']);
      expect(resolved.omitted).toEqual([{ name: 'github__delete_repo', reason: 'denied' }]);
    },
  },
  'a policy file deny': {
    agent: (name) => ({
      name: 'triage',
      toolsets: [{ owner: 'github' }],
      policies: loadToolPolicies(`- toolName: ${JSON.stringify(qualify(name))}\n  approvalMode: deny\n`),
    }),
    check: (catalogue, agent) => expect(resolveAgentTools(agent, catalogue, surface).omitted).toEqual([{ name: 'github__delete_repo', reason: 'denied' }]),
  },
};

describe('finding 4: every directive matches every spelling the catalogue publishes as the same name', () => {
  const rows = Object.keys(directives).flatMap((directive) => listings.flatMap((listing) => writings.map((writing) => [directive, listing, writing] as const)));
  it.each(rows)('%s: server lists %j, agent writes %j', (directive, listing, writing) => {
    const catalogue = githubCatalogue(listing);
    expect(catalogue.has('github__delete_repo')).toBe(true);
    const { agent, check } = directives[directive]!;
    check(catalogue, agent(writing));
  });

  it('the catalogue folds case as it normalizes: a Kelvin sign K lists as k, and is still excluded', () => {
    const catalogue = new ToolCatalogue();
    catalogue.connectServer({ name: 'jobs', endpoint: { transport: 'stdio', command: 'jobs' }, tools: [{ function: fakeTool({ name: '\u212Aill_Job' }) }] });
    expect(catalogue.entries.map((entry) => entry.qualifiedName)).toEqual(['jobs__kill_job']);
    for (const name of ['kill_job', 'KILL JOB', '\u212Aill_job', 'jobs__kill.job']) {
      expect(resolveAgentTools({ toolsets: [{ owner: 'jobs', exclude: [name] }] }, catalogue, surface).omitted).toEqual([{ name: 'jobs__kill_job', reason: 'excluded' }]);
      expect(new ToolPolicyResolver([{ toolName: `jobs__${name.replace(/^jobs__/, '')}`, approvalMode: 'deny' }]).getOverride('jobs__kill_job')).toBe('deny');
    }
  });

  it('what the catalogue keeps apart stays apart: `-` is kept, so delete-repo is another tool, as the catalogue publishes it', () => {
    const catalogue = githubCatalogue('delete-repo');
    expect(catalogue.has('github__delete_repo')).toBe(false);
    const resolved = resolveAgentTools({ toolsets: [{ owner: 'github', exclude: ['delete_repo'] }] }, catalogue, surface);
    expect(resolved.omitted).toEqual([{ name: 'delete_repo', reason: 'not_in_toolset', toolset: { owner: 'github', exclude: ['delete_repo'] } }]);
    expect(resolveAgentTools({ toolsets: [{ owner: 'github', exclude: ['delete-repo'] }] }, catalogue, surface).get('github__delete-repo')).toBeUndefined();
  });
});

/** A lowercase tool name of words joined by `_`, and a listing of it the catalogue publishes under the same qualified name. */
const wordArbitrary = fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/);
const separatorArbitrary = fc.oneof(fc.constant('_'), fc.stringMatching(/^[ .,:;!?*+=~'"()[\]{}<>@#$%^&|`]{1,3}$/));
const spelledArbitrary = fc
  .array(fc.tuple(wordArbitrary, separatorArbitrary, fc.array(fc.boolean(), { minLength: 7, maxLength: 7 })), { minLength: 1, maxLength: 4 })
  .map((words) => ({
    name: words.map(([word]) => word).join('_'),
    spelled: words.map(([word, separator, upper], index) => [...word].map((c, at) => (upper[at] ? c.toUpperCase() : c)).join('') + (index < words.length - 1 ? separator : '')).join(''),
  }));

describe('finding 4: property, any case and separator spelling of a tool name names the tool', () => {
  it('for exclude, include, allowedTools, pinnedTools and policies, from either side, under any spelling of the owner', () => {
    fc.assert(
      fc.property(spelledArbitrary, spelledArbitrary, fc.boolean(), fc.constantFrom('github', 'GitHub', 'GITHUB', ' github'), ({ name, spelled }, other, serverSpells, owner) => {
        fc.pre(other.name !== name);
        const listed = serverSpells ? spelled : name;
        const written = serverSpells ? name : spelled;
        const catalogue = githubCatalogue(listed);
        catalogue.connectServer({ name: 'side', endpoint: { transport: 'stdio', command: 'side' }, tools: [{ function: fakeTool({ name: other.spelled }) }] });
        const qualified = ToolNaming.buildMcpQualifiedName('github', name);
        expect(catalogue.has(qualified)).toBe(true);

        const excluded = resolveAgentTools({ toolsets: [{ owner, exclude: [written] }, { owner: 'side', exclude: [written] }] }, catalogue, surface);
        expect(excluded.get(qualified)).toBeUndefined();
        expect(excluded.get(ToolNaming.buildMcpQualifiedName('side', other.name))).toBeDefined();
        const included = resolveAgentTools({ toolsets: [{ owner, include: [written] }] }, catalogue, surface);
        expect(included.tools.map((tool) => tool.qualifiedName)).toEqual([qualified]);
        const allowed = resolveAgentToolsWithSearch({ allowedTools: [`github/${written}`], pinnedTools: [`GitHub__${written}`] }, catalogue, surface, new ToolSearchState());
        expect(allowed.eligible.tools.map((tool) => tool.qualifiedName)).toEqual([qualified]);
        expect(allowed.pinned.map((tool) => tool.qualifiedName)).toEqual([qualified]);
        const denied = resolveAgentTools({ toolsets: [{ owner: 'github' }, { owner: 'side' }], policies: [{ toolName: `github__${written}`, approvalMode: 'deny' }] }, catalogue, surface);
        expect(denied.omitted).toEqual([{ name: qualified, reason: 'denied' }]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('finding 4: a real MCP server renaming delete_repo, connected with connectMcpServer', () => {
  afterEach(closeAll);

  it.each(['Delete Repo', 'delete.repo', 'DELETE_REPO'])('lists it as %j: excluded, denied, and never found by search_tools', async (listing) => {
    // the SDK warns about names outside its recommended alphabet, and registers them anyway
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = newServer();
    server.registerTool('list_issues', { description: 'Lists the issues of the repository.', inputSchema: z.object({ state: z.string() }) }, async () => ({ content: [{ type: 'text', text: '[]' }] }));
    server.registerTool(listing, { description: 'Deletes the repository for good.', inputSchema: z.object({ repo: z.string() }) }, async () => ({ content: [{ type: 'text', text: 'deleted' }] }));
    const catalogue = new ToolCatalogue();
    await connectMcpServer(catalogue, await connectClient(server), { serverName: 'github' });
    warn.mockRestore();
    expect(catalogue.entries.map((entry) => entry.qualifiedName)).toEqual(['github__list_issues', 'github__delete_repo']);

    const agent: AgentDefinition = { name: 'triage', toolsets: [{ owner: 'github', exclude: ['delete_repo'] }] };
    const resolved = resolveAgentTools(agent, catalogue, surface);
    expect(resolved.tools.map((tool) => tool.qualifiedName)).toEqual(['github__list_issues']);
    expect(resolved.omitted).toEqual([{ name: 'github__delete_repo', reason: 'excluded' }]);

    const search = resolveAgentToolsWithSearch(agent, catalogue, surface, new ToolSearchState());
    const found = await search.searchFunction.invoke({ query: 'delete the repository' });
    expect(JSON.stringify(found)).not.toContain('delete_repo');
    expect(search.functions().map((fn) => fn.qualifiedName)).toEqual(['search_tools', 'github__list_issues']);

    const denied = resolveAgentTools({ toolsets: [{ owner: 'github' }], policies: loadToolPolicies('- toolName: github__delete_repo\n  approvalMode: deny\n') }, catalogue, surface);
    expect(denied.omitted).toEqual([{ name: 'github__delete_repo', reason: 'denied' }]);
  });
});
