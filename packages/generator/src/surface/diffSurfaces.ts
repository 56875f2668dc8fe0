import { isDeepStrictEqual } from 'node:util';
import { networkScopes, type ToolApprovalMode, type ToolTokenCounts, type ToolTokenVariant } from '@toolgen/runtime';
import { perTokenVariant, tokenVariants } from '../budget/countTokens.js';
import type { ManifestTool } from '../manifest/manifest.js';
import type { AgentView } from './agentViews.js';
import { compareSchemas, show, type SchemaEffect } from './compareSchemas.js';
import type { SurfaceTool, ToolSurface } from './surfaceOf.js';

/** What a schema change does to the tool's existing callers (and to those who read its results). */
export type SchemaChangeClass = 'breaking' | 'compatible' | 'description';

/** What of a tool the model reads changed: its description, its arguments, its result, or its stored settings. */
export type SchemaRole = 'description' | 'parameters' | 'returns' | 'settings';

export interface SchemaChange {
  readonly schema: SchemaRole;
  /** The place in the value, `/filter/status`; empty for the whole value. */
  readonly at: string;
  readonly class: SchemaChangeClass;
  readonly what: string;
}

/** The governance a tool declares, and what a change to it does. */
export type GovernanceField = 'approval' | 'readOnly' | 'additive' | 'networkScope' | 'confidentiality' | 'workspacePaths' | 'configurable';

export interface GovernanceChange {
  readonly field: GovernanceField;
  readonly direction: 'relaxed' | 'tightened';
  readonly what: string;
}

/** A change that neither breaks nor governs: a title, a hint, a provider variant, a schema loss. */
export interface OtherChange {
  readonly field: string;
  readonly what: string;
}

export type ToolStatus = 'added' | 'removed' | 'renamed' | 'changed';

export interface ToolDiff {
  readonly qualifiedName: string;
  readonly status: ToolStatus;
  /** For `renamed`: the name before, linked by the settings-rename rule (TSH020: same settings schema). */
  readonly previousName?: string;
  /** The toolset's owner (the base's for a removed tool). */
  readonly owner: string;
  /** The worst of its schema changes; removed and renamed tools break their callers. */
  readonly class: SchemaChangeClass | 'none';
  readonly schema: readonly SchemaChange[];
  readonly governance: readonly GovernanceChange[];
  readonly other: readonly OtherChange[];
  /** Tokens per variant before and after; absent on the side the tool is not on, or in a manifest written without counts. */
  readonly tokens: { readonly before?: ToolTokenCounts; readonly after?: ToolTokenCounts };
  /** For an added tool: the governance it declares, for a reviewer to judge the new surface. */
  readonly declared?: DeclaredGovernance;
}

/** A tool's governance as its manifest entry states it. */
export interface DeclaredGovernance {
  readonly readOnly: boolean;
  readonly approval: ManifestTool['approval'];
  readonly networkScope: ManifestTool['networkScope'];
  readonly confidentiality: ManifestTool['confidentiality'];
  readonly additive: boolean;
  readonly workspacePaths: ManifestTool['workspacePaths'];
  readonly configurable: readonly string[];
}

/** What an agent (a policy file) gains, loses, or gets relaxed. */
export interface AgentDiff {
  readonly agent: string;
  readonly file: string;
  readonly status: 'added' | 'removed' | 'changed';
  /** The tools it is offered now and was not, each with the approval mode it gets. */
  readonly gained: readonly { readonly qualifiedName: string; readonly approvalMode: ToolApprovalMode }[];
  readonly lost: readonly string[];
  /** Tools it is offered whose governance was relaxed, or whose approval its policy no longer asks for. */
  readonly relaxed: readonly { readonly qualifiedName: string; readonly what: string }[];
}

/** The change kinds `--fail-on` names. `any` is every change. */
export const failOnKinds = ['breaking', 'relaxed', 'tightened', 'compatible', 'description', 'added', 'removed', 'any'] as const;
export type FailOnKind = (typeof failOnKinds)[number];

