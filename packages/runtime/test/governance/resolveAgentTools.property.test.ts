import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  confidentialities,
  isApprovalGated,
  networkScopes,
  resolveAgentTools,
  resolveAgentToolsWithSearch,
  ToolApprovalError,
  ToolApprovalRouter,
  ToolCatalogue,
  toolApprovalModes,
  ToolPolicyResolver,
  ToolSearchState,
  type AgentDefinition,
  type AIFunction,
  type ToolMetadata,
  type ToolSurface,
} from '@toolgen/runtime';
import { fakeToolset, scriptedChannel, type RecordedCall } from './fixtures.js';

const toolCount = 6;
const toolNames = Array.from({ length: toolCount }, (_, index) => `prop__t${index}`);

const metadataArbitrary = fc.record({
  readOnly: fc.boolean(),
  approval: fc.constantFrom<ToolMetadata['approval'][]>('default', 'require_approval'),
  networkScope: fc.constantFrom(...networkScopes),
  confidentiality: fc.constantFrom(...confidentialities),
});

/** A tool name as an agent or policy might write it: any case, sometimes unknown or blank. */
const nameArbitrary = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...toolNames), fc.boolean()).map(([name, upper]) => (upper ? name.toUpperCase() : name)) },
  { weight: 1, arbitrary: fc.constantFrom('prop__unknown', 'other__t0', '', '  ') },
);

type SurfaceKind = 'none' | 'auto_approve' | 'auto_reject' | 'no_channel' | 'background' | 'channel_rejects' | 'channel_approves';
const approvingSurfaces: readonly SurfaceKind[] = ['auto_approve', 'channel_approves'];

function surfaceOf(kind: SurfaceKind): ToolSurface {
  switch (kind) {
    case 'none':
      return {};
    case 'auto_approve':
      return { approvals: new ToolApprovalRouter({ runMode: 'auto_approve_required' }) };
    case 'auto_reject':
      return { approvals: new ToolApprovalRouter({ runMode: 'auto_reject_required' }) };
    case 'no_channel':
      return { approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy' }) };
    case 'background':
      return { approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', background: true, channel: scriptedChannel(() => ({ decision: 'approve' })) }) };
    case 'channel_rejects':
      return { approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: scriptedChannel(() => ({ decision: 'reject' })) }) };
    case 'channel_approves':
      return { approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: scriptedChannel(() => ({ decision: 'approve' })) }) };
  }
}

const scenarioArbitrary = fc.record({
  metadata: fc.array(metadataArbitrary, { minLength: toolCount, maxLength: toolCount }),
  reclassified: fc.array(fc.tuple(fc.constantFrom(...toolNames), fc.constantFrom(...networkScopes)), { maxLength: 4 }),
  policies: fc.array(fc.record({ toolName: nameArbitrary, approvalMode: fc.constantFrom(...toolApprovalModes) }), { maxLength: 10 }),
  allowedTools: fc.array(nameArbitrary, { maxLength: 10 }),
  confidential: fc.boolean(),
  airGapped: fc.boolean(),
  localOnly: fc.boolean(),
  planMode: fc.boolean(),
  surface: fc.constantFrom<SurfaceKind[]>('none', 'auto_approve', 'auto_reject', 'no_channel', 'background', 'channel_rejects', 'channel_approves'),
});

type Scenario = typeof scenarioArbitrary extends fc.Arbitrary<infer T> ? T : never;

function build(scenario: Scenario): { catalogue: ToolCatalogue; agent: AgentDefinition; surface: ToolSurface; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const catalogue = new ToolCatalogue();
  catalogue.sync({
    toolsets: [fakeToolset('PropToolset', scenario.metadata.map((metadata, index) => ({ name: `t${index}`, metadata, calls })))],
  });
  for (const [name, scope] of scenario.reclassified) catalogue.setNetworkScope(name, scope);
  const agent: AgentDefinition = {
    allowedTools: scenario.allowedTools,
    policies: scenario.policies,
    confidential: scenario.confidential,
    airGapped: scenario.airGapped,
    localOnly: scenario.localOnly,
    planMode: scenario.planMode,
  };
  return { catalogue, agent, surface: surfaceOf(scenario.surface), calls };
}

