import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FunctionTool } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '@toolgen/generator';
import type { AIFunction, GeneratedToolset } from '@toolgen/runtime';
import { runOpenAIToolCall, toOpenAITools } from '@toolgen/runtime/openai';

/*
 * Issue 25, item 4, through the OpenAI adapter: a Record<string, string> and an unknown parameter
 * in the openai-strict variant are something a model held to the schema can fill (maps as
 * entries, any value as JsonValue), and the runner turns them back into what the method takes.
 */

const source = `import { Toolset } from '@toolgen/runtime';

export class LabelToolset extends Toolset {
  constructor() {
    super();
    this.addTool(LabelToolset.tagItem);
  }

  /**
   * Tags an item.
   * @param id The item.
   * @param labels Its labels by name.
   * @param extra Anything else to store with it.
   */
  static tagItem(id: string, labels: Record<string, string>, extra?: unknown): string {
    return JSON.stringify({ id, labels, extra: extra ?? 'absent' });
  }
}
`;

const tmpRoot = path.join(import.meta.dirname, '.tmp');
let root = '';
let tagItem: AIFunction;

beforeAll(async () => {
  mkdirSync(tmpRoot, { recursive: true });
  root = mkdtempSync(path.join(tmpRoot, 'labels-'));
  const compilerOptions = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', types: [], strict: true, skipLibCheck: true, noEmit: true };
  writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src/labels.ts'), source);
  let output = '';
  const code = await main([], { stdout: (text) => (output += text), stderr: (text) => (output += text) }, root);
  expect(code, output).toBe(0);
  expect(output).not.toMatch(/TSH022/);
  const tools = (await import(pathToFileURL(path.join(root, 'src/labels.tools.ts')).href)) as { labelToolset: GeneratedToolset };
  tagItem = tools.labelToolset.functions[0]!;
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What the model reads back: the tool's JSON result, parsed, or the text of a refusal. */
async function run(argumentText: string): Promise<unknown> {
  const item = await runOpenAIToolCall([tagItem], { type: 'function_call', call_id: 'call_1', name: 'label__tag_item', arguments: argumentText });
  const { output } = item as { output: string };
  return output.startsWith('"') ? JSON.parse(output) : output;
}

describe('a map and an unknown value in the openai-strict variant', () => {
  it('are sent with a schema a strict model can fill with a non-empty map and any value', () => {
    const [tool] = toOpenAITools([tagItem], { api: 'responses' }) as FunctionTool[];
    const validate = new Ajv2020({ strict: false }).compile(tool!.parameters!);
    const sent = {
      id: 'A-1',
      labels: { entries: [{ key: 'team', value: 'ops' }, { key: 'env', value: 'prod' }] },
      extra: { value: { entries: [{ key: 'sizes', value: [1, { entries: [{ key: 'x', value: null }] }] }] } },
    };
    expect(validate(sent), JSON.stringify(validate.errors)).toBe(true);
    // the old closed, empty object took only {}
    expect(validate({ ...sent, labels: { team: 'ops' } })).toBe(false);
    expect(tool!.strict).toBe(true);
  });

  it('run with the map and the value they spell', async () => {
    const result = await run(
      JSON.stringify({
        id: 'A-1',
        labels: { entries: [{ key: 'team', value: 'ops' }, { key: '__proto__', value: 'kept' }, { key: 'team', value: 'sre' }] },
        extra: { value: { entries: [{ key: 'sizes', value: [1, { entries: [{ key: 'x', value: null }] }] }] } },
      }),
    );
    expect(result).toEqual(JSON.stringify({ id: 'A-1', labels: JSON.parse('{"team":"sre","__proto__":"kept"}'), extra: { sizes: [1, { x: null }] } }));
    expect(await run(JSON.stringify({ id: 'A-2', labels: { entries: [] }, extra: null }))).toBe(JSON.stringify({ id: 'A-2', labels: {}, extra: 'absent' }));
  });

  it('still take a map sent as a plain object, and refuse entries that are not entries with the pointer', async () => {
    expect(await run(JSON.stringify({ id: 'A-3', labels: { team: 'ops' }, extra: null }))).toBe(JSON.stringify({ id: 'A-3', labels: { team: 'ops' }, extra: 'absent' }));
    const refused = await run(JSON.stringify({ id: 'A-4', labels: { entries: [{ key: 'team' }] }, extra: null }));
    expect(refused).toMatch(/^Invalid arguments.*\/labels\/entries: must be a string; got an array/s);
  });
});
