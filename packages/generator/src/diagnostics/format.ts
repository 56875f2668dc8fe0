import path from 'node:path';
import type { BudgetReport } from '../budget/budgetReport.js';
import type { Diagnostic } from './Diagnostic.js';

/** A path as printed: relative to `cwd`, with `/`. */
export function displayPath(file: string, cwd: string): string {
  return path.relative(cwd, file).split(path.sep).join('/');
}

/** What a report shows of a diagnostic: a TSH diagnostic, or a TypeScript syntax error (`TS1005`). */
export type ReportedDiagnostic = Pick<Diagnostic, 'severity' | 'file' | 'line' | 'column' | 'message'> & { readonly code: string };

/** One line per diagnostic, like tsc: `src/tickets.ts:12:5 - error TSH008: …`. */
export function formatDiagnosticText(diagnostic: ReportedDiagnostic, cwd: string): string {
  return `${displayPath(diagnostic.file, cwd)}:${diagnostic.line}:${diagnostic.column} - ${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`;
}

/** The `--format json` document (SPEC §4). */
export interface JsonReport {
  readonly diagnostics: readonly {
    readonly code: string;
    readonly severity: 'error' | 'warning';
    readonly file: string;
    readonly line: number;
    readonly column: number;
    readonly message: string;
  }[];
  readonly generated: readonly string[];
  readonly removed: readonly string[];
  /** What the project's tool list costs in tokens, per toolset and in all (a run that generated). */
  readonly budget?: BudgetReport;
}

export function formatJsonReport(
  diagnostics: readonly ReportedDiagnostic[],
  generated: readonly string[],
  removed: readonly string[],
  cwd: string,
  budget?: BudgetReport,
): string {
  const report: JsonReport = {
    diagnostics: diagnostics.map(({ code, severity, file, line, column, message }) => ({
      code,
      severity,
      file: displayPath(file, cwd),
      line,
      column,
      message,
    })),
    generated: generated.map((file) => displayPath(file, cwd)),
    removed: removed.map((file) => displayPath(file, cwd)),
    ...(budget === undefined ? {} : { budget }),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
