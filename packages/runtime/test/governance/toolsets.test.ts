import { describe, expect, it } from 'vitest';
import {
  AgentToolCollisionError,
  describeToolSource,
  isApprovalGated,
  resolveAgentTools,
  resolveAgentToolsWithSearch,
  searchToolsName,
  ToolApprovalError,
  ToolApprovalRouter,
  ToolCatalogue,
  ToolSearchState,
  type AgentDefinition,
  type AIFunction,
  type ToolsetFunctions,
  type NetworkScope,
  type OmissionReason,
  type ToolMetadata,
  type ToolSurface,
} from '@toolgen/runtime';
import { fakeTool, fakeToolset, rejectionOf } from './fixtures.js';

const helpdesk = fakeToolset('HelpdeskToolset', [
  { name: 'search_tickets', description: 'Finds tickets by the words of their title.', properties: { query: 'string' }, metadata: { readOnly: true } },
  { name: 'get_ticket', description: 'Reads one ticket by its number.', properties: { number: 'integer' }, metadata: { readOnly: true } },
  { name: 'close_ticket', description: 'Closes a ticket with a reason.', properties: { number: 'integer', reason: 'string' }, metadata: { approval: 'require_approval' } },
  { name: 'delete_ticket', description: 'Deletes a ticket and its history.', properties: { number: 'integer' } },
  { name: 'export_tickets', description: 'Uploads every ticket to the reporting service.', metadata: { networkScope: 'egress', readOnly: true } },
  { name: 'ticket_notes', description: 'Reads the private notes about a ticket.', properties: { number: 'integer' }, metadata: { confidentiality: 'confidential_only', readOnly: true } },
]);
const allHelpdesk = ['helpdesk__search_tickets', 'helpdesk__get_ticket', 'helpdesk__close_ticket', 'helpdesk__delete_ticket', 'helpdesk__export_tickets', 'helpdesk__ticket_notes'];

/** A generated toolset, a plugin toolset under the same owner, and an MCP-like server. */
function deskCatalogue(toolsets: readonly ToolsetFunctions[] = [helpdesk]): ToolCatalogue {
  const catalogue = new ToolCatalogue();
  catalogue.sync({
    toolsets: [...toolsets, fakeToolset('GreetingToolset', [{ name: 'say_hi' }])],
    plugins: [{ id: 'acme.search', configure: (builder) => builder.addToolset(() => fakeToolset('GreetingToolset', [{ name: 'say_hello' }, { name: 'say_goodbye' }])) }],
  });
  catalogue.connectServer({
    name: 'GitHub',
    endpoint: { transport: 'stdio', command: 'github-mcp' },
    tools: [{ function: fakeTool({ name: 'list_issues' }) }, { function: fakeTool({ name: 'create_issue' }) }],
  });
  return catalogue;
}

const interactive: ToolSurface = { approvals: new ToolApprovalRouter({ runMode: 'auto_approve_required' }) };
const exposedNames = (agent: AgentDefinition, catalogue = deskCatalogue(), surface = interactive) =>
  resolveAgentTools(agent, catalogue, surface).tools.map((tool) => tool.qualifiedName);

interface ToolsetCase {
  readonly agent: AgentDefinition;
  readonly want: { readonly exposed: readonly string[]; readonly omitted: Readonly<Record<string, OmissionReason>> };
}

