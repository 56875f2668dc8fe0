import { statSync } from 'node:fs';
import path from 'node:path';
import { displayPath } from '../diagnostics/format.js';

export type FileAction = 'read' | 'write' | 'remove';

/**
 * A file toolgen must read, write or remove and cannot: a module path that is a folder, a folder
 * on the way that is a file, a file or folder it may not change. The CLI prints `describe` on one
 * line and exits with 3.
 */
export class FileAccessError extends Error {
  override readonly name = 'FileAccessError';
  readonly action: FileAction;
  /** Absolute path of the file toolgen was reading, writing or removing. */
  readonly file: string;
  /** The system's error code (`EISDIR`, `EACCES`…), when there is one. */
  readonly code: string | undefined;
  readonly #cause: (cwd: string | undefined) => string;

  constructor(action: FileAction, file: string, error: unknown) {
    const code = errorCode(error);
    const cause = describeCause(file, code, error);
    super(`cannot ${action} ${file}: ${cause(undefined)}${code === undefined ? '' : ` (${code})`}`, { cause: error });
    this.action = action;
    this.file = file;
    this.code = code;
    this.#cause = cause;
  }

  /** `cannot write src/shelves.tools.ts: it is a directory (EISDIR)`, with paths relative to `cwd`. */
  describe(cwd: string): string {
    return `cannot ${this.action} ${displayPath(this.file, cwd)}: ${this.#cause(cwd)}${this.code === undefined ? '' : ` (${this.code})`}`;
  }
}

/**
 * One line for any fault that reaches the CLI's top level, never a stack trace: a file access
 * (a `FileAccessError`, or a Node.js error that names its path) says which file and why;
 * anything else is a bug in toolgen and says so.
 */
export function describeFault(error: unknown, cwd: string): string {
  if (error instanceof FileAccessError) {
    return error.describe(cwd);
  }
  const { path: file, syscall } = (typeof error === 'object' && error !== null ? error : {}) as { path?: unknown; syscall?: unknown };
  if (typeof file === 'string' && errorCode(error) !== undefined) {
    const action: FileAction = syscall === 'unlink' || syscall === 'rm' || syscall === 'rmdir' ? 'remove' : /^(?:open|read|stat|lstat|scandir)$/.test(String(syscall)) ? 'read' : 'write';
    return new FileAccessError(action, path.resolve(cwd, file), error).describe(cwd);
  }
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `internal error: ${oneLine(text)}. This is a bug in toolgen; run again with TOOLGEN_DEBUG=1 to print its stack trace, and report it.`;
}

function errorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : undefined;
}

/** What went wrong, in words; the paths it names are shown relative to the cwd given, or absolute. */
function describeCause(file: string, code: string | undefined, error: unknown): (cwd: string | undefined) => string {
  switch (code) {
    case 'EISDIR':
      return () => 'it is a directory';
    case 'ENOTDIR':
    case 'EEXIST': {
      const blocking = fileOnTheWay(file);
      return blocking === undefined
        ? () => 'a folder on its path is a file'
        : (cwd) => `${cwd === undefined ? blocking : displayPath(blocking, cwd)} is a file, not a folder`;
    }
    case 'EACCES':
      return () => 'permission denied';
    case 'EPERM':
      return () => 'the operation is not permitted (the file or its folder may be read-only or immutable)';
    case 'EROFS':
      return () => 'the file system is read-only';
    case 'ENOSPC':
      return () => 'no space left on the device';
    default: {
      const message = error instanceof Error ? error.message : String(error);
      // Node.js words it "ECODE: what happened, syscall 'path'"
      const words = /^[A-Z]+: ([^,]+)/.exec(message)?.[1] ?? message;
      return () => oneLine(words);
    }
  }
}

/** The nearest folder above `file` (or `file`'s own folder) that exists but is a file. */
function fileOnTheWay(file: string): string | undefined {
  for (let folder = path.dirname(file); folder !== path.dirname(folder); folder = path.dirname(folder)) {
    try {
      return statSync(folder).isDirectory() ? undefined : folder;
    } catch {
      // not there: look further up
    }
  }
  return undefined;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
