import path from 'node:path';
import { analyzeProject, type ProjectAnalysis } from './analysis/analyzeProject.js';
import type { Diagnostic } from './diagnostics/Diagnostic.js';
import { buildManifest, manifestFileName, serializeManifest, type Manifest } from './manifest/manifest.js';

/** A file the generator produces, with its full content. */
export interface OutputFile {
  readonly path: string;
  readonly content: string;
}

/** What generation computes, before anything is written. */
export interface GenerationResult {
  readonly analysis: ProjectAnalysis;
  readonly manifest: Manifest;
  readonly outputs: readonly OutputFile[];
  readonly diagnostics: readonly Diagnostic[];
}

export interface GenerateOptions {
  /** Absolute path of the project's tsconfig.json. */
  readonly project: string;
  /** Absolute folder for generated modules, or undefined to put them beside their sources. */
  readonly outDir?: string | undefined;
}

/** Analyzes a project and computes every output file. Pure: it writes nothing. */
export function generate(options: GenerateOptions): GenerationResult {
  const analysis = analyzeProject(options.project);
  const layout = { rootDir: analysis.project.rootDir, outDir: options.outDir };
  const manifest = buildManifest(analysis.toolsets, layout);
  const outputs: OutputFile[] = [{ path: path.join(layout.rootDir, manifestFileName), content: serializeManifest(manifest) }];
  return { analysis, manifest, outputs, diagnostics: analysis.diagnostics };
}
