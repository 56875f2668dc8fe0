import path from 'node:path';
import type { ToolModel, ToolsetModel } from '../analysis/model.js';
import { buildManifest, exportNameFor, modulePathFor, serializeManifest, type Manifest, type ManifestToolset, type OutputLayout } from '../manifest/manifest.js';
import { deriveProviderVariants, type ProviderVariants } from '../schema/variants.js';
import { emitModule } from './module.js';

/** A file the generator produces, with its full content. */
export interface OutputFile {
  readonly path: string;
  readonly content: string;
}

/**
 * Prints modules and the manifest from toolset models, remembering what it printed: a module
 * is printed again only when its source's toolsets changed (by identity), a toolset's manifest
 * entry only when the toolset did, a tool's provider variants only when the tool did.
 */
export class OutputEmitter {
  readonly layout: OutputLayout;
  readonly #variants = new WeakMap<ToolModel, ProviderVariants>();
  readonly #modules = new Map<string, { readonly toolsets: readonly ToolsetModel[]; readonly file: OutputFile }>();
  readonly #manifestEntries = new WeakMap<ToolsetModel, { readonly entry: ManifestToolset; readonly text: string }>();

  constructor(layout: OutputLayout) {
    this.layout = layout;
  }

  readonly variantsOf = (tool: ToolModel): ProviderVariants => {
    let derived = this.#variants.get(tool);
    if (derived === undefined) {
      derived = deriveProviderVariants(tool.parametersSchema);
      this.#variants.set(tool, derived);
    }
    return derived;
  };

  /**
   * The modules of `toolsets` (sorted by source, as the analysis gives them), one per source
   * with at least one toolset free of errors. A source whose toolsets all have errors gets none:
   * its previous module stays until it is fixed.
   */
  modules(toolsets: readonly ToolsetModel[]): OutputFile[] {
    const bySource = groupBySource(toolsets);
    const outputs: OutputFile[] = [];
    for (const [source, group] of bySource) {
      const emittable = group.filter((toolset) => !toolset.hasErrors);
      if (emittable.length > 0) {
        outputs.push(this.module(source, emittable));
      }
    }
    for (const source of this.#modules.keys()) {
      if (!bySource.has(source)) {
        this.#modules.delete(source);
      }
    }
    return outputs;
  }

  /** The module of one source file from its toolsets free of errors. */
  module(source: string, emittable: readonly ToolsetModel[]): OutputFile {
    const cached = this.#modules.get(source);
    if (cached !== undefined && sameItems(cached.toolsets, emittable)) {
      return cached.file;
    }
    const modulePath = modulePathFor(source, this.layout);
    const content = emitModule({
      source,
      modulePath,
      displaySource: path.relative(this.layout.rootDir, source).split(path.sep).join('/'),
      toolsets: emittable,
      exportNameFor,
      variantsOf: this.variantsOf,
    });
    const file = { path: modulePath, content };
    this.#modules.set(source, { toolsets: emittable, file });
    return file;
  }

  /** `serializeManifest(buildManifest(toolsets, …))`, in one piece. */
  manifest(toolsets: readonly ToolsetModel[]): { manifest: Manifest; text: string } {
    const manifest = buildManifest(toolsets, this.layout, this.variantsOf);
    return { manifest, text: serializeManifest(manifest) };
  }

  /**
   * The same text as `manifest`, from per-toolset entries kept between calls: only toolsets not
   * seen before are serialized (the watcher).
   */
  manifestFromEntries(toolsets: readonly ToolsetModel[]): { manifest: Manifest; text: string } {
    const entries: ManifestToolset[] = [];
    const texts: string[] = [];
    for (const toolset of toolsets) {
      if (!toolset.hasErrors) {
        const { entry, text } = this.#manifestEntry(toolset);
        entries.push(entry);
        texts.push(text);
      }
    }
    const manifest: Manifest = { ...buildManifest([], this.layout, this.variantsOf), toolsets: entries };
    return { manifest, text: assembleManifest(this.layout, texts) ?? serializeManifest(manifest) };
  }

