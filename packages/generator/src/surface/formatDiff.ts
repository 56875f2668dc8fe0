import { tokenVariants } from '../budget/countTokens.js';
import type { AgentDiff, FailOnKind, SurfaceDiff, ToolDiff } from './diffSurfaces.js';
import { plural } from '../diagnostics/plural.js';

export type DiffFormat = 'text' | 'json' | 'markdown';

/** Where the two sides come from, as the output names them. */
export interface DiffSides {
  readonly base: string;
  readonly head: string;
  /** Said under the summary: the base revision had no manifest, say. */
  readonly note?: string;
}

/** `toolgen diff`'s output in one of its formats; deterministic for equal input. */
export function formatDiff(diff: SurfaceDiff, format: DiffFormat, sides: DiffSides): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify({ base: sides.base, head: sides.head, ...(sides.note === undefined ? {} : { note: sides.note }), summary: summaryOf(diff), ...diff }, null, 2)}\n`;
    case 'markdown':
      return markdown(diff, sides);
    case 'text':
      return text(diff, sides);
  }
}

/** The counts both the summary line and `--format json`'s `summary` give. */
export function summaryOf(diff: SurfaceDiff) {
  const count = (keep: (tool: ToolDiff) => boolean) => diff.tools.filter(keep).length;
  const agents = (status: AgentDiff['status']) => diff.agents.filter((agent) => agent.status === status).length;
  return {
    tools: {
      added: count((tool) => tool.status === 'added'),
      removed: count((tool) => tool.status === 'removed'),
      renamed: count((tool) => tool.status === 'renamed'),
      changed: count((tool) => tool.status === 'changed'),
    },
    breaking: count((tool) => tool.class === 'breaking'),
    compatible: count((tool) => tool.schema.some((change) => change.class === 'compatible')),
    description: count((tool) => tool.schema.some((change) => change.class === 'description')),
    relaxed: count((tool) => tool.governance.some((change) => change.direction === 'relaxed')),
    tightened: count((tool) => tool.governance.some((change) => change.direction === 'tightened')),
    agents: { added: agents('added'), removed: agents('removed'), changed: agents('changed'), relaxed: diff.agents.filter((agent) => agent.relaxed.length > 0).length },
  };
}

/** The first variant's total, the one a summary line quotes: OpenAI's strict schemas, the costliest usually. */
const headlineVariant = tokenVariants[0]!;

function summaryLine(diff: SurfaceDiff): string {
  if (diff.tools.length === 0 && diff.agents.length === 0) return `no change to the tool surface (${plural(diff.toolCount.after, 'tool')})`;
  const summary = summaryOf(diff);
  const verdicts = [
    summary.breaking > 0 ? `${summary.breaking} breaking` : '',
    summary.relaxed > 0 ? `${summary.relaxed} relaxed` : '',
    summary.agents.relaxed > 0 ? `${plural(summary.agents.relaxed, 'agent')} relaxed` : '',
    summary.tightened > 0 ? `${summary.tightened} tightened` : '',
  ].filter((part) => part !== '');
  const { added, removed, renamed, changed } = summary.tools;
  const counts = [`${added} added`, `${removed} removed`, ...(renamed > 0 ? [`${renamed} renamed`] : []), `${changed} changed`].join(', ');
  const agentCounts = (['added', 'removed', 'changed'] as const).filter((status) => summary.agents[status] > 0).map((status) => `${summary.agents[status]} ${status}`);
  const agents = agentCounts.length === 0 ? '' : `; agents: ${agentCounts.join(', ')}`;
  const tokens = `tokens (${headlineVariant}) ${delta(diff.totals.before?.[headlineVariant], diff.totals.after?.[headlineVariant])}`;
  return `${verdicts.length === 0 ? 'nothing breaking or relaxed' : verdicts.join(', ')}; ${counts}${agents}; ${tokens}`;
}

/** Why `--fail-on` fails the run, for stderr; undefined when it does not. */
export function failOnReason(diff: SurfaceDiff, kinds: readonly FailOnKind[]): string | undefined {
  const found = kinds.filter((kind) => diff.kinds.includes(kind));
  return found.length === 0 ? undefined : `toolgen diff: ${found.join(', ')} change${found.length === 1 && found[0] !== 'any' ? '' : 's'} present, and --fail-on ${kinds.join(',')} names ${found.length === 1 ? 'it' : 'them'}.`;
}

function text(diff: SurfaceDiff, sides: DiffSides): string {
  const lines = [`toolgen diff: ${sides.base} → ${sides.head}: ${summaryLine(diff)}.`];
  if (sides.note !== undefined) lines.push(sides.note);
  for (const tool of diff.tools) {
    lines.push('', `${marks[tool.status]} ${tool.qualifiedName} (${headline(tool)})`);
    if (tool.declared !== undefined) lines.push(`    declares: ${declaredLine(tool.declared)}`);
    for (const change of tool.schema) lines.push(`    ${change.schema}${change.at === '' ? '' : ` ${change.at}`}: ${change.what} [${change.class}]`);
    for (const change of tool.governance) lines.push(`    governance: ${change.what} [${change.direction}]`);
    for (const change of tool.other) lines.push(`    ${change.what}`);
    const tokens = tokenChange(tool);
    if (tokens !== undefined) lines.push(`    tokens: ${tokens}`);
  }
  if (diff.agents.length > 0) {
    lines.push('', 'Agents:');
    for (const agent of diff.agents) lines.push(`  ${agent.agent} (${agent.file}${agent.status === 'changed' ? '' : `, ${agent.status}`}): ${agentLine(agent)}`);
  }
  if (diff.tools.length > 0) {
    lines.push('', `Tokens per variant: ${tokenVariants.map((variant) => `${variant} ${delta(diff.totals.before?.[variant], diff.totals.after?.[variant])}`).join(', ')}.`);
  }
  return `${lines.join('\n')}\n`;
}

const marks: Record<ToolDiff['status'], string> = { added: '+', removed: '-', renamed: '>', changed: '~' };

/** An added tool's governance, in a few words: `writes, needs approval, network egress`. */
function declaredLine(declared: NonNullable<ToolDiff['declared']>): string {
  return [
    declared.readOnly ? 'read-only' : `writes${declared.additive ? ' (additive)' : ''}`,
    declared.approval === 'require_approval' ? 'needs approval' : 'no approval',
    `network ${declared.networkScope}`,
    ...(declared.confidentiality === 'any' ? [] : [declared.confidentiality]),
    ...declared.workspacePaths.map(({ parameter, access }) => `workspace path "${parameter}" ${access}`),
    ...declared.configurable.map((name) => `setting "${name}" configurable`),
  ].join(', ');
}

function headline(tool: ToolDiff): string {
  const parts: string[] = [tool.status === 'renamed' ? `renamed from ${tool.previousName}: calls by the old name fail` : tool.status];
  if (tool.class !== 'none') parts.push(tool.class === 'description' ? 'description only' : tool.class);
  for (const direction of ['relaxed', 'tightened'] as const) if (tool.governance.some((change) => change.direction === direction)) parts.push(direction);
  return parts.join(', ');
}

function agentLine(agent: AgentDiff): string {
  const parts = [
    agent.gained.length > 0 ? `gains ${gainedList(agent.gained)}` : '',
    agent.lost.length > 0 ? `loses ${agent.lost.join(', ')}` : '',
    agent.relaxed.length > 0 ? `relaxed: ${relaxedByTool(agent).map(([name, whats]) => `${name} (${whats.join('; ')})`).join(', ')}` : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? 'offered nothing before or after' : parts.join('; ');
}

/** Gained tools, each with the approval it gets when that is not its plain default. */
function gainedList(gained: AgentDiff['gained'], name: (text: string) => string = (text) => text): string {
  const modes: Partial<Record<string, string>> = { require_approval: 'needs approval', auto_approve: 'auto-approved' };
  return gained.map(({ qualifiedName, approvalMode }) => `${name(qualifiedName)}${modes[approvalMode] === undefined ? '' : ` (${modes[approvalMode]})`}`).join(', ');
}

/** An agent's relaxed tools, each once with all that relaxed it. */
function relaxedByTool(agent: AgentDiff): [string, string[]][] {
  const byTool = new Map<string, string[]>();
  for (const { qualifiedName, what } of agent.relaxed) byTool.set(qualifiedName, [...(byTool.get(qualifiedName) ?? []), what]);
  return [...byTool];
}

function tokenChange({ status, tokens }: ToolDiff): string | undefined {
  if (tokens.before === undefined && tokens.after === undefined) return undefined;
  const only = status === 'added' ? tokens.after : status === 'removed' ? tokens.before : undefined;
  if (only !== undefined) return tokenVariants.map((variant) => `${variant} ${only[variant]}`).join(', ');
  if (tokens.before !== undefined && tokens.after !== undefined && tokenVariants.every((variant) => tokens.before![variant] === tokens.after![variant])) return undefined;
  return tokenVariants.map((variant) => `${variant} ${delta(tokens.before?.[variant], tokens.after?.[variant])}`).join(', ');
}

/** A tool's tokens in the headline variant, for the markdown table. */
function toolTokens({ status, tokens }: ToolDiff): string {
  if (status === 'added') return tokens.after === undefined ? 'not counted' : `+${tokens.after[headlineVariant]} (new)`;
  if (status === 'removed') return tokens.before === undefined ? 'not counted' : `−${tokens.before[headlineVariant]} (removed)`;
  return delta(tokens.before?.[headlineVariant], tokens.after?.[headlineVariant]);
}

/** `before → after (+n)`; a side without a count is one the tool is not on, or a manifest that did not count it. */
function delta(before: number | undefined, after: number | undefined): string {
  if (before === undefined && after === undefined) return 'not counted';
  if (before === undefined) return `${after} (not counted before)`;
  if (after === undefined) return `${before} (not counted now)`;
  const change = after - before;
  return `${before} → ${after} (${signed(change)})`;
}

function markdown(diff: SurfaceDiff, sides: DiffSides): string {
  const lines = [`### toolgen diff: \`${code(sides.base)}\` → \`${code(sides.head)}\``, '', `**${cell(summaryLine(diff))}**`];
  if (sides.note !== undefined) lines.push('', cell(sides.note));
  if (diff.tools.length > 0) {
    lines.push('', `| Tool | Change | Tokens (${headlineVariant}) |`, '|---|---|---|');
    for (const tool of diff.tools) lines.push(`| \`${code(tool.qualifiedName)}\` | ${cell(headline(tool))} | ${cell(toolTokens(tool))} |`);
    const details = diff.tools.flatMap((tool) => [
      ...(tool.declared === undefined ? [] : [[tool.qualifiedName, 'declares', cell(declaredLine(tool.declared)), 'added']]),
      ...tool.schema.map((change) => [tool.qualifiedName, `${change.schema}${change.at === '' ? '' : ` \`${code(change.at)}\``}`, cell(change.what), change.class]),
      ...tool.governance.map((change) => [tool.qualifiedName, `governance: ${change.field}`, cell(change.what), change.direction]),
      ...tool.other.map((change) => [tool.qualifiedName, change.field, cell(change.what), 'other']),
    ]);
    if (details.length > 0) {
      lines.push('', '#### Changes', '', '| Tool | Where | What | Kind |', '|---|---|---|---|');
      for (const [tool, where, what, kind] of details) lines.push(`| \`${code(tool!)}\` | ${where} | ${what} | ${kind} |`);
    }
  }
  if (diff.agents.length > 0) {
    lines.push('', '#### Agents', '', '| Agent | Gains | Loses | Relaxed |', '|---|---|---|---|');
    for (const agent of diff.agents) {
      const name = (text: string) => `\`${code(text)}\``;
      const relaxed = relaxedByTool(agent).map(([tool, whats]) => `${name(tool)}: ${cell(whats.join('; '))}`).join('<br>');
      const lost = agent.lost.map(name).join(', ');
      lines.push(`| ${cell(agent.agent)} (${name(agent.file)}${agent.status === 'changed' ? '' : `, ${agent.status}`}) | ${gainedList(agent.gained, name)} | ${lost} | ${relaxed} |`);
    }
  }
  if (diff.tools.length > 0) {
    lines.push('', '#### Tokens per variant', '', '| Variant | Before | After | Change |', '|---|---|---|---|');
    const { before, after } = diff.totals;
    for (const variant of tokenVariants) {
      const change = before === null || after === null ? '' : signed(after[variant] - before[variant]);
      lines.push(`| ${variant} | ${before?.[variant] ?? 'not counted'} | ${after?.[variant] ?? 'not counted'} | ${change} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function signed(change: number): string {
  return change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '±0';
}

/** Text for a table cell: no markup of its own, no line break, no cell boundary. */
function cell(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/[\\`*_[\]|~#]/g, '\\$&').replace(/\r?\n/g, ' ');
}

/** Text inside a code span of a table cell: a backtick would end the span, and a pipe the cell (GitHub takes `\|` there). */
function code(value: string): string {
  return value.replace(/`/g, "'").replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
