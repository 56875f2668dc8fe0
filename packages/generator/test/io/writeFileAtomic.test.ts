import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { holdsPieces, writeFileAtomic } from '../../src/io/writeFileAtomic.js';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function folder(): string {
  const made = mkdtempSync(path.join(os.tmpdir(), 'toolgen-write-'));
  folders.push(made);
  return made;
}

describe('holdsPieces', () => {
  it.each([
    ['abc', ['a', 'bc'], true],
    ['abc', ['abc'], true],
    ['abc', 'abc', true],
    ['', [], true],
    ['abc', ['a', 'b'], false],
    ['ab', ['a', 'bc'], false],
    ['abc', ['b', 'ac'], false],
    [undefined, [''], false],
  ] as const)('%j holds %j: %s', (text, pieces, expected) => {
    expect(holdsPieces(text, pieces)).toBe(expected);
  });
});

describe('writeFileAtomic with pieces (the one-shot manifest)', () => {
  it('writes their concatenation, UTF-8, one after another; skips a file that already holds it; leaves no temporary file', () => {
    const file = path.join(folder(), 'deep/toolgen.manifest.json');
    const pieces = ['{\n  "toolsets": [\n    ', '{ "name": "ünïcødé 🚀" }', ',\n    {}', '\n  ]\n}\n'];
    expect(writeFileAtomic(file, pieces)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(pieces.join(''));
    expect(writeFileAtomic(file, pieces)).toBe(false);
    expect(writeFileAtomic(file, pieces.join(''))).toBe(false);
    expect(writeFileAtomic(file, [...pieces.slice(0, 3), '\n]\n'])).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(`${pieces.slice(0, 3).join('')}\n]\n`);
    expect(readdirSync(path.dirname(file))).toEqual(['toolgen.manifest.json']);
  });

  it('replaces a longer file with a shorter content entirely', () => {
    const file = path.join(folder(), 'm.json');
    writeFileSync(file, 'x'.repeat(10_000));
    expect(writeFileAtomic(file, ['a', 'b'])).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('ab');
  });
});
