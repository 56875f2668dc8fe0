import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 31: the main entry, and what a generated module loads, import no Node built-in, so a
// generated toolset runs in a browser or an edge runtime. The test bundles examples/tickets'
// generated module as a bundler does for the browser (no `node` export condition, Node built-ins
// unresolvable) and runs it in a `vm` context that has only the web platform's globals: no
// `process`, `Buffer`, `require` or Node module at all.

const repo = path.resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'toolgen-browser-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const entry = `
import { ticketToolset } from ${JSON.stringify(path.join(repo, 'examples/tickets/src/tickets.tools.ts'))};
import { createServices } from ${JSON.stringify(path.join(repo, 'examples/tickets/src/services.ts'))};
import { ToolCatalogue, ToolNaming, ToolApprovalRouter, parsePendingToolCall, resolveAgentTools, serializePendingToolCall, ToolApprovalError, withWorkspaceContainment } from '@toolgen/runtime';

export async function run() {
  const services = createServices();
  const { search_tickets, close_ticket } = ticketToolset.tools;
  const found = await search_tickets.invoke({ query: 'printer' }, { services });
  let invalid = '';
  try { await search_tickets.invoke({ query: 3 }, { services }); } catch (error) { invalid = error.message; }

  const catalogue = new ToolCatalogue();
  catalogue.sync({ toolsets: [ticketToolset] });
  const agent = { name: 'support', toolsets: [{ owner: 'ticket' }] };
  const approving = new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: { name: 'test', requestApproval: async (request) => ({ decision: 'approve' }) } });
  const approved = await resolveAgentTools(agent, catalogue, { approvals: approving }).get('ticket__close_ticket').function.invoke({ number: 4711, reason: 'fixed' }, { services });

  // a deferred approval, signed and read back (HMAC without node:crypto)
  const deferring = new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: { name: 'later', requestApproval: async () => ({ decision: 'defer' }) } });
  let pending = '';
  try {
    await resolveAgentTools(agent, catalogue, { approvals: deferring }).get('ticket__close_ticket').function.invoke({ number: 4712, reason: 'later' }, { services });
  } catch (error) {
    if (!(error instanceof ToolApprovalError) || error.outcome.status !== 'pending') throw error;
    const key = 'a development key of at least 32 bytes';
    pending = parsePendingToolCall(serializePendingToolCall(error.outcome.pending, { key }), { key }).toolName;
  }

  // a workspace tool where there is no file system: refused, never run
  let ran = false;
  const pathTool = withWorkspaceContainment({ ...search_tickets, metadata: { ...search_tickets.metadata, workspacePaths: [{ parameter: 'query', access: 'read' }] }, run: async () => { ran = true; return []; } }, { root: '/srv' });
  let refused = '';
  try { await pathTool.invoke({ query: 'notes.md' }, { services, workspace: { root: '/srv' } }); } catch (error) { refused = error.message; }

  return { found: found.map((ticket) => ticket.number), invalid, approved: approved ?? null, pending, longName: ToolNaming.buildQualifiedName('a'.repeat(70), 'tool'), refused, ran, closed: services.tickets.search('printer', { limit: 5, includeClosed: true }).map((t) => t.status) };
}
`;

async function bundle(): Promise<string> {
  writeFileSync(path.join(work, 'entry.ts'), entry);
  const result = await esbuild.build({
    entryPoints: [path.join(work, 'entry.ts')],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'toolgenBundle',
    write: false,
    logLevel: 'silent',
    nodePaths: [path.join(repo, 'node_modules')],
  });
  return result.outputFiles[0]!.text;
}

/** A context with the web platform's globals only (what browsers, Deno and edge runtimes share). */
function webContext(): vm.Context {
  const web = { URL, TextEncoder, TextDecoder, crypto: globalThis.crypto, AbortController, AbortSignal, DOMException, Event, EventTarget, structuredClone, queueMicrotask, setTimeout, clearTimeout, console };
  return vm.createContext({ ...web });
}

describe('a generated module bundled for the browser', () => {
  it('bundles without any Node built-in module', async () => {
    const text = await bundle();
    expect(text).not.toMatch(/\brequire\(|from\s*["']node:|["']node:(?:fs|path|crypto)/);
  });

  it('runs invoke, approval, pending calls and naming where no Node API exists', async () => {
    const context = webContext();
    expect(vm.runInContext('typeof process + typeof Buffer + typeof require', context)).toBe('undefinedundefinedundefined');
    vm.runInContext(await bundle(), context);
    const result = (await vm.runInContext('toolgenBundle.run()', context)) as Record<string, unknown>;
    expect(JSON.parse(JSON.stringify(result))).toEqual({
      found: [4711],
      invalid: expect.stringContaining('/query'),
      approved: null,
      pending: 'ticket__close_ticket',
      // the hash that truncates a long name is SHA-256, the same as Node's
      longName: `${'a'.repeat(54)}__${createHash('sha256').update(`${'a'.repeat(70)}__tool`).digest('hex').slice(0, 8)}`,
      refused: expect.stringContaining('no file system'),
      ran: false,
      closed: ['closed', 'closed'],
    });
  });
});
