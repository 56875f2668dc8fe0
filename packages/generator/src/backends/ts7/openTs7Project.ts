import { dirname, resolve } from 'node:path';
import type { API, Checker, Program, Project } from 'typescript7/sync';
import type { TypeHost } from '../../host/TypeHost.js';
import { loadTs7, type Ts7Modules } from './loadTs7.js';
import { ts7TypeHost } from './Ts7TypeHost.js';

/** One TypeScript 7 project, opened from its tsconfig in a `tsgo --api` process of its own. */
export interface Ts7Project {
  readonly modules: Ts7Modules;
  readonly api: API;
  readonly project: Project;
  readonly program: Program;
  readonly checker: Checker;
  /** The type host of the project's checker. */
  readonly types: TypeHost;
  /** Ends the API process. Safe to call twice; the project cannot be used after. */
  close(): void;
  [Symbol.dispose](): void;
}

export interface OpenTs7Options {
  /** The API modules to use, when already loaded (`loadTs7`); otherwise found from the tsconfig's folder. */
  readonly modules?: Ts7Modules;
  /** Have the API collect request timings (`api.getTimingInfo()`). */
  readonly collectTiming?: boolean;
}

/**
 * Opens the project of `tsconfigPath` on TypeScript 7: starts the API process, loads the
 * project's program, and hands back its program, checker and type host. `close()` (or `using`)
 * ends the process; if opening fails, the process is ended before the error is thrown.
 */
export async function openTs7Project(tsconfigPath: string, options: OpenTs7Options = {}): Promise<Ts7Project> {
  const configPath = resolve(tsconfigPath);
  const folder = dirname(configPath);
  const modules = options.modules ?? (await loadTs7(folder));
  const api = new modules.sync.API({ cwd: folder, ...(options.collectTiming === true ? { collectTiming: true } : {}) });
  let closed = false;
  const close = (): void => {
    if (!closed) {
      closed = true;
      api.close();
    }
  };
  try {
    const snapshot = api.createSnapshot({ openProjects: [configPath] });
    const project = snapshot.getConfiguredProject(configPath) ?? snapshot.getProjects()[0];
    if (project === undefined) {
      throw new Error(`TypeScript 7 opened no project for ${configPath}`);
    }
    const { program, checker } = project;
    const types = ts7TypeHost({ modules, api, program, checker });
    return { modules, api, project, program, checker, types, close, [Symbol.dispose]: close };
  } catch (error) {
    close();
    throw error;
  }
}