const toolsetRows: [string, ToolsetCase][] = [
  [
    'an entry offers every tool the catalogue holds under the owner, then the exposure rules apply',
    {
      agent: { toolsets: [{ owner: 'helpdesk' }] },
      want: { exposed: allHelpdesk.filter((name) => name !== 'helpdesk__ticket_notes'), omitted: { helpdesk__ticket_notes: 'confidentiality' } },
    },
  ],
  [
    'the owner is matched ignoring case',
    { agent: { toolsets: [{ owner: 'HelpDesk' }], confidential: true }, want: { exposed: allHelpdesk, omitted: {} } },
  ],
  [
    'exclude takes tool names or qualified names, ignoring case, and reports what it removed',
    {
      agent: { toolsets: [{ owner: 'helpdesk', exclude: ['DELETE_TICKET', 'helpdesk__Export_Tickets'] }], confidential: true },
      want: {
        exposed: ['helpdesk__search_tickets', 'helpdesk__get_ticket', 'helpdesk__close_ticket', 'helpdesk__ticket_notes'],
        omitted: { helpdesk__delete_ticket: 'excluded', helpdesk__export_tickets: 'excluded' },
      },
    },
  ],
  [
    'include offers only the named tools, in the catalogue order',
    { agent: { toolsets: [{ owner: 'helpdesk', include: ['HELPDESK__GET_TICKET', 'search_tickets'] }] }, want: { exposed: ['helpdesk__search_tickets', 'helpdesk__get_ticket'], omitted: {} } },
  ],
  [
    'include applies first, then exclude',
    {
      agent: { toolsets: [{ owner: 'helpdesk', include: ['search_tickets', 'get_ticket', 'close_ticket'], exclude: ['close_ticket'] }] },
      want: { exposed: ['helpdesk__search_tickets', 'helpdesk__get_ticket'], omitted: { helpdesk__close_ticket: 'excluded' } },
    },
  ],
  [
    'an empty include offers nothing of the toolset',
    { agent: { toolsets: [{ owner: 'helpdesk', include: [] }] }, want: { exposed: [], omitted: {} } },
  ],
  [
    'an owner the catalogue lacks is reported, not skipped silently',
    { agent: { toolsets: [{ owner: 'billing' }, { owner: 'greeting' }] }, want: { exposed: ['greeting__say_hi'], omitted: { billing: 'toolset_not_in_catalogue' } } },
  ],
  [
    'an include or exclude name outside the toolset is reported',
    {
      agent: { toolsets: [{ owner: 'helpdesk', include: ['search_tickets', 'serch_tickets'], exclude: ['say_hi', 'greeting__say_hi'] }] },
      want: {
        exposed: ['helpdesk__search_tickets'],
        omitted: { serch_tickets: 'not_in_toolset', say_hi: 'not_in_toolset', greeting__say_hi: 'not_in_toolset' },
      },
    },
  ],
  [
    'without a plugin id an owner names generated toolsets, not a plugin toolset of that owner',
    { agent: { toolsets: [{ owner: 'greeting' }] }, want: { exposed: ['greeting__say_hi'], omitted: {} } },
  ],
  [
    'with a plugin id it names that plugin toolset; the id is matched like a qualified-name segment',
    {
      agent: { toolsets: [{ owner: 'Greeting', pluginId: 'Acme.Search', exclude: ['say_goodbye'] }] },
      want: { exposed: ['acme_search__greeting__say_hello'], omitted: { acme_search__greeting__say_goodbye: 'excluded' } },
    },
  ],
  [
    'a plugin the catalogue lacks is reported',
    { agent: { toolsets: [{ owner: 'greeting', pluginId: 'acme.maps' }] }, want: { exposed: [], omitted: { 'acme.maps__greeting': 'toolset_not_in_catalogue' } } },
  ],
  [
    'a server is the toolset of its tools, under the server name',
    { agent: { toolsets: [{ owner: 'github', include: ['list_issues'] }] }, want: { exposed: ['github__list_issues'], omitted: {} } },
  ],
  [
    'toolsets add to allowedTools; each tool is offered once, toolsets first',
    {
      agent: { allowedTools: ['github__list_issues', 'GREETING__SAY_HI', 'github__close_pr'], toolsets: [{ owner: 'greeting' }, { owner: 'greeting' }] },
      want: { exposed: ['greeting__say_hi', 'github__list_issues'], omitted: { github__close_pr: 'not_in_catalogue' } },
    },
  ],
  [
    'an exclusion wins over allowedTools and over another entry of the same toolset',
    {
      agent: {
        allowedTools: ['helpdesk__delete_ticket'],
        toolsets: [{ owner: 'helpdesk', include: ['delete_ticket', 'get_ticket'] }, { owner: 'helpdesk', include: ['search_tickets'], exclude: ['delete_ticket'] }],
      },
      want: { exposed: ['helpdesk__get_ticket', 'helpdesk__search_tickets'], omitted: { helpdesk__delete_ticket: 'excluded' } },
    },
  ],
  [
    'offered tools meet network scope, plan mode and policy like allowed ones',
    {
      agent: { toolsets: [{ owner: 'helpdesk' }], airGapped: true, planMode: true, policies: [{ toolName: 'helpdesk__get_ticket', approvalMode: 'deny' }] },
      want: {
        exposed: ['helpdesk__search_tickets'],
        omitted: {
          helpdesk__get_ticket: 'denied',
          helpdesk__close_ticket: 'plan_mode',
          helpdesk__delete_ticket: 'plan_mode',
          helpdesk__export_tickets: 'network_scope',
          helpdesk__ticket_notes: 'confidentiality',
        },
      },
    },
  ],
];

