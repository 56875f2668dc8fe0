import { FileAccessError } from '../io/faults.js';
import { fileStamp, type FileStamp } from '../io/fileStamp.js';
import { holdsPieces, readIfExists, removeFile, replaceFileAtomic } from '../io/writeFileAtomic.js';

/** A generated file found changed on disk though its content was not to change: rewritten. */
export interface OutsideChange {
  readonly file: string;
  /** `deleted`: it was gone (and is restored); `changed`: it held something else (edited, checked out). */
  readonly kind: 'deleted' | 'changed';
}

/** What bringing files to what they should hold did: filled in by `OutputFiles`. */
export interface SyncOutcome {
  readonly written: string[];
  readonly removed: string[];
  readonly changedOutside: OutsideChange[];
  /** Failures that are new, or whose cause changed. */
  readonly failedNow: FileAccessError[];
}

export function emptyOutcome(): SyncOutcome {
  return { written: [], removed: [], changedOutside: [], failedNow: [] };
}

/** Whether an outcome has anything to report. */
export function isEmptyOutcome(outcome: SyncOutcome): boolean {
  return outcome.written.length === 0 && outcome.removed.length === 0 && outcome.changedOutside.length === 0 && outcome.failedNow.length === 0;
}

interface Wanted {
  /** What the file should hold, whole or in pieces; undefined: it should be gone (an orphan not removed yet). */
  content: string | readonly string[] | undefined;
  /** The stamp of the file when it was last seen holding `content`; undefined when it is not known to. */
  stamp: FileStamp | undefined;
  /**
   * The stamp of the file when it last held what it held before `content` was wanted: while the
   * file still has it, it holds that older content, so it differs from `content` without being
   * read (the manifest is tens of megabytes at 5000 tools).
   */
  heldBefore?: FileStamp | undefined;
}

/**
 * The watcher's generated files: what each should hold, compared with what the disk holds, not
 * with what was last written. A file whose stamp (inode, size, modification time) is the one it
 * had when it last held its content is taken to hold it still; any other is read, and written
 * when it differs. A file that cannot be written is kept as failed and tried again at each
 * `sync`, until it is written or no longer wanted.
 */
export class OutputFiles {
  readonly #files = new Map<string, Wanted>();
  readonly #failures = new Map<string, FileAccessError>();
  /** Written after every other file. */
  readonly #last: string;
  readonly #read: typeof readIfExists;

  /** `read` reads a file's content, or undefined when it is missing (a test counts the reads). */
  constructor(last: string, read: typeof readIfExists = readIfExists) {
    this.#last = last;
    this.#read = read;
  }

  /** Whether `file` is one of the generated files kept here. */
  has(file: string): boolean {
    return this.#files.has(file);
  }

  /** The files kept here, sorted, the last one last. */
  paths(): string[] {
    const paths = [...this.#files.keys()].filter((file) => file !== this.#last).sort();
    return this.#files.has(this.#last) ? [...paths, this.#last] : paths;
  }

  /** The files that could not be written or removed, sorted by path. */
  get failures(): readonly FileAccessError[] {
    return [...this.#failures.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }

  /**
   * Forgets the files to write that `keep` does not hold: their source no longer holds a toolset
   * (a module never written, so no orphan to remove). Files to remove are kept until removed.
   */
  retain(keep: ReadonlySet<string>): void {
    for (const [file, wanted] of this.#files) {
      if (wanted.content !== undefined && !keep.has(file)) {
        this.#files.delete(file);
        this.#failures.delete(file);
      }
    }
  }

  /** Sets what `file` should hold (whole, or as pieces whose concatenation it is) and brings it there. */
  want(file: string, content: string | readonly string[], outcome: SyncOutcome): void {
    const wanted = this.#files.get(file);
    if (wanted === undefined || wanted.content === undefined || !sameContent(wanted.content, content)) {
      this.#files.set(file, { content, stamp: undefined, heldBefore: wanted?.content === undefined ? undefined : wanted.stamp });
    }
    this.sync(file, outcome);
  }

  /** Sets that `file` should be gone and removes it; once removed, it is no longer kept. */
  remove(file: string, outcome: SyncOutcome): void {
    this.#files.set(file, { content: undefined, stamp: undefined });
    this.sync(file, outcome);
  }

  /** Brings every file kept here, but those in `skip`, to what it should hold. */
  syncAll(outcome: SyncOutcome, skip: ReadonlySet<string> = new Set()): void {
    for (const file of this.paths()) {
      if (!skip.has(file)) {
        this.sync(file, outcome);
      }
    }
  }

  /** Brings `file` to what it should hold: a stat when it is as it was, a read when not, a write when it differs. */
  sync(file: string, outcome: SyncOutcome): void {
    const wanted = this.#files.get(file);
    if (wanted === undefined) {
      return;
    }
    if (wanted.content === undefined) {
      try {
        removeFile(file);
      } catch (error) {
        this.#fail(file, error, outcome);
        return;
      }
      this.#files.delete(file);
      this.#failures.delete(file);
      outcome.removed.push(file);
      return;
    }
    const stamp = fileStamp(file);
    if (stamp !== undefined && stamp === wanted.stamp) {
      return;
    }
    let current: string | undefined;
    try {
      // as it was when it held the content wanted before: not this one, so written without a read
      current = stamp !== undefined && stamp === wanted.heldBefore ? undefined : this.#read(file);
    } catch (error) {
      // reading what is there is the first step of writing it: say so
      this.#fail(file, error instanceof FileAccessError ? error.cause : error, outcome);
      return;
    }
    if (holdsPieces(current, wanted.content)) {
      wanted.stamp = stamp;
      this.#failures.delete(file);
      return;
    }
    // it held this very content, and no longer does: someone else changed it
    const outside = wanted.stamp !== undefined;
    try {
      wanted.stamp = replaceFileAtomic(file, wanted.content);
    } catch (error) {
      wanted.stamp = undefined;
      this.#fail(file, error, outcome);
      return;
    }
    this.#failures.delete(file);
    outcome.written.push(file);
    if (outside) {
      outcome.changedOutside.push({ file, kind: current === undefined ? 'deleted' : 'changed' });
    }
  }

  #fail(file: string, error: unknown, outcome: SyncOutcome): void {
    const failure = error instanceof FileAccessError ? error : new FileAccessError(this.#files.get(file)?.content === undefined ? 'remove' : 'write', file, error);
    const before = this.#failures.get(file);
    this.#failures.set(file, failure);
    if (before?.message !== failure.message) {
      outcome.failedNow.push(failure);
    }
  }
}

/**
 * Whether two contents are the same text: pieces compared one by one (a piece that did not change
 * is the same string, so this is cheap), a whole text against pieces by `holdsPieces`.
 */
function sameContent(a: string | readonly string[], b: string | readonly string[]): boolean {
  if (typeof a === 'string') return holdsPieces(a, b);
  if (typeof b === 'string') return holdsPieces(b, a);
  return a.length === b.length ? a.every((piece, index) => piece === b[index]) : holdsPieces(a.join(''), b);
}
