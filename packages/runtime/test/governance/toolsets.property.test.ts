import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  confidentialities,
  networkScopes,
  resolveAgentTools,
  resolveAgentToolsWithSearch,
  ToolApprovalRouter,
  ToolCatalogue,
  toolApprovalModes,
  ToolPolicyResolver,
  ToolSearchState,
  type AgentDefinition,
  type ToolsetFunctions,
  type OfferedToolset,
  type ToolMetadata,
  type ToolSurface,
} from '@toolgen/runtime';
import { fakeTool, fakeToolset } from './fixtures.js';

/** One tool of the scenario's world, written out independently of the catalogue. */
interface WorldTool {
  readonly qualifiedName: string;
  readonly name: string;
  /** Where it lives: a toolset owner (and plugin), or `mine` for the agent's own tools. */
  readonly owner: string;
  readonly pluginId?: string;
}

const propTools: WorldTool[] = ['t0', 't1', 't2', 't3', 't4'].map((name) => ({ qualifiedName: `prop__${name}`, name, owner: 'prop' }));
const otherTools: WorldTool[] = ['o0', 'o1'].map((name) => ({ qualifiedName: `other__${name}`, name, owner: 'other' }));
const pluginTools: WorldTool[] = ['p0', 'p1'].map((name) => ({ qualifiedName: `ext__prop__${name}`, name, owner: 'prop', pluginId: 'ext' }));
const ownTools: WorldTool[] = ['m0', 'm1'].map((name) => ({ qualifiedName: `mine__${name}`, name, owner: 'mine' }));
/** Joins the prop toolset in the second sync. */
const laterTool: WorldTool = { qualifiedName: 'prop__t5', name: 't5', owner: 'prop' };
const world = [...propTools, laterTool, ...otherTools, ...pluginTools, ...ownTools];

const metadataArbitrary = fc.record({
  readOnly: fc.boolean(),
  approval: fc.constantFrom<ToolMetadata['approval'][]>('default', 'require_approval'),
  networkScope: fc.constantFrom(...networkScopes),
  confidentiality: fc.constantFrom(...confidentialities),
});

const casedArbitrary = (names: readonly string[]) => fc.tuple(fc.constantFrom(...names), fc.boolean()).map(([name, upper]) => (upper ? name.toUpperCase() : name));
/** An include or exclude name: a tool or qualified name of any tool of the world, any case, or a typo. */
const memberNameArbitrary = fc.oneof(
  { weight: 8, arbitrary: casedArbitrary(world.flatMap((tool) => [tool.name, tool.qualifiedName])) },
  { weight: 1, arbitrary: fc.constantFrom('t9', 'prop__t9', 'zz') },
);
const offeredToolsetArbitrary: fc.Arbitrary<OfferedToolset> = fc.record(
  {
    owner: casedArbitrary(['prop', 'other', 'mine', 'missing']),
    pluginId: casedArbitrary(['ext', 'nope']),
    include: fc.array(memberNameArbitrary, { maxLength: 4 }),
    exclude: fc.array(memberNameArbitrary, { maxLength: 3 }),
  },
  { requiredKeys: ['owner'] },
);
const allowedNameArbitrary = fc.oneof(
  { weight: 6, arbitrary: casedArbitrary(world.map((tool) => tool.qualifiedName)) },
  { weight: 1, arbitrary: fc.constantFrom('prop__unknown', '', ' ') },
);