describe('AgentDefinition.toolsets: offering whole toolsets', () => {
  it.each(toolsetRows)('%s', (_rule, { agent, want }) => {
    const resolved = resolveAgentTools(agent, deskCatalogue(), interactive);
    expect(resolved.tools.map((tool) => tool.qualifiedName)).toEqual(want.exposed);
    expect(resolved.functions.map((fn) => fn.qualifiedName)).toEqual(want.exposed);
    expect(Object.fromEntries(resolved.omitted.map((omission) => [omission.name, omission.reason]))).toEqual(want.omitted);
  });

  it('names the toolset entry each toolset omission is about', () => {
    const missing = { owner: 'billing' };
    const typo = { owner: 'helpdesk', exclude: ['delete_tickets'] };
    const resolved = resolveAgentTools({ toolsets: [missing, typo], allowedTools: ['nope__x'] }, deskCatalogue(), interactive);
    expect(resolved.omitted).toEqual([
      { name: 'billing', reason: 'toolset_not_in_catalogue', toolset: missing },
      { name: 'delete_tickets', reason: 'not_in_toolset', toolset: typo },
      { name: 'helpdesk__ticket_notes', reason: 'confidentiality' },
      { name: 'nope__x', reason: 'not_in_catalogue' },
    ]);
  });

  it('offers a tool the toolset gains in a later sync on the next resolve, without editing the agent', () => {
    const catalogue = deskCatalogue();
    const agent: AgentDefinition = { toolsets: [{ owner: 'helpdesk', exclude: ['delete_ticket'] }], confidential: true };
    expect(exposedNames(agent, catalogue)).not.toContain('helpdesk__merge_tickets');

    const grown: ToolsetFunctions = { ...helpdesk, functions: [...helpdesk.functions, fakeTool({ name: 'merge_tickets', className: 'HelpdeskToolset' })] };
    catalogue.sync({ toolsets: [grown] });
    expect(exposedNames(agent, catalogue)).toEqual([
      'helpdesk__search_tickets',
      'helpdesk__get_ticket',
      'helpdesk__close_ticket',
      'helpdesk__export_tickets',
      'helpdesk__ticket_notes',
      'helpdesk__merge_tickets',
    ]);
  });

  it('reports a toolset that left the catalogue, and an exclusion of a tool the toolset dropped', () => {
    const catalogue = deskCatalogue();
    const agent: AgentDefinition = { toolsets: [{ owner: 'github' }, { owner: 'helpdesk', include: ['search_tickets'], exclude: ['ticket_notes'] }] };
    expect(exposedNames(agent, catalogue)).toEqual(['github__list_issues', 'github__create_issue', 'helpdesk__search_tickets']);

    catalogue.disconnectServer('GitHub');
    catalogue.sync({ toolsets: [fakeToolset('HelpdeskToolset', [{ name: 'search_tickets' }])] });
    const resolved = resolveAgentTools(agent, catalogue, interactive);
    expect(resolved.tools.map((tool) => tool.qualifiedName)).toEqual(['helpdesk__search_tickets']);
    expect(resolved.omitted.map(({ name, reason }) => [name, reason])).toEqual([
      ['github', 'toolset_not_in_catalogue'],
      ['ticket_notes', 'not_in_toolset'],
    ]);
  });
});

