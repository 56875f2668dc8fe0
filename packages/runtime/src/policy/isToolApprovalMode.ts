import { toolApprovalModes, type ToolApprovalMode } from '../governance.js';

/** Whether `value` is one of `default`, `require_approval`, `auto_approve`, `deny`. */
export function isToolApprovalMode(value: unknown): value is ToolApprovalMode {
  return typeof value === 'string' && (toolApprovalModes as readonly string[]).includes(value);
}
