import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import {
  loadToolPolicies,
  type AgentToolPolicy,
  ToolPolicyResolver,
  type AIFunction,
  type GeneratedToolset,
  type ToolApprovalMode,
  type ToolInvocationContext,
  type ToolLogger,
  type ToolServices,
  withWorkspaceContainment,
} from '@toolgen/runtime';
import { clientCanElicit, missingClientCapabilities, registerMcpTools, serveMcpHttp } from '@toolgen/runtime/mcp';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { manifestFileName, type Manifest } from '../manifest/manifest.js';
import { readManifestText } from '../manifest/readManifest.js';
import { ModuleLoadError, ModuleMirror } from '../backends/ts6/ModuleMirror.js';
import { matchServedPolicies } from './servedPolicies.js';

/** What `toolgen mcp` serves, and how. */
export interface ServeProjectOptions {
  /** Absolute path of the project's tsconfig.json; its `toolgen.manifest.json` lists the modules. */
  readonly project: string;
  /** Absolute path of a YAML policy file (`loadToolPolicies`): denied tools are left out, approval modes apply. */
  readonly policy?: string | undefined;
  /**
   * Absolute path of the module giving the tools their `ToolServices`: it exports
   * `createServices()` (returning them, or a promise of them) or `services`. Unless given, the
   * `"toolgen": { "services": "…" }` entry of the package.json beside the tsconfig, if any.
   */
  readonly services?: string | undefined;
  /**
   * Absolute path of the folder the tools' workspace paths must stay inside (`withWorkspaceContainment`): required
   * when a tool served takes one, since without it every such call would be refused.
   */
  readonly workspace?: string | undefined;
  /** How long the user has to answer an approval request, in milliseconds; 5 minutes unless given. */
  readonly approvalTimeoutMs?: number | undefined;
  /** The tools' names on the wire: qualified names unless `'name'`. */
  readonly names?: 'name' | 'qualified' | undefined;
  /** Serve Streamable HTTP at `http://<host>:<port>/mcp` instead of stdio. */
  readonly http?: { readonly host: string; readonly port: number; readonly authToken: string | undefined } | undefined;
  /** Where the log goes: one line per call, never to stdout. */
  readonly log: (line: string) => void;
}

/** A project's tools as `toolgen mcp` serves them. */
export interface ProjectTools {
  readonly functions: readonly AIFunction[];
  /** The functions that ask the user before each call (effective approval mode `require_approval`). */
  readonly needsApproval: ReadonlySet<AIFunction>;
  /** Tools left out, with why. */
  readonly omitted: readonly { readonly qualifiedName: string; readonly reason: string }[];
  readonly context: ToolInvocationContext;
}

const defaultApprovalTimeoutMs = 5 * 60 * 1000;

/** The project cannot be served (no manifest, a module that does not load, a bad policy): exit 2. */
export class ServeConfigurationError extends Error {
  override readonly name = 'ServeConfigurationError';
}

/**
 * Loads the generated toolsets the project's manifest lists (transpiling the modules and what
 * they import with `ModuleMirror`, so no TypeScript loader is needed), applies the policy file
 * and loads the services module. Throws `ServeConfigurationError`.
 */
