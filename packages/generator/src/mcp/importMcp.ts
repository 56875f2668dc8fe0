import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { writeFileAtomic } from '../io/writeFileAtomic.js';
import { printClientModule, type ListedTool, type UntypedSchema } from './printClientModule.js';

/** Where `toolgen import-mcp` finds the server: a command it runs (stdio) or a Streamable HTTP URL. */
export type McpServerSource =
  | { readonly command: readonly string[] }
  /** `authToken`: sent as `Authorization: Bearer <token>` with every request (`--auth-token-env`). */
  | { readonly url: URL; readonly authToken?: string | undefined };

export interface ImportMcpOptions {
  readonly source: McpServerSource;
  /** The server's name (`--server`): identifiers in the module derive from it. */
  readonly server: string;
  /** Absolute path of the module to write. */
  readonly out: string;
  /** How to run the import again, for the module's header. */
  readonly command: string;
  /** The folder the server command runs in (relative paths in it are relative to this). */
  readonly cwd: string;
  /** Where the server's own stderr goes (stdio only): inherited unless given. */
  readonly serverStderr?: 'inherit' | 'ignore';
  readonly timeoutMs?: number;
}

/** The server could not be reached or listed: the CLI says why and exits with 1. */
export class McpConnectionError extends Error {
  override readonly name = 'McpConnectionError';
}

/**
 * `toolgen import-mcp`: connects to the server, lists its tools, and writes the typed client
 * module (`printClientModule`) to `options.out`, atomically and only when it changed. Resolves
 * to the tools and whether the file was written. The client declares elicitation, so a server
 * that lists approval-gated tools only to clients that can approve them lists them too; it
 * answers every elicitation with a decline, and calls no tool.
 *
 * ```ts
 * await importMcp({ source: { command: ['npx', '-y', 'github-mcp'] }, server: 'github', out: '/repo/src/github.ts', command: 'npm run import', cwd: '/repo' });
 * ```
 */
export async function importMcp(
  options: ImportMcpOptions,
): Promise<{ readonly tools: readonly ListedTool[]; readonly written: boolean; readonly untyped: readonly UntypedSchema[] }> {
  const transport: Transport =
    'command' in options.source
      ? new StdioClientTransport({
          command: options.source.command[0]!,
          args: options.source.command.slice(1),
          cwd: options.cwd,
          env: inheritedEnvironment(),
          stderr: options.serverStderr ?? 'inherit',
        })
      : new StreamableHTTPClientTransport(
          options.source.url,
          options.source.authToken === undefined ? undefined : { requestInit: { headers: { Authorization: `Bearer ${options.source.authToken}` } } },
        );
  const client = new Client({ name: 'toolgen-import-mcp', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler('elicitation/create', () => ({ action: 'decline' }));
  const where = 'command' in options.source ? `the command ${JSON.stringify(options.source.command.join(' '))}` : options.source.url.href;
  let tools: ListedTool[];
  try {
    await client.connect(transport, { timeout: options.timeoutMs ?? 30_000 });
    tools = (await client.listTools(undefined, { timeout: options.timeoutMs ?? 30_000 })).tools;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // a server behind a bearer token answers 401 to a request without one
    const unauthorized = 'url' in options.source && /\b401\b|unauthorized/i.test(message);
    const fix = !unauthorized
      ? ''
      : options.source.authToken === undefined
        ? ' The server wants a token: put it in an environment variable and pass --auth-token-env <its name>.'
        : ' The server refused the token --auth-token-env gave: check the variable\'s value.';
    throw new McpConnectionError(`Cannot list the tools of the MCP server at ${where}: ${message}${fix}`, { cause: error });
  } finally {
    await client.close().catch(() => undefined);
  }
  const untyped: UntypedSchema[] = [];
  const text = await printClientModule(tools, { server: options.server, command: options.command, onUntyped: (schema) => untyped.push(schema) });
  return { tools, written: writeFileAtomic(options.out, text), untyped };
}

/** The server gets this process's environment (its tokens and PATH), as a shell would give it. */
function inheritedEnvironment(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
