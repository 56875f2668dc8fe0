/**
 * Settings a host passed or stored do not fit a tool: a member that is not configurable, or a value
 * that fails the member's schema. A host error, not a model error: fix the store or the run's
 * overrides.
 */
export class ToolSettingsError extends Error {
  override readonly name = 'ToolSettingsError';
  /** The tool's name. */
  readonly toolName: string;
  /** The offending members. */
  readonly members: readonly string[];

  constructor(toolName: string, members: readonly string[], message: string) {
    super(message);
    this.toolName = toolName;
    this.members = members;
  }
}
