import { defineTool, type ExternalToolAnnotations, type ExternalToolEndpoint, type ExternalToolServer, type JsonSchema } from '@toolgen/runtime';
import { flatValidator, type FlatType } from './flatValidator.js';

/** A remote tool as an MCP-like server lists it. */
export interface RemoteTool {
  readonly name: string;
  readonly description: string;
  readonly properties: Readonly<Record<string, FlatType>>;
  readonly annotations?: ExternalToolAnnotations;
  readonly handler: (args: Record<string, unknown>) => unknown;
}

/** Stands in for an MCP client session: a server name, how it is reached, and its tool list. */
export class FakeMcpServer {
  constructor(
    readonly name: string,
    readonly endpoint: ExternalToolEndpoint,
    readonly tools: readonly RemoteTool[],
  ) {}

  /** What an MCP adapter would do on connect: turn each listed tool into an AIFunction. */
  connect(): ExternalToolServer {
    return {
      name: this.name,
      endpoint: this.endpoint,
      tools: this.tools.map((tool) => {
        const names = Object.keys(tool.properties);
        const parameters: JsonSchema = {
          type: 'object',
          properties: Object.fromEntries(names.map((name) => [name, { type: tool.properties[name]! }])),
          required: names,
          additionalProperties: false,
        };
        const fn = defineTool({
          name: tool.name,
          qualifiedName: tool.name,
          description: tool.description,
          parameters,
          variants: { 'openai-strict': parameters, anthropic: parameters, gemini: parameters },
          losses: [],
          returns: {},
          // The adapter does not trust remote annotations: the metadata is its own.
          metadata: { readOnly: false, approval: 'default', networkScope: 'none', confidentiality: 'any', workspacePaths: [], settings: null },
          validate: flatValidator(tool.properties, names),
          normalizeStrict: (input) => input,
          result: 'value',
          call: (args) => tool.handler(args),
        });
        return tool.annotations === undefined ? { function: fn } : { function: fn, annotations: tool.annotations };
      }),
    };
  }
}
