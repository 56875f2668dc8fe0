import type { BackendName, Project, ProjectLoadOptions } from '../host/Project.js';
import { IncrementalProject } from './ts6/Ts6Project.js';

/** How to load a project: which backend, and whether the program is for one generation. */
export interface BackendLoadOptions extends ProjectLoadOptions {
  readonly backend?: BackendName;
}

/**
 * Loads the project of a tsconfig.json with the backend asked for (`toolgen --backend`, SPEC §8):
 * `ts6` (the default) on ts-morph's TypeScript 6, `ts7` on TypeScript 7's JavaScript API.
 * Throws `ProjectConfigurationError` for a tsconfig that is missing or does not parse.
 */
export function loadProject(tsconfigPath: string, options: BackendLoadOptions = {}): Project {
  switch (options.backend ?? 'ts6') {
    case 'ts6':
      return IncrementalProject.load(tsconfigPath, options);
    case 'ts7':
      throw new Error('the ts7 backend is not wired in yet');
  }
}
