import type { AIFunction } from '../function/AIFunction.js';
import type { NetworkScope } from '../governance.js';
import type { ExternalToolEndpoint } from './classifyEndpoint.js';

/**
 * What a remote server says about one of its tools (MCP tool annotations). Untrusted: the
 * catalogue records them for display and audit, but they never make a tool read-only, lower its
 * approval or narrow its network scope.
 */
export interface ExternalToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/** Where an external function comes from and how it uses the network. */
export interface ExternalToolMetadata {
  /** The server (or other source) that publishes the tool; the first segment of its qualified name. */
  readonly serverName: string;
  /** The tool's name on that server, as published there. */
  readonly originalName: string;
  /**
   * The declared network scope. The catalogue takes the wider of this and the function's own
   * `metadata.networkScope`, so neither can narrow the other.
   */
  readonly networkScope: NetworkScope;
  readonly annotations?: ExternalToolAnnotations;
}

/** An existing function from outside the generated toolsets, synchronized with `ToolCatalogue.sync`. */
export interface ExternalTool {
  readonly function: AIFunction;
  readonly metadata: ExternalToolMetadata;
}

/** One tool a connected server publishes; `function.name` is the tool's name on the server. */
export interface ExternalServerTool {
  readonly function: AIFunction;
  readonly annotations?: ExternalToolAnnotations;
}

/** A live, MCP-like server whose tools join the catalogue while it is connected (`ToolCatalogue.connectServer`). */
export interface ExternalToolServer {
  /** The server's name; its tools are qualified as `<server>__<tool>`. Reconnecting uses the same name. */
  readonly name: string;
  readonly endpoint: ExternalToolEndpoint;
  /**
   * The host's classification of the server's network use (e.g. a stdio server that calls the
   * Internet is `egress`). It can widen the endpoint's own classification, never narrow it; for
   * an `other` endpoint, which toolgen cannot classify (and treats as `egress`), it is the scope.
   */
  readonly networkScope?: NetworkScope;
  readonly tools: readonly ExternalServerTool[];
}
