import type { McpLimits } from './mcpLimits.js';

/** An MCP server sent more than `connectMcpServer`'s `limits` allow, so its listing was refused. */
export class McpLimitError extends Error {
  override readonly name: string = 'McpLimitError';
  /** The server, as named in `connectMcpServer`'s `serverName`. */
  readonly serverName: string;
  /** The limit it went past. */
  readonly limit: keyof McpLimits;

  constructor(serverName: string, limit: keyof McpLimits, message: string) {
    super(message);
    this.serverName = serverName;
    this.limit = limit;
  }
}
