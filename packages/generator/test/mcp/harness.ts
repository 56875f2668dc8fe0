import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client, type ClientOptions } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { compileProject } from '../typeCheckProject.js';

/*
 * The MCP CLI tests run the real bin (`node packages/generator/bin/toolgen.js`, which loads the
 * built dist: `npm test` builds first) and talk to it with the SDK's real Client over stdio.
 */

export const repo = path.resolve(import.meta.dirname, '../../../..');
export const bin = path.join(repo, 'packages/generator/bin/toolgen.js');
export const tickets = path.join(repo, 'examples/tickets');

/** What a test client answers to an elicitation; without one the client cannot elicit. */
export type Elicit = (request: { params: { message?: string } }) => Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }>;

export interface ToolgenMcp {
  readonly client: Client;
  readonly transport: StdioClientTransport;
  /** What the server wrote to stderr so far. */
  stderr(): string;
}

const open: Client[] = [];

/** Spawns `toolgen mcp <args>` (from the repository root) and connects a real Client to it over stdio. */
export async function spawnToolgenMcp(args: readonly string[], elicit?: Elicit, options: ClientOptions = {}): Promise<ToolgenMcp> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', ...args], cwd: repo, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'test-client', version: '1.0.0' }, { ...options, ...(elicit === undefined ? {} : { capabilities: { elicitation: {} } }) });
  if (elicit !== undefined) client.setRequestHandler('elicitation/create', elicit as never);
  open.push(client);
  await client.connect(transport, { timeout: 60_000 });
  return { client, transport, stderr: () => stderr };
}

/** Closes every client `spawnToolgenMcp` opened, which ends (and if need be kills) their servers. */
export async function closeSpawned(): Promise<void> {
  for (const client of open.splice(0)) await client.close().catch(() => undefined);
}

/** A fresh folder under this one (git ignores `.toolgen-tmp-*`); `remove` deletes them all. */
export function scratch(label: string): { folder: () => string; remove: () => void } {
  const root = path.join(import.meta.dirname, `.toolgen-tmp-${label}-${process.pid}`);
  return {
    folder: () => {
      mkdirSync(root, { recursive: true });
      return mkdtempSync(path.join(root, 'case-'));
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The text of a tool result's content, joined. */
export function textOf(result: { content?: unknown }): string {
  return ((result.content ?? []) as { type: string; text?: string }[]).map((block) => block.text ?? `[${block.type}]`).join('\n');
}

/**
 * Compiles `files` (in `folder`) with TypeScript 6 under strict settings, as `tsc -p` would, in the
 * test's process (`compileProject`); gives its output and exit code. With `outDir`, it also writes
 * the JavaScript there.
 */
export function typeCheck(folder: string, files: readonly string[], outDir?: string): { status: number | null; output: string } {
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    types: ['node'],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    ...(outDir === undefined ? { noEmit: true } : { outDir, rootDir: folder }),
  };
  writeFileSync(path.join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
  const output = compileProject(folder);
  return { status: output.length === 0 ? 0 : 2, output: output.join('\n') };
}
