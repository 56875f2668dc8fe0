import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path, { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Ast from 'typescript7/ast';
import type * as Sync from 'typescript7/sync';

/** What to install when no TypeScript 7.1 is found: the npm alias toolgen's TypeScript 7 backend is tested with. */
export const ts7InstallCommand = 'npm i -D typescript7@npm:typescript@7.1.0-beta';

/** The TypeScript 7 JavaScript API: the sync client (`typescript/sync`) and the AST helpers (`typescript/ast`) of one package. */
export interface Ts7Modules {
  /** The package's version (`7.1.0-beta`). */
  readonly version: string;
  /** The package folder it was loaded from. */
  readonly folder: string;
  readonly sync: typeof Sync;
  readonly ast: typeof Ast;
}

/** Where a TypeScript 7 package was found: its folder, version, and the entry files of its API. */
export interface Ts7Location {
  readonly version: string;
  readonly folder: string;
  readonly syncEntry: string;
  readonly astEntry: string;
}

/**
 * Finds the TypeScript 7 API for the project in `projectFolder`, as Node resolves packages from
 * there: the project's own `typescript` when it is 7.1 or later, else the package `typescript7`
 * (an npm alias of `typescript@7.1`, beside a `typescript` 6 the rest of the project keeps).
 * Throws a one-line error saying what to install when neither is there. Loads nothing:
 * `loadTs7` imports what this finds.
 */
export function findTs7(projectFolder: string): Ts7Location {
  const fromProject = createRequire(join(projectFolder, 'package.json'));
  const own = packageAt(fromProject, 'typescript');
  if (own !== undefined && supportsApi(own.version)) {
    return own;
  }
  const alias = packageAt(fromProject, 'typescript7');
  if (alias !== undefined && supportsApi(alias.version)) {
    return alias;
  }
  const found = [own === undefined ? undefined : `typescript ${own.version}`, alias === undefined ? undefined : `typescript7 ${alias.version}`].filter((entry) => entry !== undefined);
  const seen = found.length === 0 ? 'no typescript package' : found.join(' and ');
  throw new Error(
    `toolgen's TypeScript 7 backend needs the TypeScript 7.1 JavaScript API, but ${displayFolder(projectFolder)} resolves ${seen}: run \`${ts7InstallCommand}\` (or install typescript 7.1 or later itself)`,
  );
}

/** The project's folder as the user named it: relative to the working folder when inside it. */
function displayFolder(folder: string): string {
  const relative = path.relative(process.cwd(), folder);
  return relative === '' ? 'the project' : relative.startsWith('..') || path.isAbsolute(relative) ? folder : relative;
}

/** Finds (`findTs7`) and imports the TypeScript 7 API. Only the TypeScript 7 backend calls this, so nothing else loads TypeScript 7. */
export async function loadTs7(projectFolder: string): Promise<Ts7Modules> {
  const location = findTs7(projectFolder);
  const [sync, ast] = await Promise.all([
    import(pathToFileURL(location.syncEntry).href) as Promise<typeof Sync>,
    import(pathToFileURL(location.astEntry).href) as Promise<typeof Ast>,
  ]);
  return { version: location.version, folder: location.folder, sync, ast };
}

/** The version, folder and API entries of the package `name` as `require` resolves it; undefined when it is not installed. */
function packageAt(require: NodeJS.Require, name: string): Ts7Location | undefined {
  let manifestPath: string;
  try {
    manifestPath = require.resolve(`${name}/package.json`);
  } catch {
    return undefined;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf-8')) as { version?: unknown };
  const version = typeof manifest.version === 'string' ? manifest.version : '0.0.0';
  const folder = dirname(manifestPath);
  if (!supportsApi(version)) {
    return { version, folder, syncEntry: '', astEntry: '' };
  }
  return { version, folder, syncEntry: require.resolve(`${name}/sync`), astEntry: require.resolve(`${name}/ast`) };
}

/** 7.1 or later, prereleases included (`7.1.0-beta`): 7.0 has the API only as `unstable/sync`, without `batch`. */
function supportsApi(version: string): boolean {
  const match = /^(\d+)\.(\d+)/.exec(version);
  if (match === null) {
    return false;
  }
  const major = Number(match[1]);
  const minor = Number(match[2]);
  return major > 7 || (major === 7 && minor >= 1);
}
