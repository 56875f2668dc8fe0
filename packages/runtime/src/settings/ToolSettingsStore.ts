/** Stored settings values of one tool: configurable members only, as JSON. */
export interface ToolSettingsValues {
  readonly [member: string]: unknown;
}

/**
 * Where a host keeps the settings users chose, keyed by tool name (not qualified name). Stored
 * values sit between the code defaults and per-run overrides. Renaming a tool's method renames the
 * tool and so orphans its stored settings: pin the old name with `withName` before you rename.
 */
export interface ToolSettingsStore {
  /** The stored values of a tool, or undefined when none are stored. */
  get(toolName: string): Promise<ToolSettingsValues | undefined>;
  /** Replaces the stored values of a tool. Use `saveToolSettings` to check them first. */
  set(toolName: string, values: ToolSettingsValues): Promise<void>;
  /** Forgets the stored values of a tool. */
  delete(toolName: string): Promise<void>;
  /** The names of the tools with stored values, sorted. */
  list(): Promise<readonly string[]>;
}

/** Keeps settings in memory, for tests and short-lived hosts. */
export class InMemoryToolSettingsStore implements ToolSettingsStore {
  readonly #values = new Map<string, ToolSettingsValues>();

  constructor(initial: Readonly<Record<string, ToolSettingsValues>> = {}) {
    for (const [toolName, values] of Object.entries(initial)) {
      this.#values.set(toolName, { ...values });
    }
  }

  async get(toolName: string): Promise<ToolSettingsValues | undefined> {
    const values = this.#values.get(toolName);
    return values === undefined ? undefined : { ...values };
  }

  async set(toolName: string, values: ToolSettingsValues): Promise<void> {
    this.#values.set(toolName, { ...values });
  }

  async delete(toolName: string): Promise<void> {
    this.#values.delete(toolName);
  }

  async list(): Promise<readonly string[]> {
    return [...this.#values.keys()].sort();
  }
}