export interface SurfaceDiff {
  /** The tools that changed, by qualified name. */
  readonly tools: readonly ToolDiff[];
  readonly agents: readonly AgentDiff[];
  readonly toolCount: { readonly before: number; readonly after: number };
  /** Every tool's tokens summed, per variant; null for a side with a tool its manifest did not count (one written before token budgets). */
  readonly totals: { readonly before: ToolTokenCounts | null; readonly after: ToolTokenCounts | null };
  /** The kinds of change present, in `failOnKinds` order (`any` when anything changed). */
  readonly kinds: readonly FailOnKind[];
}

/** Agents on each side: the policy files as they were at the base, and as they are. */
export interface AgentSides {
  readonly base: readonly AgentView[];
  readonly head: readonly AgentView[];
}

/** Compares two tool surfaces: the manifest at the base and the project's. Deterministic. */
export function diffSurfaces(base: ToolSurface, head: ToolSurface, agents: AgentSides = { base: [], head: [] }): SurfaceDiff {
  const removed = [...base.tools.values()].filter(({ tool }) => !head.tools.has(tool.qualifiedName));
  const added = [...head.tools.values()].filter(({ tool }) => !base.tools.has(tool.qualifiedName));
  const renames = linkRenames(removed, added);
  const tools: ToolDiff[] = [];
  for (const after of head.tools.values()) {
    const name = after.tool.qualifiedName;
    const before = base.tools.get(name) ?? renames.get(name);
    if (before === undefined) {
      tools.push({ ...emptyDiff(name, 'added', after.toolset.owner), tokens: { ...tokensOf(after.tool, 'after') }, declared: declaredOf(after.tool) });
      continue;
    }
    const diff = compareTools(before.tool, after.tool, after.toolset.owner);
    const renamed = before.tool.qualifiedName !== name;
    if (renamed) tools.push({ ...diff, status: 'renamed', previousName: before.tool.qualifiedName, class: 'breaking' });
    else if (diff.schema.length + diff.governance.length + diff.other.length > 0 || !isDeepStrictEqual(diff.tokens.before, diff.tokens.after)) tools.push(diff);
  }
  const linked = new Set([...renames.values()].map(({ tool }) => tool.qualifiedName));
  for (const { tool, toolset } of removed) {
    if (!linked.has(tool.qualifiedName)) tools.push({ ...emptyDiff(tool.qualifiedName, 'removed', toolset.owner), class: 'breaking', tokens: { ...tokensOf(tool, 'before') } });
  }
  tools.sort((a, b) => (a.qualifiedName < b.qualifiedName ? -1 : a.qualifiedName > b.qualifiedName ? 1 : 0));
  const agentDiffs = diffAgents(agents, tools);
  return {
    tools,
    agents: agentDiffs,
    toolCount: { before: base.tools.size, after: head.tools.size },
    totals: { before: totalOf(base), after: totalOf(head) },
    kinds: kindsOf(tools, agentDiffs),
  };
}

function emptyDiff(qualifiedName: string, status: ToolStatus, owner: string): ToolDiff {
  return { qualifiedName, status, owner, class: 'none', schema: [], governance: [], other: [], tokens: {} };
}

function declaredOf(tool: ManifestTool): DeclaredGovernance {
  const { readOnly, approval, networkScope, confidentiality, workspacePaths } = tool;
  return { readOnly, approval, networkScope, confidentiality, additive: tool.additive === true, workspacePaths: workspacePaths ?? [], configurable: tool.settings?.configurable ?? [] };
}

function tokensOf(tool: ManifestTool, side: 'before' | 'after'): { before?: ToolTokenCounts; after?: ToolTokenCounts } {
  return tool.tokens === undefined ? {} : { [side]: tool.tokens };
}

/**
 * The settings-rename rule (TSH020): a removed tool with settings and an added one with the same
 * settings schema are one tool renamed. Keyed by the added tool's name; each removed tool links once.
 */