export async function loadProjectTools(options: ServeProjectOptions): Promise<ProjectTools> {
  const rootDir = path.dirname(options.project);
  const manifest = readManifest(rootDir);
  const policies = options.policy === undefined ? [] : readPolicy(options.policy);
  const listed = manifest.toolsets.flatMap((entry) => (Array.isArray(entry.tools) ? entry.tools : []));
  const matching = matchServedPolicies(policies, listed, options.names ?? 'qualified');
  if (matching.kind === 'unmatched') {
    throw new ServeConfigurationError(
      `The policy file ${shown(options.policy!)} names tools this server does not serve, so nothing is served: such an entry would change nothing, and a deny would deny nothing. ` +
        `${matching.problems.join(' ')} The tools are ${matching.served.join(', ')}.`,
    );
  }
  const mirror = new ModuleMirror(options.project);
  const served: AIFunction[] = [];
  for (const entry of manifest.toolsets) {
    const file = path.resolve(rootDir, entry.module);
    const exported = (await load(mirror, file))[entry.exportName] as GeneratedToolset | undefined;
    if (typeof exported !== 'object' || exported === null || !Array.isArray(exported.functions)) {
      throw new ServeConfigurationError(`${entry.module} does not export the toolset ${entry.exportName} the manifest lists; run toolgen -p ${shown(options.project)} to regenerate it.`);
    }
    served.push(...exported.functions);
  }
  const resolver = new ToolPolicyResolver(matching.policies);
  const functions: AIFunction[] = [];
  const needsApproval = new Set<AIFunction>();
  const omitted: { qualifiedName: string; reason: string }[] = [];
  for (const fn of served) {
    const mode: ToolApprovalMode = resolver.getEffectiveApprovalMode(fn.qualifiedName, fn.metadata.approval);
    if (mode === 'deny') {
      omitted.push({ qualifiedName: fn.qualifiedName, reason: 'denied by the policy' });
      continue;
    }
    functions.push(fn);
    if (mode === 'require_approval') needsApproval.add(fn);
  }
  const logger: ToolLogger = {
    error: (message, error) => options.log(`toolgen mcp: ${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    warn: (message) => options.log(`toolgen mcp: ${message}`),
  };
  const servicesModule = options.services ?? servicesFromPackageJson(rootDir);
  const services = servicesModule === undefined ? undefined : await loadServices(mirror, servicesModule);
  const needServices = functions.filter((fn) => fn.metadata.injectsServices === true).map((fn) => fn.qualifiedName);
  if (services === undefined && needServices.length > 0) {
    throw new ServeConfigurationError(
      `${needServices.join(', ')} ${needServices.length === 1 ? 'takes' : 'take'} ToolServices, and no services are configured, so every call would fail. ` +
        'Pass --services <module> (a module exporting createServices() or services), or set "toolgen": { "services": "<module>" } in the package.json beside the tsconfig.',
    );
  }
  return { functions: contained(functions, needsApproval, options.workspace), needsApproval, omitted, context: services === undefined ? { logger } : { services, logger } };
}

/**
 * The functions, each that takes workspace paths contained in `workspace` (`needsApproval` follows it); without a
 * workspace, a configuration error naming those tools, since every call of them would be refused.
 */
function contained(functions: readonly AIFunction[], needsApproval: Set<AIFunction>, workspace: string | undefined): readonly AIFunction[] {
  const withPaths = functions.filter((fn) => fn.metadata.workspacePaths.length > 0);
  if (withPaths.length === 0) return functions;
  if (workspace === undefined) {
    const names = withPaths.map((fn) => `${fn.qualifiedName} (${fn.metadata.workspacePaths.map((path) => path.parameter).join(', ')})`);
    throw new ServeConfigurationError(
      `${names.join(', ')} ${withPaths.length === 1 ? 'takes a workspace path' : 'take workspace paths'}, and no workspace is given, so every call would be refused. ` +
        'Pass --workspace <dir>: the folder those paths must stay inside.',
    );
  }
  if (!isDirectory(workspace)) throw new ServeConfigurationError(`--workspace ${workspace} is not a folder: name the existing folder the tools' paths must stay inside.`);
  return functions.map((fn) => {
    if (fn.metadata.workspacePaths.length === 0) return fn;
    const wrapped = withWorkspaceContainment(fn, { root: workspace });
    if (needsApproval.delete(fn)) needsApproval.add(wrapped);
    return wrapped;
  });
}

function isDirectory(folder: string): boolean {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

/**
 * An `McpServer` serving the project's tools (`registerMcpTools`) to one client: each tool that
 * needs approval asks through elicitation, and is listed only to clients that can answer one.
 */
export function createProjectServer(
  tools: ProjectTools,
  info: { readonly name: string; readonly version: string },
  approvalTimeoutMs = defaultApprovalTimeoutMs,
  names: 'name' | 'qualified' = 'qualified',
): McpServer {
  // registerMcpTools asks a 2025-era client while the call waits, for approvalTimeoutMs (no input_required result for the SDK to fulfil)
  const server = new McpServer(info, { capabilities: { tools: {} } });
  const registrations = registerMcpTools(server, tools.functions, {
    needsApproval: (fn) => tools.needsApproval.has(fn),
    context: tools.context,
    approvalTimeoutMs,
    names,
  });
  // a client that cannot approve never sees the tools that need approval, nor one without a capability a tool needs (a call still answers why)
  server.server.setRequestHandler('tools/list', (_request, ctx) => ({
    tools: registrations
      .filter((registration) => (!registration.needsApproval || clientCanElicit(server, ctx)) && missingClientCapabilities(server, ctx, registration.function).length === 0)
      .map((registration) => registration.definition),
  }));
  return server;
}

/**
 * `toolgen mcp --http`: the project's tools over Streamable HTTP at `/mcp` (and the protected-
 * resource metadata beside it), until `signal` aborts or SIGINT/SIGTERM. Every other path is 404.
 */
async function serveHttp(options: ServeProjectOptions & { readonly signal?: AbortSignal }, tools: ProjectTools, createServer: () => McpServer): Promise<void> {
  const { host, port, authToken } = options.http!;
  const endpoint = await serveMcpHttp(tools.functions, {
    createServer,
    ...(authToken === undefined ? {} : { authToken }),
    onerror: (error) => options.log(`toolgen mcp: ${error.message}`),
  });
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname === '/mcp' || pathname === '/mcp/') void endpoint.node(request, response);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the MCP endpoint is /mcp.\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(new ServeConfigurationError(`cannot listen on ${host}:${port}: ${error.message}`)));
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  options.log(`toolgen mcp: listening at http://${shownHost}:${address.port}/mcp${authToken === undefined ? '' : ' (requests must carry the bearer token)'}.`);
  if (authToken === undefined && !isLoopback(host)) options.log(`toolgen mcp: ${host} is not a loopback address and no --auth-token-env is set: anyone who can reach it can call these tools.`);
  let done = (): void => undefined;
  const closed = new Promise<void>((resolve) => (done = resolve));
  options.signal?.addEventListener('abort', done, { once: true });
  process.once('SIGINT', done);
  process.once('SIGTERM', done);
  if (options.signal?.aborted === true) done();
  try {
    await closed;
  } finally {
    options.signal?.removeEventListener('abort', done);
    process.off('SIGINT', done);
    process.off('SIGTERM', done);
    await endpoint.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/** With `--names name`, two tools of one name could not be told apart by a client: a start-up error naming them. */
export function refuseSharedNames(functions: readonly AIFunction[]): void {
  const byName = new Map<string, string[]>();
  for (const fn of functions) byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn.qualifiedName]);
  const shared = [...byName].filter(([, qualified]) => qualified.length > 1);
  if (shared.length === 0) return;
  throw new ServeConfigurationError(
    `with --names name, ${shared.map(([toolName, qualified]) => `${qualified.join(' and ')} would both be "${toolName}"`).join('; ')}. ` +
      'Serve with --names qualified (the default), or leave one of them out with a policy (--policy).',
  );
}

/**
 * `toolgen mcp`: serves the project's tools over stdio until the client closes stdin, or over
 * Streamable HTTP at `/mcp` when `options.http` is given (until `signal` aborts, or SIGINT/SIGTERM,
 * in either case). Everything it says goes to `options.log` (stderr), and
 * while it serves, `console.log` and friends write to stderr too, so nothing but the protocol
 * reaches stdout.
 *
 * ```ts
 * await serveProject({ project: '/repo/examples/tickets/tsconfig.json', version: '0.1.0', log: (line) => process.stderr.write(`${line}\n`) });
 * ```
 */
export async function serveProject(
  options: ServeProjectOptions & { readonly version: string; readonly stdin?: Readable; readonly stdout?: Writable; readonly signal?: AbortSignal },
): Promise<void> {
  const tools = await loadProjectTools(options);
  const names = options.names ?? 'qualified';
  if (names === 'name') refuseSharedNames(tools.functions);
  const name = `toolgen (${path.basename(path.dirname(options.project))})`;
  const approving = [...tools.needsApproval].map((fn) => fn.qualifiedName);
  options.log(
    `toolgen mcp: serving ${tools.functions.length} tool${tools.functions.length === 1 ? '' : 's'} of ${shown(options.project)} over ${options.http === undefined ? 'stdio' : 'Streamable HTTP'}` +
      (approving.length === 0 ? '' : `; ${approving.join(', ')} ask${approving.length === 1 ? 's' : ''} for approval (clients that cannot elicit do not see ${approving.length === 1 ? 'it' : 'them'})`) +
      (tools.omitted.length === 0 ? '' : `; left out: ${tools.omitted.map((tool) => `${tool.qualifiedName} (${tool.reason})`).join(', ')}`) +
      '.',
  );
  if (options.http !== undefined) {
    await serveHttp(options, tools, () => createProjectServer(tools, { name, version: options.version }, options.approvalTimeoutMs, names));
    return;
  }
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const restoreConsole = stdout === process.stdout ? consoleToStderr() : () => undefined;
  let done = (): void => undefined;
  const closed = new Promise<void>((resolve) => (done = resolve));
  stdin.once('end', done);
  stdin.once('close', done);
  options.signal?.addEventListener('abort', done, { once: true });
  process.once('SIGINT', done);
  process.once('SIGTERM', done);
  if (options.signal?.aborted === true) done();
  const handle = serveStdio(() => createProjectServer(tools, { name, version: options.version }, options.approvalTimeoutMs, names), {
    transport: new StdioServerTransport(stdin, stdout),
    onerror: (error) => options.log(`toolgen mcp: ${error.message}`),
  });
  try {
    await closed;
  } finally {
    stdin.off('end', done);
    stdin.off('close', done);
    options.signal?.removeEventListener('abort', done);
    process.off('SIGINT', done);
    process.off('SIGTERM', done);
    await handle.close().catch(() => undefined);
    restoreConsole();
  }
}

function readManifest(rootDir: string): Manifest {
  const file = path.join(rootDir, manifestFileName);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ServeConfigurationError(`There is no ${manifestFileName} beside ${shown(path.join(rootDir, 'tsconfig.json'))}: run toolgen -p ${shown(rootDir)} first, then toolgen mcp.`);
  }
  const reading = readManifestText(text);
  if (reading.kind === 'notJson') {
    throw new ServeConfigurationError(`${shown(file)} is not JSON (${reading.reason}); run toolgen -p ${shown(rootDir)} to regenerate it.`);
  }
  if (reading.kind !== 'object' || reading.version !== 1 || reading.toolsets === undefined) {
    throw new ServeConfigurationError(`${shown(file)} is not a toolgen manifest of version 1; run toolgen -p ${shown(rootDir)} to regenerate it.`);
  }
  return { version: 1, toolsets: reading.toolsets as unknown as Manifest['toolsets'] };
}

