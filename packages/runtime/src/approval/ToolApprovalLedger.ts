/**
 * Where answered pending calls are recorded, so that each is answered once, by whichever process
 * answers it first. `answerPendingToolCall` records a pending call's `id` before it runs the call
 * (or reports a rejection), and runs nothing when the ledger says the id was recorded before.
 *
 * A ledger that outlives the process (`durable: true`) must be one store for every process that
 * may answer the same pending calls: a `FileToolApprovalLedger` on a folder they share, a database
 * row with a unique key, or Redis `SET <prefix><id> 1 NX PX <ms>` where several hosts answer
 * (docs/governance.md shows one). The default, an `InMemoryToolApprovalLedger`, is not durable: with
 * it, `answerPendingToolCall` refuses a pending call this process did not create
 * (`no_durable_ledger`), unless the host opts out with `{ otherProcesses: 'unchecked' }`.
 */
export interface ToolApprovalLedger {
  /**
   * Whether a record outlives this process and is seen by every process that may answer the same
   * pending calls. Only a ledger with `durable: true` answers pending calls that another process
   * created; declare `true` only for such a store.
   */
  readonly durable: boolean;
  /**
   * Records `id` as answered. Resolves `true` the first time, `false` for an id recorded before,
   * by any process sharing the ledger; it must decide atomically when answers race (an exclusive
   * create, a unique key, `SET NX`). `expiresAt` is when the pending call lapses: a record may be
   * forgotten after it, once every host's clock is past it too (an expired call never runs),
   * never before. When `consume` throws or rejects, the call does not run.
   */
  consume(id: string, expiresAt: Date): boolean | Promise<boolean>;
}

/**
 * An `ToolApprovalLedger` in memory: once per process, not across processes (`durable: false`). It
 * forgets an id once its pending call has expired.
 */
export class InMemoryToolApprovalLedger implements ToolApprovalLedger {
  readonly durable = false;
  readonly #expiries = new Map<string, number>();
  readonly #now: () => Date;

  /** @param now the clock that decides when an id may be forgotten; use the one `answerPendingToolCall` gets. */
  constructor(options: { readonly now?: () => Date } = {}) {
    this.#now = options.now ?? ((): Date => new Date());
  }

  consume(id: string, expiresAt: Date): boolean {
    const now = this.#now().getTime();
    for (const [known, expiry] of this.#expiries) {
      if (expiry <= now) this.#expiries.delete(known);
    }
    if (this.#expiries.has(id)) return false;
    this.#expiries.set(id, expiresAt.getTime());
    return true;
  }
}

/** The ledger `answerPendingToolCall` uses unless given one: in memory, for this process only. */
export const defaultToolApprovalLedger: ToolApprovalLedger = new InMemoryToolApprovalLedger();
