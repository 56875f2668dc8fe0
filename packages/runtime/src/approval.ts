// `@toolgen/runtime/approval`: how approvals are bound, for hosts that store or check them
// themselves. Routing and answering approvals is on the main entry.

export { approvalDigest, policiesDigest } from './approval/ApprovalPolicy.js';
export { approvalPolicyOf, type ApprovalInvocationContext } from './approval/withApproval.js';
export { approvalBindingFailures } from './approval/ApprovalBindingFailure.js';
export { isTrustedPendingToolCall, pendingToolCallFormat } from './approval/PendingToolCall.js';
export { defaultApprovalLedger } from './approval/ApprovalLedger.js';
export { canonicalJson, toolCallFingerprint } from './approval/toolCallFingerprint.js';
