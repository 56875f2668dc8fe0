import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { ExternalToolAnnotations } from '../../catalogue/ExternalToolMetadata.js';
import { ToolArgumentError, ToolFailure } from '../../errors/ToolFailure.js';
import type { AIFunction, JsonSchema, ToolMetadata } from '../../function/AIFunction.js';
import { jsonSchemaForTarget } from '../../function/jsonSchemaForTarget.js';
import { describeKind, isPlainObject } from '../../function/validateArguments.js';
import type { NetworkScope } from '../../governance.js';
import { ToolNaming } from '../../naming/ToolNaming.js';
import type { McpLimits } from './mcpLimits.js';
import { boundedResult } from './boundedResult.js';

/** What an imported tool needs of its connection. */
export interface ImportedToolConnection {
  readonly serverName: string;
  readonly networkScope: NetworkScope;
  /** Calls the tool: the v2 `Client`'s `callTool(params, options)`, or the v1 one's `callTool(params, resultSchema, options)` behind the same shape. */
  readonly callTool: (params: { name: string; arguments: Readonly<Record<string, unknown>> }, options?: { signal: AbortSignal }) => Promise<CallToolResult>;
  /** Whether the connection is still open; a closed one fails every call closed. */
  readonly isConnected: () => boolean;
  readonly limits: Pick<McpLimits, 'maxResultBytes' | 'maxResultDepth'>;
}

/** What toolgen took of the server's tool: its description (cut to the limit) and JSON copies of its schemas. */
export interface ImportedToolDefinition {
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema | undefined;
}

const opaqueMessage = 'The tool failed unexpectedly.';

/**
 * An MCP server's tool as an `AIFunction` named `<server>__<tool>`. Its metadata is toolgen's
 * own, never the server's annotations: not read-only, default approval, the connection's
 * network scope. `invoke` calls the tool and resolves to the result's `structuredContent`,
 * else the JSON of its single text content (the text itself when that is not JSON), else its
 * content array; an `isError` result rejects as a `ToolFailure` with the server's text. A result
 * past the connection's limits (too large, too deep, cyclic) rejects as a `ToolFailure`, logged.
 */
export function importedFunction(tool: Tool, definition: ImportedToolDefinition, connection: ImportedToolConnection): AIFunction {
  const qualifiedName = ToolNaming.buildMcpQualifiedName(connection.serverName, tool.name);
  const parameters = definition.inputSchema;
  const metadata: ToolMetadata = {
    readOnly: false,
    approval: 'default',
    networkScope: connection.networkScope,
    confidentiality: 'any',
    workspacePaths: [],
    settings: null,
  };
  const notCalled = `so ${qualifiedName} was not called.`;
  const fn: AIFunction = {
    name: tool.name,
    qualifiedName,
    description: definition.description,
    parameters: {
      jsonSchema: parameters,
      '~standard': {
        version: 1,
        vendor: 'toolgen',
        // the server validates; what toolgen can check here is that the arguments are an object
        validate: (value: unknown) => (isPlainObject(value) ? { value } : { issues: [{ message: objectMessage(value) }] }),
        jsonSchema: {
          input: ({ target }) => jsonSchemaForTarget(parameters, target),
          output: ({ target }) => jsonSchemaForTarget(parameters, target),
        },
      },
    },
    variants: { 'openai-strict': parameters, anthropic: parameters, gemini: parameters },
    losses: [],
    returns: definition.outputSchema ?? {},
    metadata,
    async invoke(args, context = {}) {
      if (context.signal?.aborted === true) throw context.signal.reason;
      if (!isPlainObject(args)) throw new ToolArgumentError([{ pointer: '', message: objectMessage(args), expected: 'object' }]);
      return fn.run(args, context);
    },
    // the server validates; what toolgen can check here is that the arguments are an object
    validate: (args) => (isPlainObject(args) ? { ok: true, value: args } : { ok: false, issues: [{ pointer: '', message: objectMessage(args), expected: 'object' }] }),
    async run(args, context = {}) {
      const signal = context.signal;
      if (signal?.aborted === true) throw signal.reason;
      if (!connection.isConnected()) throw disconnected(connection.serverName, notCalled);
      let result: CallToolResult;
      try {
        result = await connection.callTool({ name: tool.name, arguments: args }, signal === undefined ? undefined : { signal });
      } catch (error) {
        if (isAborted(signal)) throw signal?.reason;
        if (!connection.isConnected() || isConnectionLoss(error)) throw disconnected(connection.serverName, notCalled, error);
        if (isProtocolError(error)) throw new ToolFailure(`The MCP server "${connection.serverName}" refused the call: ${error.message}`, undefined, { cause: error });
        context.logger?.error(`Tool ${qualifiedName} failed unexpectedly`, error);
        const message = context.exposeErrors === true && error instanceof Error && error.message !== '' ? error.message : opaqueMessage;
        throw new ToolFailure(message, undefined, { cause: error });
      }
      const bounded = boundedResult(result, connection.limits);
      if (!bounded.ok) {
        const failure = new ToolFailure(`The MCP server "${connection.serverName}" sent a result for ${qualifiedName} that ${bounded.problem}, so it was not passed on.`, bounded.fix);
        context.logger?.error(`Tool ${qualifiedName}: the MCP server "${connection.serverName}" sent a result that ${bounded.problem}; ${bounded.hostFix}`, bounded.cause ?? failure);
        throw failure;
      }
      if (result.isError === true) {
        const text = bounded.value as string;
        throw new ToolFailure(text === '' ? `The MCP server "${connection.serverName}" reported an error without saying what it was.` : text);
      }
      return bounded.value;
    },
    resolveSettings: () => undefined,
    normalizeStrictArguments: (args) => args,
  };
  return fn;
}

/** What the server says about the tool, for the catalogue to record (never to trust). */
export function importedAnnotations(tool: Tool): ExternalToolAnnotations | undefined {
  const given = tool.annotations;
  if (given === undefined) return undefined;
  const annotations: { -readonly [K in keyof ExternalToolAnnotations]: ExternalToolAnnotations[K] } = {};
  const title = given.title ?? tool.title;
  if (typeof title === 'string') annotations.title = title;
  for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
    const value = given[hint];
    if (typeof value === 'boolean') annotations[hint] = value;
  }
  return annotations;
}

function objectMessage(value: unknown): string {
  return `must be an object with the tool's arguments; got ${describeKind(value)}`;
}

function disconnected(serverName: string, notCalled: string, cause?: unknown): ToolFailure {
  return new ToolFailure(
    `The MCP server "${serverName}" is disconnected, ${notCalled}`,
    'Tell the user the server is not available; do not retry until it is connected again.',
    cause === undefined ? undefined : { cause },
  );
}

// a function, so the compiler does not take the signal for unchanged since the last look
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** The SDK's `SdkError` for a closed or never-opened connection (its codes are strings). */
function isConnectionLoss(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'CONNECTION_CLOSED' || code === 'NOT_CONNECTED';
}

/** A JSON-RPC error the server answered with (the SDK's `ProtocolError`, whose codes are numbers). */
function isProtocolError(error: unknown): error is Error {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'number';
}
