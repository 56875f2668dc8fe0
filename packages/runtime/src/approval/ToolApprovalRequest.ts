import type { JsonValue } from '../function/AIFunction.js';
import type { NetworkScope } from '../governance.js';

/** What an approval channel shows a person before a wrapped tool runs. */
export interface ToolApprovalRequest {
  /** Identifies this call from request to answer, also across runs: the host's tool-call id, else a random UUID. */
  readonly callId: string;
  /** The tool's qualified name. */
  readonly toolName: string;
  readonly description: string;
  /** The complete arguments, exactly as they will be passed to the tool when approved. */
  readonly arguments: JsonValue;
  /** `toolCallFingerprint(toolName, arguments)`: what an approval is bound to. */
  readonly fingerprint: string;
  /** The effective network scope of the tool. */
  readonly networkScope: NetworkScope;
  readonly readOnly: boolean;
  /** When the model asked, as an ISO 8601 timestamp. */
  readonly requestedAt: string;
}
