import { createDiagnostic, type Diagnostic } from '../diagnostics/Diagnostic.js';
import type { ToolsetModel } from './model.js';

/** A tool of the previous manifest: its name and its settings schema, if any. */
export interface PreviousTool {
  readonly name: string;
  readonly settingsSchema: unknown;
}

/**
 * TSH020: a tool with settings disappeared since the previous manifest and another appeared with
 * the same settings schema in this run — most likely a renamed method, which orphans the stored
 * settings (keyed by tool name). Warns at the new tool's name, suggesting `withName`.
 */
export function checkRenamedSettings(toolsets: readonly ToolsetModel[], previous: readonly PreviousTool[]): Diagnostic[] {
  const current = toolsets.flatMap((toolset) => toolset.tools);
  const currentNames = new Set(current.map((tool) => tool.name));
  const previousNames = new Set(previous.map((tool) => tool.name));
  const disappeared = previous.filter((tool) => tool.settingsSchema !== null && tool.settingsSchema !== undefined && !currentNames.has(tool.name));
  const diagnostics: Diagnostic[] = [];
  for (const tool of current) {
    if (tool.settings === null || previousNames.has(tool.name)) {
      continue;
    }
    const schema = JSON.stringify(tool.settings.schema);
    const match = disappeared.find((old) => JSON.stringify(old.settingsSchema) === schema);
    if (match !== undefined) {
      diagnostics.push(createDiagnostic('TSH020', 'settingsOrphaned', tool.nameLocation, { name: tool.name, previous: match.name }));
    }
  }
  return diagnostics;
}
