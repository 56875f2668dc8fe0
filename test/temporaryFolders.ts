import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';

/*
 * The folders tests make, removed after each test file by test/setup.ts (a setup file of every vitest run). Not by an
 * `afterAll` in the helper that makes them: the test files of a worker share their modules (`isolate: false`), so a
 * helper's own hook was registered by the first file that loaded it only, and the folders of the files after it stayed.
 */

const made: string[] = [];

/** A new folder in `parent` (made if missing) whose name starts with `prefix`, removed after the test file. */
export function temporaryFolder(parent: string, prefix: string): string {
  mkdirSync(parent, { recursive: true });
  const folder = mkdtempSync(path.join(parent, prefix));
  made.push(folder);
  return folder;
}

/** Removes the folders made since the last call. */
export function removeTemporaryFolders(): void {
  for (const folder of made.splice(0)) {
    rmSync(folder, { recursive: true, force: true });
  }
}
