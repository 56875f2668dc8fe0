import { describe, expect, it } from 'vitest';
import {
  AgentDefinitionError,
  resolveAgentTools,
  resolveAgentToolsWithSearch,
  ToolApprovalRouter,
  ToolCatalogue,
  ToolSearchState,
  type AgentDefinition,
} from '@toolgen/runtime';
import { fakeToolset } from './fixtures.js';

// Finding 7 of the adversarial review: `airGapped: "true"`, `1`, `"yes"` or `{}` exposed an egress
// tool, `planMode: "true"` a tool that is not read-only and `confidential: "true"` a
// non_confidential_only tool, because only an exact `true` counted. A flag that is not a boolean
// is now an error when the agent is resolved.

const surface = { approvals: new ToolApprovalRouter({ runMode: 'auto_approve_required' }) };

function labCatalogue(): ToolCatalogue {
  const catalogue = new ToolCatalogue();
  catalogue.sync({
    toolsets: [
      fakeToolset('LabToolset', [
        { name: 'read_notes', metadata: { readOnly: true } },
        { name: 'send_mail', metadata: { readOnly: true, networkScope: 'egress' } },
        { name: 'write_notes' },
        { name: 'public_feed', metadata: { readOnly: true, confidentiality: 'non_confidential_only' } },
      ]),
    ],
  });
  return catalogue;
}

/** Each flag, and the tool an agent with the flag set must not see. */
const flags: [keyof AgentDefinition, string][] = [
  ['airGapped', 'lab__send_mail'],
  ['localOnly', 'lab__send_mail'],
  ['planMode', 'lab__write_notes'],
  ['confidential', 'lab__public_feed'],
];
const notBooleans: [string, unknown][] = [
  ['the string "true"', 'true'],
  ['1', 1],
  ['the string "yes"', 'yes'],
  ['an empty object', {}],
  ['the string "false"', 'false'],
  ['0', 0],
  ['null', null],
  ['an array', [true]],
];

function resolutions(agent: AgentDefinition): [string, () => unknown][] {
  return [
    ['resolveAgentTools', () => resolveAgentTools(agent, labCatalogue(), surface)],
    ['resolveAgentToolsWithSearch', () => resolveAgentToolsWithSearch(agent, labCatalogue(), surface, new ToolSearchState())],
  ];
}

describe('finding 7: an agent flag that is not exactly a boolean fails closed', () => {
  const rows = flags.flatMap(([flag, hidden]) => notBooleans.map(([label, value]) => [flag, label, value, hidden] as const));
  it.each(rows)('%s set to %s is an AgentDefinitionError, never a guess', (flag, _label, value) => {
    const agent = { name: 'lab', toolsets: [{ owner: 'lab' }], [flag]: value } as unknown as AgentDefinition;
    for (const [how, resolve] of resolutions(agent)) {
      let error: unknown;
      try {
        resolve();
      } catch (caught) {
        error = caught;
      }
      expect(error, how).toBeInstanceOf(AgentDefinitionError);
      expect(error, how).toBeInstanceOf(TypeError);
      expect(error).toMatchObject({ name: 'AgentDefinitionError', agentName: 'lab', field: flag, value });
      expect((error as Error).message).toMatch(new RegExp(`^Agent "lab": ${flag} is .+, not a boolean, .+; write ${flag}: true or ${flag}: false \\(leaving it out means false\\)\\.$`));
    }
  });

  it.each(flags)('%s as a boolean or left out still works', (flag, hidden) => {
    const names = (value: boolean | undefined) =>
      resolveAgentTools({ name: 'lab', toolsets: [{ owner: 'lab' }], ...(value === undefined ? {} : { [flag]: value }) }, labCatalogue(), surface).tools.map((tool) => tool.qualifiedName);
    expect(names(true)).not.toContain(hidden);
    const unset = names(undefined);
    expect(names(false)).toEqual(unset);
    // confidential: false is the non-confidential agent, which does see the non_confidential_only tool
    expect(unset).toContain(hidden);
  });

  it('says what it got and the fix', () => {
    const agent = { name: 'lab', toolsets: [{ owner: 'lab' }], airGapped: 'true' } as unknown as AgentDefinition;
    expect(() => resolveAgentTools(agent, labCatalogue(), surface)).toThrow(
      'Agent "lab": airGapped is "true" (a string), not a boolean, so whether the agent is air-gapped is unknown; write airGapped: true or airGapped: false (leaving it out means false).',
    );
    const unnamed = { planMode: {} } as unknown as AgentDefinition;
    expect(() => resolveAgentTools(unnamed, labCatalogue(), surface)).toThrow(
      'An agent: planMode is {} (an object), not a boolean, so whether the agent is in plan mode is unknown; write planMode: true or planMode: false (leaving it out means false).',
    );
  });

  it('exposes nothing: the egress, write and non-confidential tools the review got stay out', () => {
    for (const [flag, hidden] of flags) {
      const agent = { name: 'lab', toolsets: [{ owner: 'lab' }], [flag]: 'true' } as unknown as AgentDefinition;
      let exposed: readonly string[] = [];
      try {
        exposed = resolveAgentTools(agent, labCatalogue(), surface).tools.map((tool) => tool.qualifiedName);
      } catch {
        // refused: nothing exposed
      }
      expect(exposed).not.toContain(hidden);
      expect(exposed).toEqual([]);
    }
  });
});

describe('a key that is no field of the agent or of a toolsets entry fails closed, naming the nearest field', () => {
  // a trial's agent, as a config file gives it (no excess-property check): airgaped and exlude restricted nothing
  const misspelt: [string, unknown, string][] = [
    ['airgaped', { name: 'lab', airgaped: true, toolsets: [{ owner: 'lab' }] }, 'Agent "lab": airgaped is not a field toolgen knows, so it would change nothing: did you mean airGapped?'],
    ['exlude', { name: 'lab', toolsets: [{ owner: 'lab', exlude: ['send_mail'] }] }, 'Agent "lab": toolsets[0].exlude is not a field toolgen knows, so it would change nothing: did you mean exclude?'],
    ['planmode', JSON.parse('{ "planmode": true, "toolsets": [{ "owner": "lab" }] }'), 'An agent: planmode is not a field toolgen knows, so it would change nothing: did you mean planMode?'],
    ['description', { name: 'lab', description: 'Reads notes.', toolsets: [{ owner: 'lab' }] }, 'Agent "lab": description is not a field toolgen knows, so it would change nothing: The fields are name, toolsets, allowedTools'],
  ];

  it.each(misspelt)('%s', (_key, agent, message) => {
    for (const [, resolve] of resolutions(agent as AgentDefinition)) {
      expect(resolve).toThrow(AgentDefinitionError);
      expect(resolve).toThrow(message);
    }
  });

  it('lets every field of an agent and of a toolsets entry through', () => {
    const agent: AgentDefinition = {
      name: 'lab', toolsets: [{ owner: 'lab', include: ['read_notes', 'send_mail'], exclude: ['send_mail'] }], allowedTools: [], tools: [], policies: [],
      confidential: false, airGapped: true, localOnly: false, planMode: false, pinnedTools: [],
    };
    expect(resolveAgentTools(agent, labCatalogue(), surface).tools.map((tool) => tool.qualifiedName)).toEqual(['lab__read_notes']);
  });
});
