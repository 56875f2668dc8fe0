/**
 * Governs which tools three agents see and what happens when the model calls them: a catalogue
 * of two toolsets and two MCP-like servers, agents that offer whole toolsets, a policy file,
 * approval channels, and the invocation middleware.
 *
 *   npm start -w examples/governed-agent
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  answerPendingToolCall,
  describeToolSource,
  loadToolPolicies,
  parsePendingToolCall,
  resolveAgentTools,
  resolveAgentToolsWithSearch,
  serializePendingToolCall,
  ToolApprovalError,
  ToolApprovalRouter,
  ToolCatalogue,
  ToolSearchState,
  type AgentDefinition,
  type ToolApprovalChannel,
  type ToolApprovalResponse,
  type JsonValue,
  type OfferedToolset,
  type ResolvedAgentTools,
  type ToolServices,
  type ToolSurface,
} from '@toolgen/runtime';
import { Priority, type Ticket, type TicketClient } from '../../tickets/src/model.js';
import { ticketToolset } from '../../tickets/src/tickets.tools.js';
import { FakeMcpServer } from './fakeMcpServer.js';
import { countFactsTool, knowledgeToolset, setCaseFolder } from './knowledge.js';

class InMemoryTickets implements TicketClient {
  readonly #tickets: Ticket[] = [
    { number: 4711, title: 'Printer on floor 3 prints blank pages', status: 'open', priority: Priority.Normal, openedAt: new Date('2026-11-20T09:15:00Z'), assignee: null, tags: [] },
    { number: 4712, title: 'VPN drops every hour', status: 'pending', priority: Priority.Urgent, openedAt: new Date('2026-11-24T16:40:00Z'), assignee: null, tags: [] },
    { number: 4713, title: 'New laptop for Grace', status: 'open', priority: Priority.Low, openedAt: new Date('2026-11-25T08:00:00Z'), assignee: null, tags: [] },
  ];

  search(query: string, options: { limit: number; includeClosed: boolean }): Ticket[] {
    const word = query.toLowerCase();
    return this.#tickets.filter((t) => (options.includeClosed || t.status !== 'closed') && t.title.toLowerCase().includes(word)).slice(0, options.limit);
  }

  async get(number: number): Promise<Ticket | null> {
    return this.#tickets.find((t) => t.number === number) ?? null;
  }

  async close(number: number): Promise<void> {
    const found = this.#tickets.find((t) => t.number === number);
    if (found !== undefined) found.status = 'closed';
  }
}

const services: ToolServices = { tickets: new InMemoryTickets() };
const print = (line = ''): void => console.log(line);

// ── The catalogue: two toolsets and two MCP-like servers ─────────────────────────────────────
const catalogue = new ToolCatalogue({ userScope: { id: 'ada' } });
catalogue.sync({ toolsets: [ticketToolset, knowledgeToolset] });
const statusPage = new FakeMcpServer('status', { transport: 'http', url: 'https://status.example.com/mcp' }, [
  { name: 'get_incidents', description: 'Lists open incidents and outages of our services.', properties: {}, annotations: { readOnlyHint: true }, handler: () => ['VPN gateway degraded since 08:10'] },
]);
const localDocs = new FakeMcpServer('docs', { transport: 'http', url: 'http://127.0.0.1:7420/mcp' }, [
  { name: 'search_docs', description: 'Searches the internal IT handbook.', properties: { words: 'string' }, handler: ({ words }) => [`Handbook: "${String(words)}" is covered in chapter 4.`] },
]);
catalogue.connectServer(statusPage.connect());
catalogue.connectServer(localDocs.connect());

print('Catalogue:');
for (const entry of catalogue.entries) {
  print(`  ${entry.qualifiedName.padEnd(28)} ${catalogue.getNetworkScope(entry.qualifiedName)!.padEnd(10)} from ${describeToolSource(entry.source)}`);
}

// ── Policies ─────────────────────────────────────────────────────────────────────────────────
const policies = loadToolPolicies(await readFile(new URL('../../../policies.yaml', import.meta.url), 'utf8'));
print(`\npolicies.yaml: ${policies.map((policy) => `${policy.toolName} → ${policy.approvalMode}`).join(', ')}`);
try {
  loadToolPolicies('- toolName: ticket__close_ticket\n  approvalMode: allow\n');
} catch (error) {
  print(`a malformed policy file is an error, never an approval: ${(error as Error).message}`);
}

// ── Three agents on an interactive surface ───────────────────────────────────────────────────
/** Plays the person answering approval prompts: closes 4711, refuses anything else. */
const personAtKeyboard: ToolApprovalChannel = {
  name: 'console',
  requestApproval: async (request) => {
    const answer: ToolApprovalResponse =
      request.toolName === 'ticket__close_ticket' && (request.arguments as { number?: unknown }).number === 4711
        ? { decision: 'approve' }
        : { decision: 'reject', reason: 'ask me again after the VPN incident' };
    print(`    [approval prompt] ${request.toolName} ${JSON.stringify(request.arguments)} (call ${request.callId}) → ${answer.decision}`);
    return answer;
  },
};

