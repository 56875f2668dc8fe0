import { describe, expect, it } from 'vitest';
import type { ManifestTool, ManifestToolset } from '../../src/manifest/manifest.js';
import { agentViewsOf } from '../../src/surface/agentViews.js';
import { diffSurfaces, type SurfaceDiff } from '../../src/surface/diffSurfaces.js';
import { failOnReason, formatDiff } from '../../src/surface/formatDiff.js';
import { surfaceOf, SurfaceReadError, type ToolSurface } from '../../src/surface/surfaceOf.js';

type Mutable = { -readonly [K in keyof ManifestTool]: ManifestTool[K] } & Record<string, unknown>;
type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The tool every row changes: arguments with each construct the rows touch, a result, settings. */
function baseTool(): Mutable {
  return structuredClone({
    name: 'search',
    qualifiedName: 'ticket__search',
    description: 'Searches tickets.',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Words the title holds.' },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
        status: { $ref: '#/$defs/Status' },
        tags: { type: 'array', items: { type: 'string' } },
        path: { type: 'string' },
        owner: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      },
      required: ['query'],
      additionalProperties: false,
      $defs: { Status: { type: 'string', enum: ['open', 'pending', 'closed'] } },
    },
    returns: {
      type: 'object',
      properties: { total: { type: 'number' }, note: { type: 'string' } },
      required: ['total'],
      additionalProperties: false,
    },
    readOnly: true,
    approval: 'default',
    networkScope: 'none',
    confidentiality: 'any',
    workspacePaths: [{ parameter: 'path', access: 'read' }],
    settings: { schema: { type: 'object', properties: { depth: { type: 'number' } }, required: ['depth'], additionalProperties: false }, configurable: [] },
    variants: { 'openai-strict': {}, anthropic: {}, gemini: {} },
    losses: [],
    tokens: { 'openai-strict': 100, anthropic: 100, gemini: 90, canonical: 100 },
  }) as Mutable;
}

function surface(...tools: Mutable[]): ToolSurface {
  const toolset: ManifestToolset = { className: 'TicketToolset', owner: 'ticket', displayName: 'Tickets', source: 'src/t.ts', module: 'src/t.tools.ts', exportName: 'ticketToolset', tools };
  return surfaceOf(JSON.stringify({ version: 1, toolsets: [toolset] }), 'test');
}

const params = (tool: Mutable) => tool.parameters as Schema;
const returns = (tool: Mutable) => tool.returns as Schema;

/**
 * One row per change kind (issue 33's table): what changes, and what the diff must call it. Each
 * expected change is `[place, kind, words the description holds]`; the row's changes are exactly these.
 */
