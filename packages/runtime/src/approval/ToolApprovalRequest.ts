import type { JsonValue } from '../function/AIFunction.js';
import type { NetworkScope } from '../governance.js';
import type { ToolApprovalPolicy } from './ToolApprovalPolicy.js';

/** What an approval channel shows a person before a wrapped tool runs. */
export interface ToolApprovalRequest {
  /** Identifies this call from request to answer, also across runs: the host's tool-call id, else a random UUID. */
  readonly callId: string;
  /** The tool's qualified name. */
  readonly toolName: string;
  readonly description: string;
  /** The complete arguments, exactly as they will be passed to the tool when approved. */
  readonly arguments: JsonValue;
  /**
   * `approvalDigest(toolName, normalized arguments, policy)`: what an approval is bound to, so it
   * cannot be replayed for other arguments or under another policy.
   */
  readonly digest: string;
  /** The effective policy the request is made under. */
  readonly policy: ToolApprovalPolicy;
  /** The effective network scope of the tool. */
  readonly networkScope: NetworkScope;
  readonly readOnly: boolean;
  /** When the model asked, as an ISO 8601 timestamp. */
  readonly requestedAt: string;
}
