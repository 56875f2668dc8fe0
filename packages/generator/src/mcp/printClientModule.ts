import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { schemaForTyping, UntypableSchema, type SchemaObject } from './schemaForTyping.js';
import { camelCase, commentText, pascalCase, serverNamePattern, shownHidden, stringLiteral, words } from './serverText.js';

/** What `printClientModule` needs of each tool an MCP server lists. */
export interface ListedTool {
  readonly name: string;
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly inputSchema: unknown;
  readonly outputSchema?: unknown;
}

export interface ClientModuleOptions {
  /** The server's name as given to `--server`; identifiers derive from it (`github` → `createGithubClient`). */
  readonly server: string;
  /** How to run `toolgen import-mcp` again, for the header. */
  readonly command: string;
  /** Told of each schema typed `unknown`, and why: `toolgen import-mcp` says so, as the module's comment does. */
  readonly onUntyped?: (untyped: UntypedSchema) => void;
}

/** A tool's schema the module types `unknown`. */
export interface UntypedSchema {
  readonly tool: string;
  readonly role: 'input' | 'output';
  readonly reason: string;
}

/**
 * The typed client module of an MCP server's tools (SPEC §7): `<server>ToolNames`, a readonly
 * tuple of the tool names, and `create<Server>Client(client)`, with one async method per tool
 * named in camelCase, taking the arguments typed from its `inputSchema` and resolving to its
 * `structuredContent` typed from its `outputSchema` (to the `CallToolResult` when it has none).
 * Types come from json-schema-to-typescript; a schema it cannot type becomes `unknown`, with a
 * comment saying why. Tools are printed by name, so the module is the same for the same tools.
 * What the server sent is data: names are string literals (`stringLiteral`), texts escaped
 * comments (`commentText`), and schemas are typed as `schemaForTyping` copies them.
 *
 * ```ts
 * const { tools } = await client.listTools();
 * const text = await printClientModule(tools, { server: 'github', command: 'toolgen import-mcp …' });
 * // export const githubToolNames = [...] as const; export function createGithubClient(client) { … }
 * ```
 */
