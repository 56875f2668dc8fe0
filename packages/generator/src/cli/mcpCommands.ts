import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CliOutput } from './CliOutput.js';
import { serverNamePattern } from '../mcp/serverText.js';
import { parseCommand, UsageError } from './options.js';
import { plural } from '../diagnostics/plural.js';

/** `toolgen mcp`, validated. */
export interface McpCommandOptions {
  /** Absolute path of the tsconfig.json. */
  readonly project: string;
  readonly policy: string | undefined;
  readonly services: string | undefined;
  /** Absolute path of the folder the tools' workspace paths must stay inside (`--workspace`). */
  readonly workspace: string | undefined;
  readonly approvalTimeoutMs: number | undefined;
  /** The tools' names on the wire: qualified (`ticket__search_tickets`, the default) or the tool names. */
  readonly names: 'name' | 'qualified';
  /** `--http [host:]port`, with the token `--auth-token-env` names: Streamable HTTP instead of stdio. */
  readonly http: { readonly host: string; readonly port: number; readonly authToken: string | undefined } | undefined;
}

/** `toolgen import-mcp`, validated. */
export interface ImportMcpCommandOptions {
  readonly source: { readonly command: readonly string[] } | { readonly url: URL; readonly authToken?: string | undefined };
  readonly server: string;
  /** Absolute path of the module to write. */
  readonly out: string;
  /** The command as given, for the module's header. */
  readonly rerun: string;
}

export type McpSubcommand =
  | { readonly kind: 'mcp'; readonly options: McpCommandOptions }
  | { readonly kind: 'import-mcp'; readonly options: ImportMcpCommandOptions }
  | { readonly kind: 'help'; readonly text: string };

export const mcpUsage = `Usage: toolgen mcp -p <project> [--policy <file.yaml>] [--services <module>] [--workspace <dir>]
                   [--approval-timeout <s>] [--names name|qualified] [--http [host:]port [--auth-token-env NAME]]

Serves the project's generated tools over stdio (or Streamable HTTP) to an MCP client (a desktop
app, an agent).
Run toolgen -p <project> first: the tools are the ones toolgen.manifest.json lists.

Options:
  -p, --project <path>        a tsconfig.json, or a folder holding one (default: ./tsconfig.json)
      --policy <file.yaml>    tool policies ({ toolName, approvalMode } entries): denied tools are
                              left out; tools that need approval ask the user through elicitation,
                              and clients that cannot elicit do not see them
      --services <module>     the module whose createServices() (or services export) gives the
                              tools their ToolServices (default: "toolgen": { "services" } in the
                              package.json beside the tsconfig)
      --workspace <dir>       the folder the tools' workspace paths must stay inside; needed when a
                              tool takes one (workspacePath)
      --approval-timeout <s>  seconds the user has to answer an approval request (default: 300)
      --names name|qualified  the tools' names for clients: qualified (ticket__search_tickets, the
                              default, unique across toolsets) or the tool names (search_tickets),
                              to keep the names a server had before; two tools with one name are
                              an error at start-up
      --http [host:]port      serve Streamable HTTP at http://host:port/mcp instead of stdio; the
                              host is 127.0.0.1 unless named (0 picks a free port)
      --auth-token-env NAME   with --http: every request must carry Authorization: Bearer <the
                              value of the environment variable NAME>, else 401 and nothing runs
  -h, --help                  print this help

Logs go to stderr; stdout carries only the protocol.`;

export const importMcpUsage = `Usage: toolgen import-mcp (--command "<cmd> [args]" | --url <url> [--auth-token-env NAME]) --server <name> --out <file.ts>

Connects to an MCP server, lists its tools and writes a typed module: <server>ToolNames and
create<Server>Client(client), with one typed async method per tool.

Options:
      --command "<cmd> [args]"  run the server and talk to it over stdio (split like a shell:
                                quotes respected; no pipes, redirections or variables)
      --url <url>               talk to a Streamable HTTP server at this http(s) URL
      --auth-token-env NAME     with --url: send Authorization: Bearer <the value of NAME>
      --server <name>           the server's name, e.g. github (createGithubClient, githubToolNames)
      --out <file.ts>           the module to write
  -h, --help                    print this help`;