describe("AgentDefinition.tools: the agent's own tools", () => {
  const own = (name: string, metadata: Partial<ToolMetadata> = {}, run?: () => unknown): AIFunction =>
    fakeTool({ name, className: 'TriageToolset', metadata, ...(run === undefined ? {} : { run }) });
  const triageTools = [
    own('classify'),
    own('peek_private', { confidentiality: 'confidential_only', readOnly: true }),
    own('notify_oncall', { networkScope: 'egress' }),
    own('escalate', { approval: 'require_approval' }),
    own('summarize', { readOnly: true }),
  ];

  it('are offered beside the toolsets and governed by the same rules', () => {
    const agent: AgentDefinition = { name: 'triage', toolsets: [{ owner: 'greeting' }], tools: triageTools };
    const resolved = resolveAgentTools(agent, deskCatalogue(), interactive);
    expect(resolved.tools.map((tool) => [tool.qualifiedName, tool.requiresApproval, isApprovalGated(tool.function)])).toEqual([
      ['greeting__say_hi', false, false],
      ['triage__classify', false, false],
      ['triage__notify_oncall', false, false],
      ['triage__escalate', true, true],
      ['triage__summarize', false, false],
    ]);
    expect(resolved.omitted).toEqual([{ name: 'triage__peek_private', reason: 'confidentiality' }]);

    const strict = resolveAgentTools(
      { ...agent, confidential: true, airGapped: true, planMode: true, policies: [{ toolName: 'TRIAGE__SUMMARIZE', approvalMode: 'deny' }] },
      deskCatalogue(),
      {},
    );
    expect(strict.tools.map((tool) => tool.qualifiedName)).toEqual(['triage__peek_private']);
    expect(Object.fromEntries(strict.omitted.map((omission) => [omission.name, omission.reason]))).toEqual({
      greeting__say_hi: 'plan_mode',
      triage__classify: 'plan_mode',
      triage__notify_oncall: 'network_scope',
      triage__escalate: 'plan_mode',
      triage__summarize: 'denied',
    });
    expect(resolveAgentTools({ tools: triageTools }, deskCatalogue(), {}).omitted).toContainEqual({ name: 'triage__escalate', reason: 'no_approval_channel' });
  });

  it('records where an exposed own tool comes from and its declared network scope', () => {
    const tool = resolveAgentTools({ name: 'triage', tools: triageTools }, deskCatalogue(), interactive).get('TRIAGE__NOTIFY_ONCALL');
    expect(tool?.entry.source).toEqual({ kind: 'agent', agentName: 'triage' });
    expect(describeToolSource(tool!.entry.source)).toBe('agent "triage" (its own tools)');
    expect(tool?.networkScope).toBe('egress');
  });

  it('runs own tools through approval and the invocation middleware', async () => {
    const ran: string[] = [];
    const tools = [own('escalate', { approval: 'require_approval' }, () => ran.push('escalate')), own('classify', {}, () => ran.push('classify'))];
    const resolved = resolveAgentTools({ tools }, deskCatalogue(), { approvals: new ToolApprovalRouter({ runMode: 'auto_reject_required' }) });
    expect(await rejectionOf(resolved.get('triage__escalate')!.function.invoke({}))).toBeInstanceOf(ToolApprovalError);
    await resolved.get('triage__classify')!.function.invoke({});
    expect(ran).toEqual(['classify']);
  });

  it('can be named by allowedTools and pinnedTools', () => {
    const agent: AgentDefinition = { allowedTools: ['TRIAGE__CLASSIFY'], pinnedTools: ['triage__classify'], tools: [own('classify')] };
    expect(resolveAgentTools(agent, deskCatalogue(), interactive).omitted).toEqual([]);
    const search = resolveAgentToolsWithSearch(agent, deskCatalogue(), interactive, new ToolSearchState());
    expect(search.functions().map((fn) => fn.qualifiedName)).toEqual([searchToolsName, 'triage__classify']);
  });

  it('refuses an own tool whose qualified name a catalogue tool has, naming both', () => {
    const shadow = fakeTool({ name: 'get_ticket', qualifiedName: 'HELPDESK__get_ticket' });
    const resolve = () => resolveAgentTools({ name: 'triage', allowedTools: [], tools: [own('classify'), shadow] }, deskCatalogue(), interactive);
    expect(resolve).toThrow(AgentToolCollisionError);
    expect(resolve).toThrow(
      'Agent "triage" has its own tool "HELPDESK__get_ticket", and the catalogue publishes "helpdesk__get_ticket" from toolset HelpdeskToolset ' +
        '(qualified names are compared case-insensitively). Rename the agent\'s tool, or drop it and offer the catalogue\'s through toolsets or allowedTools.',
    );
    const error = (() => {
      try {
        resolve();
      } catch (caught) {
        return caught as AgentToolCollisionError;
      }
      return undefined;
    })();
    expect(error?.qualifiedName).toBe('HELPDESK__get_ticket');
    expect(error?.first).toEqual({ kind: 'toolset', className: 'HelpdeskToolset', owner: 'helpdesk', displayName: 'HelpdeskToolset' });
    expect(error?.second).toEqual({ kind: 'agent', agentName: 'triage' });
  });

  it('refuses two own tools with one qualified name', () => {
    expect(() => resolveAgentTools({ tools: [own('classify'), fakeTool({ name: 'classify', qualifiedName: 'Triage__Classify' })] }, deskCatalogue(), interactive)).toThrow(
      'An agent has two own tools named "triage__classify" and "Triage__Classify" (qualified names are compared case-insensitively). Rename one of them.',
    );
  });

  it('refuses an own tool the catalogue would not publish', () => {
    const broken = own('classify', { networkScope: 'internet' as NetworkScope });
    expect(() => resolveAgentTools({ name: 'triage', tools: [broken] }, deskCatalogue(), interactive)).toThrow(
      'Agent "triage", AgentDefinition.tools[0]: tool "classify": metadata.networkScope "internet" must be "none", "incidental" or "egress".',
    );
  });
});

