import type { NetworkScope } from '../governance.js';
import { sha256Hex } from '../hashing/sha256.js';
import type { AgentToolPolicy } from '../policy/AgentToolPolicy.js';
import { ToolPolicyResolver } from '../policy/ToolPolicyResolver.js';
import { canonicalJson } from './toolCallFingerprint.js';

/**
 * The effective policy an approval is bound to: what governance decided about the call when the
 * person was asked. A pending call answered under another one fails as `policy_changed`.
 *
 * - `approvalMode`: the tool's effective approval mode; a wrapped call's is `require_approval`
 *   (a tool that no longer needs approval, or is denied, has no policy to match);
 * - `networkScope`: the tool's effective network scope, as the request showed it;
 * - `policies`: the SHA-256 (hex) of the agent's whole policy list as its resolver reads it (the
 *   last non-`default` override per tool, names lowercased, sorted), so any override added, removed
 *   or changed, for this tool or another, changes it; reordering entries or adding `default` ones
 *   does not.
 */
export interface ToolApprovalPolicy {
  readonly approvalMode: 'require_approval';
  readonly networkScope: NetworkScope;
  readonly policies: string;
}

/** The SHA-256 (hex) of an agent's policies as `ToolApprovalPolicy.policies` holds it. */
export function policiesDigest(policies: ToolPolicyResolver | readonly AgentToolPolicy[] = []): string {
  const resolver = policies instanceof ToolPolicyResolver ? policies : new ToolPolicyResolver(policies);
  const overrides = resolver.overrides
    .map((policy) => ({ toolName: policy.toolName.toLowerCase(), approvalMode: policy.approvalMode }))
    .sort((a, b) => (a.toolName < b.toolName ? -1 : a.toolName > b.toolName ? 1 : 0));
  return sha256Hex(canonicalJson(overrides));
}

/**
 * The SHA-256 (hex) an approval is bound to: the canonical JSON of the qualified name
 * (lowercased), the normalized arguments (the value the tool's validator returned, keys sorted)
 * and the effective policy. Any change to one of them gives another digest.
 */
export function approvalDigest(qualifiedName: string, normalizedArguments: unknown, policy: ToolApprovalPolicy): string {
  const bound = { qualifiedName: qualifiedName.toLowerCase(), arguments: normalizedArguments ?? null, policy };
  return sha256Hex(`toolgen.approval/1\n${canonicalJson(bound)}`);
}

/** Whether two policies are the same, field by field. */
export function samePolicy(a: ToolApprovalPolicy, b: ToolApprovalPolicy): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