/** `--http [host:]port` and `--auth-token-env NAME`, checked: the token is read from the environment here, once. */
function parseHttp(value: string | undefined, tokenVariable: string | undefined): McpCommandOptions['http'] {
  if (value === undefined) {
    if (tokenVariable !== undefined) throw new UsageError('--auth-token-env applies to --http only: add --http [host:]port, or drop --auth-token-env.');
    return undefined;
  }
  const match = /^(?:(\[[^\]]+\]|[^:]+):)?(\d{1,5})$/.exec(value);
  const port = match === null ? NaN : Number(match[2]);
  if (match === null || port > 65535) throw new UsageError(`--http must be a port or host:port (e.g. 3000 or 0.0.0.0:3000), not "${value}".`);
  const host = match[1] === undefined ? '127.0.0.1' : match[1].replace(/^\[|\]$/g, '');
  if (tokenVariable === undefined) return { host, port, authToken: undefined };
  const authToken = process.env[tokenVariable];
  if (authToken === undefined || authToken === '') throw new UsageError(`--auth-token-env ${tokenVariable}: the environment variable ${tokenVariable} is not set (or empty), so no request could be authorized. Set it to the token clients send.`);
  return { host, port, authToken };
}

/** Parses `toolgen mcp …` or `toolgen import-mcp …` (argv without `node` and the script). Throws `UsageError`. */
export async function parseMcpSubcommand(argv: readonly string[], cwd: string): Promise<McpSubcommand> {
  const [name, ...rest] = argv;
  if (name === 'mcp') {
    const values = parse(rest, { project: { type: 'string', short: 'p' }, policy: { type: 'string' }, services: { type: 'string' }, workspace: { type: 'string' }, 'approval-timeout': { type: 'string' }, names: { type: 'string' }, http: { type: 'string' }, 'auth-token-env': { type: 'string' } }, 'mcp');
    if (values.help === true) return { kind: 'help', text: mcpUsage };
    const command = parseCommand(['-p', stringValue(values.project) ?? 'tsconfig.json'], cwd);
    if (command.kind !== 'run') throw new UsageError('toolgen mcp: cannot read -p.');
    const timeout = stringValue(values['approval-timeout']);
    const seconds = timeout === undefined ? undefined : Number(timeout);
    if (seconds !== undefined && (!Number.isFinite(seconds) || seconds <= 0)) {
      throw new UsageError(`--approval-timeout must be a positive number of seconds, not "${timeout}".`);
    }
    const names = stringValue(values.names) ?? 'qualified';
    if (names !== 'name' && names !== 'qualified') throw new UsageError(`--names must be name or qualified, not "${names}".`);
    const http = parseHttp(stringValue(values.http), stringValue(values['auth-token-env']));
    const policy = stringValue(values.policy);
    const services = stringValue(values.services);
    const workspace = stringValue(values.workspace);
    return {
      kind: 'mcp',
      options: {
        project: command.options.project,
        policy: policy === undefined ? undefined : path.resolve(cwd, policy),
        services: services === undefined ? undefined : path.resolve(cwd, services),
        workspace: workspace === undefined ? undefined : path.resolve(cwd, workspace),
        approvalTimeoutMs: seconds === undefined ? undefined : seconds * 1000,
        names,
        http,
      },
    };
  }
  const values = parse(rest, { command: { type: 'string' }, url: { type: 'string' }, 'auth-token-env': { type: 'string' }, server: { type: 'string' }, out: { type: 'string' } }, 'import-mcp');
  if (values.help === true) return { kind: 'help', text: importMcpUsage };
  const commandLine = stringValue(values.command);
  const url = stringValue(values.url);
  const server = stringValue(values.server);
  const out = stringValue(values.out);
  if ((commandLine === undefined) === (url === undefined)) {
    throw new UsageError('toolgen import-mcp needs exactly one of --command "<cmd> [args]" and --url <url>. Run "toolgen import-mcp --help" for the flags.');
  }
  if (server === undefined || !serverNamePattern.test(server)) {
    throw new UsageError(
      server === undefined
        ? 'toolgen import-mcp needs --server <name>, e.g. --server github: the module exports createGithubClient and githubToolNames.'
        : `--server must start with a letter and hold only letters, digits, "_" and "-", not "${server}".`,
    );
  }
  if (out === undefined || !/\.[cm]?ts$/.test(out) || /\.d\.[cm]?ts$/.test(out)) {
    throw new UsageError(out === undefined ? 'toolgen import-mcp needs --out <file.ts>, the module to write.' : `--out must name a TypeScript module (.ts, .mts or .cts), not "${out}".`);
  }
  let source: ImportMcpCommandOptions['source'];
  const tokenVariable = stringValue(values['auth-token-env']);
  if (commandLine !== undefined) {
    if (tokenVariable !== undefined) throw new UsageError('--auth-token-env applies to --url only: a server run with --command gets its tokens from the environment it inherits.');
    const { CommandLineError, splitCommandLine } = await import('../mcp/splitCommandLine.js');
    try {
      source = { command: splitCommandLine(commandLine) };
    } catch (error) {
      if (error instanceof CommandLineError) throw new UsageError(`--command: ${error.message}`);
      throw error;
    }
  } else {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url!);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new UsageError(`--url must be an http:// or https:// URL, not "${url}".`);
    }
    const authToken = tokenVariable === undefined ? undefined : process.env[tokenVariable];
    if (tokenVariable !== undefined && (authToken === undefined || authToken === '')) {
      throw new UsageError(`--auth-token-env ${tokenVariable}: the environment variable ${tokenVariable} is not set (or empty). Set it to the token the server expects.`);
    }
    source = { url: parsed, ...(authToken === undefined ? {} : { authToken }) };
  }
  const from = commandLine === undefined ? [`--url ${url}`, ...(tokenVariable === undefined ? [] : [`--auth-token-env ${tokenVariable}`])] : [`--command ${JSON.stringify(commandLine)}`];
  const rerun = ['toolgen import-mcp', ...from, `--server ${server}`, `--out ${out}`].join(' ');
  return { kind: 'import-mcp', options: { source, server, out: path.resolve(cwd, out), rerun } };
}

