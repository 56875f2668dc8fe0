import { describe, expect, it } from 'vitest';
import { printClientModule, type ListedTool } from '../../src/mcp/printClientModule.js';
import { camelCase, commentText, stringLiteral, words } from '../../src/mcp/serverText.js';

const options = { server: 'my-server', command: 'toolgen import-mcp --url http://localhost/mcp --server my-server --out x.ts' };
const tool = (name: string, extra: Partial<ListedTool> = {}): ListedTool => ({ name, inputSchema: { type: 'object', properties: {}, additionalProperties: false }, ...extra });

describe('printClientModule', () => {
  it.each([
    ['list_issues', 'listIssues'],
    ['ticket__search_tickets', 'ticketSearchTickets'],
    ['get-HTTPStatus.v2', 'getHttpStatusV2'],
    ['Weird Name!', 'weirdName'],
    // accents are dropped, not their letters
    ['ünïcode.tool', 'unicodeTool'],
    ['Crème Brûlée', 'cremeBrulee'],
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

  it('types a schema that contains itself (an object built in code) as unknown, saying why', async () => {
    const looped: Record<string, unknown> = { type: 'object', properties: {} };
    (looped['properties'] as Record<string, unknown>)['self'] = looped;
    const text = await printClientModule([tool('looped', { inputSchema: looped })], options);
    expect(text).toContain('// toolgen import-mcp could not type this input schema (it contains itself), so it is typed unknown.\nexport type MyServerLoopedArguments = unknown;');
  });

  it('drops json-schema-to-typescript\'s keywords wherever they are, and names every type after the declaration', async () => {
    const schema = {
      type: 'object',
      title: 'McpToolCaller',
      properties: { a: { allOf: [{ items: { type: 'array', items: { tsType: 'Evil' } } }] }, b: { $ref: '#/properties/c' }, c: { type: 'object', $id: 'McpCallToolResult', properties: {} } },
      $defs: { label: { type: 'string', tsType: 'Evil' }, Label: { enum: ['x'], tsEnumNames: ['Evil'] } },
      required: ['b'],
    };
    const text = await printClientModule([tool('t', { inputSchema: schema, outputSchema: { $ref: '#/$defs/label', $defs: { label: { type: 'string' } } } })], options);
    expect(text).not.toMatch(/Evil|enum /);
    expect([text.match(/interface McpToolCaller\b/g)?.length, text.match(/interface McpCallToolResult\b/g)?.length]).toEqual([1, 1]);
    expect(text).toContain('b: MyServerTArgumentsC;');
    expect(text).toContain('export type MyServerTResult = string;');
  });

  it('types a required member the schema leaves out of properties as unknown, not as nothing', async () => {
    const inputSchema = { type: 'object', properties: { x: { type: 'string' } }, required: ['x', 'missing', '__proto__'] };
    const text = await printClientModule([tool('t', { inputSchema })], options);
    expect(text).toMatch(/export interface MyServerTArguments \{\n {2}x: string;\n {2}missing: unknown;\n {2}__proto__: unknown;\n/);
  });

  it('refuses a server name identifiers cannot derive from', async () => {
    await expect(printClientModule([], { ...options, server: '9 */ x' })).rejects.toThrow(/The server's name must start with a letter and hold only letters, digits, "_" and "-" \(identifiers derive from it\), not "9 \*\/ x"\./);
  });

  it.each([
    ['a */ b', 'block', 'a *\\/ b'],
    ['one\r\ntwo\u2028three\u2029four\rfive', 'block', 'one\ntwo\nthree\nfour\nfive'],
    ['one\u2028 two */', 'line', 'one two *\\/'],
  ] as const)('escapes %j for a %s comment', (text, layout, escaped) => {
    expect(commentText(text, layout)).toBe(escaped);
  });

  it('quotes a name as one line, backticks and ${ as they are', () => {
    expect(stringLiteral('a"`${b}`\u2028\u2029\n')).toBe('"a\\"`${b}`\\u2028\\u2029\\n"');
  });
});
