import type { ApprovalBindingFailure } from './ApprovalBindingFailure.js';
import type { ApprovalPolicy } from './ApprovalPolicy.js';
import { samePolicy } from './ApprovalPolicy.js';

/** An unforgeable, single-use permission to run one call that a person approved. */
export interface ApprovalGrant {
  readonly callId: string;
}

/** What a grant was issued for: the raw call an adapter's own approval covered, or the digest of an answered pending call. */
type GrantBinding =
  | { readonly kind: 'call'; readonly fingerprint: string }
  | { readonly kind: 'pending'; readonly digest: string; readonly policy: ApprovalPolicy };

const grants = new WeakMap<ApprovalGrant, { readonly binding: GrantBinding; redeemed: boolean }>();

/** What the approval wrapper knows about the call a grant is presented with. */
export interface PresentedCall {
  /** `toolCallFingerprint(qualifiedName, arguments)` of the arguments as received. */
  readonly fingerprint: string;
  /** `approvalDigest(qualifiedName, normalizedArguments, policy)`. */
  readonly digest: string;
  readonly policy: ApprovalPolicy;
}

/** A grant for the call with this fingerprint, which an adapter's own approval step (the SDK's interruption, an MCP elicitation) approved. */
export function issueApprovalGrant(callId: string, fingerprint: string): ApprovalGrant {
  return issue(callId, { kind: 'call', fingerprint });
}

/** A grant for the pending call with this digest and policy; only `answerPendingToolCall` issues them. */
export function issuePendingApprovalGrant(callId: string, digest: string, policy: ApprovalPolicy): ApprovalGrant {
  return issue(callId, { kind: 'pending', digest, policy });
}

function issue(callId: string, binding: GrantBinding): ApprovalGrant {
  const grant = Object.freeze({ callId });
  grants.set(grant, { binding, redeemed: false });
  return grant;
}

/**
 * Redeems `grant` for the presented call: `approved` when it was issued here for exactly this
 * call and not used before (using it spends it), otherwise why not. A grant that does not match
 * is spent as well, so it cannot be retried against another call.
 */
export function redeemApprovalGrant(grant: unknown, call: PresentedCall): 'approved' | ApprovalBindingFailure {
  const record = typeof grant === 'object' && grant !== null ? grants.get(grant as ApprovalGrant) : undefined;
  if (record === undefined) return 'tampered';
  if (record.redeemed) return 'already_answered';
  record.redeemed = true;
  const { binding } = record;
  if (binding.kind === 'call') return binding.fingerprint === call.fingerprint ? 'approved' : 'arguments_changed';
  if (!samePolicy(binding.policy, call.policy)) return 'policy_changed';
  return binding.digest === call.digest ? 'approved' : 'arguments_changed';
}
