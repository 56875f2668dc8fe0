import { describeKind } from './validateArguments.js';

/**
 * Settles like `promise`, unless `signal` aborts first: then it rejects with the signal's reason
 * at once, without waiting for `promise` (a late rejection of `promise` is then ignored).
 */
export function raceAbort<T>(promise: PromiseLike<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Collects every item of `iterable` into an array, checking `signal` between items. On abort it
 * rejects with the signal's reason and asks the iterator to stop (`return()`) without waiting for it.
 */
export async function drainAsyncIterable(iterable: unknown, signal: AbortSignal): Promise<unknown[]> {
  const iterator = asyncIteratorOf(iterable);
  const items: unknown[] = [];
  try {
    for (;;) {
      signal.throwIfAborted();
      const step = await raceAbort(iterator.next(), signal);
      if (step.done === true) return items;
      items.push(step.value);
    }
  } catch (error) {
    if (signal.aborted) stop(iterator);
    throw error;
  }
}

function asyncIteratorOf(iterable: unknown): AsyncIterator<unknown> {
  const open: unknown =
    typeof iterable === 'object' && iterable !== null ? (iterable as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] : undefined;
  if (typeof open !== 'function') {
    throw new TypeError(`The tool declares an AsyncIterable result but returned ${describeKind(iterable)}.`);
  }
  return (open as (this: unknown) => AsyncIterator<unknown>).call(iterable);
}

function stop(iterator: AsyncIterator<unknown>): void {
  try {
    iterator.return?.()?.then(undefined, () => undefined);
  } catch {
    // The call is already rejecting with the abort reason; a failing return() changes nothing.
  }
}