const caseFolder = await mkdtemp(path.join(tmpdir(), 'governed-agent-'));
await mkdir(path.join(caseFolder, 'cases'));
await writeFile(path.join(caseFolder, 'cases', '4711.md'), 'Customer asked twice; printer lease ends in March.\n');
setCaseFolder(caseFolder);

const interactive: ToolSurface = {
  approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: personAtKeyboard, timeoutMs: 60_000 }),
  workspace: { root: caseFolder, writable: false },
};
// Agents offer whole toolsets: every tool the catalogue holds under the owner when the agent is
// resolved, minus `exclude` or only `include`. The GitHub server is not connected here.
const helpdeskToolsets: OfferedToolset[] = [
  { owner: 'ticket' },
  { owner: 'knowledge', exclude: ['forget_fact'] },
  { owner: 'status' },
  { owner: 'docs' },
  { owner: 'github' },
];
const support: AgentDefinition = { name: 'support', toolsets: helpdeskToolsets, policies };
const caseReview: AgentDefinition = {
  name: 'case-review',
  toolsets: [{ owner: 'ticket', include: ['search_tickets', 'get_ticket'] }, { owner: 'knowledge' }],
  allowedTools: ['docs__search_docs'],
  policies,
  confidential: true,
};
const offline: AgentDefinition = { name: 'offline', toolsets: helpdeskToolsets, policies, airGapped: true };

function show(agent: AgentDefinition, resolved: ResolvedAgentTools): void {
  const toolsets = (agent.toolsets ?? []).map(
    ({ owner, include, exclude }) => `${owner}${include === undefined ? '' : ` (only ${include.join(', ')})`}${exclude === undefined ? '' : ` (without ${exclude.join(', ')})`}`,
  );
  print(`\n${agent.name} offers the toolsets ${toolsets.join(', ')}${agent.allowedTools === undefined ? '' : ` and ${agent.allowedTools.join(', ')}`}, and sees:`);
  for (const tool of resolved.tools) print(`  ${tool.qualifiedName}${tool.requiresApproval ? '  (asks for approval)' : ''}`);
  print(`  omitted: ${resolved.omitted.map((omission) => `${omission.name} (${omission.reason})`).join(', ')}`);
}

/** What the host does with one tool call of the model: only exposed tools run. */
async function modelCalls(resolved: ResolvedAgentTools, name: string, args: JsonValue, callId?: string): Promise<unknown> {
  print(`  > model calls ${name} ${JSON.stringify(args)}`);
  const tool = resolved.get(name);
  if (tool === undefined) {
    const omission = resolved.omitted.find((o) => o.name.toLowerCase() === name.toLowerCase());
    print(`    refused by the host: not among this agent's tools${omission === undefined ? '' : ` (${omission.reason})`}`);
    return undefined;
  }
  try {
    const result = await tool.function.invoke(args, { services, ...(callId === undefined ? {} : { callId }) });
    print(`    result: ${JSON.stringify(result) ?? '(none)'}`);
    return result;
  } catch (error) {
    print(`    the model reads: ${(error as Error).message}`);
    return error;
  }
}

const supportTools = resolveAgentTools(support, catalogue, interactive);
show(support, supportTools);
await modelCalls(supportTools, 'knowledge__forget_fact', { fact: 'Printers on floor 3 are leased from Acme.' });
await modelCalls(supportTools, 'ticket__close_ticket', { number: 4711, reason: 'Replaced the fuser unit.' });
await modelCalls(supportTools, 'ticket__close_ticket', { number: 4712, reason: 'VPN fixed.' });
await modelCalls(supportTools, 'knowledge__publish_answer', { question: 'Is the VPN down?', answer: 'Yes, we are on it.' });
await modelCalls(supportTools, 'status__get_incidents', {});

const caseTools = resolveAgentTools(caseReview, catalogue, interactive);
show(caseReview, caseTools);
await modelCalls(caseTools, 'knowledge__read_case_file', { path: 'cases/4711.md' });
await modelCalls(caseTools, 'knowledge__read_case_file', { path: '../../etc/passwd' });
await modelCalls(caseTools, 'knowledge__remember_fact', { fact: 'Case 4711 is sensitive.' });