export async function printClientModule(tools: readonly ListedTool[], options: ClientModuleOptions): Promise<string> {
  if (!serverNamePattern.test(options.server)) {
    throw new Error(`The server's name must start with a letter and hold only letters, digits, "_" and "-" (identifiers derive from it), not ${stringLiteral(options.server)}.`);
  }
  const serverWords = words(options.server);
  const serverCamel = camelCase(serverWords);
  const serverPascal = pascalCase(serverWords);
  const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const methodNames = uniqueNames(sorted.map((tool) => identifier(camelCase(words(tool.name)))));
  const bases = methodNames.map((method) => typeName(`${serverPascal}${method.charAt(0).toUpperCase()}${method.slice(1)}`));
  // the type names the module declares: a schema whose other types would repeat one is typed unknown
  const declared = new Set([resultTypeName, callerTypeName, `${serverPascal}ToolName`, `${serverPascal}Client`]);
  for (const [index, tool] of sorted.entries()) {
    declared.add(`${bases[index]!}Arguments`);
    if (tool.outputSchema !== undefined && tool.outputSchema !== null) declared.add(`${bases[index]!}Result`);
  }

  const declarations: string[] = [];
  const methods: string[] = [];
  let structured = false;
  for (const [index, tool] of sorted.entries()) {
    const method = methodNames[index]!;
    const base = bases[index]!;
    const quotedName = commentText(tool.name, 'line');
    const argumentsType = `${base}Arguments`;
    const argumentsDeclaration = await typeDeclaration(tool.inputSchema, argumentsType, 'input', declared);
    if (argumentsDeclaration.reason !== undefined) options.onUntyped?.({ tool: tool.name, role: 'input', reason: argumentsDeclaration.reason });
    declarations.push(`/** The arguments of \`${quotedName}\`. */\n${argumentsDeclaration.text}`);
    let resultType = resultTypeName;
    if (tool.outputSchema !== undefined && tool.outputSchema !== null) {
      structured = true;
      resultType = `${base}Result`;
      const resultDeclaration = await typeDeclaration(tool.outputSchema, resultType, 'output', declared);
      if (resultDeclaration.reason !== undefined) options.onUntyped?.({ tool: tool.name, role: 'output', reason: resultDeclaration.reason });
      declarations.push(`/** What \`${quotedName}\` answers: its \`structuredContent\`. */\n${resultDeclaration.text}`);
    }
    const parameter = argumentsDeclaration.optional ? `args: ${argumentsType} = {}` : `args: ${argumentsType}`;
    const summary = tool.description ?? tool.title ?? '';
    const doc = docComment([summary, `The tool \`${quotedName}\`${resultType === resultTypeName ? '; resolves to its `CallToolResult`' : ''}.`].filter((line) => line !== ''), '    ');
    const passed = argumentsDeclaration.typed ? '{ ...args }' : '(args ?? {}) as Record<string, unknown>';
    const call = `client.callTool({ name: ${stringLiteral(tool.name)}, arguments: ${passed} })`;
    const body = resultType === resultTypeName ? `return (await ${call}) as ${resultTypeName};` : `return structuredContentOf(${stringLiteral(tool.name)}, await ${call}) as ${resultType};`;
    methods.push(`${doc}\n    async ${method}(${parameter}): Promise<${resultType}> {\n      ${body}\n    },`);
  }

  const names = sorted.map((tool) => `  ${stringLiteral(tool.name)},`).join('\n');
  const serverLabel = commentText(stringLiteral(options.server), 'line');
  return [
    `// This file is generated by toolgen import-mcp from the MCP server ${serverLabel}. Do not edit it: run ${commentText(options.command, 'line')} again.`,
    '',
    ...clientTypesText,
    `/** The tools of the MCP server ${serverLabel}, by their names on the server. */`,
    sorted.length === 0 ? `export const ${serverCamel}ToolNames = [] as const;` : `export const ${serverCamel}ToolNames = [\n${names}\n] as const;`,
    '',
    `/** The name of a tool of the MCP server ${serverLabel}. */`,
    `export type ${serverPascal}ToolName = (typeof ${serverCamel}ToolNames)[number];`,
    '',
    ...declarations.map((declaration) => `${declaration}\n`),
    '/**',
    ` * Typed calls of the tools of the MCP server ${serverLabel}, through a connected MCP client`,
    " * (the `Client` of `@modelcontextprotocol/client`). A tool with an output schema resolves to",
    ' * its `structuredContent` and rejects when it answers `isError`; the others resolve to their',
    ' * `CallToolResult`, errors included.',
    ' */',
    `export function create${serverPascal}Client(client: ${callerTypeName}) {`,
    sorted.length === 0 ? '  return {};' : `  return {\n${methods.join('\n')}\n  };`,
    '}',
    '',
    `/** What \`create${serverPascal}Client\` returns. */`,
    `export type ${serverPascal}Client = ReturnType<typeof create${serverPascal}Client>;`,
    '',
    ...(structured ? structuredContentOfText : []),
  ].join('\n');
}

/** The module's own names for MCP's `CallToolResult` and for the client: it imports nothing, so either SDK's `Client` will do. */
const resultTypeName = 'McpCallToolResult';
const callerTypeName = 'McpToolCaller';

/** The declarations of the result and the client, structural: no SDK package needs to resolve from the module. */
const clientTypesText = [
  "/** A tool's answer, MCP's `CallToolResult`: its content blocks (a text block's `text`), `structuredContent`, `isError`. */",
  `export interface ${resultTypeName} {`,
  '  readonly content: readonly { readonly type: string; readonly text?: string; readonly [key: string]: unknown }[];',
  '  readonly structuredContent?: { readonly [key: string]: unknown };',
  '  readonly isError?: boolean;',
  '  readonly [key: string]: unknown;',
  '}',
  '',
  '/** A connected MCP client: the `Client` of `@modelcontextprotocol/client` (2.x) or of `@modelcontextprotocol/sdk` (1.x). */',
  `export interface ${callerTypeName} {`,
  '  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;',
  '}',
  '',
];

/** The helper of the methods that resolve to `structuredContent`. */
const structuredContentOfText = [
  'function structuredContentOf(tool: string, answer: unknown): unknown {',
  `  const result = answer as ${resultTypeName};`,
  '  if (result.isError === true) {',
  "    const text = result.content.flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : [])).join('\\n');",
  '    throw new Error(`The tool ${tool} failed: ${text}`);',
  '  }',
  '  if (result.structuredContent === undefined) {',
  '    throw new Error(`The tool ${tool} answered without structured content.`);',
  '  }',
  '  return result.structuredContent;',
  '}',
  '',
];

