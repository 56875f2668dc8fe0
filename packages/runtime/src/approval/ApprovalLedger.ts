/**
 * Where answered pending calls are recorded, so that each is answered once. The default is an
 * `InMemoryApprovalLedger` shared by the process; a host whose next run may be another process
 * passes one that persists (a database row with a unique key, a Redis `SET NX` with expiry).
 */
export interface ApprovalLedger {
  /**
   * Records `id` as answered. Resolves `true` the first time, `false` for an id recorded before;
   * it must decide atomically when answers may race. `expiresAt` is when the pending call lapses:
   * after it, the id may be forgotten (an expired call is refused anyway).
   */
  consume(id: string, expiresAt: Date): boolean | Promise<boolean>;
}

/** An `ApprovalLedger` in memory; it forgets an id once its pending call has expired. */
export class InMemoryApprovalLedger implements ApprovalLedger {
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

/** The ledger `answerPendingToolCall` uses unless given one. */
export const defaultApprovalLedger: ApprovalLedger = new InMemoryApprovalLedger();