  /**
   * Prints every module and the manifest once, keeping nothing (the one-shot CLI): each module
   * goes to `onModule` as soon as it is printed, its toolsets' manifest entries are serialized
   * right after it, while their provider variants are at hand, and only that text is kept.
   * Returns the manifest's text and what it counts.
   */
  printOnce(toolsets: readonly ToolsetModel[], onModule: (module: OutputFile) => void): { text: string; toolsets: number; tools: number } {
    const texts: string[] = [];
    let tools = 0;
    for (const [source, group] of groupBySource(toolsets)) {
      const emittable = group.filter((toolset) => !toolset.hasErrors);
      if (emittable.length === 0) {
        continue;
      }
      const variants = new Map<ToolModel, ProviderVariants>();
      const variantsOf = (tool: ToolModel) => {
        let derived = variants.get(tool);
        if (derived === undefined) {
          derived = deriveProviderVariants(tool.parametersSchema);
          variants.set(tool, derived);
        }
        return derived;
      };
      const modulePath = modulePathFor(source, this.layout);
      onModule({
        path: modulePath,
        content: emitModule({
          source,
          modulePath,
          displaySource: path.relative(this.layout.rootDir, source).split(path.sep).join('/'),
          toolsets: emittable,
          exportNameFor,
          variantsOf,
        }),
      });
      for (const toolset of emittable) {
        texts.push(serializeManifestEntry(buildManifest([toolset], this.layout, variantsOf).toolsets[0]!));
        tools += toolset.tools.length;
      }
    }
    const text = assembleManifest(this.layout, texts) ?? serializeManifest(buildManifest(toolsets, this.layout, this.variantsOf));
    return { text, toolsets: texts.length, tools };
  }

  #manifestEntry(toolset: ToolsetModel): { readonly entry: ManifestToolset; readonly text: string } {
    let cached = this.#manifestEntries.get(toolset);
    if (cached === undefined) {
      const [entry] = buildManifest([toolset], this.layout, this.variantsOf).toolsets;
      cached = { entry: entry!, text: serializeManifestEntry(entry!) };
      this.#manifestEntries.set(toolset, cached);
    }
    return cached;
  }
}

/*
 * The manifest in pieces: in two-space JSON, a nested value is its own two-space JSON with every
 * line after the first indented by its depth. So the manifest is its frame (serialized with a
 * marker standing for the toolsets) with each toolset's entry, serialized alone, put in place.
 */

/** Stands for the toolsets in the serialized frame of the manifest, at the depth of `toolsets[i]`. */
const manifestToolsetsMarker = '@@toolgen:manifest-toolsets@@';
const manifestToolsetIndentation = '    ';

/** A toolset's entry as it appears inside the manifest's `toolsets` array. */
function serializeManifestEntry(entry: ManifestToolset): string {
  return JSON.stringify(entry, null, 2).replace(/\n/g, `\n${manifestToolsetIndentation}`);
}

/** The manifest's text from its entries' texts; undefined when the manifest is no longer plain two-space JSON. */
function assembleManifest(layout: OutputLayout, entries: readonly string[]): string | undefined {
  const frame = buildManifest([], layout, () => {
    throw new Error('a manifest without toolsets has no variants');
  });
  if (entries.length === 0) {
    return serializeManifest(frame);
  }
  const framed = serializeManifest({ ...frame, toolsets: [manifestToolsetsMarker as unknown as ManifestToolset] });
  const marker = JSON.stringify(manifestToolsetsMarker);
  const at = framed.indexOf(`\n${manifestToolsetIndentation}${marker}\n`);
  if (at < 0) {
    return undefined;
  }
  const start = at + 1 + manifestToolsetIndentation.length;
  // += rather than join: V8 joins long strings much more slowly than it concatenates them
  let text = framed.slice(0, start);
  entries.forEach((entry, index) => {
    text += index === 0 ? entry : `,\n${manifestToolsetIndentation}${entry}`;
  });
  return text + framed.slice(start + marker.length);
}

export function groupBySource(toolsets: readonly ToolsetModel[]): Map<string, ToolsetModel[]> {
  const bySource = new Map<string, ToolsetModel[]>();
  for (const toolset of toolsets) {
    const list = bySource.get(toolset.source);
    if (list === undefined) {
      bySource.set(toolset.source, [toolset]);
    } else {
      list.push(toolset);
    }
  }
  return bySource;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
