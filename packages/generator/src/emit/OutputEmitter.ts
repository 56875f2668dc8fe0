import path from 'node:path';
import type { ToolModel, ToolsetModel } from '../analysis/model.js';
import {
  buildManifest,
  exportNameFor,
  modulePathFor,
  serializeManifest,
  type KeptEntries,
  type Manifest,
  type ManifestToolset,
  type OutputLayout,
} from '../manifest/manifest.js';
import type { BudgetInput } from '../budget/budgetReport.js';
import { ToolRecords, type ToolRecord } from '../manifest/toolRecord.js';
import { emitModule } from './module.js';

/** A file the generator produces, with its full content. */
export interface OutputFile {
  readonly path: string;
  readonly content: string;
  /**
   * The content as the pieces it is made of, when it was printed so (the watcher's manifest):
   * their concatenation is `content`, which is joined only when read. Pieces that did not change
   * since the last generation are the same strings, so comparing two manifests is cheap.
   */
  readonly pieces?: readonly string[];
}

/** A file given by its pieces, whose `content` is joined when first read. */
function piecesFile(filePath: string, pieces: readonly string[]): OutputFile {
  let content: string | undefined;
  return {
    path: filePath,
    pieces,
    get content() {
      // += rather than join: V8 joins long strings much more slowly than it concatenates them
      if (content === undefined) {
        content = '';
        for (const piece of pieces) content += piece;
      }
      return content;
    },
  };
}

/**
 * A file given as the pieces its content is made of, in order (the one-shot manifest): written
 * piece by piece, so the whole text, and its UTF-8 copy, never exist at once (about 60 MB each at
 * 5000 tools). Each piece is whole text: no piece ends inside a surrogate pair.
 */
export interface OutputPieces {
  readonly path: string;
  readonly pieces: readonly string[];
}

/**
 * Prints modules and the manifest from toolset models, remembering what it printed: a module
 * is printed again only when its source's toolsets changed (by identity), a toolset's manifest
 * entry only when the toolset did, a tool's record (`manifest/toolRecord.ts`) only when the tool did. A source
 * file any of whose toolsets has errors gets neither: its module stays as it is on disk and the
 * manifest keeps its entries from `kept` (see `sourceSections`).
 */
export class OutputEmitter {
  readonly layout: OutputLayout;
  readonly #records = new ToolRecords();
  readonly #modules = new Map<string, { readonly toolsets: readonly ToolsetModel[]; readonly file: OutputFile }>();
  readonly #manifestEntries = new WeakMap<ToolsetModel, { readonly entry: ManifestToolset; readonly text: string }>();

  constructor(layout: OutputLayout) {
    this.layout = layout;
  }

  /** The record each output prints a tool from (its metadata, variants, token counts and search terms), computed once per tool model. */
  readonly recordOf = (tool: ToolModel): ToolRecord => this.#records.of(tool);

  /** The modules of `toolsets` (sorted by source, as the analysis gives them), one per source file none of whose toolsets has errors. */
  modules(toolsets: readonly ToolsetModel[]): OutputFile[] {
    const outputs: OutputFile[] = [];
    const sources = new Set<string>();
    for (const section of sourceSections(toolsets, new Map())) {
      sources.add(section.source);
      if (section.kept === undefined) {
        outputs.push(this.module(section.source, section.toolsets));
      }
    }
    for (const source of this.#modules.keys()) {
      if (!sources.has(source)) {
        this.#modules.delete(source);
      }
    }
    return outputs;
  }

  /** The module of one source file from its toolsets, none of which has errors. */
  module(source: string, emittable: readonly ToolsetModel[]): OutputFile {
    const cached = this.#modules.get(source);
    if (cached !== undefined && sameItems(cached.toolsets, emittable)) {
      return cached.file;
    }
    const file = this.#printModule(source, emittable, this.recordOf);
    this.#modules.set(source, { toolsets: emittable, file });
    return file;
  }

