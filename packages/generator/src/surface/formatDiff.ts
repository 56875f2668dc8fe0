import { tokenVariants } from '../budget/countTokens.js';
import type { AgentDiff, SurfaceDiff, ToolDiff } from './diffSurfaces.js';

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
  return {
    kinds: diff.kinds,
    tools: {
      added: count((tool) => tool.status === 'added'),
      removed: count((tool) => tool.status === 'removed'),
      renamed: count((tool) => tool.status === 'renamed'),
      changed: count((tool) => tool.status === 'changed'),
    },
    breaking: count((tool) => tool.class === 'breaking'),
    relaxed: count((tool) => tool.governance.some((change) => change.direction === 'relaxed')),
    tightened: count((tool) => tool.governance.some((change) => change.direction === 'tightened')),
    agentsRelaxed: diff.agents.filter((agent) => agent.relaxed.length > 0).length,
  };
}

/** The first variant's total, the one a summary line quotes: OpenAI's strict schemas, the costliest usually. */
const headlineVariant = tokenVariants[0]!;

function summaryLine(diff: SurfaceDiff): string {
  if (diff.tools.length === 0 && diff.agents.length === 0) return `no change to the tool surface (${plural(diff.toolCount.after, 'tool')})`;
  const summary = summaryOf(diff);
  const verdicts = [
    summary.breaking > 0 ? `${summary.breaking} breaking` : '',
    summary.relaxed + summary.agentsRelaxed > 0 ? `${summary.relaxed} relaxed${summary.agentsRelaxed > 0 ? ` (${plural(summary.agentsRelaxed, 'agent')} affected)` : ''}` : '',
    summary.tightened > 0 ? `${summary.tightened} tightened` : '',
  ].filter((part) => part !== '');
  const { added, removed, renamed, changed } = summary.tools;
  const counts = [`${added} added`, `${removed} removed`, ...(renamed > 0 ? [`${renamed} renamed`] : []), `${changed} changed`].join(', ');
  const tokens = `tokens (${headlineVariant}) ${delta(diff.totals.before?.[headlineVariant], diff.totals.after?.[headlineVariant])}`;
  return `${verdicts.length === 0 ? 'nothing breaking or relaxed' : verdicts.join(', ')}; ${counts}; ${tokens}`;
}

function text(diff: SurfaceDiff, sides: DiffSides): string {
  const lines = [`toolgen diff: ${sides.base} → ${sides.head}: ${summaryLine(diff)}.`];
  if (sides.note !== undefined) lines.push(sides.note);
  for (const tool of diff.tools) {
    lines.push('', `${marks[tool.status]} ${tool.qualifiedName} (${headline(tool)})`);
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

function headline(tool: ToolDiff): string {
  const parts: string[] = [tool.status === 'renamed' ? `renamed from ${tool.previousName}` : tool.status];
  if (tool.class !== 'none') parts.push(tool.class === 'description' ? 'description only' : tool.class);
  for (const direction of ['relaxed', 'tightened'] as const) if (tool.governance.some((change) => change.direction === direction)) parts.push(direction);
  return parts.join(', ');
}

function agentLine(agent: AgentDiff): string {
  const parts = [
    agent.gained.length > 0 ? `gains ${agent.gained.join(', ')}` : '',
    agent.lost.length > 0 ? `loses ${agent.lost.join(', ')}` : '',
    agent.relaxed.length > 0 ? `relaxed: ${agent.relaxed.map((item) => `${item.qualifiedName} (${item.what})`).join(', ')}` : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? 'offered nothing before or after' : parts.join('; ');
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
  if (status === 'added') return `${tokens.after?.[headlineVariant] ?? 'not counted'}`;
  if (status === 'removed') return `−${tokens.before?.[headlineVariant] ?? 'not counted'}`;
  return delta(tokens.before?.[headlineVariant], tokens.after?.[headlineVariant]);
}

/** `before → after (+n)`; a side without a count is one the tool is not on, or a manifest that did not count it. */
function delta(before: number | undefined, after: number | undefined): string {
  if (before === undefined && after === undefined) return 'not counted';
  if (before === undefined) return `${after} (not counted before)`;
  if (after === undefined) return `${before} (not counted now)`;
  const change = after - before;
  return `${before} → ${after} (${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change)})`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function markdown(diff: SurfaceDiff, sides: DiffSides): string {
  const lines = [`### toolgen diff: \`${code(sides.base)}\` → \`${code(sides.head)}\``, '', `**${cell(summaryLine(diff))}**`];
  if (sides.note !== undefined) lines.push('', cell(sides.note));
  if (diff.tools.length > 0) {
    lines.push('', `| Tool | Change | Tokens (${headlineVariant}) |`, '|---|---|---|');
    for (const tool of diff.tools) lines.push(`| \`${code(tool.qualifiedName)}\` | ${cell(headline(tool))} | ${cell(toolTokens(tool))} |`);
    const details = diff.tools.flatMap((tool) => [
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
      const names = (list: readonly string[]) => (list.length === 0 ? '' : list.map((name) => `\`${code(name)}\``).join(', '));
      const relaxed = agent.relaxed.map((item) => `\`${code(item.qualifiedName)}\`: ${cell(item.what)}`).join('<br>');
      lines.push(`| ${cell(agent.agent)} (\`${code(agent.file)}\`${agent.status === 'changed' ? '' : `, ${agent.status}`}) | ${names(agent.gained)} | ${names(agent.lost)} | ${relaxed} |`);
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
  return change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '0';
}

/** Text for a table cell: no markup of its own, no line break, no cell boundary. */
function cell(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/[\\`*_[\]|~#]/g, '\\$&').replace(/\r?\n/g, ' ');
}

/** Text inside a code span: a backtick would end it, a pipe would end the cell. */
function code(value: string): string {
  return value.replace(/`/g, "'").replace(/\|/g, '¦').replace(/\r?\n/g, ' ');
}
