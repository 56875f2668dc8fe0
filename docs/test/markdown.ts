import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A fenced code block of a markdown page. */
export interface Fence {
  /** The language: the first word of the info string (`ts` in ```` ```ts run ````), lowercased. */
  readonly lang: string;
  /** The words after the language (`['run']`). */
  readonly flags: readonly string[];
  /** The block's text, without the fences and without the indentation of the opening fence. */
  readonly text: string;
  /** The 1-based line of the page where the block's first line of text is. */
  readonly line: number;
}

const fenceOpening = /^( {0,3})(`{3,}|~{3,})(.*)$/;

/** Every fenced code block of `markdown`, in order. An unclosed fence runs to the end of the page, as CommonMark has it. */
export function fences(markdown: string): Fence[] {
  const lines = markdown.split('\n');
  const found: Fence[] = [];
  for (let index = 0; index < lines.length; index++) {
    const opening = fenceOpening.exec(lines[index]!);
    if (opening === null) continue;
    const [, indent, marker, info] = opening as unknown as [string, string, string, string];
    if (marker.startsWith('`') && info.includes('`')) continue;
    const closing = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !closing.test(lines[end]!)) {
      body.push(stripIndent(lines[end]!, indent.length));
      end++;
    }
    const [lang = '', ...flags] = info.trim().split(/\s+/).filter((word) => word !== '');
    found.push({ lang: lang.toLowerCase(), flags, text: body.length === 0 ? '' : `${body.join('\n')}\n`, line: index + 2 });
    index = end;
  }
  return found;
}

function stripIndent(line: string, indent: number): string {
  let removed = 0;
  while (removed < indent && line[removed] === ' ') removed++;
  return line.slice(removed);
}

/** The page with every fenced block blanked (lines kept, so positions stay), for scanning prose. */
export function withoutFences(markdown: string): string {
  const lines = markdown.split('\n');
  for (const fence of fences(markdown)) {
    const count = fence.text === '' ? 0 : fence.text.split('\n').length - 1;
    for (let line = fence.line - 2; line <= fence.line - 1 + count && line < lines.length; line++) {
      lines[line] = '';
    }
  }
  return lines.join('\n');
}

/** Inline code spans of prose (fences already removed), with their 1-based line. */
export function codeSpans(prose: string): { readonly text: string; readonly line: number }[] {
  const spans: { text: string; line: number }[] = [];
  prose.split('\n').forEach((text, index) => {
    for (const match of text.matchAll(/(`+)(?!`)(.+?)(?<!`)\1(?!`)/g)) {
      spans.push({ text: match[2]!.trim(), line: index + 1 });
    }
  });
  return spans;
}

/** Prose with inline code spans blanked, so link syntax inside them is not taken for a link. */
function withoutCodeSpans(prose: string): string {
  return prose.replace(/(`+)(?!`)(.+?)(?<!`)\1(?!`)/g, (span) => ' '.repeat(span.length));
}

/** A link of a page: its target as written and its 1-based line. */
export interface Link {
  readonly target: string;
  readonly line: number;
}

/** Inline links and images, reference definitions and `href`/`src` attributes, outside code. */
export function links(markdown: string): Link[] {
  const prose = withoutCodeSpans(withoutFences(markdown));
  const found: Link[] = [];
  prose.split('\n').forEach((text, index) => {
    const line = index + 1;
    for (const match of text.matchAll(/(?<!\\)!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/g)) {
      found.push({ target: match[1]!.replace(/^<|>$/g, ''), line });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(text);
    if (definition !== null) found.push({ target: definition[1]!.replace(/^<|>$/g, ''), line });
    for (const match of text.matchAll(/\b(?:href|src)="([^"]*)"/g)) {
      found.push({ target: match[1]!, line });
    }
  });
  return found;
}

/**
 * The anchors a page's headings get on GitHub (github-slugger): the heading's text lowercased,
 * without punctuation other than `-` and `_`, spaces turned into `-`; a repeated slug gets `-1`,
 * `-2`, …. Explicit `<a id>` / `<a name>` anchors count too.
 */
export function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  const counts = new Map<string, number>();
  for (const text of withoutFences(markdown).split('\n')) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (heading !== null) {
      const base = slug(heading[1]!);
      const seen = counts.get(base) ?? 0;
      counts.set(base, seen + 1);
      found.add(seen === 0 ? base : `${base}-${seen}`);
    }
    for (const match of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) {
      found.add(match[1]!);
    }
  }
  return found;
}

function slug(heading: string): string {
  // what a reader sees: link texts, no HTML tags, no emphasis; a backslash-escaped character is itself (`Partial\<T>`)
  const rendered = heading
    .replace(/(?<!\\)!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(?<!\\)<[^>]+>/g, '')
    .replace(/(?<!\\)`/g, '')
    .replace(/(?<!\\)(?:\*\*|__)/g, '')
    .replace(/(^|\s)[*_]|(?<!\\)[*_](\s|$)/g, '$1$2')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1');
  return rendered
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const skippedFolders = new Set(['node_modules', 'dist', '.git', '.tmp', 'coverage', '.work']);

/** Every markdown page of the repository (outside dependencies, build output and scratch folders), repo-relative with `/`. */
export function markdownPages(): string[] {
  const pages: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(path.join(repoRoot, folder), { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!skippedFolders.has(entry.name) && !entry.name.startsWith('.toolgen-tmp-')) walk(path.posix.join(folder, entry.name));
      } else if (entry.name.endsWith('.md')) {
        pages.push(path.posix.join(folder, entry.name));
      }
    }
  };
  walk('');
  return pages.sort();
}

export function readPage(page: string): string {
  return readFileSync(path.join(repoRoot, page), 'utf8');
}

export function exists(file: string): boolean {
  return existsSync(file);
}
