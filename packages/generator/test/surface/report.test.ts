import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSurfaceSubcommand } from '../../src/cli/surfaceCommands.js';
import { agentViewsOf } from '../../src/surface/agentViews.js';
import { renderReport } from '../../src/surface/report/renderReport.js';
import { argumentTable, typeSummary } from '../../src/surface/report/schemaRows.js';
import { surfaceOf } from '../../src/surface/surfaceOf.js';

/**
 * The report's page, read as text: structure, escaping, offline-ness and determinism. The page in a
 * real browser (the filter, no failed request) is reportBrowser.test.ts, an integration test.
 *
 * The fixture project (fixtures/report) is a toolgen.manifest.json that toolgen wrote for four
 * toolsets covering every governance value, nested and recursive (`$ref`) arguments and schema
 * losses, and two agents' policy files: `support` (not confidential: it calls web__fetch_page)
 * and `ops` (confidential: it calls vault__read_secret).
 */
const fixture = path.join(import.meta.dirname, 'fixtures', 'report');
const manifestText = readFileSync(path.join(fixture, 'toolgen.manifest.json'), 'utf8');
const policies = ['agents/ops.yaml', 'agents/support.yaml'].map((file) => ({ file, text: readFileSync(path.join(fixture, file), 'utf8') }));

function fixtureReport() {
  const surface = surfaceOf(manifestText, 'toolgen.manifest.json');
  const agents = agentViewsOf(surface, [...policies, { file: 'agents/broken.yaml', text: '- toolName: [unclosed\n' }]);
  return { surface, agents, html: renderReport({ surface, agents, title: 'report-fixture' }) };
}

const { surface, html } = fixtureReport();

