import path from 'node:path';
import { analyzeProject, type ProjectAnalysis } from './analysis/analyzeProject.js';
import type { ToolModel, ToolsetModel } from './analysis/model.js';
import { checkRenamedSettings } from './analysis/checkRenamedSettings.js';
import { compareDiagnostics, type Diagnostic } from './diagnostics/Diagnostic.js';
import { emitModule, generatedHeader } from './emit/module.js';
import { readIfExists } from './io/writeFileAtomic.js';
import {
  buildManifest,
  exportNameFor,
  manifestFileName,
  modulePathFor,
  serializeManifest,
  type Manifest,
  type OutputLayout,
} from './manifest/manifest.js';
import { deriveProviderVariants, type ProviderVariants } from './schema/variants.js';

/** A file the generator produces, with its full content. */
export interface OutputFile {
  readonly path: string;
  readonly content: string;
}

/** What generation computes, before anything is written. */
export interface GenerationResult {
  readonly analysis: ProjectAnalysis;
  readonly manifest: Manifest;
  /** Every file this run produces: the modules, then the manifest. */
  readonly outputs: readonly OutputFile[];
  /** Generated modules on disk whose source no longer holds a toolset: to be removed. */
  readonly orphans: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
}

export interface GenerateOptions {
  /** Absolute path of the project's tsconfig.json. */
  readonly project: string;
  /** Absolute folder for generated modules, or undefined to put them beside their sources. */
  readonly outDir?: string | undefined;
}

/** Analyzes a project and computes every output file and orphan. Writes nothing. */
export function generate(options: GenerateOptions): GenerationResult {
  const analysis = analyzeProject(options.project);
  const layout: OutputLayout = { rootDir: analysis.project.rootDir, outDir: options.outDir };
  const variants = new Map<ToolModel, ProviderVariants>();
  const variantsOf = (tool: ToolModel) => {
    let derived = variants.get(tool);
    if (derived === undefined) {
      derived = deriveProviderVariants(tool.parametersSchema);
      variants.set(tool, derived);
    }
    return derived;
  };

  const bySource = new Map<string, ToolsetModel[]>();
  for (const toolset of analysis.toolsets) {
    const list = bySource.get(toolset.source) ?? [];
    list.push(toolset);
    bySource.set(toolset.source, list);
  }
  const outputs: OutputFile[] = [];
  for (const [source, toolsets] of bySource) {
    const emittable = toolsets.filter((toolset) => !toolset.hasErrors);
    // a source whose every toolset has errors keeps its previous module until it is fixed
    if (emittable.length === 0) {
      continue;
    }
    const modulePath = modulePathFor(source, layout);
    outputs.push({
      path: modulePath,
      content: emitModule({
        source,
        modulePath,
        displaySource: path.relative(layout.rootDir, source).split(path.sep).join('/'),
        toolsets: emittable,
        exportNameFor,
        variantsOf,
      }),
    });
  }
  const manifestPath = path.join(layout.rootDir, manifestFileName);
  const manifest = buildManifest(analysis.toolsets, layout, variantsOf);
  outputs.push({ path: manifestPath, content: serializeManifest(manifest) });

  const previous = readPreviousManifest(manifestPath);
  const expected = new Set([...bySource.keys()].map((source) => modulePathFor(source, layout)));
  const orphans = findGeneratedModules(analysis, layout, previous).filter((file) => !expected.has(file));
  const renames = checkRenamedSettings(
    analysis.toolsets.filter((toolset) => !toolset.hasErrors),
    (previous?.toolsets ?? []).flatMap((toolset) => toolset.tools ?? []).map((tool) => ({ name: String(tool.name), settingsSchema: tool.settings?.schema ?? null })),
  );
  const diagnostics = [...analysis.diagnostics, ...renames].sort(compareDiagnostics);
  return { analysis, manifest, outputs, orphans, diagnostics };
}

interface PreviousManifest {
  readonly toolsets?: readonly { readonly module?: unknown; readonly tools?: readonly { readonly name?: unknown; readonly settings?: { readonly schema?: unknown } | null }[] }[];
}

/** The manifest on disk before this run, or undefined when there is none or it does not parse (it is then simply replaced). */
function readPreviousManifest(manifestPath: string): PreviousManifest | undefined {
  const text = readIfExists(manifestPath);
  if (text === undefined) {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as PreviousManifest) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Generated modules that exist now: those the previous manifest lists and the `*.tools.ts`
 * files of the program, kept only when they start with toolgen's header.
 */
function findGeneratedModules(analysis: ProjectAnalysis, layout: OutputLayout, previous: PreviousManifest | undefined): string[] {
  const candidates = new Set(analysis.project.generatedCandidates);
  for (const toolset of previous?.toolsets ?? []) {
    if (typeof toolset.module === 'string') {
      candidates.add(path.resolve(layout.rootDir, toolset.module));
    }
  }
  return [...candidates].filter((file) => readIfExists(file)?.startsWith(generatedHeader) === true).sort();
}
