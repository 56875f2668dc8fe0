import { mkdir, open, readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { sha256Hex } from '../hashing/sha256.js';
import type { ToolApprovalLedger } from './ToolApprovalLedger.js';

export interface FileToolApprovalLedgerOptions {
  /**
   * The folder the records are kept in, created when missing. Every process that may answer the
   * same pending calls gives the same folder, on one file system that honours exclusive create
   * (a local disk; NFS version 3 or later). Keep it for the ledger alone.
   */
  readonly folder: string;
  /**
   * How long a record is kept after its pending call expired, by this process's clock, so that a
   * host whose clock is behind by less still finds it; 1 hour unless given.
   */
  readonly retainMs?: number;
  /** How often, at most, `consume` first removes expired records; 10 minutes unless given. */
  readonly cleanUpIntervalMs?: number;
  /** The clock clean-up compares expiries with. */
  readonly now?: () => Date;
}

const defaultRetainMs = 60 * 60 * 1000;
const defaultCleanUpIntervalMs = 10 * 60 * 1000;
const recordName = /^[0-9a-f]{64}$/;

/**
 * An `ToolApprovalLedger` on the file system that outlives the process (`durable: true`): each
 * answered pending call is one file in the host's folder, made with an exclusive create
 * (`open(path, 'wx')`), so of several processes answering the same call at once exactly one
 * wins. The file is named by the SHA-256 (hex) of the pending call's id and holds its expiry.
 *
 * Clean-up removes a record only once its call expired `retainMs` ago by this process's clock,
 * and never a record it cannot read (one being written, or damaged): that id stays answered.
 * `consume` runs it at most every `cleanUpIntervalMs`; `removeExpired` runs it now.
 */
export class FileToolApprovalLedger implements ToolApprovalLedger {
  readonly durable = true;
  readonly folder: string;
  readonly retainMs: number;
  readonly cleanUpIntervalMs: number;
  readonly #now: () => Date;
  #created: Promise<unknown> | undefined;
  #lastCleanUp = Number.NEGATIVE_INFINITY;
  #cleaning: Promise<number> | undefined;

  /** @throws {TypeError} without a folder; {RangeError} for a `retainMs` or `cleanUpIntervalMs` that is not a non-negative finite number. */
  constructor(options: FileToolApprovalLedgerOptions) {
    const folder: unknown = (options as Partial<FileToolApprovalLedgerOptions> | undefined)?.folder;
    if (typeof folder !== 'string' || folder === '') {
      throw new TypeError('A FileToolApprovalLedger needs the folder to keep its records in: new FileToolApprovalLedger({ folder }), the same folder for every process that answers pending calls.');
    }
    this.folder = path.resolve(folder);
    this.retainMs = nonNegative(options.retainMs ?? defaultRetainMs, 'retainMs');
    this.cleanUpIntervalMs = nonNegative(options.cleanUpIntervalMs ?? defaultCleanUpIntervalMs, 'cleanUpIntervalMs');
    this.#now = options.now ?? ((): Date => new Date());
  }

  /** The file that records `id` as answered. */
  recordPath(id: string): string {
    return path.join(this.folder, sha256Hex(id));
  }

  async consume(id: string, expiresAt: Date): Promise<boolean> {
    const expiry = expiresAt.getTime();
    if (Number.isNaN(expiry)) throw new RangeError(`The expiry of pending call ${JSON.stringify(id)} is not a valid date, so it is not recorded.`);
    await this.#ensureFolder();
    if (this.#now().getTime() - this.#lastCleanUp >= this.cleanUpIntervalMs) await this.removeExpired();
    let handle;
    try {
      handle = await open(this.recordPath(id), 'wx', 0o600);
    } catch (error) {
      if (codeOf(error) === 'EEXIST') return false;
      throw error;
    }
    try {
      await handle.writeFile(`${JSON.stringify({ expiresAt: expiresAt.toISOString() })}\n`, 'utf8');
    } finally {
      await handle.close();
    }
    return true;
  }

  /** Removes the records whose pending call expired `retainMs` ago or earlier; resolves how many it removed. */
  removeExpired(): Promise<number> {
    this.#cleaning ??= this.#removeExpired().finally(() => {
      this.#cleaning = undefined;
    });
    return this.#cleaning;
  }

  async #removeExpired(): Promise<number> {
    const started = this.#now().getTime();
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      if (!recordName.test(name)) continue;
      const file = path.join(this.folder, name);
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if (codeOf(error) === 'ENOENT') continue;
        throw error;
      }
      const expiry = expiryOf(text);
      if (expiry === undefined || expiry + this.retainMs > this.#now().getTime()) continue;
      try {
        await unlink(file);
        removed += 1;
      } catch (error) {
        if (codeOf(error) !== 'ENOENT') throw error;
      }
    }
    this.#lastCleanUp = started;
    return removed;
  }

  #ensureFolder(): Promise<unknown> {
    this.#created ??= mkdir(this.folder, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      this.#created = undefined;
      throw error;
    });
    return this.#created;
  }
}

/** A complete record's expiry in milliseconds; `undefined` for a record still being written or damaged. */
function expiryOf(text: string): number | undefined {
  if (!text.endsWith('\n')) return undefined;
  try {
    const record = JSON.parse(text) as { expiresAt?: unknown } | null;
    const expiry = typeof record?.expiresAt === 'string' ? Date.parse(record.expiresAt) : Number.NaN;
    return Number.isNaN(expiry) ? undefined : expiry;
  } catch {
    return undefined;
  }
}

function nonNegative(value: number, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`The FileToolApprovalLedger's ${name} must be a non-negative finite number of milliseconds; got ${String(value)}.`);
  }
  return value;
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}
