import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, InMemoryTransport, type ClientOptions } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { main } from '@toolgen/generator';
import type { AIFunction, GeneratedToolset } from '@toolgen/runtime';

/*
 * The MCP adapter tests serve tools generated from this toolset, in a throwaway project, as the
 * CLI generates them: a Date parameter, an object result (an output schema), an array result,
 * a void tool that needs approval, a ToolFailure, an unexpected error and a tool that waits for
 * its abort signal.
 */
const toolsetSource = `import { Toolset, ToolFailure, type ToolServices } from '@toolgen/runtime';

declare module '@toolgen/runtime' {
  interface ToolServices {
    user?: string;
  }
}

/** What the tools were called with, for the test to read. */
export const calls: { tool: string; args: unknown[] }[] = [];

/** The signal wait_forever received, and a hook called once it runs. */
export const waiting: { signal?: AbortSignal; started?: () => void } = {};

/** A note. */
export interface Note {
  id: number;
  text: string;
  /** When it is due, if ever. */
  due: Date | null;
}

export class NoteToolset extends Toolset {
  constructor() {
    super();
    this.addTool(NoteToolset.getNote).readOnly().withTitle('Read a note');
    this.addTool(NoteToolset.listNotes).readOnly();
    this.addTool(NoteToolset.addNote).networkScope('egress').additive();
    this.addTool(NoteToolset.deleteNote).requiresApproval();
    this.addTool(NoteToolset.whoAmI).readOnly().networkScope('incidental');
    this.addTool(NoteToolset.waitForever).idempotent();
  }

  /**
   * Reads one note.
   * @param id The note's id.
   */
  static getNote(id: number): Note {
    calls.push({ tool: 'get_note', args: [id] });
    if (id === 0) throw new Error('the notes table is locked (password hunter2)');
    if (id > 100) throw new ToolFailure('No note ' + id + ' exists.', 'List the notes to find its id.');
    return { id, text: 'Note ' + id, due: null };
  }

  /** Lists every note. */
  static listNotes(): Note[] {
    calls.push({ tool: 'list_notes', args: [] });
    return [{ id: 1, text: 'Note 1', due: new Date('2026-12-24T18:00:00Z') }];
  }

  /**
   * Adds a note.
   * @param text What the note says.
   * @param due When it is due.
   */
  static addNote(text: string, due?: Date): Note {
    calls.push({ tool: 'add_note', args: [text, due] });
    if (due !== undefined && !(due instanceof Date)) throw new Error('due is not a Date');
    return { id: 7, text, due: due ?? null };
  }

  /**
   * Deletes a note for good.
   * @param id The note's id.
   */
  static deleteNote(id: number): void {
    calls.push({ tool: 'delete_note', args: [id] });
  }

  /** Says who the run is for. */
  static whoAmI(services: ToolServices): string {
    calls.push({ tool: 'who_am_i', args: [] });
    return services.user ?? 'nobody';
  }

  /** Waits until the call is cancelled. */
  static async waitForever(signal: AbortSignal): Promise<string> {
    waiting.signal = signal;
    waiting.started?.();
    await new Promise((resolve) => signal.addEventListener('abort', resolve));
    return 'stopped';
  }
}
`;

export interface NotesModule {
  readonly calls: { tool: string; args: unknown[] }[];
  readonly waiting: { signal?: AbortSignal; started?: () => void };
}

export interface GeneratedNotes {
  readonly toolset: GeneratedToolset;
  readonly module: NotesModule;
  /** The function whose tool name is `name`. */
  fn(name: string): AIFunction;
  remove(): void;
}

/** Generates the notes toolset into a throwaway project beside this file and imports it. */
export async function generateNotes(label: string): Promise<GeneratedNotes> {
  const projects = path.join(import.meta.dirname, `.toolgen-tmp-${label}-${process.pid}`);
  mkdirSync(projects, { recursive: true });
  const root = mkdtempSync(path.join(projects, 'project-'));
  mkdirSync(path.join(root, 'src'));
  const compilerOptions = { target: 'ES2022', lib: ['ES2022', 'DOM'], module: 'NodeNext', moduleResolution: 'NodeNext', types: [], strict: true, skipLibCheck: true, noEmit: true };
  writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  writeFileSync(path.join(root, 'src/notes.ts'), toolsetSource);
  let output = '';
  const code = await main(['--format', 'json'], { stdout: (text) => (output += text), stderr: (text) => (output += text) }, root);
  if (code !== 0) throw new Error(`toolgen failed (${code}): ${output}`);
  const toolset = ((await import(pathToFileURL(path.join(root, 'src/notes.tools.ts')).href)) as Record<string, GeneratedToolset>)['noteToolset']!;
  const module = (await import(pathToFileURL(path.join(root, 'src/notes.ts')).href)) as NotesModule;
  return {
    toolset,
    module,
    fn: (name) => toolset.functions.find((candidate) => candidate.name === name)!,
    remove: () => rmSync(projects, { recursive: true, force: true }),
  };
}

/** What a test client answers to an elicitation, or `undefined` for a client that cannot elicit. */
export type Elicit = (request: { params: { message?: string; requestedSchema?: unknown } }) => Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }>;

/** Open connections, closed by `closeAll`. */
const open: { close(): Promise<void> }[] = [];

/** A real `Client` connected to `server` (an `McpServer`, or the SDK's low-level `Server`) over the SDK's in-memory transport (a 2025-era connection, the SDK's default). */
export async function connectClient(server: Pick<McpServer, 'connect' | 'close'>, elicit?: Elicit, options: ClientOptions = {}): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'test-client', version: '1.0.0' }, { ...options, ...(elicit === undefined ? {} : { capabilities: { elicitation: {} } }) });
  if (elicit !== undefined) client.setRequestHandler('elicitation/create', elicit as never);
  await client.connect(clientTransport);
  open.push(client, server);
  return client;
}

/**
 * A real `Client` on a 2026-07-28 connection: the SDK's `serveStdio` entry (which owns the era
 * decision) over an in-memory transport, and a client that negotiates (`versionNegotiation: auto`).
 */
export async function connectModernClient(createServer: () => McpServer, elicit?: Elicit, options: ClientOptions = {}): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(createServer, { transport: serverTransport });
  const client = new Client(
    { name: 'test-client', version: '1.0.0' },
    { ...options, versionNegotiation: { mode: 'auto' }, ...(elicit === undefined ? {} : { capabilities: { elicitation: {} } }) },
  );
  if (elicit !== undefined) client.setRequestHandler('elicitation/create', elicit as never);
  await client.connect(clientTransport);
  open.push(client, handle);
  return client;
}

export async function closeAll(): Promise<void> {
  for (const connection of open.splice(0)) await connection.close().catch(() => undefined);
}

export function newServer(): McpServer {
  return new McpServer({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } });
}

/** The text of a result's content, joined. */
export function textOf(result: { content?: unknown }): string {
  return ((result.content ?? []) as { type: string; text?: string }[]).map((block) => block.text ?? `[${block.type}]`).join('\n');
}