const rows: readonly { name: string; change: (tool: Mutable) => void; expect: readonly [string, string, string][] }[] = [
  // arguments: breaking for existing callers
  { name: 'a new required argument', change: (t) => { params(t).properties.since = { type: 'string' }; params(t).required.push('since'); }, expect: [['parameters /since', 'breaking', 'new required property "since"']] },
  { name: 'an optional argument made required', change: (t) => params(t).required.push('limit'), expect: [['parameters /limit', 'breaking', 'now required']] },
  { name: 'an argument removed', change: (t) => delete params(t).properties.tags, expect: [['parameters /tags', 'breaking', 'optional property "tags" removed']] },
  { name: 'a type narrowed (a union loses a branch)', change: (t) => { params(t).properties.owner = { type: 'string' }; }, expect: [['parameters /owner', 'breaking', 'no longer accepts number']] },
  { name: 'a type replaced (string to integer)', change: (t) => { params(t).properties.query = { type: 'integer' }; }, expect: [['parameters /query', 'description', 'description "Words the title holds." removed'], ['parameters /query', 'breaking', 'no longer accepts string'], ['parameters /query', 'compatible', 'now also accepts integer']] },
  { name: 'a type narrowed (number to integer)', change: (t) => { (t.settings as Schema).schema.properties.depth = { type: 'integer' }; }, expect: [['settings /depth', 'breaking', 'number narrowed to integer']] },
  { name: 'an enum value removed (behind a $ref)', change: (t) => { params(t).$defs.Status.enum = ['open', 'closed']; }, expect: [['parameters /status', 'breaking', 'enum value "pending" removed']] },
  { name: 'a bound tightened', change: (t) => { params(t).properties.limit.maximum = 50; }, expect: [['parameters /limit', 'breaking', 'maximum 100 → 50']] },
  { name: 'a bound added', change: (t) => { params(t).properties.query.minLength = 3; }, expect: [['parameters /query', 'breaking', 'minLength 3 added']] },
  { name: 'a pattern added to array items', change: (t) => { params(t).properties.tags.items.pattern = '^[a-z]+$'; }, expect: [['parameters /tags/*', 'breaking', 'pattern "^[a-z]+$" added']] },
  { name: 'additionalProperties closed', change: (t) => { (t.settings as Schema).schema.additionalProperties = true; t.parameters = { ...params(t), additionalProperties: true }; }, expect: [['parameters', 'compatible', 'additionalProperties opened'], ['settings', 'compatible', 'additionalProperties opened']] },
  // arguments: compatible
  { name: 'an optional argument added', change: (t) => { params(t).properties.since = { type: 'string' }; }, expect: [['parameters /since', 'compatible', 'new optional property "since"']] },
  { name: 'a type widened (now nullable)', change: (t) => { params(t).properties.query = { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Words the title holds.' }; }, expect: [['parameters /query', 'compatible', 'now also accepts null']] },
  { name: 'an enum value added', change: (t) => params(t).$defs.Status.enum.push('archived'), expect: [['parameters /status', 'compatible', 'enum value "archived" added']] },
  { name: 'a bound loosened', change: (t) => { params(t).properties.limit.minimum = 0; }, expect: [['parameters /limit', 'compatible', 'minimum 1 → 0']] },
  { name: 'a required argument made optional', change: (t) => { params(t).required = []; }, expect: [['parameters /query', 'compatible', 'now optional']] },
  // description only
  { name: 'an argument\'s description', change: (t) => { params(t).properties.query.description = 'Words in the title.'; }, expect: [['parameters /query', 'description', 'description "Words the title holds." → "Words in the title."']] },
  { name: 'the tool\'s description', change: (t) => { t.description = 'Finds tickets.'; }, expect: [['description', 'description', '"Searches tickets." → "Finds tickets."']] },
  // results: what breaks a reader is a value it did not expect
  { name: 'a result property added', change: (t) => { returns(t).properties.page = { type: 'number' }; }, expect: [['returns /page', 'compatible', 'new optional property "page"']] },
  { name: 'a required result property removed', change: (t) => { delete returns(t).properties.total; returns(t).required = []; }, expect: [['returns /total', 'breaking', 'required property "total" removed']] },
  { name: 'a result type widened', change: (t) => { returns(t).properties.total = { type: ['number', 'string'] }; }, expect: [['returns /total', 'breaking', 'may now be string']] },
  { name: 'a result type narrowed', change: (t) => { returns(t).properties.total = { type: 'integer' }; }, expect: [['returns /total', 'compatible', 'number narrowed to integer']] },
  { name: 'a result gone (void)', change: (t) => { t.returns = null; }, expect: [['returns', 'breaking', 'no longer returns a value']] },
  { name: 'a type widened (integer to number)', change: (t) => { params(t).properties.limit.type = 'number'; }, expect: [['parameters /limit', 'compatible', 'integer widened to number']] },
  // governance
  { name: 'approval dropped', change: (t) => { t.approval = 'default'; }, expect: [] },
  { name: 'approval required', change: (t) => { t.approval = 'require_approval'; }, expect: [['governance approval', 'tightened', 'now requires approval']] },
  { name: 'readOnly dropped', change: (t) => { t.readOnly = false; }, expect: [['governance readOnly', 'relaxed', 'no longer read-only']] },
  { name: 'additive marked', change: (t) => { t.additive = true; }, expect: [['governance additive', 'relaxed', 'now marked additive']] },
  { name: 'network scope widened', change: (t) => { t.networkScope = 'egress'; }, expect: [['governance networkScope', 'relaxed', 'network scope none → egress']] },
  { name: 'confidentiality marked', change: (t) => { t.confidentiality = 'confidential_only'; }, expect: [['governance confidentiality', 'tightened', 'any → confidential_only']] },
  { name: 'a workspace path gains write', change: (t) => { t.workspacePaths = [{ parameter: 'path', access: 'write' }]; }, expect: [['governance workspacePaths', 'relaxed', '"path" gains write']] },
  { name: 'a workspace path no longer contained', change: (t) => { t.workspacePaths = []; }, expect: [['governance workspacePaths', 'relaxed', '"path" is no longer a contained workspace path']] },
  { name: 'a setting made configurable', change: (t) => { (t.settings as Schema).configurable = ['depth']; }, expect: [['governance configurable', 'relaxed', '"depth" made configurable']] },
  // neither
  { name: 'a title', change: (t) => { t.title = 'Search'; }, expect: [['other title', 'other', 'title "Search" added']] },
  { name: 'a new schema loss', change: (t) => { t.losses = [{ variant: 'gemini', pointer: '/limit', keyword: 'maximum' } as ManifestTool['losses'][number]]; }, expect: [['other losses', 'other', 'gemini drops maximum at /limit']] },
];

/** The changes of a one-tool diff as `[place, kind, what]`. */
function changesOf(diff: SurfaceDiff): [string, string, string][] {
  return diff.tools.flatMap((tool) => [
    ...tool.schema.map((change): [string, string, string] => [`${change.schema}${change.at === '' ? '' : ` ${change.at}`}`, change.class, change.what]),
    ...tool.governance.map((change): [string, string, string] => [`governance ${change.field}`, change.direction, change.what]),
    ...tool.other.map((change): [string, string, string] => [`other ${change.field}`, 'other', change.what]),
  ]);
}

describe('toolgen diff classifies each change kind', () => {
  it.each(rows)('$name', ({ change, expect: expected }) => {
    const after = baseTool();
    change(after);
    const changes = changesOf(diffSurfaces(surface(baseTool()), surface(after)));
    expect(changes.map(([place, kind]) => [place, kind])).toEqual(expected.map(([place, kind]) => [place, kind]));
    changes.forEach(([, , what], index) => expect(what).toContain(expected[index]![2]));
  });

  it('calls approval dropped relaxed, and the reverse of each governance row tightened or relaxed', () => {
    const before = baseTool();
    before.approval = 'require_approval';
    expect(changesOf(diffSurfaces(surface(before), surface(baseTool())))).toEqual([['governance approval', 'relaxed', 'no longer requires approval']]);
    const writes = baseTool();
    writes.readOnly = false;
    writes.networkScope = 'egress';
    writes.confidentiality = 'confidential_only';
    writes.workspacePaths = [{ parameter: 'path', access: 'write' }];
    expect(changesOf(diffSurfaces(surface(writes), surface(baseTool()))).map(([place, kind]) => `${place} ${kind}`)).toEqual([
      'governance readOnly tightened',
      'governance networkScope tightened',
      'governance confidentiality relaxed',
      'governance workspacePaths tightened',
    ]);
  });

  it('compares recursive schemas once per pair of definitions, and terminates', () => {
    const node = (extra: Schema) => ({ type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } }, ...extra }, additionalProperties: false });
    const before = baseTool();
    const after = baseTool();
    params(before).properties.tree = { $ref: '#/$defs/Node' };
    params(before).$defs.Node = node({});
    params(after).properties.tree = { $ref: '#/$defs/Node' };
    params(after).$defs.Node = node({ label: { type: 'string' } });
    params(after).$defs.Node.required = ['label'];
    expect(changesOf(diffSurfaces(surface(before), surface(after)))).toEqual([['parameters /tree/label', 'breaking', 'new required property "label"']]);
  });

  it('reports added and removed tools, and links a rename by its settings (TSH020\'s rule)', () => {
    const other = baseTool();
    other.name = 'close';
    other.qualifiedName = 'ticket__close';
    other.settings = null;
    const renamed = baseTool();
    renamed.name = 'find';
    renamed.qualifiedName = 'ticket__find';
    const added = baseTool();
    added.name = 'open';
    added.qualifiedName = 'ticket__open';
    added.settings = null;
    const diff = diffSurfaces(surface(baseTool(), other), surface(renamed, added));
    expect(diff.tools.map(({ qualifiedName, status, class: kind, previousName }) => ({ qualifiedName, status, kind, previousName }))).toEqual([
      { qualifiedName: 'ticket__close', status: 'removed', kind: 'breaking', previousName: undefined },
      { qualifiedName: 'ticket__find', status: 'renamed', kind: 'breaking', previousName: 'ticket__search' },
      { qualifiedName: 'ticket__open', status: 'added', kind: 'none', previousName: undefined },
    ]);
    expect(diff.kinds).toEqual(['breaking', 'added', 'removed', 'any']);
    expect(failOnReason(diff, ['relaxed'])).toBeUndefined();
    expect(failOnReason(diff, ['relaxed', 'removed'])).toBe('toolgen diff: removed change present, and --fail-on relaxed,removed names it.');
  });

  it('sums tokens per variant, and says a side did not count them', () => {
    const cheaper = baseTool();
    cheaper.tokens = { 'openai-strict': 80, anthropic: 81, gemini: 70, canonical: 80 };
    const diff = diffSurfaces(surface(baseTool()), surface(cheaper));
    expect(diff.totals).toEqual({ before: { 'openai-strict': 100, anthropic: 100, gemini: 90, canonical: 100 }, after: cheaper.tokens });
    expect(diff.kinds).toEqual(['any']);
    const uncounted = baseTool();
    delete uncounted.tokens;
    expect(diffSurfaces(surface(uncounted), surface(cheaper)).totals.before).toBeNull();
  });

  it('finds no change between equal manifests', () => {
    const diff = diffSurfaces(surface(baseTool()), surface(baseTool()));
    expect(diff).toMatchObject({ tools: [], agents: [], kinds: [] });
    expect(formatDiff(diff, 'text', { base: 'HEAD', head: 'toolgen.manifest.json' })).toBe('toolgen diff: HEAD → toolgen.manifest.json: no change to the tool surface (1 tool).\n');
  });
});

