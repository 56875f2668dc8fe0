import type { Tool } from '@modelcontextprotocol/client';
import type { ExternalServerTool } from '../../catalogue/ExternalToolMetadata.js';
import type { JsonSchema } from '../../function/AIFunction.js';
import { boundedJson } from './boundedJson.js';
import { importedAnnotations, importedFunction, type ImportedToolConnection } from './importedFunction.js';
import { McpLimitError } from './McpLimitError.js';
import type { McpLimits } from './mcpLimits.js';

/** A tool of the server that is not in the catalogue, and why. */
export interface McpToolOmission {
  /** The tool's name on the server. */
  readonly tool: string;
  /** `limit`: it went past one of `connectMcpServer`'s `limits`; `name_taken`: one of the host's own sources publishes its qualified name, and wins. */
  readonly kind: 'limit' | 'name_taken';
  /** What happened and what to do, in words. */
  readonly reason: string;
}

/** What one listing imports: the tools for the catalogue, and those left out. */
export interface ImportedTools {
  readonly tools: readonly ExternalServerTool[];
  readonly omitted: readonly McpToolOmission[];
}

/**
 * The listed tools as catalogue tools, within `limits`: a tool whose schema is too large, too
 * deep or cyclic is left out with its reason, and an overlong description or title is cut with
 * a marker.
 *
 * @throws {McpLimitError} when the listing holds more than `limits.maxTools` tools.
 */
export function importTools(listed: readonly Tool[], connection: ImportedToolConnection, limits: McpLimits): ImportedTools {
  const server = connection.serverName;
  if (listed.length > limits.maxTools) {
    throw new McpLimitError(
      server,
      'maxTools',
      `The MCP server "${server}" lists ${listed.length.toLocaleString('en-US')} tools, more than the ${limits.maxTools.toLocaleString('en-US')} of connectMcpServer's limits.maxTools, so the listing was refused and the catalogue keeps what it had. Raise limits.maxTools if you trust the server.`,
    );
  }
  const tools: ExternalServerTool[] = [];
  const omitted: McpToolOmission[] = [];
  for (const tool of listed) {
    const leftOut = (reason: string): void => {
      omitted.push({ tool: tool.name, kind: 'limit', reason: `Tool ${echo(tool.name)} of the MCP server "${server}" was left out: ${reason}` });
    };
    const inputSchema = schemaCopy(tool.inputSchema, 'inputSchema', limits);
    if (typeof inputSchema === 'string') {
      leftOut(inputSchema);
      continue;
    }
    const outputSchema = tool.outputSchema === undefined ? undefined : schemaCopy(tool.outputSchema, 'outputSchema', limits);
    if (typeof outputSchema === 'string') {
      leftOut(outputSchema);
      continue;
    }
    const description = cutText(tool.description ?? tool.title ?? tool.annotations?.title ?? '', limits.maxDescriptionLength);
    const fn = importedFunction(tool, { description, inputSchema, outputSchema }, connection);
    const annotations = importedAnnotations(tool);
    if (annotations === undefined) {
      tools.push({ function: fn });
      continue;
    }
    tools.push({ function: fn, annotations: annotations.title === undefined ? annotations : { ...annotations, title: cutText(annotations.title, limits.maxDescriptionLength) } });
  }
  return { tools, omitted };
}

/** The schema as a JSON copy, or why it cannot be imported. */
function schemaCopy(schema: unknown, field: 'inputSchema' | 'outputSchema', limits: McpLimits): JsonSchema | string {
  const copied = boundedJson(schema, { maxBytes: limits.maxSchemaBytes, maxDepth: limits.maxSchemaDepth });
  if (copied.ok) {
    if (typeof copied.value === 'object' && copied.value !== null && !Array.isArray(copied.value)) return copied.value as JsonSchema;
    return `its ${field} is not a JSON object.`;
  }
  const raise = 'if you trust the server, raise it in connectMcpServer\'s options.';
  switch (copied.problem) {
    case 'bytes':
      return `its ${field} is larger than limits.maxSchemaBytes (${limits.maxSchemaBytes.toLocaleString('en-US')} bytes as JSON); ${raise}`;
    case 'depth':
      return `its ${field} nests deeper than limits.maxSchemaDepth (${limits.maxSchemaDepth} levels); ${raise}`;
    case 'cycle':
      return `its ${field} contains itself (a cycle), which JSON cannot hold.`;
    case 'unreadable':
      return `its ${field} could not be read as JSON.`;
  }
}

/** `text` cut to `max` characters (never inside a surrogate pair), with a marker saying how long it was. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}… [cut by toolgen: the server sent ${text.length.toLocaleString('en-US')} characters]`;
}

/** A server's name for something, quoted and cut short, for a message. */
export function echo(name: string): string {
  return JSON.stringify(name.length > 64 ? `${name.slice(0, 64)}…` : name);
}