function linkRenames(removed: readonly SurfaceTool[], added: readonly SurfaceTool[]): Map<string, SurfaceTool> {
  const links = new Map<string, SurfaceTool>();
  const free = removed.filter(({ tool }) => tool.settings !== null && tool.settings !== undefined);
  for (const after of added) {
    if (after.tool.settings === null || after.tool.settings === undefined) continue;
    const schema = JSON.stringify(after.tool.settings.schema);
    const index = free.findIndex(({ tool }) => JSON.stringify(tool.settings!.schema) === schema);
    if (index !== -1) links.set(after.tool.qualifiedName, free.splice(index, 1)[0]!);
  }
  return links;
}

const classOf: Record<'input' | 'output', Record<SchemaEffect, SchemaChangeClass>> = {
  // who sends the value (a model's arguments, stored settings) breaks when it narrows
  input: { narrows: 'breaking', widens: 'compatible', replaces: 'breaking', extends: 'compatible', describes: 'description' },
  // who reads it (a result) breaks when it widens
  output: { narrows: 'compatible', widens: 'breaking', replaces: 'breaking', extends: 'compatible', describes: 'description' },
};

const severity: Record<SchemaChangeClass | 'none', number> = { none: 0, description: 1, compatible: 2, breaking: 3 };

function compareTools(before: ManifestTool, after: ManifestTool, owner: string): ToolDiff {
  const schema: SchemaChange[] = [];
  const schemaChanges = (role: SchemaRole, b: unknown, a: unknown) => {
    for (const difference of compareSchemas(b, a, role === 'returns' ? 'output' : 'input')) {
      schema.push({ schema: role, at: difference.at, class: classOf[role === 'returns' ? 'output' : 'input'][difference.effect], what: difference.what });
    }
  };
  if (before.description !== after.description) schema.push({ schema: 'description', at: '', class: 'description', what: `${show(before.description)} → ${show(after.description)}` });
  schemaChanges('parameters', before.parameters, after.parameters);
  if ((before.returns ?? null) === null || (after.returns ?? null) === null) {
    if ((before.returns ?? null) !== (after.returns ?? null)) {
      const nowVoid = (after.returns ?? null) === null;
      schema.push({ schema: 'returns', at: '', class: nowVoid ? 'breaking' : 'compatible', what: nowVoid ? 'no longer returns a value' : 'now returns a value' });
    }
  } else {
    schemaChanges('returns', before.returns, after.returns);
  }
  if (before.settings && after.settings) schemaChanges('settings', before.settings.schema, after.settings.schema);
  const worst = schema.reduce<SchemaChangeClass | 'none'>((current, change) => (severity[change.class] > severity[current] ? change.class : current), 'none');
  return {
    qualifiedName: after.qualifiedName,
    status: 'changed',
    owner,
    class: worst,
    schema,
    governance: compareGovernance(before, after),
    other: compareOther(before, after),
    tokens: { ...tokensOf(before, 'before'), ...tokensOf(after, 'after') },
  };
}

