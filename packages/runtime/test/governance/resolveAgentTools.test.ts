import { describe, expect, it } from 'vitest';
import {
  isApprovalGated,
  resolveAgentTools,
  ToolApprovalError,
  ToolApprovalRouter,
  ToolCatalogue,
  ToolPolicyError,
  ToolPolicyResolver,
  type AgentDefinition,
  type AgentToolPolicy,
  type OmissionReason,
  type ToolMetadata,
  type ToolSurface,
} from '@toolgen/runtime';
import { fakeTool, fakeToolset, rejectionOf, type RecordedCall } from './fixtures.js';

const calls: RecordedCall[] = [];

/** One tool per governance trait, in the `lab` toolset. */
function labCatalogue(): ToolCatalogue {
  const tool = (name: string, metadata: Partial<ToolMetadata>) => ({ name, metadata, calls });
  const catalogue = new ToolCatalogue();
  catalogue.sync({
    toolsets: [
      fakeToolset('LabToolset', [
        tool('plain', {}),
        tool('reader', { readOnly: true }),
        tool('gated', { approval: 'require_approval' }),
        tool('gated_reader', { approval: 'require_approval', readOnly: true }),
        tool('fetch', { networkScope: 'egress', readOnly: true }),
        tool('shell', { networkScope: 'incidental' }),
        tool('vault', { confidentiality: 'confidential_only', readOnly: true }),
        tool('memory_save', { confidentiality: 'non_confidential_only' }),
      ]),
    ],
  });
  return catalogue;
}

const all = ['lab__plain', 'lab__reader', 'lab__gated', 'lab__gated_reader', 'lab__fetch', 'lab__shell', 'lab__vault', 'lab__memory_save'];
const interactive: ToolSurface = { approvals: new ToolApprovalRouter({ runMode: 'auto_approve_required' }) };
const noChannel: ToolSurface = {};

interface ExposureCase {
  readonly agent: Partial<AgentDefinition>;
  readonly surface?: ToolSurface;
  readonly setNetworkScope?: Readonly<Record<string, 'none' | 'incidental' | 'egress'>>;
  readonly want: { readonly exposed: readonly string[]; readonly omitted: Readonly<Record<string, OmissionReason>> };
}

