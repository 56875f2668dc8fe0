import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { generate } from '@toolgen/generator';
import type { BackendName } from '../../src/host/Project.js';
import type { PolicySources } from '../../src/policy/policyFiles.js';
import { watchProject, type WatchCycle } from '../../src/watch/watchProject.js';

/** How long a test waits for one cycle: a cold start builds a TypeScript program on a shared machine. */
export const cycleTimeoutMs = 25_000;

/** A watcher running in-process on a temp project, its cycles delivered in order. */
export interface RunningWatch {
  /** The next cycle not yet taken; rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<WatchCycle>;
  /** Resolves after `ms` when no cycle arrived meanwhile; fails the test if one did. */
  expectQuiet(ms: number): Promise<void>;
  readonly errors: unknown[];
  stop(): Promise<void>;
}

export function startWatch(root: string, options: { readonly outDir?: string; readonly backend?: BackendName; readonly policies?: PolicySources } = {}): RunningWatch {
  const controller = new AbortController();
  const cycles: WatchCycle[] = [];
  const errors: unknown[] = [];
  let wake: (() => void) | undefined;
  const running = watchProject({
    project: path.join(root, 'tsconfig.json'),
    outDir: options.outDir,
    backend: options.backend,
    policies: options.policies,
    signal: controller.signal,
    onCycle: (cycle) => {
      cycles.push(cycle);
      wake?.();
    },
    onError: (error) => {
      errors.push(error);
      wake?.();
    },
  });
  let failure: unknown;
  running.catch((error: unknown) => {
    failure = error;
    wake?.();
  });
  let taken = 0;
  const next = async (timeoutMs = cycleTimeoutMs): Promise<WatchCycle> => {
    const deadline = Date.now() + timeoutMs;
    while (cycles.length <= taken) {
      if (failure !== undefined) {
        throw failure;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`no watch cycle within ${timeoutMs} ms (errors: ${errors.map(String).join('; ') || 'none'})`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
    return cycles[taken++]!;
  };
  return {
    next,
    async expectQuiet(ms) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      expect(cycles.slice(taken).map((cycle) => cycle.changed)).toEqual([]);
    },
    errors,
    async stop() {
      controller.abort();
      await running;
    },
  };
}

/** Output collected from a running CLI; `until` waits for a condition on it, event by event. */
export function collector() {
  let stdout = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  const changed = () => waiters.forEach((waiter) => waiter());
  return {
    output: {
      stdout: (text: string) => {
        stdout += text;
        changed();
      },
      stderr: (text: string) => {
        stderr += text;
        changed();
      },
    },
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    append(text: string) {
      stdout += text;
      changed();
    },
    until(condition: () => boolean, what: string): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (condition()) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}; stdout so far:\n${stdout}\nstderr:\n${stderr}`));
        }, cycleTimeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

/** Paths relative to the project, with `/`. */
export function relative(root: string, files: readonly string[]): string[] {
  return files.map((file) => path.relative(root, file).split(path.sep).join('/'));
}

/** What the watcher left on disk is what a fresh one-shot run computes for the same sources. */
export function expectSameAsOneShot(root: string): void {
  const fresh = generate({ project: path.join(root, 'tsconfig.json') });
  for (const output of fresh.outputs) {
    expect(readFileSync(output.path, 'utf8'), path.relative(root, output.path)).toBe(output.content);
  }
  expect(relative(root, fresh.orphans)).toEqual([]);
}

export function read(root: string, file: string): string {
  return readFileSync(path.join(root, file), 'utf8');
}

export function ticketsSource(description = 'Reads one ticket by its number.'): string {
  return `import { Toolset } from '@toolgen/runtime';
import type { TicketFilter } from './model.js';

export class TicketToolset extends Toolset {
  constructor() {
    super();
    this.addTool(TicketToolset.getTicket).withDescription('${description}').readOnly();
    this.addTool(TicketToolset.searchTickets).readOnly();
  }

  /** @param id The ticket's number. */
  static getTicket(id: number): string {
    return String(id);
  }

  /**
   * Searches tickets.
   * @param filter Which tickets to list.
   */
  static searchTickets(filter: TicketFilter): string[] {
    return [filter.status];
  }
}
`;
}

export function modelSource(status = "'open' | 'closed'"): string {
  return `/** Which tickets to list. */
export interface TicketFilter {
  /** Their state. */
  status: ${status};
}
`;
}

export function usersSource(name?: string): string {
  const withName = name === undefined ? '' : `.withName('${name}')`;
  return `import { Toolset } from '@toolgen/runtime';

export class UserToolset extends Toolset {
  constructor() {
    super();
    this.addTool(UserToolset.findUser)${withName};
  }

  /**
   * Finds users by name.
   * @param query Words of the name.
   */
  static findUser(query: string): string[] {
    return [query];
  }
}
`;
}