/** Governance changes, each relaxed (the tool may do more, or with fewer checks) or tightened. */
export function compareGovernance(before: ManifestTool, after: ManifestTool): GovernanceChange[] {
  const changes: GovernanceChange[] = [];
  const add = (field: GovernanceField, relaxed: boolean, what: string) => changes.push({ field, direction: relaxed ? 'relaxed' : 'tightened', what });
  if (before.approval !== after.approval) {
    add('approval', after.approval !== 'require_approval', after.approval === 'require_approval' ? 'now requires approval' : 'no longer requires approval');
  }
  if (before.readOnly !== after.readOnly) add('readOnly', after.readOnly !== true, after.readOnly === true ? 'now read-only' : 'no longer read-only: it may change things');
  if ((before.additive === true) !== (after.additive === true)) {
    add('additive', after.additive === true, after.additive === true ? 'now marked additive: MCP clients may skip a destructive-action confirmation' : 'no longer marked additive');
  }
  if (before.networkScope !== after.networkScope) {
    const rank = (scope: unknown) => networkScopes.indexOf(scope as (typeof networkScopes)[number]);
    add('networkScope', rank(after.networkScope) > rank(before.networkScope) || rank(after.networkScope) === -1, `network scope ${before.networkScope} → ${after.networkScope}`);
  }
  if (before.confidentiality !== after.confidentiality) {
    // a marker keeps the tool from some agents: adding one tightens, dropping or swapping one offers the tool to agents that did not see it
    add('confidentiality', after.confidentiality === 'any' || before.confidentiality !== 'any', `confidentiality ${before.confidentiality} → ${after.confidentiality}`);
  }
  const accessBefore = new Map((before.workspacePaths ?? []).map(({ parameter, access }) => [parameter, access]));
  const accessAfter = new Map((after.workspacePaths ?? []).map(({ parameter, access }) => [parameter, access]));
  const argumentsAfter = Object.keys((after.parameters as { properties?: object } | undefined)?.properties ?? {});
  for (const [parameter, access] of accessAfter) {
    const previous = accessBefore.get(parameter);
    if (previous === access) continue;
    if (access === 'write') add('workspacePaths', true, previous === undefined ? `workspace path "${parameter}" added with write access` : `workspace path "${parameter}" gains write`);
    else add('workspacePaths', false, previous === undefined ? `workspace path "${parameter}" now contained (read)` : `workspace path "${parameter}" drops write`);
  }
  for (const [parameter] of accessBefore) {
    if (!accessAfter.has(parameter) && argumentsAfter.includes(parameter)) add('workspacePaths', true, `argument "${parameter}" is no longer a contained workspace path`);
  }
  const configurableBefore = new Set(before.settings?.configurable ?? []);
  const configurableAfter = new Set(after.settings?.configurable ?? []);
  for (const name of configurableAfter) if (!configurableBefore.has(name)) add('configurable', true, `setting "${name}" made configurable`);
  for (const name of configurableBefore) if (!configurableAfter.has(name)) add('configurable', false, `setting "${name}" no longer configurable`);
  return changes;
}

/** What is neither schema nor governance: names and hints for people, the provider variants, the losses. */
function compareOther(before: ManifestTool, after: ManifestTool): OtherChange[] {
  const changes: OtherChange[] = [];
  // flags (`idempotent: true`) read as what they say; values as they were and are
  const flags: Record<string, string> = { idempotent: 'idempotent', deprecated: 'deprecated', content: 'returns content parts', optionalResult: 'may return nothing' };
  for (const field of ['title', 'idempotent', 'deprecated', 'clientCapabilities', 'content', 'optionalResult'] as const) {
    const b = (before as Record<string, unknown>)[field];
    const a = (after as Record<string, unknown>)[field];
    if (isDeepStrictEqual(b, a)) continue;
    const flag = flags[field];
    if (flag !== undefined) changes.push({ field, what: a === true ? `now ${flag}` : `no longer ${flag}` });
    else changes.push({ field, what: `${field} ${b === undefined ? `${show(a)} added` : a === undefined ? `${show(b)} removed` : `${show(b)} → ${show(a)}`}` });
  }
  if (before.settings && !after.settings) changes.push({ field: 'settings', what: 'no longer has settings' });
  if (!before.settings && after.settings) changes.push({ field: 'settings', what: 'now has settings' });
  const variants = new Set([...Object.keys(before.variants ?? {}), ...Object.keys(after.variants ?? {})]);
  for (const variant of [...variants].sort()) {
    const b = (before.variants as Record<string, unknown> | undefined)?.[variant];
    const a = (after.variants as Record<string, unknown> | undefined)?.[variant];
    if (!isDeepStrictEqual(b, a) && isDeepStrictEqual(before.parameters, after.parameters)) changes.push({ field: 'variants', what: `the ${variant} variant changed` });
  }
  const lossKey = (loss: object) => JSON.stringify(loss);
  const lossesBefore = new Set((before.losses ?? []).map(lossKey));
  const lossesAfter = new Set((after.losses ?? []).map(lossKey));
  for (const loss of after.losses ?? []) {
    if (!lossesBefore.has(lossKey(loss))) changes.push({ field: 'losses', what: `new loss: ${loss.variant} drops ${loss.keyword} at ${loss.pointer || '/'}` });
  }
  for (const loss of before.losses ?? []) {
    if (!lossesAfter.has(lossKey(loss))) changes.push({ field: 'losses', what: `loss gone: ${loss.variant} keeps ${loss.keyword} at ${loss.pointer || '/'}` });
  }
  return changes;
}

