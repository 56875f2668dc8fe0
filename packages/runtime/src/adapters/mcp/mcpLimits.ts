/**
 * How much `connectMcpServer` accepts from an MCP server. A server is untrusted data: past a
 * limit, toolgen stops reading and either leaves the tool out, refuses the listing, cuts the
 * text or fails the call, never passing the excess on to the catalogue, a search or the model.
 */
export interface McpLimits {
  /**
   * Tools one listing may hold. A listing with more is refused: `connectMcpServer` rejects with
   * an `McpLimitError`, and a re-listing reports it to `onError` and keeps the tools listed before.
   */
  readonly maxTools: number;
  /**
   * Characters of a tool's description (and of its title). A longer one is cut to this many
   * characters and ends with a marker saying so: `… [cut by toolgen: the server sent 120,000 characters]`.
   */
  readonly maxDescriptionLength: number;
  /**
   * Bytes of a tool's `inputSchema`, and of its `outputSchema`, as compact UTF-8 JSON (escapes
   * aside). A tool with a larger schema is left out, with the reason in `omitted` and `onOmitted`.
   */
  readonly maxSchemaBytes: number;
  /** Levels objects and arrays of a schema may nest (the schema is level 1). A deeper, or cyclic, schema leaves the tool out. */
  readonly maxSchemaDepth: number;
  /**
   * Bytes of what a call resolves to (the `structuredContent`, the text, or the content array),
   * or of an error's text, as compact UTF-8 JSON (escapes aside). A larger result fails the call
   * with a `ToolFailure`, logged to the invoke context's `logger`.
   */
  readonly maxResultBytes: number;
  /** Levels objects and arrays of a result may nest (the result is level 1). A deeper, or cyclic, result fails the call with a `ToolFailure`, logged. */
  readonly maxResultDepth: number;
}

/**
 * The limits unless `connectMcpServer`'s `limits` option says otherwise. `maxResultBytes` is the
 * official MCP SDK's own bound on one stdio message (10 MiB, `STDIO_DEFAULT_MAX_BUFFER_SIZE`),
 * so any result a stdio server can deliver passes; over HTTP or in memory, where the SDK sets
 * none, it is the bound. The depths are those of `argumentLimits`; the rest sit far above what
 * real servers send and far below what would fill a model's context.
 */
export const defaultMcpLimits: McpLimits = Object.freeze({
  maxTools: 1000,
  maxDescriptionLength: 10_000,
  maxSchemaBytes: 256 * 1024,
  maxSchemaDepth: 64,
  maxResultBytes: 10 * 1024 * 1024,
  maxResultDepth: 64,
});

/** The most levels a depth limit may allow: the walk that checks them recurses once per level. */
const deepestAllowed = 1000;

/**
 * The given limits over the defaults.
 *
 * @throws {RangeError} for a limit that is not a positive whole number (or a depth over 1,000), or a name that is no limit.
 */
export function resolveMcpLimits(given: Partial<McpLimits> | undefined): McpLimits {
  if (given === undefined) return defaultMcpLimits;
  if (typeof given !== 'object' || given === null) throw new RangeError(`connectMcpServer's limits must be an object of limits such as { maxResultBytes: 1048576 }.`);
  const limits: { -readonly [K in keyof McpLimits]: number } = { ...defaultMcpLimits };
  for (const [name, value] of Object.entries(given)) {
    if (!Object.hasOwn(defaultMcpLimits, name)) {
      throw new RangeError(`limits.${name} is not a limit of connectMcpServer; use ${Object.keys(defaultMcpLimits).join(', ')}.`);
    }
    if (value === undefined) continue;
    const most = name.endsWith('Depth') ? deepestAllowed : Number.MAX_SAFE_INTEGER;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > most) {
      throw new RangeError(`limits.${name} must be a whole number from 1 to ${most.toLocaleString('en-US')}; got ${String(value)}.`);
    }
    limits[name as keyof McpLimits] = value;
  }
  return Object.freeze(limits);
}
