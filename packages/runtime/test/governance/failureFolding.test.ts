import { describe, expect, it } from 'vitest';
import { RepeatedToolFailure, resolveAgentTools, ToolApprovalRouter, ToolCatalogue, ToolFailure, withApproval } from '@toolgen/runtime';
import { ToolFailureTracker, withFailureFolding } from '../../src/agent/withFailureFolding.js';
import { fakeTool, fakeToolset, rejectionOf, scriptedChannel, type RecordedCall } from './fixtures.js';

function failingTool(calls: RecordedCall[], failure: () => unknown = () => new ToolFailure('No ticket 4711 exists.', 'Search for it first.')) {
  return fakeTool({
    name: 'get_ticket',
    className: 'TicketToolset',
    properties: { number: 'integer' },
    calls,
    run: () => {
      throw failure();
    },
  });
}

async function messages(fn: ReturnType<typeof fakeTool>, args: unknown, times: number): Promise<string[]> {
  const seen: string[] = [];
  for (let index = 0; index < times; index++) seen.push(((await rejectionOf(fn.invoke(args))) as Error).message);
  return seen;
}

describe('folding repeated failures', () => {
  it('folds the third identical failure into one result', async () => {
    const calls: RecordedCall[] = [];
    const fn = withFailureFolding(failingTool(calls), new ToolFailureTracker());
    expect(await messages(fn, { number: 4711 }, 3)).toEqual([
      'No ticket 4711 exists. Search for it first.',
      'No ticket 4711 exists. Search for it first.',
      'ticket__get_ticket has now failed 3 times with the same arguments. Last failure: No ticket 4711 exists. Search for it first. ' +
        'Do not call it again with these arguments: change them, try another way, or tell the user what blocks you.',
    ]);
    const folded = await rejectionOf(fn.invoke({ number: 4711 }));
    expect(folded).toBeInstanceOf(RepeatedToolFailure);
    expect(folded).toMatchObject({ toolName: 'ticket__get_ticket', attempts: 4 });
    expect(calls).toHaveLength(4);
  });

  it('counts per tool and arguments, whatever the key order', async () => {
    const fn = withFailureFolding(
      fakeTool({ name: 'find', properties: { a: 'integer', b: 'integer' }, run: () => Promise.reject(new ToolFailure('nothing found')) }),
      new ToolFailureTracker(),
    );
    await rejectionOf(fn.invoke({ a: 1, b: 2 }));
    await rejectionOf(fn.invoke({ a: 1, b: 3 }));
    await rejectionOf(fn.invoke({ b: 2, a: 1 }));
    expect(await rejectionOf(fn.invoke({ a: 1, b: 2 }))).toBeInstanceOf(RepeatedToolFailure);
    expect(await rejectionOf(fn.invoke({ a: 1, b: 3 }))).not.toBeInstanceOf(RepeatedToolFailure);
  });

  it('starts again after a success', async () => {
    let fail = true;
    const fn = withFailureFolding(
      fakeTool({ name: 'flaky', run: () => (fail ? Promise.reject(new ToolFailure('busy')) : 'ok') }),
      new ToolFailureTracker(),
    );
    await messages(fn, {}, 2);
    fail = false;
    await fn.invoke({});
    fail = true;
    expect(await messages(fn, {}, 2)).toEqual(['busy', 'busy']);
  });

  it('keeps unexpected errors opaque in the folded result', async () => {
    const fn = withFailureFolding(
      failingTool([], () => new Error('connection string postgres://admin:pw@db')),
      new ToolFailureTracker(),
    );
    const [, , third] = await messages(fn, { number: 1 }, 3);
    expect(third).toContain('Last failure: The tool failed unexpectedly.');
    expect(third).not.toContain('postgres');
  });

  it('does not count aborted calls, and passes the signal through', async () => {
    const calls: RecordedCall[] = [];
    const fn = withFailureFolding(
      fakeTool({ name: 'slow', calls, run: (_args, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))) }),
      new ToolFailureTracker(),
    );
    for (let index = 0; index < 3; index++) {
      const controller = new AbortController();
      const call = fn.invoke({}, { signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 0));
      controller.abort(new Error(`stop ${index}`));
      expect(await rejectionOf(call)).toEqual(new Error(`stop ${index}`));
      expect(calls[index]?.signal).toBe(controller.signal);
    }
  });

  it('does not count pending approvals, but does count rejections', async () => {
    const deferring = withFailureFolding(
      withApproval(fakeTool({ name: 'deploy' }), new ToolApprovalRouter({ runMode: 'use_agent_policy', channel: scriptedChannel(() => ({ decision: 'defer' })) })),
      new ToolFailureTracker(),
    );
    for (let index = 0; index < 3; index++) expect(await rejectionOf(deferring.invoke({}))).toMatchObject({ name: 'ToolApprovalError' });

    const rejecting = withFailureFolding(withApproval(fakeTool({ name: 'deploy' }), new ToolApprovalRouter({ runMode: 'auto_reject_required' })), new ToolFailureTracker());
    await messages(rejecting, {}, 2);
    expect(await rejectionOf(rejecting.invoke({}))).toBeInstanceOf(RepeatedToolFailure);
  });

  it('is applied by resolveAgentTools, one count per resolution', async () => {
    const catalogue = new ToolCatalogue();
    catalogue.sync({ toolsets: [fakeToolset('TicketToolset', [{ name: 'get_ticket', properties: { number: 'integer' }, run: () => Promise.reject(new ToolFailure('gone')) }])] });
    const agent = { allowedTools: ['ticket__get_ticket'] };
    const run = resolveAgentTools(agent, catalogue, {});
    await messages(run.functions[0]!, { number: 1 }, 2);
    expect(await rejectionOf(run.functions[0]!.invoke({ number: 1 }))).toBeInstanceOf(RepeatedToolFailure);
    const nextRun = resolveAgentTools(agent, catalogue, {});
    expect(await rejectionOf(nextRun.functions[0]!.invoke({ number: 1 }))).not.toBeInstanceOf(RepeatedToolFailure);
  });
});
