import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fences, readPage, repoRoot } from './markdown.js';

/*
 * docs/runtime.md lists every name each entry point of @toolgen/runtime exports (issue 31), and
 * the docs and examples import only entry points and names it lists: a name added to an entry,
 * or taken away, without the page following fails here.
 */

const runtimeFolder = path.join(repoRoot, 'packages/runtime');
const packageJson = JSON.parse(readFileSync(path.join(runtimeFolder, 'package.json'), 'utf8')) as {
  readonly exports: Readonly<Record<string, string | { readonly '@toolgen/source'?: string }>>;
};
const entries = Object.entries(packageJson.exports)
  .filter(([, target]) => typeof target === 'object' && target['@toolgen/source'] !== undefined)
  .map(([subpath, target]) => ({
    specifier: subpath === '.' ? '@toolgen/runtime' : `@toolgen/runtime/${subpath.slice(2)}`,
    file: path.join(runtimeFolder, (target as { readonly '@toolgen/source': string })['@toolgen/source']),
  }));

/** The names each entry's source exports, with whether each is a type only, from TypeScript's own view of the module. */
function exportedNames(): Map<string, Map<string, 'type' | 'value'>> {
  const program = ts.createProgram(
    entries.map(({ file }) => file),
    { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, noEmit: true, skipLibCheck: true, types: [] },
  );
  const checker = program.getTypeChecker();
  const result = new Map<string, Map<string, 'type' | 'value'>>();
  for (const { specifier, file } of entries) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
    const names = new Map<string, 'type' | 'value'>();
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      names.set(symbol.name, target.flags & ts.SymbolFlags.Value ? 'value' : 'type');
    }
    result.set(specifier, names);
  }
  return result;
}

/** The names the list items of docs/runtime.md give under each `## \`specifier\`` heading, each with whether it says "(type)". */
function documentedNames(): Map<string, Map<string, 'type' | 'value'>> {
  const page = readPage('docs/runtime.md');
  const prose = page.replace(/```[\s\S]*?```/g, '');
  const result = new Map<string, Map<string, 'type' | 'value'>>();
  for (const section of prose.split(/^## /m).slice(1)) {
    const heading = /^`([^`]+)`/.exec(section);
    if (heading === null) continue;
    const names = new Map<string, 'type' | 'value'>();
    // the list items and their continuation lines; the prose around them names other things
    const items = section.split('\n').slice(1).filter((line, index, lines) => line.startsWith('- ') || (line.startsWith('  ') && lines.slice(0, index).some((before) => before.startsWith('- ')))).join('\n');
    for (const match of items.matchAll(/`([A-Za-z$][\w$]*)`( \(type\))?/g)) names.set(match[1]!, match[2] === undefined ? 'value' : 'type');
    result.set(heading[1]!, names);
  }
  return result;
}

const exported = exportedNames();
const documented = documentedNames();
/** Adapters are documented on their own pages; the rest on docs/runtime.md. */
const adapterPage = (specifier: string) => `docs/adapters/${specifier.slice('@toolgen/runtime/'.length)}.md`;
const isAdapter = (specifier: string) => !documented.has(specifier) && readdirSync(path.join(repoRoot, 'docs/adapters')).includes(path.basename(adapterPage(specifier)));

describe('docs/runtime.md', () => {
  it('covers every entry point of the package', () => {
    const missing = entries.map(({ specifier }) => specifier).filter((specifier) => !documented.has(specifier) && !isAdapter(specifier));
    expect(missing, 'give each of these entry points a "## `specifier`" section on docs/runtime.md, or an adapter page').toEqual([]);
  });

  it.each([...documented.keys()])('lists exactly what %s exports, types marked "(type)"', (specifier) => {
    const actual = exported.get(specifier);
    expect(actual, `${specifier} is not an entry point in packages/runtime/package.json`).toBeDefined();
    // the validators' helpers (`__toolgen…`) are named as a group, not one by one
    const listed = [...actual!].filter(([name]) => !name.startsWith('__toolgen')).map(([name, kind]) => `${name}${kind === 'type' ? ' (type)' : ''}`).sort();
    const onPage = [...documented.get(specifier)!].map(([name, kind]) => `${name}${kind === 'type' ? ' (type)' : ''}`).sort();
    expect(onPage).toEqual(listed);
  });

  it('keeps the main entry small', () => {
    // 196 names (91 of them values) before issue 31; the main entry holds what a user's own code imports
    const main = [...exported.get('@toolgen/runtime')!.values()];
    expect(main.filter((kind) => kind === 'value').length).toBeLessThanOrEqual(60);
  });

  it.each(entries.map(({ specifier }) => specifier).filter(isAdapter))('names every function %s exports on its adapter page', (specifier) => {
    const page = readPage(adapterPage(specifier));
    const unnamed = [...exported.get(specifier)!].filter(([name, kind]) => kind === 'value' && !page.includes(`\`${name}`)).map(([name]) => name);
    expect(unnamed, `say what these do on ${adapterPage(specifier)}`).toEqual([]);
  });
});

/** Every import of @toolgen/runtime in `text`: its specifier and the names it imports. */
function runtimeImports(text: string): { readonly specifier: string; readonly names: readonly string[] }[] {
  const found: { specifier: string; names: string[] }[] = [];
  for (const match of text.matchAll(/import\s+(?:type\s+)?(?:\{([^}]*)\}|\*\s+as\s+\w+)\s*from\s*'(@toolgen\/runtime(?:\/[\w-]+)?)'/g)) {
    const names = (match[1] ?? '').split(',').map((name) => name.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!).filter((name) => name !== '');
    found.push({ specifier: match[2]!, names });
  }
  return found;
}

function filesUnder(folder: string, keep: (file: string) => boolean): string[] {
  return readdirSync(path.join(repoRoot, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.includes('node_modules/') && keep(file));
}

describe('docs and examples', () => {
  const pages = ['README.md', ...filesUnder('docs', (file) => file.endsWith('.md'))];
  const examples = filesUnder('examples', (file) => /\/src\/.*\.ts$/.test(file));
  const uses = [
    ...pages.flatMap((page) => fences(readPage(page)).flatMap((fence) => runtimeImports(fence.text).map((use) => ({ ...use, where: page })))),
    ...examples.flatMap((file) => runtimeImports(readFileSync(path.join(repoRoot, file), 'utf8')).map((use) => ({ ...use, where: file }))),
  ];

  it('import @toolgen/runtime in many places (the scan works)', () => {
    expect(uses.length).toBeGreaterThan(30);
  });

  it('import only documented entry points and names', () => {
    const undocumented: string[] = [];
    for (const { specifier, names, where } of uses) {
      const listed = documented.get(specifier);
      if (listed === undefined) {
        if (!isAdapter(specifier)) undocumented.push(`${where}: ${specifier} is not a documented entry point`);
        continue;
      }
      for (const name of names) if (!listed.has(name) && !name.startsWith('__toolgen')) undocumented.push(`${where}: ${name} from ${specifier}`);
    }
    expect(undocumented).toEqual([]);
  });
});
