import type { McpServer, ServerContext } from '@modelcontextprotocol/server';

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
  const envelope = ctx?.mcpReq.envelope as Readonly<Record<string, unknown>> | undefined;
  const declared = envelope?.['io.modelcontextprotocol/clientCapabilities'] ?? server.server.getClientCapabilities();
  const elicitation = typeof declared === 'object' && declared !== null ? (declared as { elicitation?: unknown }).elicitation : undefined;
  if (typeof elicitation !== 'object' || elicitation === null) return false;
  // a bare `elicitation: {}` means form support (the rule before modes existed)
  return Object.keys(elicitation).length === 0 || 'form' in elicitation;
}

