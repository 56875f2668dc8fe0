import { loadToolPolicies, ToolPolicyLoadError, type ToolApprovalMode } from '@toolgen/runtime';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { createDiagnostic, type Diagnostic, type DiagnosticLocation } from '../diagnostics/Diagnostic.js';

/** One `{ toolName, approvalMode }` entry of a policy file, with where its values are written. */
export interface PolicyEntry {
  readonly toolName: string;
  readonly approvalMode: ToolApprovalMode;
  readonly nameLocation: DiagnosticLocation;
  readonly modeLocation: DiagnosticLocation;
}

/**
 * Reads a policy file as the runtime does (`loadToolPolicies`, so the build and the agent agree on
 * what is malformed): its entries with their YAML positions, or the load error as TSH033 at the
 * line and column the runtime names.
 */
export function readPolicyFile(file: string, text: string): { readonly entries: readonly PolicyEntry[] } | { readonly problem: Diagnostic } {
  // the runtime drops a BOM before counting lines and columns; offsets count it
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  const body = text.slice(bom);
  try {
    loadToolPolicies(text);
  } catch (error) {
    if (!(error instanceof ToolPolicyLoadError)) {
      throw error;
    }
    const start = bom + offsetOf(body, error.line, error.column);
    const problem = error.message.replace(/^Tool policies, line \d+, column \d+: /, '');
    return {
      problem: createDiagnostic('TSH033', 'unloadable', { file, line: error.line, column: error.column, start, end: Math.min(start + 1, text.length) }, { problem }),
    };
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(body, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const contents = document.contents as Node | null;
  if (!isSeq(contents)) {
    return { entries: [] };
  }
  const locate = (node: Node): DiagnosticLocation => {
    const [start, end] = node.range ?? [0, 0];
    const { line, col } = lineCounter.linePos(start);
    return { file, line, column: col, start: start + bom, end: end + bom };
  };
  const entries: PolicyEntry[] = [];
  for (const item of contents.items) {
    if (!isMap(item)) {
      continue;
    }
    const value = (key: string) => item.items.find((pair) => isScalar(pair.key) && pair.key.value === key)?.value as Node | null | undefined;
    const name = value('toolName');
    const mode = value('approvalMode');
    // loadToolPolicies accepted the file: both are string scalars
    if (isScalar(name) && isScalar(mode)) {
      entries.push({ toolName: String(name.value), approvalMode: mode.value as ToolApprovalMode, nameLocation: locate(name), modeLocation: locate(mode) });
    }
  }
  return { entries };
}

/** The offset of a 1-based line and column. */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', offset);
    if (next === -1) {
      return text.length;
    }
    offset = next + 1;
  }
  return Math.min(offset + column - 1, text.length);
}
