import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readIfExists } from '../../src/io/writeFileAtomic.js';
import { emptyOutcome, OutputFiles } from '../../src/watch/outputFiles.js';

// the reads are counted through the reader OutputFiles is given (no module mock: the unit tests share modules, issue 32)
const read = vi.fn(readIfExists);

const folders: string[] = [];
afterEach(() => {
  folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true }));
  read.mockClear();
});

describe('OutputFiles: what the watcher reads before it writes', () => {
  it('writes a new content over the one it wrote last without reading the file (the manifest is tens of MB at 5000 tools), and reads it when someone else changed it', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'toolgen-outputs-'));
    folders.push(folder);
    const manifest = path.join(folder, 'toolgen.manifest.json');
    const files = new OutputFiles(manifest, read);
    const reads = () => read.mock.calls.length;

    const first = emptyOutcome();
    files.want(manifest, 'one', first);
    expect([first.written, reads()]).toEqual([[manifest], 1]); // not there yet: read, found missing

    const second = emptyOutcome();
    files.want(manifest, 'two', second);
    expect([second.written, second.changedOutside, reads(), readFileSync(manifest, 'utf8')]).toEqual([[manifest], [], 1, 'two']);

    const unchanged = emptyOutcome();
    files.sync(manifest, unchanged);
    expect([unchanged.written, reads()]).toEqual([[], 1]); // as it was: a stat, no read

    writeFileSync(manifest, 'edited by hand, and longer');
    const third = emptyOutcome();
    files.want(manifest, 'three', third);
    expect([third.written, reads(), readFileSync(manifest, 'utf8')]).toEqual([[manifest], 2, 'three']);

    writeFileSync(manifest, 'edited again');
    const restored = emptyOutcome();
    files.sync(manifest, restored);
    expect([restored.written, restored.changedOutside, readFileSync(manifest, 'utf8')]).toEqual([[manifest], [{ file: manifest, kind: 'changed' }], 'three']);
  });
});
