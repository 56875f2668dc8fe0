import {
  defineTool,
  ToolNaming,
  type AIFunction,
  type ToolApprovalChannel,
  type ToolApprovalResponse,
  type ToolsetFunctions,
  type JsonSchema,
  type ToolApprovalRequest,
  type ToolMetadata,
} from '@toolgen/runtime';

// Realistic tools for the governance tests: defineTool with hand-written validators that follow the
// ArgumentValidator contract of generated ones.

type PropertyType = 'string' | 'number' | 'integer' | 'boolean';

/** One call a fake tool received: its arguments and the signal it was handed. */
export interface RecordedCall {
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly signal: AbortSignal;
}

export interface FakeToolOptions {
  readonly name: string;
  /** The toolset class; its owner qualifies the name. `TestToolset` unless given. */
  readonly className?: string;
  /** Overrides the qualified name (a hand-written one, e.g. mixed case). */
  readonly qualifiedName?: string;
  readonly description?: string;
  readonly properties?: Readonly<Record<string, PropertyType>>;
  readonly required?: readonly string[];
  readonly metadata?: Partial<ToolMetadata>;
  /** Receives every call that passed validation. */
  readonly calls?: RecordedCall[];
  /** What the tool does; by default it returns `{ ok: true, tool }`. */
  readonly run?: (args: Record<string, unknown>, signal: AbortSignal) => unknown;
}

export const defaultMetadata: ToolMetadata = {
  readOnly: false,
  approval: 'default',
  networkScope: 'none',
  confidentiality: 'any',
  workspacePaths: [],
  settings: null,
};

/** A tool built with `defineTool`, validating its (flat, scalar) parameters like a generated one. */
export function fakeTool(options: FakeToolOptions): AIFunction {
  const properties = options.properties ?? {};
  const required = options.required ?? Object.keys(properties);
  const schema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(Object.entries(properties).map(([key, type]) => [key, { type }])),
    required: [...required],
    additionalProperties: false,
  };
  const qualifiedName = options.qualifiedName ?? ToolNaming.buildToolsetQualifiedName(options.className ?? 'TestToolset', options.name);
  return defineTool({
    name: options.name,
    qualifiedName,
    description: options.description ?? `The ${options.name} test tool.`,
    parameters: schema,
    variants: { 'openai-strict': schema, anthropic: schema, gemini: schema },
    losses: [],
    returns: {},
    metadata: { ...defaultMetadata, ...options.metadata },
    validate: (input, issues) => {
      const args = input as Record<string, unknown>;
      for (const key of Object.keys(args)) {
        if (!Object.hasOwn(properties, key)) issues.push({ pointer: `/${key}`, message: 'is not a parameter of this tool; remove it' });
      }
      for (const key of required) {
        if (!Object.hasOwn(args, key)) issues.push({ pointer: '', message: `must have the property "${key}"` });
      }
      for (const [key, type] of Object.entries(properties)) {
        if (!Object.hasOwn(args, key)) continue;
        const value = args[key];
        const fits = type === 'integer' ? Number.isInteger(value) : type === 'number' ? Number.isFinite(value) : typeof value === type;
        // a generated validator cuts what it echoes; an object is named, never serialized (it may be nested beyond any stack)
        if (!fits) issues.push({ pointer: `/${key}`, message: `must be a ${type}; got ${typeof value === 'object' && value !== null ? 'an object' : JSON.stringify(value)}`, expected: type });
      }
      return { ...args };
    },
    normalizeStrict: (input) => input,
    result: 'promise',
    call: async (args, injected) => {
      options.calls?.push({ tool: qualifiedName, args, signal: injected.signal });
      return options.run === undefined ? { ok: true, tool: qualifiedName } : options.run(args, injected.signal);
    },
  });
}

/** A generated-style toolset of fake tools. */
export function fakeToolset(className: string, tools: readonly Omit<FakeToolOptions, 'className'>[], displayName = className): ToolsetFunctions {
  return {
    className,
    owner: ToolNaming.ownerFromClassName(className),
    displayName,
    functions: tools.map((tool) => fakeTool({ ...tool, className })),
  };
}

/** An approval channel that answers from a script and records what it was asked. */
export function scriptedChannel(
  answer: (request: ToolApprovalRequest, signal: AbortSignal) => ToolApprovalResponse | Promise<ToolApprovalResponse>,
): ToolApprovalChannel & { readonly requests: ToolApprovalRequest[] } {
  const requests: ToolApprovalRequest[] = [];
  return {
    name: 'scripted',
    requests,
    requestApproval: async (request, signal) => {
      requests.push(request);
      return answer(request, signal);
    },
  };
}

/** A channel that never answers unless its signal aborts (then it rejects, as a dismissed prompt would). */
export function silentChannel(): ToolApprovalChannel & { asked: boolean; aborted: boolean } {
  const channel = {
    name: 'silent',
    asked: false,
    aborted: false,
    requestApproval: (_request: ToolApprovalRequest, signal: AbortSignal) =>
      new Promise<ToolApprovalResponse>((_resolve, reject) => {
        channel.asked = true;
        signal.addEventListener('abort', () => {
          channel.aborted = true;
          reject(signal.reason);
        });
      }),
  };
  return channel;
}

/** The rejection of `promise`, or a test failure when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject, but it resolved');
}
