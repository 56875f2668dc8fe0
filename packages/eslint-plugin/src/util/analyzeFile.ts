import { analyzeSourceFile, type AnalysisHost, type SourceFileAnalysis } from '@toolgen/generator/analysis';
import type ts from 'typescript';

const analyses = new WeakMap<ts.Program, WeakMap<ts.SourceFile, SourceFileAnalysis>>();

/**
 * The generator's analysis of one file, computed once per program and file: every rule of a lint
 * run (and TSH007's pass over the program) shares it. A new program (an edit in the editor) analyzes anew,
 * since a file's diagnostics may depend on types declared in others.
 */
export function analyzeFile(host: AnalysisHost, sourceFile: ts.SourceFile): SourceFileAnalysis {
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
