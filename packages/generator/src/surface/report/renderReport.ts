import { tokenVariants } from '../../budget/countTokens.js';
import type { ManifestTool, ManifestToolset } from '../../manifest/manifest.js';
import { variantNames } from '../../schema/variants/registry.js';
import type { AgentView } from '../agentViews.js';
import type { ToolSurface } from '../surfaceOf.js';
import { badgesOf, titleOf } from './badges.js';
import { plural } from '../../diagnostics/plural.js';
import { isRecord } from '../../manifest/readManifest.js';
import { escapeHtml, idOf, listOf, textOf } from './html.js';
import { contentSecurityPolicy, maxIndent, pageScript, pageStyle } from './pageAssets.js';
import { argumentTable, typeSummary } from './schemaRows.js';

/** What `toolgen report` shows. */
export interface ReportInput {
  readonly surface: ToolSurface;
  readonly agents: readonly AgentView[];
  /** The project's name, for the page's title. */
  readonly title: string;
}

/** The provider variants that can lose keywords. */
const lossVariants = variantNames;
/** An agent's lists longer than this start folded. */
const openListLength = 60;

/**
 * The page of `toolgen report`: one self-contained HTML document (inline style and script, nothing
 * loaded, a Content-Security-Policy that allows nothing else), byte-identical for equal input.
 * Every text of the manifest and the policy files is escaped; the script embeds no data, it reads
 * the page. Without the script every tool is shown and the filter stays hidden.
 */
export function renderReport(input: ReportInput): string {
  const { surface, agents, title } = input;
  const page = new Page(surface);
  const toolCount = surface.toolsets.reduce((count, toolset) => count + listOf(toolset.tools).length, 0);
  const out: string[] = [];
  out.push(
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n',
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy)}">\n`,
    '<meta name="generator" content="toolgen report">\n',
    `<title>${escapeHtml(`Tool surface of ${title} · toolgen report`)}</title>\n`,
    '<link rel="icon" href="data:,">\n',
    `<style>${pageStyle}</style>\n</head>\n<body>\n`,
    '<header class="page-head"><div>\n',
    `<h1>Tool surface of ${escapeHtml(title)}</h1>\n`,
    `<p>${plural(surface.toolsets.length, 'toolset')}, ${plural(toolCount, 'tool')}, ${plural(agents.length, 'agent')}.`,
    ' Written by <code>toolgen report</code> from <code>toolgen.manifest.json</code>.</p>\n',
    '<nav aria-label="Sections"><a href="#summary">Summary</a><a href="#agents">Agents</a><a href="#tools">Tools</a></nav>\n',
    '</div></header>\n<main>\n',
  );
  renderSummary(out, surface, toolCount);
  renderAgents(out, page, agents);
  out.push(
    '<section id="tools" aria-labelledby="tools-heading">\n<h2 id="tools-heading">Tools</h2>\n',
    '<div class="filter" id="filter-box" hidden><label for="filter">Filter tools</label>',
    '<input type="search" id="filter" autocomplete="off" spellcheck="false" placeholder="name, description, toolset or badge (egress, approval…)">',
    `<output id="filter-count" for="filter" aria-live="polite">${toolCount} of ${plural(toolCount, 'tool')} shown</output></div>\n`,
    '<p id="filter-none" class="none" hidden>No tool matches the filter.</p>\n',
  );
  if (toolCount === 0) out.push('<p class="none">The manifest lists no tools.</p>\n');
  for (const toolset of surface.toolsets) renderToolset(out, page, toolset);
  out.push('</section>\n</main>\n', `<script>${pageScript}</script>\n`, '</body>\n</html>\n');
  return out.join('');
}

/** The page's ids, each once: the first tool of a qualified name keeps the plain id that agents' lists link to. */
class Page {
  private readonly used = new Set<string>();
  constructor(readonly surface: ToolSurface) {}

  /**
   * `tool-<qualified name>`, `toolset-<owner>`, `agent-<name>`, then `.2`, `.3` … for a name a manifest repeats. In an id of
   * `idOf` every `.` opens or closes a hex code, so neither these suffixes nor the headings' `<id>.h` can meet another id.
   */
  uniqueId(prefix: 'tool' | 'toolset' | 'agent', name: string): string {
    const base = idOf(prefix, name);
    let id = base;
    for (let n = 2; this.used.has(id); n++) id = `${base}.${n}`;
    this.used.add(id);
    return id;
  }

