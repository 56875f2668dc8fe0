/** An unforgeable, single-use permission to run one pending call that a person approved. */
export interface ApprovalGrant {
  readonly callId: string;
}

const grants = new WeakMap<ApprovalGrant, { fingerprint: string; redeemed: boolean }>();

/** A grant for the call with this fingerprint; only `answerPendingToolCall` issues them. */
export function issueApprovalGrant(callId: string, fingerprint: string): ApprovalGrant {
  const grant = Object.freeze({ callId });
  grants.set(grant, { fingerprint, redeemed: false });
  return grant;
}

/** Whether `grant` was issued here for exactly this call and not used before; using it spends it. */
export function redeemApprovalGrant(grant: unknown, fingerprint: string): boolean {
  if (typeof grant !== 'object' || grant === null) return false;
  const record = grants.get(grant as ApprovalGrant);
  if (record === undefined || record.redeemed || record.fingerprint !== fingerprint) return false;
  record.redeemed = true;
  return true;
}
