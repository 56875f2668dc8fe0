import type { ExternalToolEndpoint } from './classifyEndpoint.js';
import type { ExternalToolAnnotations } from './ExternalToolMetadata.js';

/** Where a catalogue entry comes from; `agent` marks an agent's own tool (`AgentDefinition.tools`), which no catalogue publishes. */
export type ToolSource =
  | { readonly kind: 'toolset'; readonly className: string; readonly owner: string; readonly displayName: string }
  | { readonly kind: 'plugin'; readonly pluginId: string; readonly className: string; readonly owner: string; readonly displayName: string }
  | {
      readonly kind: 'external';
      readonly serverName: string;
      readonly originalName: string;
      readonly annotations: ExternalToolAnnotations | undefined;
    }
  | {
      readonly kind: 'server';
      readonly serverName: string;
      readonly originalName: string;
      readonly endpoint: ExternalToolEndpoint;
      readonly annotations: ExternalToolAnnotations | undefined;
    }
  | { readonly kind: 'agent'; readonly agentName: string | undefined };

/** The source in words, for error messages: `toolset TicketToolset`, `MCP server "github" (tool "list_issues")`. */
export function describeToolSource(source: ToolSource): string {
  switch (source.kind) {
    case 'toolset':
      return `toolset ${source.className}`;
    case 'plugin':
      return `plugin "${source.pluginId}" (toolset ${source.className})`;
    case 'external':
      return `external server "${source.serverName}" (tool "${source.originalName}")`;
    case 'server':
      return `MCP server "${source.serverName}" (tool "${source.originalName}")`;
    case 'agent':
      return source.agentName === undefined ? 'an agent (its own tools)' : `agent "${source.agentName}" (its own tools)`;
  }
}