  tokensOf(qualifiedName: string): Partial<Record<string, number>> | undefined {
    return tokensOf(this.surface.tools.get(qualifiedName)?.tool);
  }
}

function renderSummary(out: string[], surface: ToolSurface, toolCount: number): void {
  const tools = surface.toolsets.flatMap((toolset) => listOf(toolset.tools) as readonly Partial<ManifestTool>[]);
  const totals = new Map<string, number>();
  let uncounted = 0;
  for (const tool of tools) {
    const tokens = tokensOf(tool);
    if (tokens === undefined) uncounted++;
    for (const variant of tokenVariants) totals.set(variant, (totals.get(variant) ?? 0) + (tokens?.[variant] ?? 0));
  }
  const lossRows = lossVariants.map((variant) => {
    const losing = tools.map((tool) => listOf(tool.losses).filter((loss) => isRecord(loss) && loss['variant'] === variant).length);
    return { variant, losses: losing.reduce((sum, count) => sum + count, 0), tools: losing.filter((count) => count > 0).length };
  });
  const count = (predicate: (tool: Partial<ManifestTool>) => boolean) => tools.filter(predicate).length;
  const facts = [
    `${count((tool) => tool.readOnly === true)} read-only`,
    `${count((tool) => tool.readOnly !== true)} writing`,
    `${count((tool) => tool.approval === 'require_approval')} needing approval`,
    `${count((tool) => tool.networkScope === 'egress')} with network egress`,
    `${count((tool) => tool.confidentiality !== undefined && tool.confidentiality !== 'any')} for one kind of agent only`,
    `${count((tool) => tool.deprecated === true)} deprecated`,
  ];
  out.push(
    '<section id="summary" aria-labelledby="summary-heading">\n<h2 id="summary-heading">Summary</h2>\n',
    `<p>${plural(toolCount, 'tool')}: ${facts.join(', ')}.</p>\n`,
    '<table class="totals"><thead><tr><th scope="col">Schema</th><th scope="col" class="num">Tokens, all tools</th>',
    '<th scope="col" class="num">Keywords lost</th><th scope="col" class="num">Tools losing some</th></tr></thead><tbody>\n',
  );
  for (const variant of tokenVariants) {
    const losses = lossRows.find((row) => row.variant === variant);
    out.push(
      `<tr><th scope="row"><code>${variant}</code></th>`,
      `<td class="num">${uncounted === tools.length && tools.length > 0 ? '—' : (totals.get(variant) ?? 0)}</td>`,
      `<td class="num">${losses?.losses ?? '—'}</td><td class="num">${losses?.tools ?? '—'}</td></tr>\n`,
    );
  }
  out.push('</tbody></table>\n');
  if (uncounted > 0) {
    const one = uncounted === 1;
    out.push(
      `<p class="muted">${plural(uncounted, 'tool')} of the manifest ${one ? 'has' : 'have'} no token counts (a manifest written before token budgets);`,
      ` the totals leave ${one ? 'it' : 'them'} out.</p>\n`,
    );
  }
  out.push(
    '<p class="muted">Tokens are <code>o200k_base</code> counts of each tool\'s qualified name, description and schema:',
    ' exact for OpenAI, an approximation for Anthropic and Gemini.</p>\n',
  );
  out.push('</section>\n');
}

