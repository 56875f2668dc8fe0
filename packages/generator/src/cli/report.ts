import type { SyntaxProblem } from '../analysis/analyzeProject.js';
import { formatDiagnosticText, formatJsonReport } from '../diagnostics/format.js';
import type { CliOutput } from './CliOutput.js';
import type { CliOptions } from './options.js';
import { plural } from '../diagnostics/plural.js';

/** A project with syntax errors: they alone are reported, as tsc does, and every generated file stays as it is. */
export function reportSyntaxErrors(syntaxErrors: readonly SyntaxProblem[], options: Pick<CliOptions, 'format' | 'check'>, output: CliOutput, cwd: string): number {
  if (options.format === 'json') {
    output.stdout(formatJsonReport(syntaxErrors, [], [], cwd));
    return 1;
  }
  for (const problem of syntaxErrors) {
    output.stdout(`${formatDiagnosticText(problem, cwd)}\n`);
  }
  const count = syntaxErrors.length;
  const errors = plural(count, 'syntax error');
  output.stdout(
    options.check
      ? `toolgen: ${errors}; nothing checked: fix ${count === 1 ? 'it' : 'them'} first.\n`
      : `toolgen: ${errors}; no file written or removed until ${count === 1 ? 'it is' : 'they are'} fixed.\n`,
  );
  return 1;
}
