// `@toolgen/runtime/approval`: how approvals are bound, for hosts that store or check them
// themselves. Routing and answering approvals is on the main entry.
import { toolApprovalBindingFailures } from './approval/ToolApprovalBindingFailure.js';
import { defaultToolApprovalLedger } from './approval/ToolApprovalLedger.js';
import type { ToolApprovalInvocationContext } from './approval/withApproval.js';

export { approvalDigest, policiesDigest } from './approval/ToolApprovalPolicy.js';
export { approvalPolicyOf, type ToolApprovalInvocationContext } from './approval/withApproval.js';
export { toolApprovalBindingFailures };
export { isTrustedPendingToolCall, pendingToolCallFormat } from './approval/PendingToolCall.js';
export { defaultToolApprovalLedger };
export { canonicalJson, toolCallFingerprint } from './approval/toolCallFingerprint.js';

// the names before issue 31 made the approval names consistent, for one release

/** @deprecated Renamed `toolApprovalBindingFailures`; this name goes in the next release. */
export const approvalBindingFailures = toolApprovalBindingFailures;
/** @deprecated Renamed `defaultToolApprovalLedger`; this name goes in the next release. */
export const defaultApprovalLedger = defaultToolApprovalLedger;
/** @deprecated Renamed `ToolApprovalInvocationContext`; this name goes in the next release. */
export type ApprovalInvocationContext = ToolApprovalInvocationContext;
