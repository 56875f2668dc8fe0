import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ModuleMirror } from '../../src/backends/ts6/ModuleMirror.js';
import { contentHash, freshStamp, stampFile } from '../../src/backends/ts6/mirrorStamp.js';
import { writeProject } from '../helpers.js';

/*
 * `toolgen mcp` loads a project's modules through ModuleMirror: transpiled into
 * node_modules/.cache/toolgen/mcp, and on a later start imported as they are while the stamp
 * says nothing they were made from has changed. These decide freshness against each kind of
 * change; serve.test.ts serves projects through it with the real bin.
 */

const bundler = { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true }, include: ['src'] };

/** A project whose entry imports `./lib` (a folder's index.ts, until a lib.ts comes first) and a module outside its folder. */
function project(): { root: string; app: string; entry: string } {
  const root = writeProject({
    'app/src/entry.ts': "import { label } from './lib';\nimport { counter } from '../../shared/counter';\nexport const value: string = `${label}:${counter.next()}`;\n",
    'app/src/other.ts': "import { counter } from '../../shared/counter';\nexport const shared = counter;\n",
    'app/src/lib/index.ts': "export const label: string = 'index';\n",
    'shared/counter.ts': 'let count = 0;\nexport const counter = { next: (): number => ++count };\n',
  });
  const app = path.join(root, 'app');
  writeFileSync(path.join(app, 'tsconfig.json'), JSON.stringify(bundler));
  return { root, app, entry: path.join(app, 'src/entry.ts') };
}

/** Mirrors `entry` with a mirror of its own, as a new start of `toolgen mcp` does, and gives what the entry's mirror holds. */
async function mirrored(app: string, entry: string): Promise<string> {
  const mirror = new ModuleMirror(path.join(app, 'tsconfig.json'));
  await mirror.import(entry);
  return readFileSync(freshStamp(mirror.cacheDir, entry)!.entryOutput, 'utf8');
}

const cacheOf = (app: string) => path.join(app, 'node_modules/.cache/toolgen/mcp');

