import type { McpServer, ServerContext } from '@modelcontextprotocol/server';
import type { ClientCapability } from '../../governance.js';
import type { AIFunction } from '../../function/AIFunction.js';

/**
 * Whether the client of this request can answer a form elicitation: the capabilities of the
 * request's own envelope (protocol 2026-07-28), else those the client declared at `initialize`.
 *
 * ```ts
 * // list the tools that need approval only to clients that can give it (as `toolgen mcp` does)
 * server.server.setRequestHandler('tools/list', (_request, ctx) => ({
 *   tools: registrations.filter((tool) => !tool.needsApproval || clientCanElicit(server, ctx)).map((tool) => tool.definition),
 * }));
 * ```
 */
export function clientCanElicit(server: McpServer, ctx: ServerContext | undefined): boolean {
  return clientHas(declaredCapabilities(server, ctx), 'elicitation');
}

/**
 * The capabilities `fn` needs (`requiresClientCapability(...)`) that the client of this request
 * did not declare; empty when it can be offered to this client.
 *
 * ```ts
 * // list each tool only to clients that have what it needs (as `toolgen mcp` does)
 * tools: registrations.filter((tool) => missingClientCapabilities(server, ctx, tool.function).length === 0).map((tool) => tool.definition),
 * ```
 */
export function missingClientCapabilities(server: McpServer, ctx: ServerContext | undefined, fn: AIFunction): ClientCapability[] {
  return (fn.metadata.clientCapabilities?.length ?? 0) === 0 ? [] : missingFrom(declaredCapabilities(server, ctx), fn);
}

/** The capabilities `fn` needs that `declared` (a client's declared capabilities) lacks. */
export function missingFrom(declared: unknown, fn: AIFunction): ClientCapability[] {
  return (fn.metadata.clientCapabilities ?? []).filter((capability) => !clientHas(declared, capability));
}

/** What the client declared: the request's own envelope (protocol 2026-07-28), else its `initialize`. */
export function declaredCapabilities(server: Pick<McpServer, 'server'>, ctx: ServerContext | undefined): unknown {
  const envelope = ctx?.mcpReq.envelope as Readonly<Record<string, unknown>> | undefined;
  return envelope?.['io.modelcontextprotocol/clientCapabilities'] ?? server.server.getClientCapabilities();
}

/** Whether declared client capabilities include `capability` (elicitation: in form mode). */
export function clientHas(declared: unknown, capability: ClientCapability): boolean {
  const value = typeof declared === 'object' && declared !== null ? (declared as Readonly<Record<string, unknown>>)[capability] : undefined;
  if (typeof value !== 'object' || value === null) return false;
  // a bare `elicitation: {}` means form support (the rule before modes existed)
  return capability !== 'elicitation' || Object.keys(value).length === 0 || 'form' in value;
}