function diffAgents(sides: AgentSides, tools: readonly ToolDiff[]): AgentDiff[] {
  const relaxedTools = new Map(tools.map((tool) => [tool.qualifiedName, tool.governance.filter((change) => change.direction === 'relaxed')]));
  const files = [...new Set([...sides.base.map((agent) => agent.file), ...sides.head.map((agent) => agent.file)])].sort();
  const diffs: AgentDiff[] = [];
  for (const file of files) {
    const before = sides.base.find((agent) => agent.file === file);
    const after = sides.head.find((agent) => agent.file === file);
    const offeredBefore = new Map((before?.offered ?? []).map((tool) => [tool.qualifiedName, tool.approvalMode]));
    const offeredAfter = new Map((after?.offered ?? []).map((tool) => [tool.qualifiedName, tool.approvalMode]));
    const gained = [...offeredAfter]
      .filter(([name]) => !offeredBefore.has(name))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([qualifiedName, approvalMode]) => ({ qualifiedName, approvalMode }));
    const lost = [...offeredBefore.keys()].filter((name) => !offeredAfter.has(name)).sort();
    const relaxed: { qualifiedName: string; what: string }[] = [];
    // a new agent's tools are all gains, each shown with its approval; what relaxed concerns agents that were there
    for (const [name, mode] of before === undefined ? [] : [...offeredAfter].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      for (const change of relaxedTools.get(name) ?? []) {
        // a tool that no longer requires approval still asks an agent whose policy requires it
        if (change.field !== 'approval' || mode !== 'require_approval') relaxed.push({ qualifiedName: name, what: change.what });
      }
      if (offeredBefore.get(name) === 'require_approval' && mode !== 'require_approval' && !(relaxedTools.get(name) ?? []).some((change) => change.field === 'approval')) {
        relaxed.push({ qualifiedName: name, what: `no longer asks this agent for approval (${mode})` });
      }
    }
    const status = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
    if (status !== 'changed' || gained.length + lost.length + relaxed.length > 0) {
      diffs.push({ agent: (after ?? before)!.agent, file, status, gained, lost, relaxed });
    }
  }
  return diffs;
}

function totalOf(surface: ToolSurface): ToolTokenCounts | null {
  const total: Record<ToolTokenVariant, number> = perTokenVariant(() => 0);
  for (const { tool } of surface.tools.values()) {
    if (tool.tokens === undefined) return null;
    for (const variant of tokenVariants) total[variant] += tool.tokens[variant];
  }
  return total;
}

function kindsOf(tools: readonly ToolDiff[], agents: readonly AgentDiff[]): FailOnKind[] {
  const present = new Set<FailOnKind>();
  for (const tool of tools) {
    if (tool.status === 'added') present.add('added');
    if (tool.status === 'removed') present.add('removed');
    if (tool.class !== 'none') present.add(tool.class);
    for (const change of tool.schema) present.add(change.class);
    for (const change of tool.governance) present.add(change.direction);
  }
  if (agents.some((agent) => agent.relaxed.length > 0)) present.add('relaxed');
  if (tools.length > 0 || agents.length > 0) present.add('any');
  return failOnKinds.filter((kind) => present.has(kind));
}