const surfaces: Readonly<Record<string, () => ToolSurface>> = {
  none: () => ({}),
  auto_approve: () => ({ approvals: new ToolApprovalRouter({ runMode: 'auto_approve_required' }) }),
  no_channel: () => ({ approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy' }) }),
  background: () => ({ approvals: new ToolApprovalRouter({ runMode: 'use_agent_policy', background: true }) }),
};

const scenarioArbitrary = fc.record({
  metadata: fc.array(metadataArbitrary, { minLength: world.length, maxLength: world.length }),
  toolsets: fc.array(offeredToolsetArbitrary, { maxLength: 3 }),
  allowedTools: fc.array(allowedNameArbitrary, { maxLength: 4 }),
  ownTools: fc.subarray(ownTools),
  pinnedTools: fc.array(allowedNameArbitrary, { maxLength: 3 }),
  policies: fc.array(fc.record({ toolName: casedArbitrary(world.map((tool) => tool.qualifiedName)), approvalMode: fc.constantFrom(...toolApprovalModes) }), { maxLength: 6 }),
  confidential: fc.boolean(),
  airGapped: fc.boolean(),
  localOnly: fc.boolean(),
  planMode: fc.boolean(),
  surface: fc.constantFrom(...Object.keys(surfaces)),
});

type Scenario = typeof scenarioArbitrary extends fc.Arbitrary<infer T> ? T : never;

const metadataOf = (scenario: Scenario, tool: WorldTool) => scenario.metadata[world.indexOf(tool)]!;
const className = (tool: WorldTool) => (tool.owner === 'prop' ? 'PropToolset' : tool.owner === 'other' ? 'OtherToolset' : 'MineToolset');

function toolsetOf(scenario: Scenario, tools: readonly WorldTool[]): ToolsetFunctions {
  return fakeToolset(className(tools[0]!), tools.map((tool) => ({ name: tool.name, metadata: metadataOf(scenario, tool), description: `Does ${tool.name}.` })));
}

/** The catalogue before (`grown: false`) and after the prop toolset gained `prop__t5`. */
function sync(catalogue: ToolCatalogue, scenario: Scenario, grown: boolean): void {
  catalogue.sync({
    toolsets: [toolsetOf(scenario, grown ? [...propTools, laterTool] : propTools), toolsetOf(scenario, otherTools)],
    plugins: [{ id: 'ext', configure: (builder) => builder.addToolset(() => toolsetOf(scenario, pluginTools)) }],
  });
}

function agentOf(scenario: Scenario): AgentDefinition {
  return {
    toolsets: scenario.toolsets,
    allowedTools: scenario.allowedTools,
    tools: scenario.ownTools.map((tool) => fakeTool({ name: tool.name, className: 'MineToolset', metadata: metadataOf(scenario, tool) })),
    policies: scenario.policies,
    confidential: scenario.confidential,
    airGapped: scenario.airGapped,
    localOnly: scenario.localOnly,
    planMode: scenario.planMode,
  };
}

/** The catalogue's tools in its order. */
const catalogueTools = (grown: boolean) => [...propTools, ...(grown ? [laterTool] : []), ...otherTools, ...pluginTools];

function membersOf(offered: OfferedToolset, tools: readonly WorldTool[]): WorldTool[] {
  return tools.filter((tool) => tool.owner === offered.owner.toLowerCase() && tool.pluginId === offered.pluginId?.toLowerCase());
}

const names = (tool: WorldTool, name: string) => [tool.name, tool.qualifiedName].includes(name.toLowerCase());

/** What the agent offers, written out from the documented rules, and what it excludes. */
function offeredBy(scenario: Scenario, grown: boolean): { offered: WorldTool[]; excluded: Set<WorldTool> } {
  const inCatalogue = catalogueTools(grown);
  const excluded = new Set<WorldTool>();
  const offered: WorldTool[] = [];
  for (const entry of scenario.toolsets) {
    const members = membersOf(entry, inCatalogue);
    for (const tool of members) if (entry.exclude?.some((name) => names(tool, name))) excluded.add(tool);
    offered.push(...members.filter((tool) => entry.include === undefined || entry.include.some((name) => names(tool, name))));
  }
  const known = [...inCatalogue, ...scenario.ownTools];
  for (const name of scenario.allowedTools) {
    const tool = known.find((candidate) => candidate.qualifiedName === name.trim().toLowerCase());
    if (tool !== undefined) offered.push(tool);
  }
  offered.push(...scenario.ownTools);
  return { offered: [...new Set(offered)].filter((tool) => !excluded.has(tool)), excluded };
}

/** The exposure rules, applied to what the agent offers. */
function expectedExposure(scenario: Scenario, grown: boolean, catalogue: ToolCatalogue): string[] {
  const resolver = new ToolPolicyResolver(scenario.policies);
  const surface = scenario.surface;
  return offeredBy(scenario, grown)
    .offered.filter((tool) => {
      const metadata = metadataOf(scenario, tool);
      if (metadata.confidentiality === 'confidential_only' && !scenario.confidential) return false;
      if (metadata.confidentiality === 'non_confidential_only' && scenario.confidential) return false;
      const scope = catalogue.getNetworkScope(tool.qualifiedName) ?? metadata.networkScope;
      if ((scenario.airGapped || scenario.localOnly) && scope === 'egress') return false;
      if (scenario.planMode && !metadata.readOnly) return false;
      const mode = resolver.getEffectiveApprovalMode(tool.qualifiedName, metadata.approval);
      return mode !== 'deny' && !(mode === 'require_approval' && (surface === 'none' || surface === 'no_channel'));
    })
    .map((tool) => tool.qualifiedName);
}

/** The toolset omissions the rules promise: missing owners, and include/exclude names outside the toolset. */
function expectedToolsetOmissions(scenario: Scenario, grown: boolean): string[] {
  const omissions: string[] = [];
  for (const entry of scenario.toolsets) {
    const members = membersOf(entry, catalogueTools(grown));
    if (members.length === 0) {
      omissions.push(`${entry.pluginId === undefined ? '' : `${entry.pluginId}__`}${entry.owner}: toolset_not_in_catalogue`);
      continue;
    }
    for (const name of [...(entry.include ?? []), ...(entry.exclude ?? [])]) {
      if (!members.some((tool) => names(tool, name))) omissions.push(`${name}: not_in_toolset`);
    }
  }
  return omissions;
}

describe('AgentDefinition.toolsets: no combination of entries, names, flags and surfaces breaks the rules', () => {
  it('exposes exactly the offered tools the rules allow, never an excluded or non-included one, before and after the toolset grows', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (scenario) => {
        const catalogue = new ToolCatalogue();
        const agent = agentOf(scenario);
        for (const grown of [false, true]) {
          sync(catalogue, scenario, grown);
          const resolved = resolveAgentTools(agent, catalogue, surfaces[scenario.surface]!());
          const exposed = resolved.tools.map((tool) => tool.qualifiedName);
          expect(exposed).toEqual(expectedExposure(scenario, grown, catalogue));

          const { offered, excluded } = offeredBy(scenario, grown);
          for (const tool of excluded) expect(exposed).not.toContain(tool.qualifiedName);
          for (const name of exposed) expect(offered.map((tool) => tool.qualifiedName)).toContain(name);
          const toolsetOmissions = resolved.omitted
            .filter((omission) => omission.reason === 'toolset_not_in_catalogue' || omission.reason === 'not_in_toolset')
            .map((omission) => `${omission.name}: ${omission.reason}`);
          expect(toolsetOmissions).toEqual(expectedToolsetOmissions(scenario, grown));
          const excludedOmissions = resolved.omitted.filter((omission) => omission.reason === 'excluded').map((omission) => omission.name);
          expect(new Set(excludedOmissions)).toEqual(new Set([...excluded].map((tool) => tool.qualifiedName)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('lets tool search pin, find and unlock nothing beyond that set, even a tool an earlier search unlocked', () => {
    const queries = fc.array(fc.constantFrom(...world.map((tool) => tool.name), 'does', 'prop', 'ext t0 o1'), { maxLength: 4 });
    fc.assert(
      fc.property(scenarioArbitrary, queries, (scenario, searches) => {
        const catalogue = new ToolCatalogue();
        sync(catalogue, scenario, true);
        const state = new ToolSearchState();
        for (const tool of world) state.unlock(tool.qualifiedName);
        const search = resolveAgentToolsWithSearch({ ...agentOf(scenario), pinnedTools: scenario.pinnedTools }, catalogue, surfaces[scenario.surface]!(), state);
        const eligible = expectedExposure(scenario, true, catalogue);
        for (const query of searches) {
          for (const match of search.search(query)) expect(eligible).toContain(match.name);
        }
        const offered = search.functions().filter((fn) => fn !== search.searchFunction);
        // every tool of the world was unlocked, so the run offers exactly the eligible ones
        expect(new Set(offered.map((fn) => fn.qualifiedName))).toEqual(new Set(eligible));
        expect(offered).toHaveLength(eligible.length);
      }),
      { numRuns: 300 },
    );
  });
});