  /** Prints the module of one source file: the one place a module is printed. */
  #printModule(source: string, emittable: readonly ToolsetModel[], recordOf: (tool: ToolModel) => ToolRecord): OutputFile {
    const modulePath = modulePathFor(source, this.layout);
    const displaySource = path.relative(this.layout.rootDir, source).split(path.sep).join('/');
    return { path: modulePath, content: emitModule({ source, modulePath, displaySource, toolsets: emittable, exportNameFor, recordOf }) };
  }

  /** The manifest of `toolsets`, with the entries `kept` for source files whose toolsets have errors, in one piece. */
  manifest(toolsets: readonly ToolsetModel[], kept: KeptEntries): { manifest: Manifest; text: string } {
    const entries = [...sourceSections(toolsets, kept)].flatMap((section) => sectionEntries(section, (toolset) => entryOf(toolset, this.layout, this.recordOf)));
    return { manifest: this.#manifestOf(entries), text: manifestPieces(this.layout, entries).join('') };
  }

  /**
   * The same text as `manifest`, from per-toolset entries kept between calls: only toolsets not
   * seen before are serialized (the watcher).
   */
  manifestFromEntries(toolsets: readonly ToolsetModel[], kept: KeptEntries, manifestPath: string): { manifest: Manifest; file: OutputFile } {
    const entries = [...sourceSections(toolsets, kept)].flatMap((section) => sectionEntries(section, (toolset) => this.#manifestEntry(toolset)));
    return { manifest: this.#manifestOf(entries), file: piecesFile(manifestPath, manifestPieces(this.layout, entries)) };
  }

  /**
   * Prints every module and the manifest once, keeping nothing (the one-shot CLI): each module
   * goes to `onModule` as soon as it is printed, its toolsets' manifest entries are serialized
   * right after it, while their records are at hand, and only that text is kept.
   * Returns the manifest's text and what it counts (the entries `kept` included).
   */
  printOnce(toolsets: readonly ToolsetModel[], kept: KeptEntries, onModule: (module: OutputFile) => void): { pieces: readonly string[]; counts: BudgetInput; toolsets: number; tools: number } {
    const texts: { readonly text: string }[] = [];
    // what the token budget reads, taken from the entries as they are built rather than parsed back from the text
    const counts: BudgetInput['toolsets'][number][] = [];
    let tools = 0;
    for (const section of sourceSections(toolsets, kept)) {
      // the section's records, let go with it: nothing is kept between sections
      const recordOf = new ToolRecords().of;
      if (section.kept === undefined) {
        onModule(this.#printModule(section.source, section.toolsets, recordOf));
      }
      for (const { entry, text } of sectionEntries(section, (toolset) => entryOf(toolset, this.layout, recordOf))) {
        texts.push({ text });
        counts.push({ className: entry.className, owner: entry.owner, module: entry.module, tools: entry.tools.map((tool) => (tool.tokens === undefined ? {} : { tokens: tool.tokens })) });
        tools += entry.tools.length;
      }
    }
    return { pieces: manifestPieces(this.layout, texts), counts: { toolsets: counts }, toolsets: texts.length, tools };
  }

  /** The manifest document of `entries` (its frame is the same for every project). */
  #manifestOf(entries: readonly { readonly entry: ManifestToolset }[]): Manifest {
    return { ...buildManifest([], this.layout, this.recordOf), toolsets: entries.map(({ entry }) => entry) };
  }

  #manifestEntry(toolset: ToolsetModel): ManifestEntry {
    let cached = this.#manifestEntries.get(toolset);
    if (cached === undefined) {
      cached = entryOf(toolset, this.layout, this.recordOf);
      this.#manifestEntries.set(toolset, cached);
    }
    return cached;
  }
}

/** A toolset's manifest entry and its text as the manifest holds it. */
interface ManifestEntry {
  readonly entry: ManifestToolset;
  readonly text: string;
}

/** The manifest entry of one toolset without errors: the one builder of entries (`buildManifest`), from its tools' records. */
function entryOf(toolset: ToolsetModel, layout: OutputLayout, recordOf: (tool: ToolModel) => ToolRecord): ManifestEntry {
  const entry = buildManifest([toolset], layout, recordOf).toolsets[0]!;
  return { entry, text: serializeManifestEntry(entry) };
}

/** A source file's entries: those kept for it (its toolsets have errors), or those of its toolsets. */
function sectionEntries(section: Section, entryOf: (toolset: ToolsetModel) => ManifestEntry): readonly ManifestEntry[] {
  return section.kept?.map((entry) => ({ entry, text: serializeManifestEntry(entry) })) ?? section.toolsets.map(entryOf);
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

/**
 * The manifest's text from its entries' texts, as pieces whose concatenation is the text: the
 * frame before the first entry, each entry (after the separator), the frame after the last.
 */
function manifestPieces(layout: OutputLayout, entries: readonly { readonly text: string }[]): string[] {
  const frame = buildManifest([], layout, () => {
    throw new Error('a manifest without toolsets has no tool records');
  });
  if (entries.length === 0) {
    return [serializeManifest(frame)];
  }
  const framed = serializeManifest({ ...frame, toolsets: [manifestToolsetsMarker as unknown as ManifestToolset] });
  const marker = JSON.stringify(manifestToolsetsMarker);
  const at = framed.indexOf(`\n${manifestToolsetIndentation}${marker}\n`);
  if (at < 0) {
    throw new Error('toolgen: the manifest frame no longer holds its toolsets at the depth its entries are printed for');
  }
  const start = at + 1 + manifestToolsetIndentation.length;
  // the entries themselves, the separator one string: an entry that did not change is the same string next time
  const pieces = [framed.slice(0, start)];
  entries.forEach(({ text }, index) => (index === 0 ? pieces.push(text) : pieces.push(manifestEntrySeparator, text)));
  pieces.push(framed.slice(start + marker.length));
  return pieces;
}

const manifestEntrySeparator = `,\n${manifestToolsetIndentation}`;

/**
 * Each source file's toolsets, in order, and how the file is emitted: afresh when none of its
 * toolsets has errors; otherwise not at all, so that its module stays as it is on disk and its
 * manifest entries are the ones `kept` (none if it has none): the manifest and the modules
 * always describe the same last good output.
 */
interface Section {
  readonly source: string;
  readonly toolsets: readonly ToolsetModel[];
  readonly kept: readonly ManifestToolset[] | undefined;
}

function* sourceSections(toolsets: readonly ToolsetModel[], kept: KeptEntries): Generator<Section> {
  for (const [source, group] of groupBySource(toolsets)) {
    yield { source, toolsets: group, kept: group.some((toolset) => toolset.hasErrors) ? (kept.get(source) ?? []) : undefined };
  }
}

/** The source files any of whose toolsets has errors: their outputs stay as they were. */
export function sourcesWithErrors(toolsets: readonly ToolsetModel[]): Set<string> {
  return new Set(toolsets.filter((toolset) => toolset.hasErrors).map((toolset) => toolset.source));
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
