import type { ManifestTool, ManifestToolset } from '../manifest/manifest.js';
import { readManifestText } from '../manifest/readManifest.js';

/** A manifest that cannot be compared or shown: the CLI says why and exits with 2. */
export class SurfaceReadError extends Error {
  override readonly name = 'SurfaceReadError';
}

/** A tool of a manifest, with the toolset that holds it. */
export interface SurfaceTool {
  readonly toolset: Pick<ManifestToolset, 'className' | 'owner' | 'displayName' | 'source' | 'module'>;
  readonly tool: ManifestTool;
}

/** A manifest read for review (`toolgen diff`, `toolgen report`): its toolsets and its tools by qualified name, in manifest order. */
export interface ToolSurface {
  readonly toolsets: readonly ManifestToolset[];
  readonly tools: ReadonlyMap<string, SurfaceTool>;
}

/** The surface of no tools: a base from before the project had a manifest. */
export const emptySurface: ToolSurface = { toolsets: [], tools: new Map() };

/**
 * Reads a manifest's text as `toolgen diff` and `toolgen report` need it. The outline is checked
 * (an object of version 1, toolsets with a `tools` list, tools named); the fields each tool lists
 * are taken as the file has them, for manifests written by older versions lack some.
 *
 * @param origin names the manifest in messages: a path, or `HEAD~1:toolgen.manifest.json`.
 * @param remedy ends each message: what to do about a manifest that does not read.
 * @throws {SurfaceReadError} when the text is not such a manifest.
 */
export function surfaceOf(text: string, origin: string, remedy = 'Pass a toolgen.manifest.json that toolgen wrote.'): ToolSurface {
  const reading = readManifestText(text);
  if (reading.kind === 'notJson') {
    throw new SurfaceReadError(`${origin} is not JSON (${reading.reason}). ${remedy}`);
  }
  if (reading.kind === 'notObject' || reading.toolsets === undefined) {
    throw new SurfaceReadError(`${origin} is not a toolgen manifest: it has no "toolsets" list. ${remedy}`);
  }
  if (reading.version !== 1) {
    throw new SurfaceReadError(`${origin} has manifest version ${JSON.stringify(reading.version)}; this toolgen reads version 1. ${remedy}`);
  }
  const toolsets: ManifestToolset[] = [];
  const tools = new Map<string, SurfaceTool>();
  reading.toolsets.forEach((entry, position) => {
    const listed = entry['tools'];
    if (!Array.isArray(listed) || typeof entry['owner'] !== 'string') {
      throw new SurfaceReadError(`${origin}: toolset ${position} has no "owner" or no "tools" list. ${remedy}`);
    }
    const toolset = entry as unknown as ManifestToolset;
    listed.forEach((tool: unknown, index) => {
      const named = tool as Partial<ManifestTool> | null;
      if (typeof named !== 'object' || named === null || typeof named.qualifiedName !== 'string' || typeof named.name !== 'string') {
        throw new SurfaceReadError(`${origin}: tool ${index} of toolset "${toolset.owner}" has no "name" or "qualifiedName". ${remedy}`);
      }
      tools.set(named.qualifiedName, { toolset, tool: named as ManifestTool });
    });
    toolsets.push(toolset);
  });
  return { toolsets, tools };
}
