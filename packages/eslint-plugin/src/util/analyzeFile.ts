import { analyzeSourceFile, type AnalysisHost, type SourceFileAnalysis } from '@toolgen/generator/analysis';
import type ts from 'typescript';

const analyses = new WeakMap<ts.Program, WeakMap<ts.SourceFile, SourceFileAnalysis>>();
const noToolsets: SourceFileAnalysis = { toolsets: [], diagnostics: [] };

/**
 * The generator's analysis of one file, computed once per program and file: every rule of a lint
 * run (and TSH007's pass over the program) shares it. A new program (an edit in the editor) analyzes anew,
 * since a file's diagnostics may depend on types declared in others. A file whose text lacks `class`
 * or `extends` declares no class deriving from anything, so no toolset: it costs no checker work.
 */
export function analyzeFile(host: AnalysisHost, sourceFile: ts.SourceFile): SourceFileAnalysis {
  if (!mayDeclareToolset(sourceFile)) {
    return noToolsets;
  }
  let byFile = analyses.get(host.program);
  if (byFile === undefined) {
    byFile = new WeakMap();
    analyses.set(host.program, byFile);
  }
  let analysis = byFile.get(sourceFile);
  if (analysis === undefined) {
    analysis = analyzeSourceFile(host, sourceFile);
    byFile.set(sourceFile, analysis);
  }
  return analysis;
}

/** The syntactic pre-check: only a class that extends something can be a toolset (directly or not). */
function mayDeclareToolset(sourceFile: ts.SourceFile): boolean {
  return sourceFile.text.includes('extends') && sourceFile.text.includes('class');
}
