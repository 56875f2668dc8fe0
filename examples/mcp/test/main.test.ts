import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '@toolgen/generator';
import { runScript } from '../../../test/runScript.js';

const example = path.resolve(import.meta.dirname, '..');
const bin = path.resolve(example, '../../packages/generator/bin/toolgen.js');

describe('npm start in examples/mcp', () => {
  let output = '';
  beforeAll(() => {
    output = runScript(example, 'start', { timeout: 120_000 });
  }, 150_000);

  it('serves the generated tools with their annotations and answers in toolgen words', () => {
    expect(output).toContain('  note__find_notes readOnly=true destructive=false openWorld=false\n');
    expect(output).toContain('  note__share_note readOnly=false destructive=true openWorld=true (output schema)\n');
    expect(output).toContain('add_note → note 2: "Buy milk", tags shopping\n');
    expect(output).toContain('find_notes "milk" → notes 2\n');
    expect(output).toContain('get_note with id "one" → isError=true:\n    Invalid arguments:\n    - /id: must be a number; got "one"\n');
    expect(output).toContain('get_note 99 → The tool note__get_note failed: No note 99 exists. Find the note first to learn its id.\n');
  });

  it('runs delete_note only when the user approves', () => {
    expect(output).toMatch(/\[the user is asked\] Allow note__delete_note to run with these arguments\? It may change things\. → approves\n {2}→ Done/);
    expect(output).toMatch(/→ declines\n {2}→ The user rejected this call, so note__delete_note was not called\./);
  });

  it('connects the tools into a catalogue untrusted, and drops them when the server goes', () => {
    expect(output).toContain('notes__find_notes: the server says readOnlyHint=true; the catalogue says readOnly=false\n');
    expect(output).toContain('a plan-mode agent sees: nothing\n');
    expect(output).toContain('the server closed; the catalogue holds 0 tools\n');
    expect(output).toContain('a held tool → The MCP server "notes" is disconnected, so notes__find_notes was not called.');
  });
});

describe('the generated files of examples/mcp', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'toolgen-example-mcp-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('are what toolgen generates', async () => {
    let text = '';
    const code = await main(['--check', '-p', example], { stdout: (line) => (text += line), stderr: (line) => (text += line) });
    expect({ code, text }).toMatchObject({ code: 0 });
  }, 120_000);

  it('include the client toolgen import-mcp writes from toolgen mcp -p examples/mcp', async () => {
    const out = path.join(folder, 'notesClient.ts');
    let text = '';
    const code = await main(['import-mcp', '--command', `"${process.execPath}" "${bin}" mcp -p .`, '--server', 'notes', '--out', out], { stdout: (line) => (text += line), stderr: (line) => (text += line) }, example);
    expect({ code, text }).toMatchObject({ code: 0 });
    const body = (file: string) => readFileSync(file, 'utf8').split('\n').slice(1).join('\n');
    expect(body(out)).toBe(body(path.join(example, 'src/notesClient.ts')));
  }, 120_000);
});
