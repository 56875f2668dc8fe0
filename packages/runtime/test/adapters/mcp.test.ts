import type { Client } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defineTool, ToolApprovalRouter, withApproval, type AIFunction, type ToolServices } from '@toolgen/runtime';
import { plainMetadata, probeDefinition } from '../invokeFixtures.js';
import { registerMcpTools, type McpToolsOptions, type ToolCallInfo } from '@toolgen/runtime/mcp';
import { closeAll, connectClient, connectModernClient, generateNotes, newServer, textOf, type Elicit, type GeneratedNotes } from './mcpFixtures.js';

/*
 * registerMcpTools on the v2 SDK's real McpServer, called by a real Client over the SDK's
 * in-memory transport: on a 2025-era connection (the SDK's default) and on a 2026-07-28 one.
 */

let notes: GeneratedNotes;

beforeAll(async () => {
  notes = await generateNotes('mcp');
}, 120_000);

afterAll(() => notes.remove());

beforeEach(() => {
  notes.module.calls.length = 0;
});

afterEach(closeAll);

async function serve(functions: readonly AIFunction[] = notes.toolset.functions, options: McpToolsOptions = {}, elicit?: Elicit): Promise<Client> {
  const server = newServer();
  registerMcpTools(server, functions, options);
  return connectClient(server, elicit);
}

const calledTools = () => notes.module.calls.map((call) => call.tool);
const approve: Elicit = async () => ({ action: 'accept', content: { approve: true } });
const approvalAnswer = { toolgen_approval: { action: 'accept', content: { approve: true } } };

/** A retry as a client sends it in the multi-round-trip flow (the SDK's params type leaves these out). */
function retry(name: string, args: Record<string, unknown>, extra: { inputResponses?: unknown; requestState?: string }) {
  return { name, arguments: args, ...extra } as { name: string; arguments: Record<string, unknown> };
}

describe('a tool that may return nothing (T | undefined)', () => {
  const find = defineTool(
    probeDefinition({
      name: 'find',
      qualifiedName: 'note__find',
      metadata: { ...plainMetadata, optionalResult: true },
      returns: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
      parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
      call: (args: { readonly id?: unknown }) => (args.id === 'x' ? undefined : { id: args.id }),
    }),
  );

  it('declares no outputSchema, which would promise structured content on every call; answers nothing as text, an object with structuredContent', async () => {
    const client = await serve([find]);
    const [listed] = (await client.listTools()).tools;
    expect(listed!.outputSchema).toBeUndefined();
    const nothing = await client.callTool({ name: 'note__find', arguments: { id: 'x' } });
    expect([nothing.isError, textOf(nothing), nothing.structuredContent]).toEqual([undefined, 'Done (the tool returns nothing).', undefined]);
    const found = await client.callTool({ name: 'note__find', arguments: { id: 'a' } });
    expect([textOf(found), found.structuredContent]).toEqual(['{"id":"a"}', { id: 'a' }]);
  });
});

describe('issue 29, item 6: a tool that needs a client capability', () => {
  const summarize = defineTool(
    probeDefinition({
      name: 'summarize',
      qualifiedName: 'note__summarize',
      metadata: { ...plainMetadata, clientCapabilities: ['sampling', 'roots'] },
      returns: { type: 'string' },
      call: () => 'summary',
    }),
  );

  it('is refused, naming what the client lacks, unless the client declared every capability it needs', async () => {
    const plain = await serve([summarize]);
    const refused = await plain.callTool({ name: 'note__summarize', arguments: {} });
    expect([refused.isError, textOf(refused)]).toEqual([true, "note__summarize was not called: it needs the client's sampling and roots capabilities, which this client did not declare."]);
    const server = newServer();
    registerMcpTools(server, [summarize]);
    const capable = await connectClient(server, undefined, { capabilities: { sampling: {}, roots: {} } });
    expect(textOf(await capable.callTool({ name: 'note__summarize', arguments: {} }))).toBe('summary');
  });
});

