import { unmatchableName } from '../policy/unnameableCharacter.js';
import type { AgentDefinition } from './AgentDefinition.js';
import { AgentDefinitionError } from './AgentDefinitionError.js';

/** The agent flags and what `true` makes the agent, for messages. */
const flags = {
  confidential: 'confidential',
  airGapped: 'air-gapped',
  localOnly: 'local-only',
  planMode: 'in plan mode',
} as const;

/** The fields of an `AgentDefinition` and of a `toolsets` entry: another key would be dropped without a word. */
const agentFields = ['name', 'toolsets', 'allowedTools', 'tools', 'policies', 'confidential', 'airGapped', 'localOnly', 'planMode', 'pinnedTools'] as const;
const toolsetFields = ['owner', 'pluginId', 'include', 'exclude'] as const;

/**
 * Refuses what `resolveAgentTools` could only guess at: a key that is no field (`airgaped`, an
 * `exlude` of a `toolsets` entry: a restriction misspelt would restrict nothing), a flag (`airGapped`, `localOnly`,
 * `planMode`, `confidential`) that is neither a boolean nor absent, a list of names that is not
 * an array, and a name (`allowedTools`, `pinnedTools`, a `toolsets` entry's `owner`, `pluginId`,
 * `include` and `exclude`) that is not a string or that no qualified name could equal.
 *
 * @throws {AgentDefinitionError} naming the agent, the field, what it holds and the fix.
 */
export function checkAgentDefinition(agent: AgentDefinition): void {
  if (typeof agent !== 'object' || agent === null) {
    throw new TypeError(`An AgentDefinition must be an object; got ${kindOf(agent)}.`);
  }
  const agentName = typeof agent.name === 'string' ? agent.name : undefined;
  const fail = (field: string, value: unknown, problem: string): never => {
    throw new AgentDefinitionError(agentName, field, value, problem);
  };

  unknownKeys('', agent, agentFields, fail);
  for (const [flag, meaning] of Object.entries(flags)) {
    const value: unknown = agent[flag as keyof typeof flags];
    if (value !== undefined && typeof value !== 'boolean') {
      fail(flag, value, `is ${shown(value)} (${kindOf(value)}), not a boolean, so whether the agent is ${meaning} is unknown; write ${flag}: true or ${flag}: false (leaving it out means false).`);
    }
  }

  const names = (field: string, list: unknown, blankAllowed: boolean): void => {
    if (list === undefined) return;
    if (!Array.isArray(list)) return fail(field, list, `is ${shown(list)} (${kindOf(list)}), not an array; write a list of names, e.g. ${field.replace(/^.*\./, '')}: ['close_ticket'].`);
    list.forEach((name: unknown, index) => checkName(`${field}[${index}]`, name, blankAllowed));
  };
  const checkName = (field: string, name: unknown, blankAllowed: boolean): void => {
    if (typeof name !== 'string') return fail(field, name, `is ${shown(name)} (${kindOf(name)}), not a name; write the tool's name as a string.`);
    if (!blankAllowed && name.trim() === '') return fail(field, name, 'is blank; write the name, or leave the field out.');
    const unmatchable = unmatchableName(name);
    if (unmatchable !== undefined) fail(field, name, `${JSON.stringify(name)} ${unmatchable.reason}, so it would never match; ${unmatchable.fix}.`);
  };

  const toolsets: unknown = agent.toolsets;
  if (toolsets !== undefined && !Array.isArray(toolsets)) {
    fail('toolsets', toolsets, `is ${shown(toolsets)} (${kindOf(toolsets)}), not an array; write toolsets: [{ owner: 'ticket' }].`);
  }
  ((toolsets ?? []) as unknown[]).forEach((toolset, index) => {
    const field = `toolsets[${index}]`;
    if (typeof toolset !== 'object' || toolset === null || Array.isArray(toolset)) {
      return fail(field, toolset, `is ${shown(toolset)} (${kindOf(toolset)}); write an entry like { owner: 'ticket', exclude: ['close_ticket'] }.`);
    }
    unknownKeys(`${field}.`, toolset, toolsetFields, fail);
    const { owner, pluginId, include, exclude } = toolset as Record<string, unknown>;
    checkName(`${field}.owner`, owner, false);
    if (pluginId !== undefined) checkName(`${field}.pluginId`, pluginId, false);
    names(`${field}.include`, include, true);
    names(`${field}.exclude`, exclude, true);
  });
  names('allowedTools', agent.allowedTools, true);
  names('pinnedTools', agent.pinnedTools, true);
}

/** Fails on the first own key of `object` that is not one of `fields`, naming the nearest field. */
function unknownKeys(prefix: string, object: object, fields: readonly string[], fail: (field: string, value: unknown, problem: string) => never): void {
  for (const key of Object.keys(object)) {
    if (fields.includes(key)) continue;
    const near = fields.map((field) => ({ field, distance: editDistance(key.toLowerCase(), field.toLowerCase()) })).sort((a, b) => a.distance - b.distance)[0]!;
    const guess = near.distance <= Math.max(2, Math.floor(key.length / 4)) ? `did you mean ${near.field}? ` : '';
    fail(`${prefix}${key}`, (object as Record<string, unknown>)[key], `is not a field toolgen knows, so it would change nothing: ${guess}The fields are ${fields.join(', ')}.`);
  }
}

/** Insertions, deletions, substitutions and swaps of two neighbouring characters, each costing 1. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The value as the message quotes it, cut at 60 characters. */
function shown(value: unknown): string {
  let text: string;
  if (typeof value === 'bigint') text = `${value}n`;
  else if (typeof value === 'function' || typeof value === 'symbol') text = String(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' || type === 'undefined' ? `an ${type}` : `a ${type}`;
}