function renderAgents(out: string[], page: Page, agents: readonly AgentView[]): void {
  out.push('<section id="agents" aria-labelledby="agents-heading">\n<h2 id="agents-heading">Agents</h2>\n');
  if (agents.length === 0) {
    out.push(
      '<p class="none">No policy files: pass <code>--policy &lt;glob&gt;</code>, or list them in',
      ' <code>"toolgen": { "policies": [...] }</code> of package.json, to see what each agent is offered.</p>\n</section>\n',
    );
    return;
  }
  out.push('<div class="agents">\n');
  for (const agent of agents) {
    const id = page.uniqueId('agent', agent.agent);
    out.push(
      `<article class="agent" id="${id}" aria-labelledby="${id}.h"><h3 id="${id}.h">${escapeHtml(agent.agent)}</h3>\n`,
      `<p><code>${escapeHtml(agent.file)}</code> · `,
      agent.confidential ? '<span class="badge b-confidential">confidential</span>' : '<span class="badge">not confidential</span>',
      '</p>\n',
    );
    if (agent.problem !== undefined) {
      out.push(
        '<p class="problem"><strong>This policy file could not be read</strong>, so the agent is shown with nothing offered: ',
        `${escapeHtml(agent.problem)}</p>\n`,
      );
    }
    const costs = new Map<string, number>();
    for (const { qualifiedName } of agent.offered) {
      const tokens = page.tokensOf(qualifiedName);
      for (const variant of tokenVariants) costs.set(variant, (costs.get(variant) ?? 0) + (tokens?.[variant] ?? 0));
    }
    const approvals = agent.offered.filter((tool) => tool.approvalMode === 'require_approval').length;
    out.push(
      `<details class="offered"${agent.offered.length <= openListLength ? ' open' : ''}><summary>Offered: ${plural(agent.offered.length, 'tool')}`,
      approvals > 0 ? `, ${approvals} needing approval` : '',
      '</summary>\n',
    );
    if (agent.offered.length === 0) out.push('<p class="none">Nothing.</p>\n');
    else {
      out.push('<ul>\n');
      for (const { qualifiedName, approvalMode } of agent.offered) {
        const mark =
          approvalMode === 'require_approval'
            ? ' <span class="badge b-approval">needs approval</span>'
            : approvalMode === 'auto_approve'
              ? ' <span class="badge b-auto">auto-approved</span>'
              : '';
        out.push(`<li>${toolLink(qualifiedName)}${mark}</li>\n`);
      }
      out.push('</ul>\n');
      out.push(`<p class="cost muted">Tokens: ${tokenVariants.map((variant) => `<span>${variant} ${costs.get(variant) ?? 0}</span>`).join(' ')}</p>\n`);
    }
    out.push('</details>\n');
    out.push(
      `<details class="left-out"${agent.leftOut.length <= openListLength ? ' open' : ''}>`,
      `<summary>Left out: ${plural(agent.leftOut.length, 'tool')}</summary>\n`,
    );
    if (agent.leftOut.length === 0) out.push('<p class="none">Nothing.</p>\n');
    else {
      out.push('<ul>\n');
      for (const { qualifiedName, reason, why } of agent.leftOut) {
        const kind = reason === 'denied' ? 'approval' : 'confidential';
        out.push(`<li>${toolLink(qualifiedName)} <span class="badge b-${kind}">${escapeHtml(reason)}</span> <span class="why">${escapeHtml(why)}</span></li>\n`);
      }
      out.push('</ul>\n');
    }
    out.push('</details>\n</article>\n');
  }
  out.push('</div>\n</section>\n');
}

function toolLink(qualifiedName: string): string {
  return `<a href="#${idOf('tool', qualifiedName)}"><code>${escapeHtml(qualifiedName)}</code></a>`;
}

function renderToolset(out: string[], page: Page, toolset: ManifestToolset): void {
  const shown = toolset as Partial<ManifestToolset>;
  const owner = textOf(shown.owner);
  const name = textOf(shown.displayName) || owner;
  const tools = listOf(shown.tools) as readonly Partial<ManifestTool>[];
  const id = page.uniqueId('toolset', owner);
  out.push(
    `<section class="toolset" aria-labelledby="${id}"><h3 class="tf" id="${id}">${escapeHtml(name)}</h3>\n`,
    `<p class="toolset-meta">owner <code class="tf">${escapeHtml(owner)}</code> · class <code class="tf">${escapeHtml(textOf(shown.className))}</code>`,
    ` · source <code>${escapeHtml(textOf(shown.source))}</code> · ${plural(tools.length, 'tool')}</p>\n`,
  );
  for (const tool of tools) {
    // one string per tool: the page's parts stay few, and joining them cheap
    const parts: string[] = [];
    renderTool(parts, page, tool);
    out.push(parts.join(''));
  }
  out.push('</section>\n');
}

