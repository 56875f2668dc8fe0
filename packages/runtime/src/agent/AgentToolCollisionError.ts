import { describeToolSource, type ToolSource } from '../catalogue/ToolSource.js';

/**
 * An agent's own tool (`AgentDefinition.tools`) has the qualified name of a catalogue tool or of
 * another of its own tools, compared case-insensitively. `first` is where the name was taken
 * (the catalogue tool's source, or the agent), `second` the agent that brought it again.
 */
export class AgentToolCollisionError extends Error {
  override readonly name: string = 'AgentToolCollisionError';
  /** The agent's tool's qualified name, as written. */
  readonly qualifiedName: string;
  /** The name as `first` has it. */
  readonly existingName: string;
  readonly first: ToolSource;
  readonly second: ToolSource & { readonly kind: 'agent' };

  constructor(qualifiedName: string, existing: { readonly qualifiedName: string; readonly source: ToolSource }, agent: ToolSource & { readonly kind: 'agent' }) {
    const who = agent.agentName === undefined ? 'An agent' : `Agent "${agent.agentName}"`;
    super(
      existing.source.kind === 'agent'
        ? `${who} has two own tools named "${existing.qualifiedName}" and "${qualifiedName}" (qualified names are compared case-insensitively). Rename one of them.`
        : `${who} has its own tool "${qualifiedName}", and the catalogue publishes "${existing.qualifiedName}" from ${describeToolSource(existing.source)} ` +
            "(qualified names are compared case-insensitively). Rename the agent's tool, or drop it and offer the catalogue's through toolsets or allowedTools.",
    );
    this.qualifiedName = qualifiedName;
    this.existingName = existing.qualifiedName;
    this.first = existing.source;
    this.second = agent;
  }
}
