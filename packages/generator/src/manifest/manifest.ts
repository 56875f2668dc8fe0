import path from 'node:path';
import type { JsonSchema, SchemaLoss, SchemaVariantName, ToolMetadata, ToolTokenCounts } from '@toolgen/runtime';
import type { ToolModel, ToolsetModel } from '../analysis/model.js';
import { readManifestText } from './readManifest.js';
import type { ToolRecord } from './toolRecord.js';

export const manifestFileName = 'toolgen.manifest.json';

/** `toolgen.manifest.json` (SPEC §4): the reviewable tool surface of a project. */
export interface Manifest {
  readonly version: 1;
  readonly toolsets: readonly ManifestToolset[];
}

export interface ManifestToolset {
  readonly className: string;
  readonly owner: string;
  readonly displayName: string;
  readonly source: string;
  readonly module: string;
  readonly exportName: string;
  readonly tools: readonly ManifestTool[];
}

/**
 * A tool's entry: its names, description and schemas, then the runtime's `ToolMetadata` of the
 * generated module (the same values, from the same `ToolRecord`) without what only the module
 * carries (`injectsServices`, the search terms), with the provider variants and their losses.
 */
export type ManifestTool = {
  readonly name: string;
  readonly qualifiedName: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  readonly returns: JsonSchema | null;
  readonly variants: Readonly<Record<SchemaVariantName, JsonSchema>>;
  readonly losses: readonly SchemaLoss[];
  /**
   * `o200k_base` tokens the tool costs in a tool list, per variant and for the canonical schema:
   * its qualified name, description and that schema's compact JSON. Exact for OpenAI's GPT-4o,
   * GPT-4.1, o-series and GPT-5 models; an approximation for Anthropic and Gemini, which use
   * their own tokenizers. Absent in manifests written before token budgets.
   */
  readonly tokens?: ToolTokenCounts;
} & Omit<ToolMetadata, 'injectsServices' | 'search' | 'tokens'>;

export interface OutputLayout {
  /** The folder of the tsconfig.json: the manifest goes here and its paths are relative to it. */
  readonly rootDir: string;
  /** Absolute folder mirroring sources for generated modules, or undefined to write beside them. */
  readonly outDir: string | undefined;
}

/** The generated module of a source file: `src/tickets.ts` → `src/tickets.tools.ts`, mirrored under `outDir`. */
export function modulePathFor(source: string, layout: OutputLayout): string {
  const extension = path.extname(source);
  const base = `${source.slice(0, source.length - extension.length)}.tools${extension === '.tsx' ? '.ts' : extension}`;
  if (layout.outDir === undefined) {
    return base;
  }
  return path.join(layout.outDir, path.relative(layout.rootDir, base));
}

/** `TicketToolset` → `ticketToolset`, `HTTPToolset` → `httpToolset`. */
export function exportNameFor(className: string): string {
  const leadingCapitals = /^[A-Z]+/.exec(className)?.[0] ?? '';
  if (leadingCapitals.length <= 1 || leadingCapitals.length === className.length) {
    return className.charAt(0).toLowerCase() + className.slice(1);
  }
  const keep = leadingCapitals.length - 1;
  return className.slice(0, keep).toLowerCase() + className.slice(keep);
}

/**
 * Manifest entries kept as they were, by absolute source path: those of the source files any of
 * whose toolsets has errors, whose modules also stay as they were (SPEC §4).
 */
export type KeptEntries = ReadonlyMap<string, readonly ManifestToolset[]>;

/**
 * The entries a manifest's text (the one on disk, if any) lists for `sources`, unchanged: none
 * for a source it does not list, and none at all when it does not parse. An entry without a
 * `tools` array is not one toolgen wrote and is not kept.
 */
export function keptEntriesOf(text: string | undefined, sources: ReadonlySet<string>, layout: OutputLayout): KeptEntries {
  const kept = new Map<string, ManifestToolset[]>();
  const reading = text === undefined ? undefined : readManifestText(text);
  const bySource = new Map([...sources].map((source) => [path.relative(layout.rootDir, source).split(path.sep).join('/'), source]));
  for (const entry of reading?.kind === 'object' ? (reading.toolsets ?? []) : []) {
    const file = typeof entry['source'] === 'string' ? bySource.get(entry['source']) : undefined;
    if (file !== undefined && Array.isArray(entry['tools'])) {
      kept.set(file, [...(kept.get(file) ?? []), entry as unknown as ManifestToolset]);
    }
  }
  return kept;
}

/** Builds the manifest of the toolsets without errors, in a stable order. */
export function buildManifest(
  toolsets: readonly ToolsetModel[],
  layout: OutputLayout,
  recordOf: (tool: ToolModel) => ToolRecord,
): Manifest {
  const relative = (file: string) => path.relative(layout.rootDir, file).split(path.sep).join('/');
  return {
    version: 1,
    toolsets: toolsets
      .filter((toolset) => !toolset.hasErrors)
      .map((toolset) => ({
        className: toolset.className,
        owner: toolset.owner,
        displayName: toolset.displayName,
        source: relative(toolset.source),
        module: relative(modulePathFor(toolset.source, layout)),
        exportName: exportNameFor(toolset.className),
        tools: toolset.tools.map((tool) => manifestTool(recordOf(tool))),
      })),
  };
}

function manifestTool({ tool, variants, losses, metadata }: ToolRecord): ManifestTool {
  const { readOnly, approval, networkScope, confidentiality, workspacePaths, settings, tokens, deprecated, content, optionalResult } = metadata;
  // the keys in the order manifests have always had them
  return {
    name: tool.name,
    qualifiedName: tool.qualifiedName,
    description: tool.description,
    parameters: tool.parametersSchema,
    returns: tool.returnsSchema,
    readOnly,
    approval,
    networkScope,
    confidentiality,
    workspacePaths,
    settings,
    variants,
    losses,
    tokens,
    ...(deprecated === undefined ? {} : { deprecated }),
    ...(content === undefined ? {} : { content }),
    ...(optionalResult === undefined ? {} : { optionalResult }),
    // what builder calls state, as the record's metadata holds it
    ...tool.stated,
  };
}

/** The manifest as written to disk: two-space JSON and a final newline, byte-identical for equal input. */
export function serializeManifest(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