/** The entries of a policy file, read as the resolver reads them (a malformed file is refused whole). */
function readPolicy(file: string): readonly AgentToolPolicy[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ServeConfigurationError(`Cannot read the policy file ${shown(file)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
  try {
    const policies = loadToolPolicies(text);
    // what the resolver refuses (a name no qualified name could equal) is refused here, before any module loads
    new ToolPolicyResolver(policies);
    return policies;
  } catch (error) {
    throw new ServeConfigurationError(`The policy file ${shown(file)} is invalid, so nothing is served: ${(error as Error).message}`);
  }
}

function servicesFromPackageJson(rootDir: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const services = (json as { toolgen?: { services?: unknown } } | null)?.toolgen?.services;
  if (services === undefined) return undefined;
  if (typeof services !== 'string' || services.trim() === '') {
    throw new ServeConfigurationError(`"toolgen.services" in ${shown(path.join(rootDir, 'package.json'))} must be the path of a module, relative to it.`);
  }
  return path.resolve(rootDir, services);
}

async function loadServices(mirror: ModuleMirror, file: string): Promise<ToolServices> {
  const exports = await load(mirror, file);
  const given = exports['createServices'] ?? exports['services'] ?? exports['default'];
  const services: unknown = typeof given === 'function' ? await (given as () => unknown)() : given;
  if (typeof services !== 'object' || services === null) {
    throw new ServeConfigurationError(`${shown(file)} must export createServices() returning the tools' services, or a services object.`);
  }
  return services as ToolServices;
}

async function load(mirror: ModuleMirror, file: string): Promise<Record<string, unknown>> {
  try {
    return await mirror.import(file);
  } catch (error) {
    if (error instanceof ModuleLoadError) throw new ServeConfigurationError(error.message, { cause: error });
    throw error;
  }
}

/** Sends `console.log`, `info` and `debug` to stderr; returns the undo. */
function consoleToStderr(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);
  return () => Object.assign(console, saved);
}

function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return (relative === '' ? '.' : relative.startsWith('..') ? file : relative).split(path.sep).join('/');
}
