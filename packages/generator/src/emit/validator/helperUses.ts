import type * as generated from '@toolgen/runtime/generated';

/**
 * A helper of `@toolgen/runtime/generated` that generated code may call (a name the runtime does
 * not export fails to compile here), or the one type a module may name, `__toolgenWithin`.
 */
export type HelperName = Extract<keyof typeof generated, `__toolgen${string}`> | '__toolgenWithin';

let recording: Set<HelperName> | undefined;

/**
 * `name`, recorded as used by the code being printed: the printers write each helper call through
 * this, so what a module imports and copies follows from what its shapes made them print.
 *
 * @throws {Error} when nothing is recording, so no printed call can go unrecorded.
 */
export function helper<N extends HelperName>(name: N): N {
  if (recording === undefined) throw new Error(`toolgen: ${name} was printed outside recordHelpers`);
  recording.add(name);
  return name;
}

/** The helpers recorded so far by the innermost recording. */
export function recordedHelpers(): ReadonlySet<HelperName> {
  if (recording === undefined) throw new Error('toolgen: recordedHelpers() outside recordHelpers');
  return new Set(recording);
}

/** Runs `print` and gives what it returned with the helpers the code it printed calls (also recorded by an enclosing recording). */
export function recordHelpers<T>(print: () => T): { readonly result: T; readonly helpers: ReadonlySet<HelperName> } {
  const outer = recording;
  const helpers = new Set<HelperName>();
  recording = helpers;
  try {
    return { result: print(), helpers };
  } finally {
    recording = outer;
    if (outer !== undefined) for (const name of helpers) outer.add(name);
  }
}
