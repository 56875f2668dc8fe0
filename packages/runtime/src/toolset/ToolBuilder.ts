import type { ClientCapability, NetworkScope, WorkspacePathAccess } from '../governance.js';

/** A static method that can be added as a tool: `addTool(MyToolset.myMethod)`. */
export type ToolMethod = (...args: never[]) => unknown;

/**
 * The calls that describe a tool, chained onto `addTool(...)` in a toolset's constructor.
 *
 * The generator reads this chain from source; at run time the calls record nothing.
 * Chain arguments must be literals, and `withSettings` / `withConfigurableSettings` come last.
 */
export interface ToolBuilder {
  /** The tool changes nothing. Plan mode offers only read-only tools. */
  readOnly(): ToolBuilder;
  /** The tool's calls need approval: its declared approval mode becomes `require_approval`. */
  requiresApproval(): ToolBuilder;
  /** Names the tool explicitly. The name must be lower_snake_case and unique across the project. */
  withName(name: string): ToolBuilder;
  /** The description the model reads; otherwise the method's TSDoc summary. */
  withDescription(description: string): ToolBuilder;
  /** A display title for people (MCP's `title`), e.g. `'Search tickets'`. The model reads the name and description. */
  withTitle(title: string): ToolBuilder;
  /** Calling the tool again with the same arguments has no further effect (MCP's `idempotentHint`). For a tool that writes. */
  idempotent(): ToolBuilder;
  /** The tool writes, but only adds: it never deletes or overwrites (MCP's `destructiveHint: false`). For a tool that writes. */
  additive(): ToolBuilder;
  /** The tool works only for an MCP client that has this capability: `toolgen mcp` lists it to those clients alone. Call once per capability. */
  requiresClientCapability(capability: ClientCapability): ToolBuilder;
  /** Why the tool uses the network. Defaults to `none`. */
  networkScope(scope: NetworkScope): ToolBuilder;
  /** Marks a string parameter as a path that must stay inside the workspace root. Access defaults to `read`. */
  workspacePath(parameter: string, access?: WorkspacePathAccess): ToolBuilder;
  /** Exposes the tool only to confidential agents. */
  confidentialOnly(): ToolBuilder;
  /** Exposes the tool only to non-confidential agents. */
  nonConfidentialOnly(): ToolBuilder;
  /**
   * The tool gets a settings object of class `TSettings` that the model never sees.
   * No member is configurable unless `configurable(s => s.member)` opens it.
   */
  withSettings<TSettings extends object>(): SettingsBuilder<TSettings>;
  /**
   * Like `withSettings`, but every settable member is configurable except those that
   * `notConfigurable(s => s.member)` keeps in code.
   */
  withConfigurableSettings<TSettings extends object>(): ConfigurableSettingsBuilder<TSettings>;
}

/** After `withSettings<T>()`: open members of `T` to stored settings and run overrides. */
export interface SettingsBuilder<TSettings extends object> {
  /** Lets stored settings and runs change this member. */
  configurable(select: SettingsMemberSelector<TSettings>): SettingsBuilder<TSettings>;
}

/** After `withConfigurableSettings<T>()`: keep members of `T` in code. */
export interface ConfigurableSettingsBuilder<TSettings extends object> {
  /** Keeps this member at its code default: stored settings and runs cannot change it. */
  notConfigurable(select: SettingsMemberSelector<TSettings>): ConfigurableSettingsBuilder<TSettings>;
}

/** Selects one settable member: `s => s.limit`. Readonly members and methods are not offered. */
export type SettingsMemberSelector<TSettings extends object> = (
  settings: SettableMembers<TSettings>,
) => SettableMembers<TSettings>[keyof SettableMembers<TSettings>];

/** The members of a settings class that settings may change: writable data members. */
export type SettableMembers<TSettings extends object> = {
  -readonly [K in SettableKeys<TSettings>]: TSettings[K];
};

type SettableKeys<T> = {
  [K in keyof T]-?: T[K] extends (...args: never[]) => unknown ? never : IsReadonly<T, K> extends true ? never : K;
}[keyof T];

type IsReadonly<T, K extends keyof T> =
  (<U>() => U extends { [Q in K]: T[K] } ? 1 : 2) extends <U>() => U extends { readonly [Q in K]: T[K] } ? 1 : 2
    ? true
    : false;
