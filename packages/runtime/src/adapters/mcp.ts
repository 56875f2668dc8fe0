/*
 * `@toolgen/runtime/mcp` (SPEC §7): serve generated tools on an MCP server, and connect an MCP
 * client's tools into the ToolCatalogue. Written for the v2 SDK (`@modelcontextprotocol/server`
 * and `@modelcontextprotocol/client`, optional peers); this module loads neither package until
 * it is used, so a host that only serves needs only the server package, and one that only
 * connects only the client package.
 */
export { registerMcpTools, mcpToolAnnotations, type McpToolRegistration, type McpToolsOptions } from './mcp/registerMcpTools.js';
export { clientCanElicit, missingClientCapabilities } from './mcp/clientCanElicit.js';
export { serveMcpHttp, type McpHttpEndpoint, type McpHttpOptions } from './mcp/serveMcpHttp.js';
export { connectMcpServer, type ConnectMcpServerOptions, type McpServerConnection } from './mcp/connectMcpServer.js';
export { defaultMcpLimits, type McpLimits } from './mcp/mcpLimits.js';
export { McpLimitError } from './mcp/McpLimitError.js';
export type { McpToolOmission } from './mcp/importTools.js';
export type { ToolCallInfo, ToolContextOption, WireNames } from './toolCalls.js';
