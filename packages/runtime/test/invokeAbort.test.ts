import { describe, expect, it } from 'vitest';
import { defineTool, ToolFailure } from '@toolgen/runtime';
import type { InjectedValues, ToolResultKind } from '@toolgen/runtime/generated';
import { probeDefinition, recordingLogger, rejectionOf } from './invokeFixtures.js';

class CancelledByUser extends Error {
  override readonly name = 'CancelledByUser';
}

/** An async iterator written by hand, so the test sees exactly which of its methods ran. */
function recordingIterable(items: readonly unknown[], onNext: (index: number) => void = () => {}) {
  const calls: string[] = [];
  let index = 0;
  const iterable: AsyncIterable<unknown> = {
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        calls.push('next');
        onNext(index);
        return index < items.length ? { done: false, value: items[index++] } : { done: true, value: undefined };
      },
      return: async () => {
        calls.push('return');
        return { done: true, value: undefined };
      },
    }),
  };
  return { iterable, calls };
}

describe('invoke: abort before the call', () => {
  const rows: { name: string; abort: (controller: AbortController) => void; want: (signal: AbortSignal) => unknown }[] = [
    { name: 'with the reason given', abort: (c) => c.abort(new CancelledByUser('stop')), want: (signal) => signal.reason },
    { name: 'with the default AbortError', abort: (c) => c.abort(), want: (signal) => signal.reason },
  ];

  it.each(rows)('rejects at once $name, never running the tool', async ({ abort, want }) => {
    const controller = new AbortController();
    abort(controller);
    let called = false;
    const tool = defineTool(probeDefinition({ call: () => (called = true) }));
    const error = await rejectionOf(tool.invoke({}, { signal: controller.signal }));
    expect(error).toBe(want(controller.signal));
    expect(called).toBe(false);
  });

  it('rejects before validating the arguments', async () => {
    const controller = new AbortController();
    const reason = new CancelledByUser('stop');
    controller.abort(reason);
    const tool = defineTool(probeDefinition());
    await expect(tool.invoke('not an object', { signal: controller.signal })).rejects.toBe(reason);
  });
});

describe('invoke: abort while the tool runs', () => {
  const rows: { name: string; result: ToolResultKind; call: (injected: InjectedValues) => unknown }[] = [
    { name: 'a promise that ignores its signal and never settles', result: 'promise', call: () => new Promise(() => {}) },
    {
      name: 'a promise that rejects with the signal reason',
      result: 'promise',
      call: ({ signal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    },
    {
      name: 'a promise that resolves anyway on abort',
      result: 'promise',
      call: ({ signal }) => new Promise((resolve) => signal.addEventListener('abort', () => resolve('done anyway'))),
    },
    {
      name: 'a promise that fails with a ToolFailure on abort',
      result: 'promise',
      call: ({ signal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new ToolFailure('Cancelled.')))),
    },
    {
      name: 'a promise that fails unexpectedly on abort',
      result: 'promise',
      call: ({ signal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('socket closed')))),
    },
    {
      name: 'an async iterable waiting for its next item',
      result: 'asyncIterable',
      call: async function* () {
        yield 1;
        await new Promise(() => {});
      },
    },
  ];

  it.each(rows)('rejects promptly with the abort reason: $name', async ({ result, call }) => {
    const controller = new AbortController();
    const reason = new CancelledByUser('the user pressed stop');
    const logger = recordingLogger();
    let started = false;
    const tool = defineTool(
      probeDefinition({
        result,
        call: (_args, injected) => {
          started = true;
          return call(injected);
        },
      }),
    );
    const pending = tool.invoke({}, { signal: controller.signal, logger });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(started).toBe(true);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(logger.errors).toEqual([]);
  });

  it('rejects when a synchronous tool aborts its own run, never resolving', async () => {
    const controller = new AbortController();
    const reason = new CancelledByUser('stop');
    const tool = defineTool(
      probeDefinition({
        call: () => {
          controller.abort(reason);
          return 'finished';
        },
      }),
    );
    await expect(tool.invoke({}, { signal: controller.signal })).rejects.toBe(reason);
  });
});

describe('invoke: async iterable results', () => {
  it('drains every item into one array', async () => {
    const { iterable, calls } = recordingIterable(['a', { n: 1 }, new Date('2026-01-02T03:04:05Z')]);
    const tool = defineTool(probeDefinition({ result: 'asyncIterable', call: () => iterable }));
    expect(await tool.invoke({})).toEqual(['a', { n: 1 }, '2026-01-02T03:04:05.000Z']);
    expect(calls).toEqual(['next', 'next', 'next', 'next']);
  });

  it('drains an async generator', async () => {
    const tool = defineTool(
      probeDefinition({
        result: 'asyncIterable',
        call: async function* () {
          yield* [1, 2];
          await Promise.resolve();
          yield 3;
        },
      }),
    );
    expect(await tool.invoke({})).toEqual([1, 2, 3]);
  });

  it('stops between items on abort and calls return()', async () => {
    const controller = new AbortController();
    const reason = new CancelledByUser('stop');
    const { iterable, calls } = recordingIterable([1, 2, 3, 4], (index) => {
      if (index === 2) controller.abort(reason);
    });
    const tool = defineTool(probeDefinition({ result: 'asyncIterable', call: () => iterable }));
    await expect(tool.invoke({}, { signal: controller.signal })).rejects.toBe(reason);
    expect(calls).toEqual(['next', 'next', 'next', 'return']);
  });

  it("runs an async generator's finally block when aborted midway", async () => {
    const controller = new AbortController();
    const reason = new CancelledByUser('stop');
    let cleanedUp = false;
    const tool = defineTool(
      probeDefinition({
        result: 'asyncIterable',
        call: async function* () {
          try {
            yield 1;
            controller.abort(reason);
            yield 2;
            yield 3;
          } finally {
            cleanedUp = true;
          }
        },
      }),
    );
    await expect(tool.invoke({}, { signal: controller.signal })).rejects.toBe(reason);
    await expect.poll(() => cleanedUp).toBe(true);
  });
});