describe('the agents of policy files', () => {
  const policy = (file: string, text: string) => ({ file, text });
  const writer = () => Object.assign(baseTool(), { name: 'close', qualifiedName: 'ticket__close', readOnly: false, approval: 'require_approval', settings: null }) as Mutable;

  it('says which agents gain or lose a tool and which get a relaxed one', () => {
    const marked = Object.assign(baseTool(), { name: 'audit', qualifiedName: 'ticket__audit', confidentiality: 'confidential_only', settings: null }) as Mutable;
    const before = surface(baseTool(), writer(), marked);
    const relaxedWriter = writer();
    relaxedWriter.approval = 'default';
    const after = surface(baseTool(), relaxedWriter, Object.assign(structuredClone(marked), { confidentiality: 'any' }));
    const support = 'agents/support.yaml';
    const triage = 'agents/triage.yaml';
    const diff = diffSurfaces(before, after, {
      base: agentViewsOf(before, [policy(support, '- toolName: ticket__search\n  approvalMode: deny\n'), policy(triage, '- toolName: ticket__close\n  approvalMode: require_approval\n')]),
      head: agentViewsOf(after, [policy(support, '[]\n'), policy(triage, '- toolName: ticket__close\n  approvalMode: auto_approve\n')]),
    });
    expect(diff.agents).toEqual([
      {
        agent: 'support',
        file: support,
        status: 'changed',
        gained: [
          { qualifiedName: 'ticket__audit', approvalMode: 'default' },
          { qualifiedName: 'ticket__search', approvalMode: 'default' },
        ],
        lost: [],
        relaxed: [
          { qualifiedName: 'ticket__audit', what: 'confidentiality confidential_only → any' },
          { qualifiedName: 'ticket__close', what: 'no longer requires approval' },
        ],
      },
      {
        agent: 'triage',
        file: triage,
        status: 'changed',
        gained: [{ qualifiedName: 'ticket__audit', approvalMode: 'default' }],
        lost: [],
        relaxed: [
          { qualifiedName: 'ticket__audit', what: 'confidentiality confidential_only → any' },
          { qualifiedName: 'ticket__close', what: 'no longer requires approval' },
        ],
      },
    ]);
    expect(diff.kinds).toContain('relaxed');
  });

  it('calls a policy that stops asking for approval relaxed for that agent, with the tool unchanged', () => {
    const tools = surface(baseTool(), writer());
    const diff = diffSurfaces(tools, tools, {
      base: agentViewsOf(tools, [policy('ops.yaml', '- toolName: ticket__close\n  approvalMode: require_approval\n')]),
      head: agentViewsOf(tools, [policy('ops.yaml', '- toolName: ticket__close\n  approvalMode: auto_approve\n')]),
    });
    expect(diff.tools).toEqual([]);
    expect(diff.agents).toEqual([{ agent: 'ops', file: 'ops.yaml', status: 'changed', gained: [], lost: [], relaxed: [{ qualifiedName: 'ticket__close', what: 'no longer asks this agent for approval (auto_approve)' }] }]);
    expect(failOnReason(diff, ['relaxed'])).toBeDefined();
  });

  it('reads a non-confidential agent as losing a tool newly marked confidential_only, with the reason', () => {
    const marked = baseTool();
    marked.confidentiality = 'confidential_only';
    const views = agentViewsOf(surface(marked), [policy('ops.yml', '[]\n')]);
    expect(views[0]).toMatchObject({ agent: 'ops', confidential: false, offered: [], leftOut: [{ qualifiedName: 'ticket__search', reason: 'confidentiality' }] });
    expect(views[0]!.leftOut[0]!.why).toContain('confidential agents only');
  });

  it('shows a policy file that does not load as a problem, offering nothing', () => {
    const views = agentViewsOf(surface(baseTool()), [policy('bad.yaml', '- toolName: ticket__search\n  approvalMode: sometimes\n')]);
    expect(views[0]).toMatchObject({ agent: 'bad', offered: [], leftOut: [] });
    expect(views[0]!.problem).toMatch(/sometimes/);
  });
});