describe('tool search mode over toolsets', () => {
  const agent: AgentDefinition = {
    toolsets: [{ owner: 'helpdesk', exclude: ['delete_ticket', 'export_tickets'] }, { owner: 'github', include: ['list_issues'] }],
    tools: [fakeTool({ name: 'summarize_thread', className: 'TriageToolset', description: 'Summarizes a ticket thread.' })],
    pinnedTools: ['helpdesk__search_tickets'],
  };

  it('pins, finds and unlocks only what the toolsets offer', () => {
    const search = resolveAgentToolsWithSearch(agent, deskCatalogue(), interactive, new ToolSearchState());
    expect(search.functions().map((fn) => fn.qualifiedName)).toEqual([searchToolsName, 'helpdesk__search_tickets']);
    const found = ['ticket', 'delete ticket history', 'export upload reporting', 'issue', 'summarize thread'].flatMap((query) => search.search(query).map((match) => match.name));
    expect([...new Set(found)].sort()).toEqual(['github__list_issues', 'helpdesk__close_ticket', 'helpdesk__get_ticket', 'triage__summarize_thread']);
  });

  it('never brings back an excluded tool that an earlier search unlocked', () => {
    const state = new ToolSearchState();
    const before = resolveAgentToolsWithSearch({ toolsets: [{ owner: 'helpdesk' }] }, deskCatalogue(), interactive, state);
    before.search('delete ticket');
    expect(state.unlocked).toContain('helpdesk__delete_ticket');

    const after = resolveAgentToolsWithSearch(agent, deskCatalogue(), interactive, state);
    expect(after.functions().map((fn) => fn.qualifiedName)).not.toContain('helpdesk__delete_ticket');
    expect(after.search('delete ticket').map((match) => match.name)).not.toContain('helpdesk__delete_ticket');
  });
});