/**
 * The TypeScript declaration of `name` for `schema`, or `unknown` with the reason when it cannot
 * be typed: json-schema-to-typescript types `schemaForTyping`'s copy, and names every type it
 * declares `<name>…`; a type other than `name` that `declared` already holds (another tool's)
 * makes it `unknown` too. Adds the names it declares to `declared`.
 */
async function typeDeclaration(
  schema: unknown,
  name: string,
  role: 'input' | 'output',
  declared: Set<string>,
): Promise<{ text: string; optional: boolean; typed: boolean; reason?: string }> {
  const untyped = (reason: string) => {
    const said = commentText(reason, 'line').slice(0, 200);
    return { text: `// toolgen import-mcp could not type this ${role} schema (${said}), so it is typed unknown.\nexport type ${name} = unknown;`, optional: role === 'input', typed: false, reason: said };
  };
  let prepared: SchemaObject | undefined;
  try {
    prepared = schemaForTyping(schema, name);
  } catch (error) {
    if (error instanceof UntypableSchema) return untyped(error.message);
    throw error;
  }
  if (prepared === undefined) {
    const text = `// toolgen import-mcp: the ${role} schema is not a JSON Schema object, so it is typed unknown.\nexport type ${name} = unknown;`;
    return { text, optional: role === 'input', typed: false, reason: 'it is not a JSON Schema object' };
  }
  let text: string;
  try {
    text = await compile(prepared as JSONSchema, name, {
      bannerComment: '',
      format: true,
      unknownAny: true,
      strictIndexSignatures: true,
      enableConstEnums: false,
      declareExternallyReferenced: true,
      // the schema's other named types (a `$ref`'s target, after its path) are named after the declaration, as its definitions are
      customName: (node, definitionKey) => {
        const candidate = typeof node.$id === 'string' ? node.$id : definitionKey;
        return candidate === undefined || candidate.startsWith(name) ? candidate : `${name}${pascalCase(words(candidate))}`;
      },
      $refOptions: { resolve: { external: false, file: false, http: false } },
    });
  } catch (error) {
    return untyped(error instanceof Error ? error.message : String(error));
  }
  const names = [...text.matchAll(/^export (?:declare )?(?:interface|type|(?:const )?enum) ([A-Za-z_$][\w$]*)/gm)].map((match) => match[1]!);
  const others = names.filter((declaredName) => declaredName !== name);
  const repeated = others.find((declaredName, index) => declared.has(declaredName) || others.indexOf(declaredName) !== index);
  if (repeated !== undefined) return untyped(`it declares the type ${repeated}, a name this module declares elsewhere`);
  if (!names.includes(name)) return untyped(`json-schema-to-typescript did not declare ${name}`);
  for (const declaredName of others) declared.add(declaredName);
  // what is left of U+2028 and U+2029 is in the string literals of keys and values (descriptions have \n), written as escapes as stringLiteral does
  const escaped = shownHidden(text.trim().replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029'));
  return { text: escaped, optional: role === 'input' && !hasRequired(prepared), typed: true };
}

function hasRequired(schema: SchemaObject): boolean {
  return Array.isArray(schema['required']) && schema['required'].length > 0;
}

/** `name` as json-schema-to-typescript spells a type name (a letter after a digit is upper case), so that its declaration has the name the module uses. */
function typeName(name: string): string {
  return name.replace(/(?<=[0-9])[a-z]/g, (letter) => letter.toUpperCase());
}

/** A name usable as a method and in type names: `_` before a leading digit, `tool` for nothing. */
function identifier(name: string): string {
  if (name === '') return 'tool';
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/** The names, with `2`, `3`, … appended to the later ones of names that repeat. */
function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let suffix = 2; taken.has(candidate); suffix += 1) candidate = `${name}${suffix}`;
    taken.add(candidate);
    return candidate;
  });
}

function docComment(lines: readonly string[], indent: string): string {
  const body = lines.flatMap((line) => commentText(line).split('\n')).map((line) => `${indent} *${line === '' ? '' : ` ${line}`}`);
  return [`${indent}/**`, ...body, `${indent} */`].join('\n');
}