describe('tools/list', () => {
  it('lists each tool under its qualified name, with its canonical input schema and explicit boolean annotations', async () => {
    const client = await serve();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => [tool.name, tool.annotations])).toEqual([
      // issue 29: withTitle, additive() (not destructive) and idempotent() reach the annotations
      ['note__get_note', { title: 'Read a note', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }],
      ['note__list_notes', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }],
      ['note__add_note', { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }],
      ['note__delete_note', { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false }],
      ['note__who_am_i', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }],
      ['note__wait_forever', { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false }],
    ]);
    expect(tools.map((tool) => tool.title)).toEqual(['Read a note', undefined, undefined, undefined, undefined, undefined]);
    const addNote = tools.find((tool) => tool.name === 'note__add_note')!;
    expect(addNote.inputSchema).toEqual(notes.fn('add_note').parameters.jsonSchema);
    expect(addNote.description).toBe('Adds a note.');
  });

  it('gives an output schema to the tools whose result is an object, and to no other', async () => {
    const client = await serve();
    const { tools } = await client.listTools();
    const withOutput = tools.filter((tool) => tool.outputSchema !== undefined).map((tool) => tool.name);
    expect(withOutput).toEqual(['note__get_note', 'note__add_note']);
    expect(tools.find((tool) => tool.name === 'note__get_note')!.outputSchema).toEqual(notes.fn('get_note').returns);
  });
});

describe('tools/call', () => {
  it('answers an object result as structuredContent and JSON text', async () => {
    const client = await serve();
    const result = await client.callTool({ name: 'note__get_note', arguments: { id: 3 } });
    expect(result).toMatchObject({ structuredContent: { id: 3, text: 'Note 3', due: null } });
    expect(JSON.parse(textOf(result))).toEqual({ id: 3, text: 'Note 3', due: null });
    expect(result.isError).toBeUndefined();
  });

  it('answers other results as JSON text only', async () => {
    const client = await serve();
    const result = await client.callTool({ name: 'note__list_notes', arguments: {} });
    expect(result.structuredContent).toBeUndefined();
    expect(JSON.parse(textOf(result))).toEqual([{ id: 1, text: 'Note 1', due: '2026-12-24T18:00:00.000Z' }]);
  });

  it("answers a ToolFailure with its reason and fix, and an unexpected error opaquely unless the context exposes errors", async () => {
    const client = await serve();
    const failure = await client.callTool({ name: 'note__get_note', arguments: { id: 404 } });
    expect([failure.isError, textOf(failure)]).toEqual([true, 'No note 404 exists. List the notes to find its id.']);
    const unexpected = await client.callTool({ name: 'note__get_note', arguments: { id: 0 } });
    expect([unexpected.isError, textOf(unexpected)]).toEqual([true, 'The tool failed unexpectedly.']);

    const logged: string[] = [];
    const exposing = await serve(notes.toolset.functions, { context: { exposeErrors: true, logger: { error: (message) => void logged.push(message) } } });
    const exposed = await exposing.callTool({ name: 'note__get_note', arguments: { id: 0 } });
    expect(textOf(exposed)).toBe('the notes table is locked (password hunter2)');
    expect(logged).toEqual(['Tool note__get_note failed unexpectedly']);
  });

  it('gives each call the context the context function returns for it', async () => {
    const seen: ToolCallInfo[] = [];
    const client = await serve(notes.toolset.functions, {
      context: (call) => {
        seen.push(call);
        // the generated project declares ToolServices.user; this compilation does not see it
        return { services: { user: `ada (call ${call.callId})` } as unknown as ToolServices };
      },
    });
    const result = await client.callTool({ name: 'note__who_am_i', arguments: {} });
    expect(seen).toEqual([{ name: 'who_am_i', qualifiedName: 'note__who_am_i', callId: expect.any(String) }]);
    expect(textOf(result)).toBe(`ada (call ${seen[0]!.callId})`);
  });

  it("forwards the client's cancellation to the tool's abort signal", async () => {
    const client = await serve();
    const started = new Promise<void>((resolve) => (notes.module.waiting.started = resolve));
    const controller = new AbortController();
    const call = client.callTool({ name: 'note__wait_forever', arguments: {} }, { signal: controller.signal });
    await started;
    controller.abort(new Error('the user stopped it'));
    await expect(call).rejects.toThrow();
    await expect.poll(() => notes.module.waiting.signal?.aborted).toBe(true);
  });
});

