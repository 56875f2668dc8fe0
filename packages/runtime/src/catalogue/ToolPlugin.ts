import type { ToolsetFunctions } from '../function/AIFunction.js';
import type { ToolServices } from '../toolset/ToolServices.js';

/** The user a catalogue is assembled for. Plugin toolsets get one instance per user scope. */
export interface UserScope {
  readonly id: string;
  /** The user's services (credentials, clients), for plugin factories that bind them into their tools. */
  readonly services?: ToolServices;
}

/** What a plugin's toolset factory receives. */
export interface ToolPluginContext {
  readonly pluginId: string;
  readonly userScope: UserScope;
}

/**
 * Creates a plugin's toolset for one user scope. It is called once per scope (per catalogue);
 * the instance then serves every run in that scope, so keep no run state in it.
 */
export type PluginToolsetFactory = (context: ToolPluginContext) => ToolsetFunctions;

/** Collects a plugin's toolset factories while the plugin configures itself. */
export class ToolPluginBuilder {
  readonly pluginId: string;
  readonly #factories: PluginToolsetFactory[] = [];

  constructor(pluginId: string) {
    this.pluginId = pluginId;
  }

  /** Registers a toolset; its tools are qualified as `<plugin-id>__<owner>__<tool>`. */
  addToolset(factory: PluginToolsetFactory): this {
    if (typeof factory !== 'function') {
      throw new TypeError(`Plugin "${this.pluginId}": addToolset takes a factory function (context) => GeneratedToolset.`);
    }
    this.#factories.push(factory);
    return this;
  }

  /** The factories registered so far, in order. */
  get toolsetFactories(): readonly PluginToolsetFactory[] {
    return [...this.#factories];
  }
}

/**
 * A plugin: an id (the first segment of its tools' qualified names) and a `configure` step that
 * registers toolset factories. A catalogue configures each plugin object once; activating or
 * changing plugins means synchronizing new plugin objects.
 */
export interface ToolPlugin {
  readonly id: string;
  configure(builder: ToolPluginBuilder): void;
}