describe('the formats', () => {
  const before = baseTool();
  const after = baseTool();
  params(after).properties.limit.maximum = 50;
  after.approval = 'require_approval';
  after.networkScope = 'egress';
  after.description = 'Finds | tickets <b>now</b>.';
  after.tokens = { 'openai-strict': 104, anthropic: 104, gemini: 92, canonical: 104 };
  const diff = diffSurfaces(surface(before), surface(after));
  const sides = { base: 'origin/main', head: 'toolgen.manifest.json' };

  it('text: a summary line, then each tool with its changes and kinds', () => {
    expect(formatDiff(diff, 'text', sides)).toBe(
      [
        'toolgen diff: origin/main → toolgen.manifest.json: 1 breaking, 1 relaxed, 1 tightened; 0 added, 0 removed, 1 changed; tokens (openai-strict) 100 → 104 (+4).',
        '',
        '~ ticket__search (changed, breaking, relaxed, tightened)',
        '    description: "Searches tickets." → "Finds | tickets <b>now</b>." [description]',
        '    parameters /limit: maximum 100 → 50 [breaking]',
        '    governance: now requires approval [tightened]',
        '    governance: network scope none → egress [relaxed]',
        '    tokens: openai-strict 100 → 104 (+4), anthropic 100 → 104 (+4), gemini 90 → 92 (+2), canonical 100 → 104 (+4)',
        '',
        'Tokens per variant: openai-strict 100 → 104 (+4), anthropic 100 → 104 (+4), gemini 90 → 92 (+2), canonical 100 → 104 (+4).',
        '',
      ].join('\n'),
    );
  });

  it('markdown: a summary line, then tables, with the manifest\'s text escaped', () => {
    const page = formatDiff(diff, 'markdown', sides);
    expect(page.split('\n').slice(0, 3)).toEqual(['### toolgen diff: `origin/main` → `toolgen.manifest.json`', '', '**1 breaking, 1 relaxed, 1 tightened; 0 added, 0 removed, 1 changed; tokens (openai-strict) 100 → 104 (\\+4)**'.replace('\\+', '+')]);
    expect(page).toContain('| `ticket__search` | changed, breaking, relaxed, tightened | 100 → 104 (+4) |');
    expect(page).toContain('| `ticket__search` | parameters `/limit` | maximum 100 → 50 | breaking |');
    expect(page).toContain('| `ticket__search` | governance: networkScope | network scope none → egress | relaxed |');
    expect(page).toContain('| openai-strict | 100 | 104 | +4 |');
    // every table row has as many cells as its header
    for (const line of page.split('\n').filter((row) => row.startsWith('|'))) expect(line.split(/(?<!\\)\|/).length).toBeGreaterThanOrEqual(5);
    const hostile = baseTool();
    params(hostile).$defs.Status.enum = ['open', 'pending', 'closed', 'x | <img src=x onerror=alert(1)> `y`'];
    const escaped = formatDiff(diffSurfaces(surface(baseTool()), surface(hostile)), 'markdown', sides);
    expect(escaped).not.toContain('<img');
    expect(escaped).toContain('x \\| &lt;img src=x onerror=alert(1)&gt; \\`y\\`');
  });

  it('json: one document with the summary, the tools, the agents and the totals', () => {
    const json = JSON.parse(formatDiff(diff, 'json', sides)) as Record<string, unknown>;
    expect(json).toMatchObject({
      base: 'origin/main',
      head: 'toolgen.manifest.json',
      summary: { tools: { added: 0, removed: 0, renamed: 0, changed: 1 }, breaking: 1, compatible: 0, description: 1, relaxed: 1, tightened: 1 },
      kinds: ['breaking', 'relaxed', 'tightened', 'description', 'any'],
      tools: [{ qualifiedName: 'ticket__search', status: 'changed', class: 'breaking' }],
      toolCount: { before: 1, after: 1 },
    });
  });

  it('is deterministic', () => {
    for (const format of ['text', 'json', 'markdown'] as const) {
      expect(formatDiff(diffSurfaces(surface(before), surface(after)), format, sides)).toBe(formatDiff(diff, format, sides));
    }
  });
});

