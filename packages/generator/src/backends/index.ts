import path from 'node:path';
import { ProjectConfigurationError, type BackendName, type Project, type ProjectLoadOptions } from '../host/Project.js';
import { IncrementalProject } from './ts6/Ts6Project.js';
import { loadTs7, type Ts7Modules } from './ts7/loadTs7.js';
import { Ts7Project } from './ts7/Ts7Project.js';

/** How to load a project: which backend, and whether the program is for one generation. */
export interface BackendLoadOptions extends ProjectLoadOptions {
  readonly backend?: BackendName;
}

/** The TypeScript 7 API found for each project folder (`prepareBackend`). */
const ts7ByFolder = new Map<string, Ts7Modules>();

/**
 * Loads what a backend needs before a project can be loaded with it: nothing for `ts6` (ts-morph
 * is loaded with the project); for `ts7`, the TypeScript 7.1 API the project's folder resolves,
 * imported once. Throws `ProjectConfigurationError`, saying what to install, when there is none.
 */
export async function prepareBackend(backend: BackendName, tsconfigPath: string): Promise<void> {
  const folder = path.dirname(path.resolve(tsconfigPath));
  if (backend === 'ts7' && !ts7ByFolder.has(folder)) {
    try {
      ts7ByFolder.set(folder, await loadTs7(folder));
    } catch (error) {
      throw new ProjectConfigurationError((error as Error).message);
    }
  }
}

/**
 * Loads the project of a tsconfig.json with the backend asked for (`toolgen --backend`, SPEC §8):
 * `ts6` (the default) on ts-morph's TypeScript 6, `ts7` on TypeScript 7's JavaScript API (after
 * `prepareBackend`). Throws `ProjectConfigurationError` for a tsconfig that is
 * missing or does not parse.
 */
export function loadProject(tsconfigPath: string, options: BackendLoadOptions = {}): Project {
  switch (options.backend ?? 'ts6') {
    case 'ts6':
      return IncrementalProject.load(tsconfigPath, options);
    case 'ts7': {
      const modules = ts7ByFolder.get(path.dirname(path.resolve(tsconfigPath)));
      if (modules === undefined) {
        throw new Error(`loadProject: prepareBackend('ts7', ${tsconfigPath}) was not awaited first`);
      }
      return Ts7Project.load(tsconfigPath, modules);
    }
  }
}