/** Runs `toolgen mcp` or `toolgen import-mcp` and resolves to the exit code: 0, 1 (the server could not be listed), or 2 (usage, configuration). */
export async function runMcpSubcommand(argv: readonly string[], output: CliOutput, cwd: string, signal?: AbortSignal): Promise<number> {
  let command: McpSubcommand;
  try {
    command = await parseMcpSubcommand(argv, cwd);
  } catch (error) {
    if (error instanceof UsageError) {
      output.stderr(`toolgen: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  switch (command.kind) {
    case 'help':
      output.stdout(`${command.text}\n`);
      return 0;
    case 'mcp': {
      const { ServeConfigurationError, serveProject } = await import('../mcp/serveProject.js');
      try {
        await serveProject({ ...command.options, version: readVersion(), log: (line) => output.stderr(`${line}\n`), ...(signal === undefined ? {} : { signal }) });
        return 0;
      } catch (error) {
        if (error instanceof ServeConfigurationError) {
          output.stderr(`toolgen: ${error.message}\n`);
          return 2;
        }
        throw error;
      }
    }
    case 'import-mcp': {
      const { importMcp, McpConnectionError } = await import('../mcp/importMcp.js');
      try {
        const { tools, written, untyped } = await importMcp({ ...command.options, command: command.options.rerun, cwd });
        const shown = path.relative(cwd, command.options.out).split(path.sep).join('/');
        // each schema typed unknown, as the module's comment says it: the call compiles, but its arguments are not checked
        for (const { tool, role, reason } of untyped) {
          output.stderr(`toolgen: warning: the ${role} schema of ${JSON.stringify(tool.slice(0, 100))} is typed unknown: ${reason}.\n`);
        }
        output.stdout(`toolgen: ${plural(tools.length, 'tool')} of ${command.options.server}; ${shown} ${written ? 'written' : 'unchanged'}.\n`);
        return 0;
      } catch (error) {
        if (error instanceof McpConnectionError) {
          output.stderr(`toolgen: ${error.message}\n`);
          return 1;
        }
        throw error;
      }
    }
  }
}

type FlagConfig = Record<string, { type: 'string'; short?: string }>;

function parse(argv: readonly string[], flags: FlagConfig, name: string): Record<string, string | boolean | undefined> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], strict: true, allowPositionals: false, tokens: true, options: { ...flags, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. Run "toolgen ${name} --help" for the flags.`);
  }
  // parseArgs keeps the last of a repeated flag: the others would be dropped without a word (a second --policy's entries)
  const given: string[] = parsed.tokens.flatMap((token) => (token.kind === 'option' && flags[token.name]?.type === 'string' ? [token.name] : []));
  const repeated = given.find((flag, index) => given.indexOf(flag) !== index);
  if (repeated !== undefined) {
    const merge = repeated === 'policy' ? ': it serves one policy file, so merge the files into one (of two entries for a tool, the later applies)' : '';
    throw new UsageError(`--${repeated} is given ${given.filter((flag) => flag === repeated).length} times; toolgen ${name} takes it once${merge}.`);
  }
  return parsed.values;
}

function stringValue(value: string | boolean | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function readVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('../../package.json') as { version: string }).version;
}