describe('what a reviewer reads of new tools and agents', () => {
  const writer = () => Object.assign(baseTool(), { name: 'close', qualifiedName: 'ticket__close', readOnly: false, approval: 'require_approval', networkScope: 'egress', settings: null }) as Mutable;
  const sides = { base: 'HEAD', head: 'toolgen.manifest.json' };

  it('shows the governance an added tool declares, in every format', () => {
    const diff = diffSurfaces(surface(baseTool()), surface(baseTool(), writer()));
    expect(diff.tools[0]).toMatchObject({ qualifiedName: 'ticket__close', status: 'added', declared: { readOnly: false, approval: 'require_approval', networkScope: 'egress' } });
    expect(formatDiff(diff, 'text', sides)).toContain('+ ticket__close (added)\n    declares: writes, needs approval, network egress, workspace path "path" read\n');
    expect(formatDiff(diff, 'markdown', sides)).toContain('| `ticket__close` | declares | writes, needs approval, network egress, workspace path "path" read | added |');
    expect(formatDiff(diff, 'markdown', sides)).toContain('| `ticket__close` | added | +100 (new) |');
  });

  it('names a new agent\'s tools with the approval each gets, groups what relaxed one tool, and counts agents in the summary', () => {
    const before = surface(baseTool(), writer());
    const relaxed = writer();
    relaxed.readOnly = true;
    relaxed.networkScope = 'none';
    relaxed.approval = 'default';
    const after = surface(baseTool(), relaxed);
    const ops = { file: 'agents/ops.policy.yaml', text: '- toolName: ticket__close\n  approvalMode: require_approval\n' };
    const triage = { file: 'agents/triage.yaml', text: '- toolName: ticket__search\n  approvalMode: auto_approve\n' };
    const diff = diffSurfaces(before, after, { base: agentViewsOf(before, [ops]), head: agentViewsOf(after, [ops, triage]) });
    const text = formatDiff(diff, 'text', sides);
    expect(text.split('\n')[0]).toBe('toolgen diff: HEAD → toolgen.manifest.json: 1 relaxed, 1 tightened; 0 added, 0 removed, 1 changed; agents: 1 added; tokens (openai-strict) 200 → 200 (±0).');
    expect(text).toContain('  triage (agents/triage.yaml, added): gains ticket__close, ticket__search (auto-approved)\n');
    // ops's policy still requires approval of ticket__close: for ops, nothing relaxed
    expect(diff.agents.find((agent) => agent.agent === 'ops')).toBeUndefined();
    // the policy file's agent is "ops", not "ops.policy"
    expect(agentViewsOf(after, [ops]).map((view) => view.agent)).toEqual(['ops']);
    const views = (tools: ToolSurface) => agentViewsOf(tools, [{ file: 'agents/x.yaml', text: '[]\n' }]);
    const both = surface(baseTool(), Object.assign(writer(), { approval: 'default', additive: true }));
    const grouped = formatDiff(diffSurfaces(before, both, { base: views(before), head: views(both) }), 'text', sides);
    expect(grouped).toContain('relaxed: ticket__close (no longer requires approval; now marked additive: MCP clients may skip a destructive-action confirmation)');
    expect(grouped.split('\n')[0]).toContain(': 1 relaxed, 1 agent relaxed;');
  });

  it('says on stderr why --fail-on fails, naming the kinds found', () => {
    const diff = diffSurfaces(surface(baseTool()), surface(baseTool(), writer()));
    expect(failOnReason(diff, ['breaking', 'relaxed'])).toBeUndefined();
    expect(failOnReason(diff, ['added', 'relaxed'])).toBe('toolgen diff: added change present, and --fail-on added,relaxed names it.');
    expect(failOnReason(diff, ['added', 'any'])).toBe('toolgen diff: added, any changes present, and --fail-on added,any names them.');
  });

  it('keeps a pipe of a pointer in markdown as GitHub reads it in a table cell', () => {
    const piped = baseTool();
    params(piped).properties['bin|slot'] = { type: 'string' };
    const page = formatDiff(diffSurfaces(surface(baseTool()), surface(piped)), 'markdown', sides);
    expect(page).toContain('| `ticket__search` | parameters `/bin\\|slot` | new optional property "bin\\|slot" | compatible |');
  });
});

describe('reading a manifest for review', () => {
  it.each([
    ['not JSON', '{', /is not JSON/],
    ['no toolsets', '{"version":1}', /no "toolsets" list/],
    ['another version', '{"version":2,"toolsets":[]}', /manifest version 2; this toolgen reads version 1/],
    ['a toolset without tools', '{"version":1,"toolsets":[{"owner":"x"}]}', /toolset 0 has no "owner" or no "tools" list/],
    ['a tool without a name', '{"version":1,"toolsets":[{"owner":"x","tools":[{}]}]}', /tool 0 of toolset "x" has no "name"/],
  ])('refuses %s, naming the file', (_, text, message) => {
    expect(() => surfaceOf(text, 'base.json')).toThrow(SurfaceReadError);
    expect(() => surfaceOf(text, 'base.json')).toThrow(message);
  });
});
