import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FileAccessError } from './faults.js';
import { stampOf, type FileStamp } from './fileStamp.js';

/**
 * The current content of a file, or undefined when it does not exist (nor does a folder on its
 * path). Throws `FileAccessError` when it exists but cannot be read (a directory, say).
 */
export function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return undefined;
    }
    throw new FileAccessError('read', file, error);
  }
}

/** Whether `text` is the concatenation of `pieces`, compared piece by piece (nothing joined). */
export function holdsPieces(text: string | undefined, pieces: string | readonly string[]): boolean {
  if (text === undefined) return false;
  if (typeof pieces === 'string') return text === pieces;
  let offset = 0;
  for (const piece of pieces) {
    if (!text.startsWith(piece, offset)) return false;
    offset += piece.length;
  }
  return offset === text.length;
}

/**
 * Writes through a temporary file in the same folder and a rename, so readers never see a
 * half-written file. Skips the write when the content is already there; returns whether it wrote.
 * The content may come in pieces, written one after another, so a large file's whole text and
 * its UTF-8 copy never exist at once. On failure the file is as it was, no temporary file is
 * left, and it throws `FileAccessError`.
 */
export function writeFileAtomic(file: string, content: string | readonly string[]): boolean {
  let current: string | undefined;
  try {
    current = readIfExists(file);
  } catch (error) {
    // reading what is there is the first step of writing it: say so
    throw new FileAccessError('write', file, error instanceof FileAccessError ? error.cause : error);
  }
  if (holdsPieces(current, content)) {
    return false;
  }
  replaceFileAtomic(file, content);
  return true;
}

/**
 * Writes `content` to `file` atomically (through a temporary file and a rename), whatever is
 * there, and returns the stamp of the file written (taken before the rename, which keeps it), or
 * undefined if it cannot be taken. On failure the file is as it was, no temporary file is left,
 * and it throws `FileAccessError`.
 */
export function replaceFileAtomic(file: string, content: string | readonly string[]): FileStamp | undefined {
  const temporary = path.join(path.dirname(file), `.toolgen-tmp-${process.pid}-${path.basename(file)}`);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const descriptor = openSync(temporary, 'w');
    let stamp: FileStamp | undefined;
    try {
      if (typeof content === 'string') writeFileSync(descriptor, content, 'utf8');
      else for (const piece of content) writeFileSync(descriptor, piece, 'utf8');
      stamp = stampOf(fstatSync(descriptor, { bigint: true }));
    } finally {
      closeSync(descriptor);
    }
    renameSync(temporary, file);
    return stamp;
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // the folder itself is out of reach: there is no temporary file to leave behind
    }
    throw new FileAccessError('write', file, error);
  }
}

/** Removes a generated file; a file already gone is fine. Throws `FileAccessError`. */
export function removeFile(file: string): void {
  try {
    // not rmSync: when unlink is refused, it tries rmdir and reports that failure (ENOTDIR) instead
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new FileAccessError('remove', file, error);
    }
  }
}
