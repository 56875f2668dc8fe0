import type { AIFunction } from '../function/AIFunction.js';
import type { ToolSettingsStore, ToolSettingsValues } from './ToolSettingsStore.js';

/**
 * Stores settings for a tool after checking them: only its configurable members, each with a value
 * its schema accepts (a `ToolSettingsError` otherwise, and nothing is stored). `undefined` values
 * are dropped, so `{ limit: undefined }` stores nothing for `limit`.
 */
export async function saveToolSettings(store: ToolSettingsStore, tool: AIFunction, values: ToolSettingsValues): Promise<void> {
  const defined = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  tool.resolveSettings(defined);
  await store.set(tool.name, defined);
}
