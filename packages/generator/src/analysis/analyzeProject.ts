import path from 'node:path';
import type { Diagnostic, DiagnosticLocation } from '../diagnostics/Diagnostic.js';
import { compareDiagnostics } from '../diagnostics/Diagnostic.js';
import { analyzeSourceFile } from './analyzeSourceFile.js';
import { checkUniqueNames, type ForeignTool } from './checkUniqueNames.js';
import { loadProject, type LoadedProject } from './loadProject.js';
import type { ToolsetModel } from './model.js';

/** Everything the analysis found in a project: every toolset (with or without errors) and every diagnostic. */
export interface ProjectAnalysis {
  readonly project: LoadedProject;
  /** Sorted by source file, then position. */
  readonly toolsets: readonly ToolsetModel[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Loads and analyzes a project and the projects its tsconfig references (for name uniqueness). */
export function analyzeProject(tsconfigPath: string): ProjectAnalysis {
  const project = loadProject(tsconfigPath);
  const own = analyzeLoaded(project);
  const foreign = project.references.flatMap((reference) => collectForeignTools(reference, new Set([tsconfigPath])));
  const describePlace = (location: DiagnosticLocation) =>
    `${path.relative(project.rootDir, location.file).split(path.sep).join('/')}:${location.line}:${location.column}`;
  const unique = checkUniqueNames(own.toolsets, foreign, describePlace);
  return {
    project,
    toolsets: unique.toolsets,
    diagnostics: [...own.diagnostics, ...unique.diagnostics].sort(compareDiagnostics),
  };
}

function analyzeLoaded(project: LoadedProject): { toolsets: ToolsetModel[]; diagnostics: Diagnostic[] } {
  const toolsets: ToolsetModel[] = [];
  const diagnostics: Diagnostic[] = [];
  const files = [...project.sourceFiles].sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  for (const sourceFile of files) {
    // only a class that extends something can be a toolset: skip the checker for every other file
    if (!sourceFile.text.includes('extends')) {
      continue;
    }
    const result = analyzeSourceFile(project.host, sourceFile);
    toolsets.push(...result.toolsets);
    diagnostics.push(...result.diagnostics);
  }
  return { toolsets, diagnostics };
}

function collectForeignTools(tsconfigPath: string, visited: Set<string>): ForeignTool[] {
  if (visited.has(tsconfigPath)) {
    return [];
  }
  visited.add(tsconfigPath);
  const project = loadProject(tsconfigPath);
  const { toolsets } = analyzeLoaded(project);
  const tools = toolsets.flatMap((toolset) =>
    toolset.tools.map((tool) => ({ name: tool.name, qualifiedName: tool.qualifiedName, className: toolset.className, location: tool.nameLocation })),
  );
  return [...tools, ...project.references.flatMap((reference) => collectForeignTools(reference, visited))];
}