describe('ModuleMirror', () => {
  it('imports the transpiled entry; one module has one mirrored file whatever imports it, the one outside the folder too', async () => {
    const { root, app, entry } = project();
    const mirror = new ModuleMirror(path.join(app, 'tsconfig.json'));
    const first = await mirror.import(entry);
    const other = await mirror.import(path.join(app, 'src/other.ts'));
    expect(first['value']).toBe('index:1');
    // the same counter: both entries import one mirrored shared/counter.js
    expect((other['shared'] as { next(): number }).next()).toBe(2);
    const outside = path.join(cacheOf(app), '_outside', path.parse(root).root.replace(/[:\\/]/g, ''), path.relative(path.parse(root).root, root), 'shared/counter.js');
    expect(readFileSync(outside, 'utf8')).toContain('let count = 0;');
    expect(readFileSync(path.join(cacheOf(app), 'src/entry.js'), 'utf8')).toContain(`from "${path.relative(path.join(cacheOf(app), 'src'), outside).split(path.sep).join('/')}"`);
  });

  it('is fresh on a second start with nothing changed, and a new mirror then imports the module the stamp names, transpiling nothing', async () => {
    const { app, entry } = project();
    await mirrored(app, entry);
    const stamp = freshStamp(cacheOf(app), entry);
    expect(stamp?.entryOutput).toBe(path.join(cacheOf(app), 'src/entry.js'));
    expect(Object.keys(stamp!.inputs)).toEqual(expect.arrayContaining([path.join(app, 'tsconfig.json'), entry, path.join(app, 'src/lib/index.ts')]));

    // a stamp naming another module, still fresh: only a mirror that trusts the stamp imports it (one that transpiled gave 'index:1')
    const stamped = path.join(cacheOf(app), 'src/stamped.js');
    const text = "export const value = 'from the stamp';\n";
    writeFileSync(stamped, text);
    writeFileSync(stampFile(cacheOf(app), entry), JSON.stringify({ ...stamp, entryOutput: stamped, outputs: { ...stamp!.outputs, [stamped]: contentHash(text) } }));
    expect((await new ModuleMirror(path.join(app, 'tsconfig.json')).import(entry))['value']).toBe('from the stamp');
  });

  it('is stale once an imported module changes, and the next start mirrors the change', async () => {
    const { app, entry } = project();
    await mirrored(app, entry);
    writeFileSync(path.join(app, 'src/lib/index.ts'), "export const label: string = 'edited';\n");
    expect(freshStamp(cacheOf(app), entry)).toBeUndefined();
    await mirrored(app, entry);
    expect(readFileSync(path.join(cacheOf(app), 'src/lib/index.js'), 'utf8')).toContain("'edited'");
  });

  it('is stale once a file appears where resolution looked and found nothing: ./lib now resolves to lib.ts', async () => {
    const { app, entry } = project();
    expect(await mirrored(app, entry)).toContain('from "./lib/index.js"');
    writeFileSync(path.join(app, 'src/lib.ts'), "export const label: string = 'file';\n");
    expect(freshStamp(cacheOf(app), entry)).toBeUndefined();
    expect(await mirrored(app, entry)).toContain('from "./lib.js"');
  });

  it('stays fresh when a folder appears where resolution asked for a file (TypeScript takes it for none); a stamp cut short is stale, not an error', async () => {
    const { app, entry } = project();
    await mirrored(app, entry);
    mkdirSync(path.join(app, 'src/lib.ts'));
    expect(freshStamp(cacheOf(app), entry)).toBeDefined();
    writeFileSync(stampFile(cacheOf(app), entry), JSON.stringify({ maker: (JSON.parse(readFileSync(stampFile(cacheOf(app), entry), 'utf8')) as { maker: string }).maker }));
    expect(freshStamp(cacheOf(app), entry)).toBeUndefined();
  });

  it('is stale once the tsconfig, or a config it extends, changes', async () => {
    const { app, entry } = project();
    writeFileSync(path.join(app, 'base.json'), JSON.stringify({ compilerOptions: { target: 'ES2022' } }));
    writeFileSync(path.join(app, 'tsconfig.json'), JSON.stringify({ ...bundler, extends: './base.json' }));
    await mirrored(app, entry);
    writeFileSync(path.join(app, 'base.json'), JSON.stringify({ compilerOptions: { target: 'ES2020' } }));
    expect(freshStamp(cacheOf(app), entry)).toBeUndefined();
    await mirrored(app, entry);
    writeFileSync(path.join(app, 'tsconfig.json'), JSON.stringify({ ...bundler, extends: './base.json', compilerOptions: { ...bundler.compilerOptions, paths: { '@lib': ['./src/lib/index.ts'] } } }));
    expect(freshStamp(cacheOf(app), entry)).toBeUndefined();
  });

  it('is stale once a mirrored file is edited or removed, or a symbolic link resolution followed leads elsewhere', async () => {
    const { root, app, entry } = project();
    await mirrored(app, entry);
    const libOutput = path.join(cacheOf(app), 'src/lib/index.js');
    writeFileSync(libOutput, 'export const label = "tampered";\n');
    expect(freshStamp(cacheOf(app), entry)).toBeUndefined();
    await mirrored(app, entry);
    rmSync(libOutput);
    expect(freshStamp(cacheOf(app), entry)).toBeUndefined();

    // a package reached through a link in node_modules: imported as written, so only where the link leads matters
    for (const version of ['one', 'two']) {
      mkdirSync(path.join(root, version), { recursive: true });
      writeFileSync(path.join(root, version, 'package.json'), JSON.stringify({ name: 'dep', version: '1.0.0', types: 'index.d.ts' }));
      writeFileSync(path.join(root, version, 'index.d.ts'), 'export declare const dep: string;\n');
    }
    mkdirSync(path.join(app, 'node_modules'), { recursive: true });
    symlinkSync(path.join(root, 'one'), path.join(app, 'node_modules/dep'), 'dir');
    writeFileSync(entry, `import { dep } from 'dep';\n${readFileSync(entry, 'utf8')}export const uses = typeof dep;\n`);
    await new ModuleMirror(path.join(app, 'tsconfig.json')).import(entry).catch(() => undefined);
    expect(freshStamp(cacheOf(app), entry)).toBeDefined();
    rmSync(path.join(app, 'node_modules/dep'));
    symlinkSync(path.join(root, 'two'), path.join(app, 'node_modules/dep'), 'dir');
    expect(freshStamp(cacheOf(app), entry)).toBeUndefined();
  });

  it('is stale when another toolgen wrote the stamp, or the stamp is not JSON', async () => {
    const { app, entry } = project();
    await mirrored(app, entry);
    const file = stampFile(cacheOf(app), entry);
    const stamp = JSON.parse(readFileSync(file, 'utf8')) as { maker: string };
    writeFileSync(file, JSON.stringify({ ...stamp, maker: 'another toolgen' }));
    expect(freshStamp(cacheOf(app), entry)).toBeUndefined();
    writeFileSync(file, '{');
    expect(freshStamp(cacheOf(app), entry)).toBeUndefined();
  });
});
