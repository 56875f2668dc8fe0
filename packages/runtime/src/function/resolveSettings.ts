import type { ArgumentIssue } from '../errors/ToolFailure.js';
import { ToolSettingsError } from '../settings/ToolSettingsError.js';
import type { ToolSettingsValues } from '../settings/ToolSettingsStore.js';
import type { ToolSettingsOverrides } from './AIFunction.js';
import type { ToolDefinition } from './ToolDefinition.js';

type SettingsDefinition = Pick<ToolDefinition<never>, 'name' | 'qualifiedName' | 'metadata' | 'createSettings' | 'validateSettings'>;

/**
 * Builds the settings object a tool receives, in this order: the settings class with its code
 * defaults, then the stored values, then the run's overrides. Stored values (the tool's own) may
 * only name configurable members. The run's overrides are shared by every tool of a run, so they
 * apply only to the tools that declare them: a tool without settings, or whose settings have no
 * such member, ignores them; a member the tool declares but keeps in code is refused. Every value
 * must fit its member's schema. Anything refused throws a `ToolSettingsError` naming the tool and
 * the members (a host error, never shown to the model). A value of `undefined` counts as absent.
 * Returns `undefined` for a tool without settings.
 */
export function resolveSettings(
  definition: SettingsDefinition,
  stored: ToolSettingsValues | undefined,
  overrides: ToolSettingsOverrides | undefined,
): object | undefined {
  if (definition.createSettings === undefined) {
    checkConfigurable(definition, stored, 'stored settings name');
    return undefined;
  }
  const storedMembers = checkConfigurable(definition, stored, 'stored settings name');
  const overriddenMembers = checkConfigurable(definition, declaredOnly(definition, overrides), 'run overrides settings');
  const settings = definition.createSettings();
  const validStored = validated(definition, settings, stored, storedMembers, 'stored');
  const validOverrides = validated(definition, { ...settings, ...validStored }, overrides, overriddenMembers, 'run override');
  for (const [member, value] of Object.entries({ ...validStored, ...validOverrides })) {
    Reflect.set(settings, member, value);
  }
  return settings;
}

/**
 * The overrides of members the tool's settings declare: the properties of its settings schema and
 * its configurable members. A schema that lists no properties declares every member.
 */
function declaredOnly(definition: SettingsDefinition, overrides: ToolSettingsOverrides | undefined): ToolSettingsOverrides | undefined {
  const properties = (definition.metadata.settings?.schema as { properties?: unknown } | undefined)?.properties;
  if (overrides === undefined || typeof properties !== 'object' || properties === null) return overrides;
  const configurable = definition.metadata.settings?.configurable ?? [];
  return Object.fromEntries(Object.entries(overrides).filter(([member]) => Object.hasOwn(properties, member) || configurable.includes(member)));
}

function checkConfigurable(definition: SettingsDefinition, values: ToolSettingsValues | undefined, what: string): string[] {
  const present = values === undefined ? [] : Object.keys(values).filter((member) => values[member] !== undefined);
  const configurable = definition.metadata.settings?.configurable ?? [];
  const rejected = present.filter((member) => !configurable.includes(member));
  if (rejected.length > 0) {
    throw new ToolSettingsError(
      definition.name,
      rejected,
      `Tool ${definition.qualifiedName}: the ${what} members that are not configurable: ${listed(rejected)}. ` +
        (definition.createSettings === undefined
          ? 'The tool has no settings.'
          : configurable.length === 0
            ? 'None of its settings members is configurable.'
            : `Its configurable members are ${listed(configurable)}.`),
    );
  }
  return present;
}

/** Checks `values` merged over `base` with the generated settings validator; returns the members' validated values. */
function validated(
  definition: SettingsDefinition,
  base: object,
  values: ToolSettingsValues | undefined,
  members: readonly string[],
  source: 'stored' | 'run override',
): Record<string, unknown> {
  if (values === undefined || members.length === 0) {
    return {};
  }
  const candidate: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const member of members) {
    candidate[member] = values[member];
  }
  if (definition.validateSettings === undefined) {
    return Object.fromEntries(members.map((member) => [member, values[member]]));
  }
  const issues: ArgumentIssue[] = [];
  const output = definition.validateSettings(candidate, issues);
  const relevant = issues.filter((issue) => members.includes(memberOf(issue)));
  if (relevant.length > 0) {
    const bad = [...new Set(relevant.map(memberOf))];
    throw new ToolSettingsError(
      definition.name,
      bad,
      `Tool ${definition.qualifiedName}: the ${source} value${relevant.length === 1 ? ' is' : 's are'} invalid: ` +
        relevant.map((issue) => `${issue.pointer.slice(1)} ${issue.message}`).join('; ') +
        (source === 'stored' ? '. Correct or delete the stored settings of this tool.' : '. Correct the overrides of this run.'),
    );
  }
  return Object.fromEntries(members.map((member) => [member, output[member]]));
}

function memberOf(issue: ArgumentIssue): string {
  return issue.pointer.split('/')[1] ?? '';
}

function listed(members: readonly string[]): string {
  return members.map((member) => `"${member}"`).join(', ');
}
