import { describe, expect, it } from 'vitest';
import { camelCase, printClientModule, words, type ListedTool } from '../../src/mcp/printClientModule.js';

const options = { server: 'my-server', command: 'toolgen import-mcp --url http://localhost/mcp --server my-server --out x.ts' };
const tool = (name: string, extra: Partial<ListedTool> = {}): ListedTool => ({ name, inputSchema: { type: 'object', properties: {}, additionalProperties: false }, ...extra });

describe('printClientModule', () => {
  it.each([
    ['list_issues', 'listIssues'],
    ['ticket__search_tickets', 'ticketSearchTickets'],
    ['get-HTTPStatus.v2', 'getHttpStatusV2'],
    ['Weird Name!', 'weirdName'],
  ])('names the method of %s %s', (name, method) => {
    expect(camelCase(words(name))).toBe(method);
  });

  it('prints the same module whatever order the server lists its tools in', async () => {
    const tools = [tool('b_tool', { description: 'B.' }), tool('a_tool', { outputSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } })];
    const forward = await printClientModule(tools, options);
    expect(await printClientModule([...tools].reverse(), options)).toBe(forward);
    expect(forward).toContain('export const myServerToolNames = [\n  "a_tool",\n  "b_tool",\n] as const;');
    expect(forward).toContain('export function createMyServerClient(');
    expect(forward).toContain('async aTool(args: MyServerAToolArguments = {}): Promise<MyServerAToolResult> {');
  });

  it('types a schema that is not an object as unknown, saying so, and prints no helper nothing uses', async () => {
    const text = await printClientModule([tool('odd', { inputSchema: true })], options);
    expect(text).toContain('// toolgen import-mcp: the input schema is not a JSON Schema object, so it is typed unknown.\nexport type MyServerOddArguments = unknown;');
    expect(text).not.toContain('structuredContentOf');
  });

  it('prints a module with no tools', async () => {
    const text = await printClientModule([], options);
    expect(text).toContain('export const myServerToolNames = [] as const;');
    expect(text).toContain('  return {};');
  });
});