/** The rules written out independently of the implementation: the names that should be exposed. */
function expectedExposure(scenario: Scenario, catalogue: ToolCatalogue): string[] {
  const resolver = new ToolPolicyResolver(scenario.policies);
  const seen = new Set<string>();
  const exposed: string[] = [];
  for (const raw of scenario.allowedTools) {
    const name = raw.trim().toLowerCase();
    if (name === '' || seen.has(name)) continue;
    seen.add(name);
    const index = toolNames.indexOf(name);
    if (index < 0) continue;
    const metadata = scenario.metadata[index]!;
    if (metadata.confidentiality === 'confidential_only' && !scenario.confidential) continue;
    if (metadata.confidentiality === 'non_confidential_only' && scenario.confidential) continue;
    if ((scenario.airGapped || scenario.localOnly) && catalogue.getNetworkScope(name) === 'egress') continue;
    if (scenario.planMode && !metadata.readOnly) continue;
    const mode = resolver.getEffectiveApprovalMode(name, metadata.approval);
    if (mode === 'deny') continue;
    if (mode === 'require_approval' && (scenario.surface === 'none' || scenario.surface === 'no_channel')) continue;
    exposed.push(name);
  }
  return exposed;
}

function checkExposure(scenario: Scenario, catalogue: ToolCatalogue, exposedFunctions: readonly AIFunction[]): void {
  const resolver = new ToolPolicyResolver(scenario.policies);
  for (const fn of exposedFunctions) {
    const index = toolNames.indexOf(fn.qualifiedName);
    expect(index).toBeGreaterThanOrEqual(0);
    const mode = resolver.getEffectiveApprovalMode(fn.qualifiedName, scenario.metadata[index]!.approval);
    // never a deny tool
    expect(mode).not.toBe('deny');
    // never an egress tool to an air-gapped or local-only agent
    if (scenario.airGapped || scenario.localOnly) expect(catalogue.getNetworkScope(fn.qualifiedName)).not.toBe('egress');
    // never an unwrapped approval-required tool
    if (mode === 'require_approval') expect(isApprovalGated(fn)).toBe(true);
    else expect(isApprovalGated(fn)).toBe(false);
  }
}

describe('resolveAgentTools: no combination of policies, flags and surfaces breaks the rules', () => {
  it('exposes exactly what the rules allow: no deny tool, no egress tool when air-gapped or local-only, no unwrapped approval-required tool', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (scenario) => {
        const { catalogue, agent, surface } = build(scenario);
        const resolved = resolveAgentTools(agent, catalogue, surface);
        checkExposure(scenario, catalogue, resolved.functions);
        expect(resolved.functions.map((fn) => fn.qualifiedName)).toEqual(expectedExposure(scenario, catalogue));
      }),
      { numRuns: 400 },
    );
  });

  it('runs an approval-required tool only when the run approves it', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        const { catalogue, agent, surface, calls } = build(scenario);
        const resolved = resolveAgentTools(agent, catalogue, surface);
        for (const tool of resolved.tools) {
          calls.length = 0;
          const outcome = await tool.function.invoke({}).then(
            () => 'ran',
            (error: unknown) => (error instanceof ToolApprovalError ? 'refused' : 'failed'),
          );
          const shouldRun = !tool.requiresApproval || approvingSurfaces.includes(scenario.surface);
          expect(outcome).toBe(shouldRun ? 'ran' : 'refused');
          expect(calls.length).toBe(shouldRun ? 1 : 0);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('lets tool search reach nothing beyond the same eligible set', () => {
    fc.assert(
      fc.property(scenarioArbitrary, fc.array(fc.constantFrom(...toolNames, 'test', 't1 t2', 'prop'), { maxLength: 4 }), (scenario, queries) => {
        const { catalogue, agent, surface } = build(scenario);
        const state = new ToolSearchState();
        const search = resolveAgentToolsWithSearch({ ...agent, pinnedTools: scenario.allowedTools.slice(0, 2) }, catalogue, surface, state);
        for (const query of queries) {
          const found = search.search(query);
          expect(found.length).toBeLessThanOrEqual(5);
        }
        const offered = search.functions().filter((fn) => fn !== search.searchFunction);
        checkExposure(scenario, catalogue, offered);
        const eligible = new Set(expectedExposure(scenario, catalogue));
        for (const fn of offered) expect(eligible.has(fn.qualifiedName)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