function renderTool(out: string[], page: Page, tool: Partial<ManifestTool>): void {
  const qualifiedName = textOf(tool.qualifiedName);
  const id = page.uniqueId('tool', qualifiedName);
  out.push(
    `<article class="tool" id="${id}" aria-labelledby="${id}.h">`,
    `<div class="tool-head"><h4 id="${id}.h"><code class="f">${escapeHtml(qualifiedName)}</code></h4>`,
    `<span class="muted">name <code class="f">${escapeHtml(textOf(tool.name))}</code></span>`,
    titleOf(tool) === undefined ? '' : `<span class="tool-title f">${escapeHtml(titleOf(tool)!)}</span>`,
    `<ul class="badges" aria-label="Governance">${badgesOf(tool).join('')}</ul></div>\n`,
    `<p class="desc f">${escapeHtml(textOf(tool.description))}</p>\n`,
  );
  renderArguments(out, tool.parameters);
  out.push('<dl class="facts">');
  if (tool.returns !== undefined) {
    out.push(`<dt>Returns</dt><dd><code>${tool.returns === null ? 'nothing' : escapeHtml(typeSummary(tool.returns, tool.returns))}</code></dd>`);
  }
  const tokens = tokensOf(tool);
  out.push(
    '<dt>Tokens</dt><dd class="cost">',
    tokens === undefined
      ? '<span class="muted">not in this manifest (written before token budgets)</span>'
      : tokenVariants.map((variant) => `<span>${variant} <strong>${tokens[variant] ?? '—'}</strong></span>`).join(' '),
    '</dd>',
  );
  const losses = lossesByVariant(tool.losses);
  if (losses.length > 0) {
    out.push('<dt>Losses</dt><dd><ul>');
    for (const [variant, pointers] of losses) {
      const listed = [...pointers].map(([pointer, keywords]) => `<code>${escapeHtml(pointer || '/')}</code> ${escapeHtml(keywords.join(', '))}`);
      out.push(`<li><strong>${escapeHtml(variant)}</strong>: ${listed.join('; ')}</li>`);
    }
    out.push('</ul></dd>');
  }
  out.push('</dl>\n</article>\n');
}

function renderArguments(out: string[], parameters: unknown): void {
  const { rows, truncated } = argumentTable(parameters);
  if (rows.length === 0) {
    out.push('<p class="none">No arguments.</p>\n');
    return;
  }
  out.push(
    '<table class="args"><caption class="visually-hidden">Arguments</caption><thead><tr><th scope="col">Name</th><th scope="col">Type</th>',
    '<th scope="col">Required</th><th scope="col">Description</th><th scope="col">Constraints</th></tr></thead><tbody>\n',
  );
  for (const row of rows) {
    const depth = Math.min(row.path.length - 1, maxIndent);
    const parent = row.path.slice(0, -1).map((segment) => `${segment}.`).join('');
    out.push(
      `<tr${depth > 0 ? ` class="d${depth}"` : ''}><td><code>`,
      parent === '' ? '' : `<span class="parent">${escapeHtml(parent)}</span>`,
      `${escapeHtml(row.path[row.path.length - 1]!)}</code></td>`,
      `<td class="type"><code>${escapeHtml(row.type)}</code></td>`,
      row.required ? '<td class="req">required</td>' : '<td class="opt">optional</td>',
      `<td>${escapeHtml(row.description)}</td>`,
      `<td class="constraints">${row.constraints.map((constraint) => `<code>${escapeHtml(constraint)}</code>`).join('')}</td></tr>\n`,
    );
  }
  out.push('</tbody></table>\n');
  if (truncated) {
    out.push('<p class="muted">The schema is too large or too deep to show whole: some nested rows are left out. The manifest holds it all.</p>\n');
  }
}

/** A tool's losses grouped by variant, then by pointer, in the manifest's order. */
function lossesByVariant(losses: unknown): [string, Map<string, string[]>][] {
  const grouped = new Map<string, Map<string, string[]>>();
  for (const loss of listOf(losses)) {
    if (!isRecord(loss)) continue;
    const variant = textOf(loss['variant']);
    const pointers = grouped.get(variant) ?? new Map<string, string[]>();
    grouped.set(variant, pointers);
    const pointer = textOf(loss['pointer']);
    const extra = Object.entries(loss).filter(([key]) => key !== 'variant' && key !== 'pointer' && key !== 'keyword');
    const keyword = textOf(loss['keyword']) + (extra.length === 0 ? '' : ` (${extra.map(([key, value]) => `${key}: ${textOf(value)}`).join(', ')})`);
    pointers.set(pointer, [...(pointers.get(pointer) ?? []), keyword]);
  }
  return [...grouped];
}

/** A tool's token counts, when its manifest has them: finite numbers only. */
function tokensOf(tool: Partial<ManifestTool> | undefined): Partial<Record<string, number>> | undefined {
  const tokens: unknown = tool?.tokens;
  if (!isRecord(tokens)) return undefined;
  return Object.fromEntries(Object.entries(tokens).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1])));
}