/** Text of an HTML fragment: tags dropped, the report's entities decoded. */
function textOf(fragment: string): string {
  return fragment
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The element `<tag … id="id" …>…</tag>` of a page (the report does not nest articles in articles). */
function elementById(page: string, tag: string, id: string): string {
  const at = page.indexOf(` id="${id}"`);
  expect(at, `#${id}`).toBeGreaterThan(-1);
  const start = page.lastIndexOf(`<${tag} `, at);
  return page.slice(start, page.indexOf(`</${tag}>`, start) + tag.length + 3);
}

/** The argument table of a tool as [name, type, required, description, constraints] rows of text. */
function argumentRowsOf(page: string, qualifiedName: string): string[][] {
  const table = /<table class="args">[\s\S]*?<\/table>/.exec(elementById(page, 'article', `tool-${qualifiedName}`))?.[0] ?? '';
  const rows = [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].slice(1);
  return rows.map(([, row]) => [...row!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map(([, cell]) => textOf(cell!)));
}

/** The badges of a tool, as their text. */
function badgesOf(page: string, qualifiedName: string): string[] {
  return [...elementById(page, 'article', `tool-${qualifiedName}`).matchAll(/<li class="badge[^"]*">([^<]*)<\/li>/g)].map(([, text]) => textOf(text!));
}

/** Every tag's src/href attribute value, and the style sheet's text. */
function externalReferences(page: string): string[] {
  const found: string[] = [];
  for (const [tag] of page.matchAll(/<[a-zA-Z][^>]*>/g)) {
    for (const [, , value] of tag.matchAll(/\s(src|href|action|formaction|poster|srcset)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi)) {
      const unquoted = value!.replace(/^["']|["']$/g, '');
      if (!unquoted.startsWith('#') && !unquoted.startsWith('data:')) found.push(unquoted);
    }
    if (/\sstyle\s*=/i.test(tag)) found.push(`style attribute: ${tag}`);
  }
  const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
  for (const [match] of style.matchAll(/url\(|@import|https?:/gi)) found.push(`in the style sheet: ${match}`);
  return found;
}

describe('toolgen report: the page', () => {
  it('shows every toolset with its display name, owner, class and source, and every tool with its names and description', () => {
    expect(surface.toolsets).toHaveLength(4);
    for (const toolset of surface.toolsets) {
      const section = html.slice(html.indexOf(`<h3 class="tf" id="toolset-${toolset.owner}">`));
      expect(textOf(section.slice(0, section.indexOf('</p>')))).toContain(
        `${toolset.displayName}\nowner ${toolset.owner} · class ${toolset.className} · source ${toolset.source} · ${toolset.tools.length} tool`,
      );
    }
    expect(surface.tools.size).toBe(9);
    for (const { tool } of surface.tools.values()) {
      const article = textOf(elementById(html, 'article', `tool-${tool.qualifiedName}`));
      expect(article).toContain(tool.qualifiedName);
      expect(article).toContain(`name ${tool.name}`);
      expect(article).toContain(tool.description);
    }
    expect(textOf(elementById(html, 'article', 'tool-ticket__search_tickets'))).toContain('Search tickets');
    expect(html).toContain('<title>Tool surface of report-fixture · toolgen report</title>');
    expect(html).toMatch(/<main>[\s\S]*<\/main>/);
    expect(html).toContain('<output id="filter-count" for="filter" aria-live="polite">9 of 9 tools shown</output>');
    expect(html).toMatch(/<label for="filter">Filter tools<\/label><input type="search" id="filter"/);
  });

  it('keeps its headings in order: h1, then h2 sections, h3 toolsets and agents, h4 tools', () => {
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map(([, level]) => Number(level));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    for (let index = 1; index < levels.length; index++) expect(levels[index]! - levels[index - 1]!).toBeLessThanOrEqual(1);
    expect(levels.filter((level) => level === 4)).toHaveLength(9);
  });

  it('lists a nested object argument as dotted rows, with types, required, descriptions and constraints', () => {
    expect(argumentRowsOf(html, 'ticket__search_tickets')).toEqual([
      ['query', 'string', 'required', "Words the ticket's title contains.", 'minLength 2maxLength 200'],
      ['filter', 'object', 'required', 'Narrows the search.', ''],
      ['filter.status', 'string', 'optional', 'Only tickets in this state.', 'one of "open", "pending", "closed"'],
      ['filter.opened', 'object', 'optional', 'When the ticket was opened.', ''],
      ['filter.opened.from', 'string (date)', 'required', 'The earliest day.', ''],
      ['filter.opened.to', 'string (date) | null', 'required', 'The latest day, or null for today.', ''],
      ['limit', 'integer', 'optional', 'How many tickets to return.', 'minimum 1maximum 50'],
    ]);
    const from = '<tr class="d2"><td><code><span class="parent">filter.opened.</span>from</code></td>';
    expect(elementById(html, 'article', 'tool-ticket__search_tickets')).toContain(from);
    const encoding = ['encoding', 'string', 'optional', 'How the text is encoded.', 'one of "utf8", "latin1"default "utf8"'];
    expect(argumentRowsOf(html, 'file__write_file')[2]).toEqual(encoding);
    expect(argumentRowsOf(html, 'ticket__tag_ticket')[1]).toEqual(['tags', 'array of string', 'required', 'The tags to add.', 'maxItems 5']);
  });

  it('resolves a $ref into $defs, and stops at a recursive one', () => {
    expect(argumentRowsOf(html, 'ticket__file_category')).toEqual([
      ['number', 'integer', 'required', "The ticket's number.", ''],
      ['category', 'Category', 'required', 'The category, with its sub-categories.', ''],
      ['category.name', 'string', 'required', '', 'minLength 1'],
      ['category.children', 'array of Category (recursive: see above)', 'required', 'The sub-categories.', ''],
    ]);
  });

  it('reads hand-written schemas: anyOf branches, array items, $ref chains, definitions, records and tuples', () => {
    const schema = {
      type: 'object',
      properties: {
        target: { anyOf: [{ $ref: '#/definitions/Point' }, { type: 'null' }], description: 'Where to go.' },
        shape: {
          oneOf: [
            { type: 'object', properties: { radius: { type: 'number', exclusiveMinimum: 0 } }, required: ['radius'] },
            { type: 'object', properties: { side: { type: 'number' } } },
          ],
        },
        stops: { type: 'array', items: { $ref: '#/$defs/Alias' }, minItems: 1 },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] },
        mode: { const: 'fast' },
        loop: { $ref: '#/$defs/Loop' },
        remote: { $ref: 'https://example.com/schema.json' },
        kind: { type: ['string', 'null'], pattern: '^[a-z]+$' },
      },
      required: ['target'],
      $defs: { Alias: { $ref: '#/definitions/Point' }, Loop: { $ref: '#/$defs/Loop' } },
      definitions: { Point: { type: 'object', description: 'A point.', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] } },
    };
    const rows = argumentTable(schema).rows.map((row) => [
      row.path.join('.'),
      row.type,
      row.required ? 'required' : 'optional',
      row.description,
      row.constraints.join('; '),
    ]);
    expect(rows).toEqual([
      ['target', 'Point | null', 'required', 'Where to go.', ''],
      ['target.x', 'number', 'required', '', ''],
      ['target.y', 'number', 'required', '', ''],
      ['shape', 'object', 'optional', '', ''],
      ['shape.radius', 'number (alternative 1)', 'required', '', 'exclusiveMinimum 0'],
      ['shape.side', 'number (alternative 2)', 'optional', '', ''],
      ['stops', 'array of Alias', 'optional', '', 'minItems 1'],
      ['stops[].x', 'number', 'required', '', ''],
      ['stops[].y', 'number', 'required', '', ''],
      ['labels', 'record of string', 'optional', '', ''],
      ['pair', '[string, integer]', 'optional', '', ''],
      ['mode', '"fast"', 'optional', '', ''],
      ['loop', '$ref #/$defs/Loop', 'optional', '', ''],
      ['remote', '$ref https://example.com/schema.json', 'optional', '', ''],
      ['kind', 'string | null', 'optional', '', 'pattern ^[a-z]+$'],
    ]);
    const listOrNull = { anyOf: [{ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } }, { type: 'null' }] };
    expect(typeSummary(listOrNull, {})).toBe('array of (string | number) | null');
    expect(argumentTable({ type: 'object', properties: {} }).rows).toEqual([]);
    expect(argumentTable(undefined).rows).toEqual([]);
  });

  it('gives repeated names ids of their own, which no other name can take', () => {
    const repeated = JSON.parse(manifestText) as { toolsets: { owner: string; tools: { qualifiedName: string }[] }[] };
    repeated.toolsets[1]!.owner = 'ticket';
    repeated.toolsets[1]!.tools[0]!.qualifiedName = 'ticket__search_tickets';
    repeated.toolsets[1]!.tools[1]!.qualifiedName = 'ticket__search_tickets.2';
    const page = renderReport({ surface: surfaceOf(JSON.stringify(repeated), 'repeated.json'), agents: [], title: 'repeated' });
    const ids = [...page.matchAll(/ id="([^"]*)"/g)].map(([, id]) => id!);
    expect(ids.length).toBe(new Set(ids).size);
    const expected = ['toolset-ticket', 'toolset-ticket.2', 'tool-ticket__search_tickets', 'tool-ticket__search_tickets.2', 'tool-ticket__search_tickets.2e.2'];
    expect(ids).toEqual(expect.arrayContaining(expected));
  });

  it('bounds a schema whose expansion explodes: rows are capped and the page says some are left out', () => {
    const defs: Record<string, unknown> = { D0: { type: 'string' } };
    for (let level = 1; level <= 12; level++) {
      defs[`D${level}`] = { type: 'object', properties: Object.fromEntries(['a', 'b', 'c', 'd'].map((key) => [key, { $ref: `#/$defs/D${level - 1}` }])) };
    }
    const table = argumentTable({ type: 'object', properties: { top: { $ref: '#/$defs/D12' } }, $defs: defs });
    expect(table.truncated).toBe(true);
    expect(table.rows.length).toBeLessThanOrEqual(400);
  });

  it('shows a badge for each governance value', () => {
    expect(badgesOf(html, 'ticket__search_tickets')).toEqual(['read-only', 'network: none', 'configurable: limit']);
    expect(badgesOf(html, 'ticket__close_ticket')).toEqual(['writes', 'idempotent', 'needs approval', 'network: none']);
    expect(badgesOf(html, 'ticket__tag_ticket')).toEqual(['writes', 'additive', 'network: incidental']);
    expect(badgesOf(html, 'web__fetch_page')).toEqual(['read-only', 'network: egress', 'non-confidential agents only']);
    expect(badgesOf(html, 'vault__read_secret')).toEqual(['read-only', 'network: none', 'confidential agents only']);
    expect(badgesOf(html, 'file__read_file')).toEqual(['read-only', 'network: none', 'workspace read: path']);
    expect(badgesOf(html, 'file__write_file')).toEqual(['writes', 'network: none', 'workspace write: path']);
    expect(badgesOf(html, 'file__list_files')).toEqual(['read-only', 'network: none', 'workspace read: folder', 'deprecated']);
    expect(elementById(html, 'article', 'tool-ticket__close_ticket')).toContain('<li class="badge b-approval f">needs approval</li>');
    expect(elementById(html, 'article', 'tool-web__fetch_page')).toContain('<li class="badge b-net-egress f">network: egress</li>');
  });

  it('shows token costs per variant, the totals, and the losses per variant', () => {
    const search = textOf(elementById(html, 'article', 'tool-ticket__search_tickets'));
    expect(search).toContain('Tokensopenai-strict 246 anthropic 219 gemini 191 canonical 211');
    expect(search).toContain('Lossesopenai-strict: /query maxLength, minLengthanthropic: /limit maximum, minimum; /query maxLength, minLength');
    expect(textOf(elementById(html, 'article', 'tool-ticket__file_category'))).toContain('gemini: /category/children/* $ref');
    const tools = [...surface.tools.values()].map(({ tool }) => tool);
    const total = (variant: 'openai-strict' | 'anthropic' | 'gemini' | 'canonical') => tools.reduce((sum, tool) => sum + tool.tokens![variant], 0);
    const losses = (variant: string) => tools.flatMap((tool) => tool.losses).filter((loss) => loss.variant === variant).length;
    const summary = textOf(elementById(html, 'section', 'summary'));
    expect(summary).toContain(`openai-strict${total('openai-strict')}${losses('openai-strict')}3`);
    expect(summary).toContain(`anthropic${total('anthropic')}${losses('anthropic')}3`);
    expect(summary).toContain(`canonical${total('canonical')}——`);
    expect(summary).toContain('9 tools: 5 read-only, 4 writing, 1 needing approval, 1 with network egress, 2 for one kind of agent only, 1 deprecated.');
  });

  it('says when a manifest has no token counts, and when it has no tools or no agents', () => {
    const old = JSON.parse(manifestText) as { toolsets: { tools: Record<string, unknown>[] }[] };
    for (const tool of old.toolsets.flatMap((toolset) => toolset.tools)) delete tool['tokens'];
    const page = renderReport({ surface: surfaceOf(JSON.stringify(old), 'old.json'), agents: [], title: 'old' });
    expect(textOf(elementById(page, 'article', 'tool-ticket__close_ticket'))).toContain('Tokensnot in this manifest (written before token budgets)');
    expect(textOf(elementById(page, 'section', 'summary'))).toContain('9 tools of the manifest have no token counts');
    expect(textOf(page)).toContain('No policy files: pass --policy <glob>');
    const empty = renderReport({ surface: surfaceOf('{"version":1,"toolsets":[]}', 'empty.json'), agents: [], title: 'empty' });
    expect(textOf(empty)).toContain('The manifest lists no tools.');
    expect(empty).toContain('0 of 0 tools shown');
  });

  it("lists each agent's offered tools (approval marked) and what is left out and why; an unreadable policy file says its problem", () => {
    const support = textOf(elementById(html, 'article', 'agent-support'));
    expect(support).toContain('agents/support.yaml · not confidential');
    expect(support).toContain('Offered: 7 tools, 2 needing approval');
    expect(support).toContain('ticket__close_ticket needs approval');
    expect(support).toContain('ticket__tag_ticket needs approval');
    expect(support).toContain('web__fetch_page auto-approved');
    expect(support).toContain('Left out: 2 tools');
    expect(support).toContain('file__write_file denied its policy denies it');
    expect(support).toContain(
      'vault__read_secret confidentiality the tool is for confidential agents only, and this agent is not confidential (its policy lets it call web__fetch_page)',
    );
    expect(elementById(html, 'article', 'agent-support')).toContain('<a href="#tool-file__write_file"><code>file__write_file</code></a>');

    const ops = textOf(elementById(html, 'article', 'agent-ops'));
    expect(ops).toContain('agents/ops.yaml · confidential');
    expect(ops).toContain('Offered: 7 tools\n');
    expect(ops).toContain('vault__read_secret auto-approved');
    expect(ops).toContain('Tokens: openai-strict 695 anthropic 648 gemini 584 canonical 642');
    expect(ops).toContain('ticket__close_ticket denied its policy denies it');
    expect(ops).toContain('web__fetch_page confidentiality the tool is for non-confidential agents only');

    const broken = textOf(elementById(html, 'article', 'agent-broken'));
    expect(broken).toContain('This policy file could not be read');
    expect(broken).toContain('Offered: 0 tools');
    expect(elementById(html, 'article', 'agent-broken')).toContain('<p class="problem">');
  });

  it('escapes every text of the manifest and the policy files: hostile descriptions, names and values stay text', () => {
    const hostile = '</script><script>alert(1)</script><img src=x onerror="alert(2)"> \' " & <!-- <style>body{background:url(https://evil.example/x)}</style>';
    const manifest = {
      version: 1,
      toolsets: [
        {
          className: `Evil"Toolset<b>`,
          owner: 'evil" onmouseover="alert(3)',
          displayName: `<script>alert(4)</script>`,
          source: 'src/<iframe src="https://evil.example">.ts',
          module: 'x',
          exportName: 'x',
          tools: [
            {
              name: 'x" autofocus onfocus="alert(5)',
              qualifiedName: 'evil__x"><svg onload=alert(6)>',
              title: hostile,
              description: hostile,
              parameters: {
                type: 'object',
                properties: { '<b>name</b>': { type: 'string', description: hostile, pattern: '</script>', enum: ['</script>', '<img src=x>'] } },
                required: ['<b>name</b>'],
              },
              returns: { $ref: '#/$defs/</script>' },
              readOnly: false,
              approval: 'require_approval',
              networkScope: '<script>',
              confidentiality: '"><script>',
              workspacePaths: [{ parameter: '<script>', access: 'write' }],
              settings: { schema: {}, configurable: ['</script>'] },
              clientCapabilities: ['<img src=x>'],
              variants: {},
              losses: [{ variant: '<script>', pointer: '/</script>', keyword: '<img src=x>', note: '</script>' }],
              tokens: { 'openai-strict': '<script>', anthropic: 1, gemini: 2, canonical: 3 },
            },
          ],
        },
      ],
    };
    const hostileSurface = surfaceOf(JSON.stringify(manifest), 'evil.json');
    const agents = agentViewsOf(hostileSurface, [
      { file: 'agents/<script>.yaml', text: '- toolName: "evil__x\\"><svg onload=alert(6)>"\n  approvalMode: require_approval\n' },
      { file: 'agents/"bad".yaml', text: '- toolName: </script><script>alert(7)</script>\n  approvalMode: [\n' },
    ]);
    const page = renderReport({ surface: hostileSurface, agents, title: '</title><script>alert(8)</script>' });
    expect(page.match(/<script/gi)).toHaveLength(1);
    expect(page.match(/<\/script/gi)).toHaveLength(1);
    expect(page.match(/<style/gi)).toHaveLength(1);
    expect(page).not.toMatch(/<(img|svg|iframe|b|!--)[\s>]/i);
    expect(page).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    // every tag is one of the report's own
    const tags = new Set([...page.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map(([, tag]) => tag!.toLowerCase()));
    const own = ['html', 'head', 'meta', 'title', 'link', 'style', 'body', 'header', 'div', 'h1', 'h2', 'h3', 'h4', 'p', 'nav', 'a', 'main', 'section'];
    own.push('table', 'thead', 'tbody', 'tr', 'th', 'td');
    const more = ['caption', 'code', 'span', 'strong', 'label', 'input', 'output', 'article', 'ul', 'li', 'details', 'summary', 'dl', 'dt', 'dd', 'script'];
    expect([...tags].filter((tag) => ![...own, ...more].includes(tag))).toEqual([]);
    // the texts are there, as text
    expect(textOf(page)).toContain(hostile);
    expect(page).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt; &#39; &quot; &amp;');
    expect(page).toContain('id="tool-evil__x.22..3e..3c.svg.20.onload.3d.alert.28.6.29..3e."');
    expect(textOf(page)).toContain('agents/<script>.yaml');
    expect(textOf(page)).toContain('This policy file could not be read');
    expect(textOf(page)).toContain('Losses<script>: /</script> <img src=x> (note: </script>)');
    expect(externalReferences(page)).toEqual([]);
  });

  it('loads nothing from outside the page: no external src, href, url() or @import, and a CSP allowing its own style and script only', () => {
    expect(externalReferences(html)).toEqual([]);
    expect(html).not.toMatch(/https?:\/\//);
    const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)![1]!;
    const expected = `default-src 'none'; style-src '${hash(style)}'; script-src '${hash(script)}'; img-src data:; base-uri 'none'; form-action 'none'`;
    expect(policy).toBe(expected.replace(/'/g, '&#39;'));
    // the script reads the page; it embeds nothing of the manifest
    for (const { tool } of surface.tools.values()) expect(script).not.toContain(tool.qualifiedName);
  });

  it('is deterministic: the same input renders byte-identical pages', () => {
    expect(fixtureReport().html).toBe(html);
    expect(renderReport({ surface, agents: [], title: 't' })).toBe(renderReport({ surface, agents: [], title: 't' }));
  });
});

describe('toolgen report: the command', () => {
  const made: string[] = [];
  afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('writes the page and says how many tools and agents it shows', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'toolgen-report-'));
    made.push(dir);
    cpSync(fixture, dir, { recursive: true });
    const stdout: string[] = [];
    const stderr: string[] = [];
    const output = { stdout: (text: string) => stdout.push(text), stderr: (text: string) => stderr.push(text) };
    expect(runSurfaceSubcommand(['report', '--out', 'out/report.html', '-p', '.', '--policy', 'agents/*.yaml'], output, dir)).toBe(0);
    expect(stderr).toEqual([]);
    expect(stdout.join('')).toBe('toolgen: 9 tools, 2 agents; out/report.html written.\n');
    const written = readFileSync(path.join(dir, 'out', 'report.html'), 'utf8');
    const agents = agentViewsOf(surface, policies);
    expect(written).toBe(renderReport({ surface: surfaceOf(manifestText, 'toolgen.manifest.json'), agents, title: path.basename(dir) }));

    stdout.length = 0;
    expect(runSurfaceSubcommand(['report', '--out', path.join(dir, 'plain.html'), '-p', dir], output, dir)).toBe(0);
    expect(stdout.join('')).toBe('toolgen: 9 tools; plain.html written.\n');
    expect(readFileSync(path.join(dir, 'plain.html'), 'utf8')).toContain('No policy files');

    expect(runSurfaceSubcommand(['report', '--out', 'report.txt', '-p', '.'], output, dir)).toBe(2);
    expect(stderr.join('')).toContain('--out must name an HTML file (.html), not "report.txt".');
  });
});
