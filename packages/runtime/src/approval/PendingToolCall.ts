import type { JsonValue } from '../function/AIFunction.js';
import { toolCallFingerprint } from './toolCallFingerprint.js';
import type { ToolApprovalRequest } from './ToolApprovalRequest.js';

/**
 * A call that waits for approval after its run ended. Plain JSON data: store it with the
 * conversation (`serializePendingToolCall`), and answer it in the next run with `answerPendingToolCall`.
 * Keep it where the model cannot edit it; the fingerprint catches accidental changes, not forgery.
 */
export interface PendingToolCall {
  readonly version: 1;
  readonly callId: string;
  readonly toolName: string;
  readonly arguments: JsonValue;
  readonly fingerprint: string;
  readonly requestedAt: string;
}

/** Stored pending-call data that cannot be trusted: wrong shape, or arguments that do not match the fingerprint. */
export class PendingToolCallError extends Error {
  override readonly name: string = 'PendingToolCallError';
}

/** The pending call of an approval request the channel deferred. */
export function pendingToolCallFor(request: ToolApprovalRequest): PendingToolCall {
  return {
    version: 1,
    callId: request.callId,
    toolName: request.toolName,
    arguments: request.arguments,
    fingerprint: request.fingerprint,
    requestedAt: request.requestedAt,
  };
}

/** The pending call as JSON text. */
export function serializePendingToolCall(call: PendingToolCall): string {
  return JSON.stringify(checkPendingToolCall(call));
}

/**
 * Reads a pending call back from `serializePendingToolCall`'s text.
 *
 * @throws {PendingToolCallError} when the text is not a pending call, or its arguments do not match its fingerprint.
 */
export function parsePendingToolCall(text: string): PendingToolCall {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PendingToolCallError(`The pending tool call is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return checkPendingToolCall(value);
}

/**
 * `value` as a `PendingToolCall`, after checking its shape and fingerprint.
 *
 * @throws {PendingToolCallError} when it is not one.
 */
export function checkPendingToolCall(value: unknown): PendingToolCall {
  if (typeof value !== 'object' || value === null) throw new PendingToolCallError('A pending tool call must be an object.');
  const call = value as Record<string, unknown>;
  if (call['version'] !== 1) throw new PendingToolCallError(`Unsupported pending tool call version ${JSON.stringify(call['version']) ?? 'undefined'}; expected 1.`);
  for (const field of ['callId', 'toolName', 'fingerprint', 'requestedAt'] as const) {
    if (typeof call[field] !== 'string' || call[field] === '') throw new PendingToolCallError(`A pending tool call needs a non-empty string "${field}".`);
  }
  if (!('arguments' in call)) throw new PendingToolCallError('A pending tool call needs its "arguments".');
  const pending: PendingToolCall = {
    version: 1,
    callId: call['callId'] as string,
    toolName: call['toolName'] as string,
    arguments: call['arguments'] as JsonValue,
    fingerprint: call['fingerprint'] as string,
    requestedAt: call['requestedAt'] as string,
  };
  if (toolCallFingerprint(pending.toolName, pending.arguments) !== pending.fingerprint) {
    throw new PendingToolCallError(`The pending call ${pending.callId} of "${pending.toolName}" does not match its fingerprint: its tool or arguments were changed.`);
  }
  return pending;
}
