import type { ToolApprovalBindingFailure } from './ToolApprovalBindingFailure.js';
import type { ToolApprovalPolicy } from './ToolApprovalPolicy.js';
import { samePolicy } from './ToolApprovalPolicy.js';

/** An unforgeable, single-use permission to run one call that a person approved. */
export interface ToolApprovalGrant {
  readonly callId: string;
}

/**
 * What a grant was issued for, always a digest (`approvalDigest`) of the validated, normalized
 * arguments: a call an SDK's own approval step covered (the Agents SDK's interruption, an MCP
 * elicitation), which stands in for the router's channel, or an answered pending call.
 */
type GrantBinding =
  | { readonly kind: 'sdk'; readonly digest: string }
  | { readonly kind: 'pending'; readonly digest: string; readonly policy: ToolApprovalPolicy };

const grants = new WeakMap<ToolApprovalGrant, { readonly binding: GrantBinding; redeemed: boolean }>();

/** What the approval wrapper knows about the call a grant is presented with. */
export interface PresentedCall {
  /** `approvalDigest(qualifiedName, normalizedArguments, policy)` of the arguments as validated. */
  readonly digest: string;
  readonly policy: ToolApprovalPolicy;
}

/**
 * A grant for the call with this digest, which an SDK's own approval step (the Agents SDK's
 * interruption, an MCP elicitation) asked a person about and they approved. It stands in for the
 * router's channel, so it counts only where the router would ask its channel.
 */
export function issueSdkApprovalGrant(callId: string, digest: string): ToolApprovalGrant {
  return issue(callId, { kind: 'sdk', digest });
}

/** A grant for the pending call with this digest and policy; only `answerPendingToolCall` issues them. */
export function issuePendingApprovalGrant(callId: string, digest: string, policy: ToolApprovalPolicy): ToolApprovalGrant {
  return issue(callId, { kind: 'pending', digest, policy });
}

function issue(callId: string, binding: GrantBinding): ToolApprovalGrant {
  const grant = Object.freeze({ callId });
  grants.set(grant, { binding, redeemed: false });
  return grant;
}

/** Whether `grant` was issued by an SDK's approval step (`issueSdkApprovalGrant`), spent or not. */
export function isSdkApprovalGrant(grant: unknown): boolean {
  const record = typeof grant === 'object' && grant !== null ? grants.get(grant as ToolApprovalGrant) : undefined;
  return record?.binding.kind === 'sdk';
}

/**
 * Redeems `grant` for the presented call: `approved` when it was issued here for exactly this
 * call and not used before (using it spends it), otherwise why not. A grant that does not match
 * is spent as well, so it cannot be retried against another call.
 */
export function redeemApprovalGrant(grant: unknown, call: PresentedCall): 'approved' | ToolApprovalBindingFailure {
  const record = typeof grant === 'object' && grant !== null ? grants.get(grant as ToolApprovalGrant) : undefined;
  if (record === undefined) return 'tampered';
  if (record.redeemed) return 'already_answered';
  record.redeemed = true;
  const { binding } = record;
  if (binding.kind === 'pending' && !samePolicy(binding.policy, call.policy)) return 'policy_changed';
  return binding.digest === call.digest ? 'approved' : 'arguments_changed';
}
