// The approval names as they were before issue 31 made them consistent (every one now starts with
// ToolApproval, as ToolApprovalRouter and ToolApprovalMode did), kept for one release.
import type { ToolApprovalBindingFailure } from './approval/ToolApprovalBindingFailure.js';
import type { ToolApprovalChannel, ToolApprovalResponse } from './approval/ToolApprovalChannel.js';
import type { ToolApprovalGrant } from './approval/toolApprovalGrant.js';
import { InMemoryToolApprovalLedger, type ToolApprovalLedger } from './approval/ToolApprovalLedger.js';
import type { ToolApprovalPolicy } from './approval/ToolApprovalPolicy.js';

/** @deprecated Renamed `ToolApprovalChannel`; this name goes in the next release. */
export type ApprovalChannel = ToolApprovalChannel;
/** @deprecated Renamed `ToolApprovalResponse`; this name goes in the next release. */
export type ApprovalResponse = ToolApprovalResponse;
/** @deprecated Renamed `ToolApprovalGrant`; this name goes in the next release. */
export type ApprovalGrant = ToolApprovalGrant;
/** @deprecated Renamed `ToolApprovalPolicy`; this name goes in the next release. */
export type ApprovalPolicy = ToolApprovalPolicy;
/** @deprecated Renamed `ToolApprovalBindingFailure`; this name goes in the next release. */
export type ApprovalBindingFailure = ToolApprovalBindingFailure;
/** @deprecated Renamed `ToolApprovalLedger`; this name goes in the next release. */
export type ApprovalLedger = ToolApprovalLedger;
/** @deprecated Renamed `InMemoryToolApprovalLedger`; this name goes in the next release. */
export const InMemoryApprovalLedger = InMemoryToolApprovalLedger;
/** @deprecated Renamed `InMemoryToolApprovalLedger`; this name goes in the next release. */
export type InMemoryApprovalLedger = InMemoryToolApprovalLedger;
