/**
 * An `AgentDefinition` holds something toolgen cannot honour without guessing: a flag that is not a
 * boolean, a list that is not an array, or a tool name no qualified name could equal. Thrown when
 * the agent is resolved, before any tool is exposed.
 */
export class AgentDefinitionError extends TypeError {
  override readonly name: string = 'AgentDefinitionError';
  /** The agent's `name`, if it has one. */
  readonly agentName: string | undefined;
  /** Where in the definition: `airGapped`, `toolsets[0].exclude[1]`. */
  readonly field: string;
  /** What the field holds. */
  readonly value: unknown;

  /** `problem` follows the field in the message: `is "true" (a string), …; write …`. */
  constructor(agentName: string | undefined, field: string, value: unknown, problem: string) {
    super(`${agentName === undefined ? 'An agent' : `Agent ${JSON.stringify(agentName)}`}: ${field} ${problem}`);
    this.agentName = agentName;
    this.field = field;
    this.value = value;
  }
}
