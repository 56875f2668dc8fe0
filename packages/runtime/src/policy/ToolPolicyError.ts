/** Policy data that cannot be trusted: an approval mode outside `ToolApprovalMode`, a tool name that is not a string. */
export class ToolPolicyError extends Error {
  override readonly name: string = 'ToolPolicyError';
}