const offlineTools = resolveAgentTools(offline, catalogue, interactive);
show(offline, offlineTools);
await modelCalls(offlineTools, 'status__get_incidents', {});
await modelCalls(offlineTools, 'docs__search_docs', { words: 'VPN' });

// ── Other surfaces and run modes ─────────────────────────────────────────────────────────────
print('\nsupport run as a tool of another agent (no approval channel):');
const asTool = resolveAgentTools(support, catalogue, {});
await modelCalls(asTool, 'ticket__close_ticket', { number: 4713, reason: 'Delivered.' });

print('\nsupport in a background run under use_agent_policy:');
const background = resolveAgentTools(support, catalogue, { approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: personAtKeyboard, background: true }) });
await modelCalls(background, 'ticket__close_ticket', { number: 4713, reason: 'Delivered.' });

print('\nsupport where the person answers later: the call ends the run and waits');
const later: ToolApprovalChannel = { name: 'inbox', requestApproval: async () => ({ decision: 'defer' }) };
const firstRun = resolveAgentTools(support, catalogue, { approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: later }) });
const waiting = await modelCalls(firstRun, 'ticket__close_ticket', { number: 4713, reason: 'Delivered.' }, 'call_0042');
if (waiting instanceof ToolApprovalError && waiting.pending !== undefined) {
  // the host's signing key, kept outside the conversation (a secret store); random here
  const key = randomBytes(32);
  const stored = serializePendingToolCall(waiting.pending, { key });
  print(`    stored with the conversation: ${stored.replace(/"id":"[^"]+"/, '"id":"…"').replace(/"(requestedAt|expiresAt)":"[^"]+"/g, '"$1":"…"').replace(/"signature":"[^"]+"/, '"signature":"…"')}`);
  const edited = stored.replace('"number":4713', '"number":4711');
  try {
    parsePendingToolCall(edited, { key });
  } catch (error) {
    print(`    the stored call edited to close 4711 instead: ${(error as Error).message}`);
  }
  const nextRun = resolveAgentTools(support, catalogue, { approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: later }) });
  const answered = await answerPendingToolCall(parsePendingToolCall(stored, { key }), { decision: 'approve' }, nextRun.functions, { services });
  print(`    next run, the person approves: ${JSON.stringify(answered)}`);
  const again = await answerPendingToolCall(parsePendingToolCall(stored, { key }), { decision: 'approve' }, nextRun.functions, { services });
  print(`    the same answer a second time: ${JSON.stringify(again)}`);
  const stricter = resolveAgentTools({ ...support, policies: [...policies, { toolName: 'status__get_incidents', approvalMode: 'require_approval' }] }, catalogue, {
    approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: later }),
  });
  const underNewPolicy = await answerPendingToolCall(parsePendingToolCall(stored, { key }), { decision: 'approve' }, stricter.functions, { services });
  print(`    answered again, by a run whose policies changed meanwhile: ${JSON.stringify(underNewPolicy)}`);
}

// ── Tool search mode ─────────────────────────────────────────────────────────────────────────
print('\nsupport in tool search mode, pinned: ticket__search_tickets');
const search = resolveAgentToolsWithSearch({ ...support, pinnedTools: ['ticket__search_tickets'] }, catalogue, interactive, new ToolSearchState());
print(`  starts with: ${search.functions().map((fn) => fn.qualifiedName).join(', ')}`);
const found = await search.searchFunction.invoke({ query: 'incidents outage' });
print(`  search_tools "incidents outage" → ${JSON.stringify(found)}`);
print(`  now has: ${search.functions().map((fn) => fn.qualifiedName).join(', ')}`);
const excludedSearch = search.search('forget a fact');
print(`  search_tools "forget a fact" → ${excludedSearch.map((match) => match.name).join(', ')} (the toolset entry excludes forget_fact)`);

// ── A toolset grows ──────────────────────────────────────────────────────────────────────────
print('\nthe knowledge toolset gains count_facts in the next sync; nobody edits the support agent:');
const before = new Set(supportTools.tools.map((tool) => tool.qualifiedName));
catalogue.sync({ toolsets: [ticketToolset, { ...knowledgeToolset, functions: [...knowledgeToolset.functions, countFactsTool] }] });
const grown = resolveAgentTools(support, catalogue, interactive);
print(`  support now also sees: ${grown.tools.filter((tool) => !before.has(tool.qualifiedName)).map((tool) => tool.qualifiedName).join(', ')}`);
await modelCalls(grown, 'knowledge__count_facts', {});

await rm(caseFolder, { recursive: true, force: true });