describe('tools that need approval', () => {
  const gated = (): AIFunction[] => [withApproval(notes.fn('delete_note'), new ToolApprovalRouter({ runMode: 'use_agent_policy' }))];

  it('answers isError and never runs the tool when the client cannot elicit', async () => {
    const client = await serve(gated());
    const result = await client.callTool({ name: 'note__delete_note', arguments: { id: 1 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('note__delete_note was not called: this tool needs approval, and this client cannot give it.');
    expect(calledTools()).toEqual([]);
  });

  it('asks through elicitation, showing the arguments, and runs an approval-wrapped tool once the user accepts', async () => {
    const asked: string[] = [];
    const client = await serve(gated(), {}, async (request) => {
      asked.push(request.params.message ?? '');
      return { action: 'accept', content: { approve: true } };
    });
    const result = await client.callTool({ name: 'note__delete_note', arguments: { id: 1 } });
    expect([result.isError, textOf(result)]).toEqual([undefined, 'Done (the tool returns nothing).']);
    expect(asked).toEqual([expect.stringMatching(/^Allow note__delete_note to run with these arguments\? It may change things\.\nDeletes a note for good\.\nArguments: \{"id":1\}$/)]);
    expect(notes.module.calls).toEqual([{ tool: 'delete_note', args: [1] }]);
  });

  it.each<[string, Awaited<ReturnType<Elicit>>, string]>([
    ['a decline', { action: 'decline' }, 'The user rejected this call, so note__delete_note was not called. Do not repeat it unless the user asks you to.'],
    ['a cancel', { action: 'cancel' }, 'The user rejected this call (the approval request was dismissed), so note__delete_note was not called. Do not repeat it unless the user asks you to.'],
    ['an accepted form that does not approve', { action: 'accept', content: { approve: false } }, 'The user rejected this call, so note__delete_note was not called. Do not repeat it unless the user asks you to.'],
  ])('never runs the tool on %s', async (_label, answer, message) => {
    const client = await serve(gated(), {}, async () => answer);
    const result = await client.callTool({ name: 'note__delete_note', arguments: { id: 1 } });
    expect([result.isError, textOf(result)]).toEqual([true, message]);
    expect(calledTools()).toEqual([]);
  });

  it('never runs the tool when the answer comes after the approval lapsed', async () => {
    const client = await serve(gated(), { approvalTimeoutMs: 50 }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      return { action: 'accept', content: { approve: true } };
    });
    const result = await client.callTool({ name: 'note__delete_note', arguments: { id: 1 } });
    expect([result.isError, textOf(result)]).toEqual([true, 'Nobody answered the approval request in time, so note__delete_note was not called.']);
    expect(calledTools()).toEqual([]);
  });

  it('never runs the tool when the client fails to answer', async () => {
    const client = await serve(gated(), {}, async () => {
      throw new Error('the dialog crashed');
    });
    const result = await client.callTool({ name: 'note__delete_note', arguments: { id: 1 } });
    expect(result.isError).toBe(true);
    expect(calledTools()).toEqual([]);
  });

  it('refuses invalid arguments before anyone is asked', async () => {
    let asked = false;
    const client = await serve(gated(), {}, async () => {
      asked = true;
      return { action: 'accept', content: { approve: true } };
    });
    const result = await client.callTool({ name: 'note__delete_note', arguments: { id: 'one' } });
    expect([result.isError, textOf(result), asked]).toEqual([true, 'Invalid arguments:\n- /id: must be a number; got "one"\nCorrect these arguments and call the tool again.', false]);
  });

  it('takes no approval the client sends without being asked: it asks, and the answer to that decides', async () => {
    let asked = 0;
    const client = await serve(gated(), {}, async () => {
      asked += 1;
      return { action: 'decline' };
    });
    const result = await client.callTool(retry('note__delete_note', { id: 1 }, { inputResponses: approvalAnswer }));
    expect([result.isError, asked, calledTools()]).toEqual([true, 1, []]);
    expect(textOf(result)).toMatch(/^The user rejected this call, so note__delete_note was not called\./);
  });

  it("with names: 'name', asks and refuses by the name the client and the model know", async () => {
    const asked: string[] = [];
    const client = await serve(gated(), { names: 'name' }, async (request) => {
      asked.push((request as { params: { message: string } }).params.message.split('\n')[0]!);
      return { action: 'decline' };
    });
    const result = await client.callTool({ name: 'delete_note', arguments: { id: 1 } });
    expect(asked).toEqual(['Allow delete_note to run with these arguments? It may change things.']);
    expect(textOf(result)).toMatch(/^The user rejected this call, so delete_note was not called\./);
  });

  it('answers a client that does not answer in time in its own words, and never runs the tool', async () => {
    const client = await serve(gated(), { approvalTimeoutMs: 200 }, () => new Promise(() => undefined));
    const result = await client.callTool({ name: 'note__delete_note', arguments: { id: 1 } });
    expect([result.isError, textOf(result), calledTools()]).toEqual([true, 'Nobody answered the approval request in time, so note__delete_note was not called.', []]);
  });

  it.each([
    ['auto_reject_required', false],
    ['use_agent_policy', true],
  ] as const)('issue 24, finding 2: a router that decides alone still decides (%s, background %s): the client is not asked and the tool never runs', async (runMode, background) => {
    let asked = false;
    const decidesAlone = [withApproval(notes.fn('delete_note'), new ToolApprovalRouter({ runMode, background }))];
    const client = await serve(decidesAlone, {}, async () => {
      asked = true;
      return { action: 'accept', content: { approve: true } };
    });
    const result = await client.callTool({ name: 'note__delete_note', arguments: { id: 1 } });
    expect([result.isError, asked]).toEqual([true, false]);
    expect(textOf(result)).toMatch(/note__delete_note was not called/);
    expect(calledTools()).toEqual([]);
  });

  it('issue 25, item 1: a toolset\'s plain functions, without needsApproval, never run a require_approval tool unasked', async () => {
    const cannotElicit = await serve(notes.toolset.functions);
    const refused = await cannotElicit.callTool({ name: 'note__delete_note', arguments: { id: 3 } });
    expect([refused.isError, textOf(refused)]).toEqual([true, 'note__delete_note was not called: this tool needs approval, and this client cannot give it.']);
    expect(calledTools()).toEqual([]);
    const asking = await serve(notes.toolset.functions, {}, approve);
    expect((await asking.callTool({ name: 'note__delete_note', arguments: { id: 3 } })).isError).toBeUndefined();
    expect(notes.module.calls).toEqual([{ tool: 'delete_note', args: [3] }]);
  });

  it('asks for the functions needsApproval names, raw ones included (as toolgen mcp serves require_approval tools)', async () => {
    const client = await serve(notes.toolset.functions, { needsApproval: (fn) => fn.metadata.approval === 'require_approval' }, approve);
    const result = await client.callTool({ name: 'note__delete_note', arguments: { id: 2 } });
    expect(result.isError).toBeUndefined();
    expect(notes.module.calls).toEqual([{ tool: 'delete_note', args: [2] }]);
    const unasked = await client.callTool({ name: 'note__get_note', arguments: { id: 2 } });
    expect(unasked.structuredContent).toMatchObject({ id: 2 });
  });
});

describe('on a 2026-07-28 connection', () => {
  const serverWith = (options: McpToolsOptions = {}) => () => {
    const server = newServer();
    registerMcpTools(server, notes.toolset.functions, { needsApproval: (fn) => fn.metadata.approval === 'require_approval', ...options });
    return server;
  };

  it('serves calls, and asks for approval with an input_required result the client fulfils', async () => {
    let asked = 0;
    const client = await connectModernClient(serverWith(), async () => {
      asked += 1;
      return { action: 'accept', content: { approve: true } };
    });
    expect(client.getProtocolEra()).toBe('modern');
    expect((await client.callTool({ name: 'note__get_note', arguments: { id: 5 } })).structuredContent).toMatchObject({ id: 5 });
    const result = await client.callTool({ name: 'note__delete_note', arguments: { id: 5 } });
    expect([result.isError, asked]).toEqual([undefined, 1]);
    expect(calledTools()).toEqual(['get_note', 'delete_note']);
  });

  it('reads the capabilities from the request: a client that cannot elicit is refused', async () => {
    const client = await connectModernClient(serverWith());
    const result = await client.callTool({ name: 'note__delete_note', arguments: { id: 5 } });
    expect(textOf(result)).toBe('note__delete_note was not called: this tool needs approval, and this client cannot give it.');
    expect(calledTools()).toEqual([]);
  });

  it('refuses an approval the client sends without being asked', async () => {
    const client = await connectModernClient(serverWith(), approve);
    const result = await client.callTool(retry('note__delete_note', { id: 1 }, { inputResponses: approvalAnswer }));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^This answer does not belong to an approval request this server made for these arguments, so note__delete_note was not called\./);
    expect(calledTools()).toEqual([]);
  });

  it('binds an approval to its arguments and spends it once', async () => {
    const client = await connectModernClient(serverWith(), approve, { inputRequired: { autoFulfill: false } });
    const ask = async (id: number) =>
      ((await client.callTool({ name: 'note__delete_note', arguments: { id } }, { allowInputRequired: true })) as unknown as { resultType: string; requestState: string });
    const first = await ask(5);
    expect(first.resultType).toBe('input_required');
    const otherArguments = await client.callTool(retry('note__delete_note', { id: 6 }, { inputResponses: approvalAnswer, requestState: first.requestState }));
    expect([otherArguments.isError, calledTools()]).toEqual([true, []]);

    const second = await ask(5);
    const approved = await client.callTool(retry('note__delete_note', { id: 5 }, { inputResponses: approvalAnswer, requestState: second.requestState }));
    expect([approved.isError, calledTools()]).toEqual([undefined, ['delete_note']]);
    const replayed = await client.callTool(retry('note__delete_note', { id: 5 }, { inputResponses: approvalAnswer, requestState: second.requestState }));
    expect([replayed.isError, calledTools()]).toEqual([true, ['delete_note']]);
  });
});
