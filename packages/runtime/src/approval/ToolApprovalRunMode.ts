/**
 * What a run does when a tool wrapped for approval is called. Distinct from an agent's policy:
 * `auto_approve` in a policy exposes one tool unwrapped; `auto_approve_required` approves every
 * wrapped call of one run.
 *
 * - `use_agent_policy`: route the request to the run's interactive approval channel;
 * - `auto_approve_required`: approve every wrapped call without asking;
 * - `auto_reject_required`: reject every wrapped call without asking.
 */
export type ToolApprovalRunMode = 'use_agent_policy' | 'auto_approve_required' | 'auto_reject_required';

export const toolApprovalRunModes: readonly ToolApprovalRunMode[] = ['use_agent_policy', 'auto_approve_required', 'auto_reject_required'];
