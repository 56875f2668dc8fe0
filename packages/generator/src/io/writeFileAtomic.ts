import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The current content of a file, or undefined when it does not exist. */
export function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return undefined;
    }
    throw error;
  }
}

/**
 * Writes through a temporary file in the same folder and a rename, so readers never see a
 * half-written file. Skips the write when the content is already there; returns whether it wrote.
 */
export function writeFileAtomic(file: string, content: string): boolean {
  if (readIfExists(file) === content) {
    return false;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.toolgen-tmp-${process.pid}-${path.basename(file)}`);
  writeFileSync(temporary, content, 'utf8');
  renameSync(temporary, file);
  return true;
}

/** Removes a generated file; a file already gone is fine. */
export function removeFile(file: string): void {
  rmSync(file, { force: true });
}
