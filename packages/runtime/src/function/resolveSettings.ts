import type { ToolSettingsOverrides } from './AIFunction.js';
import type { ToolDefinition } from './ToolDefinition.js';

/**
 * Builds the settings object a tool receives: the settings class with its code defaults, then the
 * run's overrides of configurable members. An override of any other member is a host bug, so it
 * throws a plain `Error` rather than a `ToolFailure`. An override whose value is `undefined`
 * counts as absent. Returns `undefined` for a tool without settings.
 */
export function resolveSettings(
  definition: Pick<ToolDefinition, 'qualifiedName' | 'metadata' | 'createSettings'>,
  overrides: ToolSettingsOverrides | undefined,
): object | undefined {
  const present = overrides === undefined ? [] : Object.keys(overrides).filter((member) => overrides[member] !== undefined);
  const configurable = definition.metadata.settings?.configurable ?? [];
  const rejected = present.filter((member) => !configurable.includes(member));
  if (rejected.length > 0) {
    const listed = (members: readonly string[]): string => members.map((member) => `"${member}"`).join(', ');
    throw new Error(
      `Tool ${definition.qualifiedName}: the run overrides settings members that are not configurable: ${listed(rejected)}. ` +
        (definition.createSettings === undefined
          ? 'The tool has no settings.'
          : configurable.length === 0
            ? 'None of its settings members is configurable.'
            : `Its configurable members are ${listed(configurable)}.`),
    );
  }
  if (definition.createSettings === undefined) return undefined;
  const settings = definition.createSettings();
  for (const member of present) {
    Reflect.set(settings, member, overrides?.[member]);
  }
  return settings;
}
