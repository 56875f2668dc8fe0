import type {
  CallToolResult,
  InputRequiredResult,
  McpServer,
  RegisteredTool,
  ServerContext,
  StandardSchemaWithJSON,
  Tool,
  ToolAnnotations,
} from '@modelcontextprotocol/server';
import type { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { declaresApproval, isApprovalGated, sdkShouldAsk } from '../../approval/withApproval.js';
import type { AIFunction, JsonSchema, JsonValue, ToolLogger } from '../../function/AIFunction.js';
import { jsonSchemaForTarget } from '../../function/jsonSchemaForTarget.js';
import { contentOf } from '../contentParts.js';
import { byWireName, contextFor, defaultLoggerOf, resultText, runToolCall, wireName, type AdapterOptions, type ToolCallOutcome } from '../toolCalls.js';
import { McpApprovals } from './McpApprovals.js';
import { clientCanElicit, clientHas, missingClientCapabilities, missingFrom } from './clientCanElicit.js';

/** What `registerMcpTools` takes besides the server and the functions. */
export interface McpToolsOptions extends AdapterOptions {
  /**
   * Which functions ask the user before each call. Unless given: the approval-wrapped ones
   * (`isApprovalGated`, e.g. what `resolveAgentTools` wrapped for `require_approval`) and every
   * function whose declared approval is `require_approval`, so a toolset's plain `functions`
   * fail closed too. A function given here decides instead, as the caller's explicit choice:
   * `toolgen mcp` passes the tools whose effective approval mode (after the policies) is
   * `require_approval`.
   */
  readonly needsApproval?: (fn: AIFunction) => boolean;
  /** How long the user has to answer an approval request, in milliseconds; 5 minutes unless given. */
  readonly approvalTimeoutMs?: number;
  /**
   * Where an unexpected error of a call goes, with the tool's qualified name, when the call's
   * context has no `logger` of its own: `console.error` (stderr) by default, `false` for nowhere.
   */
  readonly logger?: ToolLogger | false;
}

/** One tool `registerMcpTools` put on the server. */
export interface McpToolRegistration {
  /** The tool's name on the wire. */
  readonly name: string;
  readonly function: AIFunction;
  /** Whether each call asks the user first (through MCP elicitation). */
  readonly needsApproval: boolean;
  /** The tool as `tools/list` shows it. */
  readonly definition: Tool;
  /** The SDK's handle (`remove()`, `disable()`, …): the v2 SDK's `RegisteredTool`, or the v1 SDK's. */
  readonly tool: RegisteredTool | ReturnType<McpServerV1['registerTool']>;
}

/**
 * Registers each function as a tool of a v2 `McpServer` (`@modelcontextprotocol/server`):
 *
 * - `inputSchema` is the tool's canonical JSON Schema; validation runs once, in `invoke`;
 * - `outputSchema` is the tool's return schema when that describes an object and every call
 *   returns one (not for `T | undefined`), and an object result is also sent as
 *   `structuredContent`; every result is sent as text too (a string as itself, anything else as
 *   JSON); a `ContentResult`'s blocks are sent as they are, with no `outputSchema`;
 * - annotations are explicit booleans from the metadata (see `mcpToolAnnotations`);
 * - a failed call is an `isError: true` result in toolgen's words: invalid arguments as the
 *   validator's message (every pointer), a `ToolFailure` as its reason and fix, anything else
 *   opaquely (unless the context sets `exposeErrors`);
 * - a function that needs approval (`options.needsApproval`) asks the user through MCP
 *   elicitation when the client can elicit (each approval is for these very arguments, used
 *   once, and lapses after `approvalTimeoutMs`), and runs only when the user accepts; a decline,
 *   a cancel, a timeout, no answer, or a client that cannot elicit never runs it.
 *
 * Wire names are qualified names unless `options.names` is `'name'`; two functions with one
 * wire name throw a `TypeError`. `options.context` gives each call its invoke context; the
 * call's abort signal and JSON-RPC id (as `callId`) are added unless it sets its own.
 *
 * ```ts
 * import { McpServer } from '@modelcontextprotocol/server';
 * import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
 * import { registerMcpTools } from '@toolgen/runtime/mcp';
 * import { ticketToolset } from './tickets.tools.js';
 *
 * const server = new McpServer({ name: 'tickets', version: '1.0.0' }, { capabilities: { tools: {} } });
 * registerMcpTools(server, ticketToolset.functions, { context: { services } });
 * await server.connect(new StdioServerTransport());
 * ```
 */
export function registerMcpTools(server: McpServer | McpServerV1, functions: readonly AIFunction[], options: McpToolsOptions = {}): McpToolRegistration[] {
  if (isV1Server(server)) return registerOnV1(server, functions, options);
  const byName = byWireName(functions, options.names);
  const needsApproval = options.needsApproval ?? needsApprovalByDefault;
  // questions and refusals name each tool as the client and the model know it
  const approvals = new McpApprovals(options.approvalTimeoutMs, (fn) => wireName(fn, options.names));
  const registrations: McpToolRegistration[] = [];
  for (const [name, fn] of byName) {
    // a wrapper whose run mode decides alone is not asked about through the client: its router decides
    const gated = needsApproval(fn) === true && (!isApprovalGated(fn) || sdkShouldAsk(fn));
    const outputSchema = fn.metadata.content === true || fn.metadata.optionalResult === true ? undefined : objectSchema(fn.returns);
    const annotations = mcpToolAnnotations(fn);
    const definition = toolDefinition(name, fn, outputSchema, annotations);
    const handler = async (args: unknown, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> => {
      const missing = missingClientCapabilities(server, ctx, fn);
      if (missing.length > 0) return errorResult(lacksCapabilities(fn, missing));
      const context = await contextFor(options.context, fn, { callId: String(ctx.mcpReq.id), signal: ctx.mcpReq.signal }, defaultLoggerOf(options.logger));
      if (!gated) return toolResult(fn, await runToolCall(fn, args, context), outputSchema !== undefined);
      // a 2025-era connection: the SDK would answer an input_required result by asking the client itself, and a timeout
      // in its own words; ask while the call waits instead, as on the v1 SDK
      const decision =
        servedEra(server) === 'legacy'
          ? await approvals.decideInline(fn, args, String(ctx.mcpReq.id), clientCanElicit(server, ctx), (form, timeout) => ctx.mcpReq.elicitInput(form, { signal: ctx.mcpReq.signal, timeout }), context)
          : await approvals.decide(server, fn, args, ctx, context);
      if (decision.kind !== 'approved') return decision.kind === 'ask' ? decision.result : errorResult(decision.message);
      return toolResult(fn, await runToolCall(fn, decision.args, { ...context, ...decision.context }), outputSchema !== undefined);
    };
    const tool = server.registerTool(
      name,
      {
        ...(fn.metadata.title === undefined ? {} : { title: fn.metadata.title }),
        description: fn.description,
        inputSchema: jsonSchemaOnly(fn.parameters.jsonSchema),
        ...(outputSchema === undefined ? {} : { outputSchema: jsonSchemaOnly(outputSchema) }),
        annotations,
      },
      handler,
    );
    registrations.push({ name, function: fn, needsApproval: gated, definition, tool });
  }
  return registrations;
}

/**
 * The era the server serves its client in, as the SDK decides it: `modern` once protocol 2026-07-28 or later is
 * negotiated, else `legacy` (a 2025 revision, or a per-request instance that never saw `initialize`).
 */
function servedEra(server: McpServer): 'legacy' | 'modern' {
  const negotiated = server.server.getNegotiatedProtocolVersion();
  return negotiated !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(negotiated) && negotiated >= firstModernRevision ? 'modern' : 'legacy';
}

/** The first revision of MCP's 2026 era, with input_required results in place of server-to-client requests. */
const firstModernRevision = '2026-07-28';

/** The v1 SDK's `McpServer` (`@modelcontextprotocol/sdk` 1.x) still has the deprecated `tool()`, which the v2 one dropped. */
function isV1Server(server: McpServer | McpServerV1): server is McpServerV1 {
  return typeof (server as { tool?: unknown }).tool === 'function';
}

/**
 * A schema the v1 SDK takes for a Zod 3 object and that accepts every value as it is: the
 * function's own `invoke` validates, once, and answers in toolgen's words. Its JSON Schema never
 * reaches a client: `registerOnV1` lists the tool's own.
 */
const acceptAnything = {
  shape: {},
  _def: { typeName: 'ZodObject', shape: () => ({}), unknownKeys: 'passthrough', catchall: { _def: { typeName: 'ZodNever' } } },
  safeParse: (data: unknown) => ({ success: true, data }),
  safeParseAsync: (data: unknown) => Promise.resolve({ success: true, data }),
};

type ToolsListHandler = (request: unknown, extra: unknown) => Promise<{ tools: Tool[] }>;

/**
 * `registerMcpTools` on the v1 SDK's `McpServer`. Its `registerTool` takes only Zod schemas, so
 * each tool is registered with one that accepts every value (validation stays in `invoke`), and
 * the server's `tools/list` handler is wrapped to list each tool with its own JSON Schemas.
 * Approval asks through the v1 SDK's `elicitInput`, while the call waits.
 */
function registerOnV1(server: McpServerV1, functions: readonly AIFunction[], options: McpToolsOptions): McpToolRegistration[] {
  const byName = byWireName(functions, options.names);
  const needsApproval = options.needsApproval ?? needsApprovalByDefault;
  // questions and refusals name each tool as the client and the model know it
  const approvals = new McpApprovals(options.approvalTimeoutMs, (fn) => wireName(fn, options.names));
  const registrations: McpToolRegistration[] = [];
  const definitions = new Map<string, Tool>();
  for (const [name, fn] of byName) {
    const gated = needsApproval(fn) === true && (!isApprovalGated(fn) || sdkShouldAsk(fn));
    const outputSchema = fn.metadata.content === true || fn.metadata.optionalResult === true ? undefined : objectSchema(fn.returns);
    const annotations = mcpToolAnnotations(fn);
    const definition = toolDefinition(name, fn, outputSchema, annotations);
    definitions.set(name, definition);
    const handler = async (args: unknown, extra: { readonly requestId: string | number; readonly signal: AbortSignal }): Promise<CallToolResult> => {
      const missing = missingFrom(server.server.getClientCapabilities(), fn);
      if (missing.length > 0) return errorResult(lacksCapabilities(fn, missing));
      const callId = String(extra.requestId);
      const context = await contextFor(options.context, fn, { callId, signal: extra.signal }, defaultLoggerOf(options.logger));
      if (!gated) return toolResult(fn, await runToolCall(fn, args, context), outputSchema !== undefined);
      const canElicit = clientHas(server.server.getClientCapabilities(), 'elicitation');
      const decision = await approvals.decideInline(fn, args, callId, canElicit, (form, timeout) => server.server.elicitInput(form, { signal: extra.signal, timeout }), context);
      if (decision.kind !== 'approved') return errorResult(decision.message);
      return toolResult(fn, await runToolCall(fn, decision.args, { ...context, ...decision.context }), outputSchema !== undefined);
    };
    const config = { ...(fn.metadata.title === undefined ? {} : { title: fn.metadata.title }), description: fn.description, annotations, inputSchema: acceptAnything, ...(outputSchema === undefined ? {} : { outputSchema: acceptAnything }) };
    const tool = server.registerTool(name, config as unknown as Parameters<McpServerV1['registerTool']>[1], handler as unknown as Parameters<McpServerV1['registerTool']>[2]);
    registrations.push({ name, function: fn, needsApproval: gated, definition, tool });
  }
  // registerTool installed the SDK's tools/list handler; list these tools with their own schemas
  const handlers = (server.server as unknown as { _requestHandlers?: unknown })._requestHandlers;
  const list = handlers instanceof Map ? (handlers.get('tools/list') as ToolsListHandler | undefined) : undefined;
  if (!(handlers instanceof Map) || list === undefined) {
    throw new Error('registerMcpTools: this version of @modelcontextprotocol/sdk keeps its tools/list handler where toolgen cannot find it. Use @modelcontextprotocol/sdk 1.32, or the 2.x packages @modelcontextprotocol/server and client.');
  }
  handlers.set('tools/list', async (request: unknown, extra: unknown) => {
    const listed = await list(request, extra);
    return { ...listed, tools: listed.tools.map((tool) => definitions.get(tool.name) ?? tool) };
  });
  return registrations;
}

/** The tool as `tools/list` shows it. */
function toolDefinition(name: string, fn: AIFunction, outputSchema: JsonSchema | undefined, annotations: ToolAnnotations): Tool {
  return {
    name,
    ...(fn.metadata.title === undefined ? {} : { title: fn.metadata.title }),
    description: fn.description,
    inputSchema: structuredClone(fn.parameters.jsonSchema) as Tool['inputSchema'],
    ...(outputSchema === undefined ? {} : { outputSchema: structuredClone(outputSchema) as NonNullable<Tool['outputSchema']> }),
    annotations,
  };
}

/**
 * The MCP annotations of a function (SPEC §7), the hints always explicit booleans:
 * - `title` from `withTitle(...)`, when it has one;
 * - `readOnlyHint` = readOnly;
 * - `destructiveHint` = neither readOnly nor `additive()`;
 * - `idempotentHint` = `idempotent()`, or readOnly (reading again changes nothing);
 * - `openWorldHint` = `networkScope === 'egress'`.
 *
 * ```ts
 * mcpToolAnnotations(searchTickets); // { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
 * ```
 */
export function mcpToolAnnotations(fn: AIFunction): ToolAnnotations {
  const { readOnly, additive, idempotent, title, networkScope } = fn.metadata;
  return {
    ...(title === undefined ? {} : { title }),
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && additive !== true,
    idempotentHint: readOnly || idempotent === true,
    openWorldHint: networkScope === 'egress',
  };
}

function toolResult(fn: AIFunction, outcome: ToolCallOutcome, structured: boolean): CallToolResult {
  if (!outcome.ok) return errorResult(outcome.message);
  const value = outcome.value;
  // a ContentResult's blocks are MCP's own content blocks: sent as they are, with no structured copy
  const parts = contentOf(fn, value);
  if (parts !== undefined) return { content: parts.map((part) => structuredClone(part)) as CallToolResult['content'] };
  const content: CallToolResult['content'] = [{ type: 'text', text: resultText(value) }];
  if (isObject(value)) return { content, structuredContent: value as Record<string, unknown> };
  // an output schema promises structured content; only an object result can keep that promise
  return structured ? errorResult('The tool returned something other than the object its output schema describes.') : { content };
}

/** What the model reads of a call this client cannot serve: the capabilities the tool needs that the client did not declare. */
function lacksCapabilities(fn: AIFunction, missing: readonly string[]): string {
  return `${fn.qualifiedName} was not called: it needs the client's ${missing.join(' and ')} capabilit${missing.length === 1 ? 'y' : 'ies'}, which this client did not declare.`;
}

function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function isObject(value: JsonValue | undefined): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The return schema when it describes an object (MCP output schemas must), else undefined. */
function objectSchema(returns: JsonSchema | null): JsonSchema | undefined {
  if (returns === null) return undefined;
  let root: JsonValue | undefined = returns;
  const ref = returns['$ref'];
  if (typeof ref === 'string') {
    const match = /^#\/\$defs\/([^/]+)$/.exec(ref);
    const defs = returns['$defs'];
    root = match !== null && typeof defs === 'object' && defs !== null && !Array.isArray(defs) ? (defs as Readonly<Record<string, JsonValue>>)[match[1]!.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
  }
  return typeof root === 'object' && root !== null && !Array.isArray(root) && (root as JsonSchema)['type'] === 'object' ? returns : undefined;
}

/**
 * A Standard Schema that carries `schema` for `tools/list` and accepts every value: the
 * function's own `invoke` validates, once, and answers in toolgen's words, where the SDK's
 * validation would answer in its own.
 */
function jsonSchemaOnly(schema: JsonSchema): StandardSchemaWithJSON {
  return {
    '~standard': {
      version: 1,
      vendor: 'toolgen',
      validate: (value: unknown) => ({ value }),
      jsonSchema: {
        input: ({ target }) => jsonSchemaForTarget(schema, target),
        output: ({ target }) => jsonSchemaForTarget(schema, target),
      },
    },
  };
}

/** Unless told otherwise, a function asks when it is approval-wrapped or declares `require_approval`: plain functions fail closed too. */
function needsApprovalByDefault(fn: AIFunction): boolean {
  return isApprovalGated(fn) || declaresApproval(fn);
}