// The seed's exposure order (000 "Understand metadata and filtering", 003 "Exposure order"), as given/want rows.
const exposureRows: [string, ExposureCase][] = [
  [
    'a normal agent sees everything allowed except confidential-only tools',
    { agent: {}, want: { exposed: ['lab__plain', 'lab__reader', 'lab__gated', 'lab__gated_reader', 'lab__fetch', 'lab__shell', 'lab__memory_save'], omitted: { lab__vault: 'confidentiality' } } },
  ],
  [
    'only allowed names are considered, unknown ones are skipped',
    { agent: { allowedTools: ['lab__reader', 'lab__nope', 'github__list_issues'] }, want: { exposed: ['lab__reader'], omitted: { lab__nope: 'not_in_catalogue', github__list_issues: 'not_in_catalogue' } } },
  ],
  [
    'a confidential agent gets confidential-only tools and loses non-confidential-only ones',
    { agent: { confidential: true, allowedTools: ['lab__vault', 'lab__memory_save', 'lab__reader'] }, want: { exposed: ['lab__vault', 'lab__reader'], omitted: { lab__memory_save: 'confidentiality' } } },
  ],
  [
    'an air-gapped agent loses egress tools, not incidental ones',
    { agent: { airGapped: true, allowedTools: ['lab__fetch', 'lab__shell', 'lab__plain'] }, want: { exposed: ['lab__shell', 'lab__plain'], omitted: { lab__fetch: 'network_scope' } } },
  ],
  [
    'a local-only agent loses egress tools',
    { agent: { localOnly: true, allowedTools: ['lab__fetch', 'lab__shell'] }, want: { exposed: ['lab__shell'], omitted: { lab__fetch: 'network_scope' } } },
  ],
  [
    'the effective network scope decides, not the declared one',
    {
      agent: { airGapped: true, allowedTools: ['lab__fetch', 'lab__shell'] },
      setNetworkScope: { lab__fetch: 'incidental', lab__shell: 'egress' },
      want: { exposed: ['lab__fetch'], omitted: { lab__shell: 'network_scope' } },
    },
  ],
  [
    'plan mode keeps only read-only tools',
    { agent: { planMode: true, allowedTools: ['lab__plain', 'lab__reader', 'lab__gated', 'lab__gated_reader'] }, want: { exposed: ['lab__reader', 'lab__gated_reader'], omitted: { lab__plain: 'plan_mode', lab__gated: 'plan_mode' } } },
  ],
  [
    'a deny policy omits the tool',
    { agent: { allowedTools: ['lab__plain', 'lab__reader'], policies: [{ toolName: 'LAB__PLAIN', approvalMode: 'deny' }] }, want: { exposed: ['lab__reader'], omitted: { lab__plain: 'denied' } } },
  ],
  [
    'a surface without approval channel omits approval-required tools',
    {
      agent: { allowedTools: ['lab__gated', 'lab__plain', 'lab__reader'], policies: [{ toolName: 'lab__reader', approvalMode: 'require_approval' }] },
      surface: noChannel,
      want: { exposed: ['lab__plain'], omitted: { lab__gated: 'no_approval_channel', lab__reader: 'no_approval_channel' } },
    },
  ],
  [
    'use_agent_policy without a channel cannot ask either',
    {
      agent: { allowedTools: ['lab__gated', 'lab__plain'] },
      surface: { approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy' }) },
      want: { exposed: ['lab__plain'], omitted: { lab__gated: 'no_approval_channel' } },
    },
  ],
  [
    'a background run exposes approval-required tools, whose calls it then rejects',
    { agent: { allowedTools: ['lab__gated'] }, surface: { approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', background: true }) }, want: { exposed: ['lab__gated'], omitted: {} } },
  ],
  [
    'an auto_approve policy exposes a declared approval-required tool without a channel',
    { agent: { allowedTools: ['lab__gated'], policies: [{ toolName: 'lab__gated', approvalMode: 'auto_approve' }] }, surface: noChannel, want: { exposed: ['lab__gated'], omitted: {} } },
  ],
  [
    'confidentiality applies before network scope',
    { agent: { airGapped: true, allowedTools: ['lab__vault'] }, want: { exposed: [], omitted: { lab__vault: 'confidentiality' } } },
  ],
  [
    'network scope applies before policy, so an auto_approve cannot bring back an egress tool',
    { agent: { airGapped: true, allowedTools: ['lab__fetch'], policies: [{ toolName: 'lab__fetch', approvalMode: 'auto_approve' }] }, want: { exposed: [], omitted: { lab__fetch: 'network_scope' } } },
  ],
  [
    'a policy for a tool that is not allowed makes nothing available',
    { agent: { allowedTools: ['lab__reader'], policies: [{ toolName: 'lab__plain', approvalMode: 'auto_approve' }] }, want: { exposed: ['lab__reader'], omitted: {} } },
  ],
  [
    'allowed names are matched ignoring case, once each',
    { agent: { allowedTools: ['LAB__READER', 'lab__reader', ' lab__reader '] }, want: { exposed: ['lab__reader'], omitted: {} } },
  ],
];

describe('resolveAgentTools: the exposure order', () => {
  it.each(exposureRows)('%s', (_rule, { agent, surface = interactive, setNetworkScope = {}, want }) => {
    const catalogue = labCatalogue();
    for (const [name, scope] of Object.entries(setNetworkScope)) catalogue.setNetworkScope(name, scope);
    const resolved = resolveAgentTools({ allowedTools: all, ...agent }, catalogue, surface);
    expect(resolved.tools.map((tool) => tool.qualifiedName)).toEqual(want.exposed);
    expect(resolved.functions.map((fn) => fn.qualifiedName)).toEqual(want.exposed);
    expect(Object.fromEntries(resolved.omitted.map((omission) => [omission.name, omission.reason]))).toEqual(want.omitted);
  });
});

describe('resolveAgentTools: what is exposed', () => {
  it('wraps approval-required tools and exposes the others raw', () => {
    const resolved = resolveAgentTools(
      { allowedTools: ['lab__gated', 'lab__plain', 'lab__reader'], policies: [{ toolName: 'lab__reader', approvalMode: 'auto_approve' }] },
      labCatalogue(),
      interactive,
    );
    expect(resolved.tools.map((tool) => [tool.qualifiedName, tool.approvalMode, tool.requiresApproval, isApprovalGated(tool.function)])).toEqual([
      ['lab__gated', 'require_approval', true, true],
      ['lab__plain', 'default', false, false],
      ['lab__reader', 'auto_approve', false, false],
    ]);
  });

  it('routes calls of a wrapped tool through the surface router', async () => {
    calls.length = 0;
    const rejecting: ToolSurface = { approvals: new ToolApprovalRouter({ runMode: 'auto_reject_required' }) };
    const resolved = resolveAgentTools({ allowedTools: ['lab__gated', 'lab__plain'] }, labCatalogue(), rejecting);
    const error = await rejectionOf(resolved.get('LAB__GATED')!.function.invoke({}));
    expect(error).toBeInstanceOf(ToolApprovalError);
    expect(calls).toEqual([]);
    await expect(resolved.get('lab__plain')!.function.invoke({})).resolves.toEqual({ ok: true, tool: 'lab__plain' });
    expect(calls.map((call) => call.tool)).toEqual(['lab__plain']);
  });

  it('reports the effective network scope and the catalogue entry', () => {
    const catalogue = labCatalogue();
    catalogue.setNetworkScope('lab__shell', 'egress');
    const tool = resolveAgentTools({ allowedTools: ['lab__shell'] }, catalogue, interactive).tools[0];
    expect(tool?.networkScope).toBe('egress');
    expect(tool?.entry).toBe(catalogue.get('lab__shell'));
  });

  it('accepts a prepared ToolPolicyResolver', () => {
    const policies = new ToolPolicyResolver([{ toolName: 'lab__plain', approvalMode: 'deny' }]);
    expect(resolveAgentTools({ allowedTools: ['lab__plain'], policies }, labCatalogue(), interactive).tools).toEqual([]);
  });

  it('refuses policies with undefined approval modes instead of guessing', () => {
    const policies = [{ toolName: 'lab__plain', approvalMode: 'block' }] as unknown as AgentToolPolicy[];
    expect(() => resolveAgentTools({ allowedTools: ['lab__plain'], policies }, labCatalogue(), interactive)).toThrow(ToolPolicyError);
  });

  it('sees the catalogue as it is now: a tool that left is skipped', () => {
    const catalogue = new ToolCatalogue();
    catalogue.connectServer({ name: 'weather', endpoint: { transport: 'stdio', command: 'weather' }, tools: [{ function: fakeTool({ name: 'forecast' }) }] });
    const agent = { allowedTools: ['weather__forecast'] };
    expect(resolveAgentTools(agent, catalogue, interactive).functions).toHaveLength(1);
    catalogue.disconnectServer('weather');
    expect(resolveAgentTools(agent, catalogue, interactive).omitted).toEqual([{ name: 'weather__forecast', reason: 'not_in_catalogue' }]);
  });
});
