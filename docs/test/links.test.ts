import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, codeSpans, links, markdownPages, readPage, repoRoot, withoutFences } from './markdown.js';

/**
 * The repository is all a user has: no page may link to a file or heading that does not exist,
 * send them outside the repository, or mention a file of this machine or of the team's notes.
 */
const pages = markdownPages();
const anchorsOf = new Map<string, Set<string>>();
const anchorsOfPage = (page: string): Set<string> => {
  let found = anchorsOf.get(page);
  if (found === undefined) {
    found = anchors(readPage(page));
    anchorsOf.set(page, found);
  }
  return found;
};

/** Where a repo-relative path is, or why it is not a place in the repository. */
function insideRepo(file: string): string | undefined {
  const relative = path.relative(repoRoot, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep).join('/');
}

const markdownFileNames = new Set<string>();
for (const page of pages) markdownFileNames.add(path.posix.basename(page));

describe.each(pages)('%s', (page) => {
  const markdown = readPage(page);
  const folder = path.dirname(path.join(repoRoot, page));

  it('links only to files and headings that exist in the repository', () => {
    const broken: string[] = [];
    for (const { target, line } of links(markdown)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      const [file = '', anchor] = target.split('#', 2) as [string, string | undefined];
      const resolved = file === '' ? path.join(repoRoot, page) : path.resolve(folder, decodeURIComponent(file));
      const relative = insideRepo(resolved);
      if (relative === undefined) {
        broken.push(`${page}:${line}: ${target} leads outside the repository`);
      } else if (!existsSync(resolved)) {
        broken.push(`${page}:${line}: ${target}: ${relative} does not exist`);
      } else if (anchor !== undefined && anchor !== '' && relative.endsWith('.md') && !anchorsOfPage(relative).has(anchor)) {
        broken.push(`${page}:${line}: ${target}: ${relative} has no heading or anchor #${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('mentions no path outside the repository', () => {
    const found: string[] = [];
    const lines = markdown.split('\n');
    lines.forEach((text, index) => {
      const at = `${page}:${index + 1}`;
      for (const match of text.matchAll(/(?<![\w.~:/-])(\/(?:work|tmp|home|Users|mnt)\/[^\s`'")]*)/g)) {
        found.push(`${at}: ${match[1]} is a path on one machine`);
      }
      for (const match of text.matchAll(/(?<![\w~])(~\/[^\s`'")]*)/g)) found.push(`${at}: ${match[1]} is in someone's home folder`);
      for (const match of text.matchAll(/\bfile:\/\/\S*/g)) found.push(`${at}: ${match[0]} is a file URL of one machine`);
      for (const match of text.matchAll(/\b[A-Za-z]:\\[A-Za-z][^\s`'")]*/g)) found.push(`${at}: ${match[0]} is a path on one machine`);
      // the words of a folder only this project's engineers have, spelled so that searching the docs for them finds only real mentions
      if (/\bshared\s+folder\b/i.test(text)) found.push(`${at}: "shared" + "folder" names a folder users do not have`);
    });
    // every markdown file a page's prose names is one of the repository's (code blocks may name a program's own files)
    withoutFences(markdown).split('\n').forEach((text, index) => {
      for (const match of text.matchAll(/(?<![\w/.-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w.-]+\.md)\b/g)) {
        const name = match[1]!;
        const known = name.includes('/') ? existsSync(path.resolve(folder, name)) || existsSync(path.join(repoRoot, name)) : markdownFileNames.has(name);
        if (!known) found.push(`${page}:${index + 1}: ${name} is not a file of this repository`);
      }
    });
    // a path into the repository's own folders, written as code, must exist
    for (const { text, line } of codeSpans(withoutFences(markdown))) {
      const repoPath = /^(?:\.\/)?((?:packages|examples|docs|bench)\/[\w./@-]*)$/.exec(text)?.[1];
      if (repoPath !== undefined && !existsSync(path.join(repoRoot, repoPath))) found.push(`${page}:${line}: \`${text}\` does not exist in the repository`);
    }
    expect(found).toEqual([]);
  });
});

describe('the docs folder', () => {
  it('is reachable: every page of docs/ can be found by following links from docs/README.md', () => {
    const reached = new Set<string>(['docs/README.md']);
    const pending = ['docs/README.md'];
    while (pending.length > 0) {
      const page = pending.pop()!;
      for (const { target } of links(readPage(page))) {
        const file = target.split('#')[0]!;
        if (file === '' || /^[a-z][a-z0-9+.-]*:/i.test(file)) continue;
        const linked = path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
        if (linked.startsWith('docs/') && linked.endsWith('.md') && !reached.has(linked) && pages.includes(linked)) {
          reached.add(linked);
          pending.push(linked);
        }
      }
    }
    expect(pages.filter((page) => page.startsWith('docs/') && !reached.has(page))).toEqual([]);
  });
});
