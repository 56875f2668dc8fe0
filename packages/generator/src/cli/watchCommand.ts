import type { SyntaxProblem } from '../analysis/analyzeProject.js';
import { CompilerProcessError, ProjectConfigurationError } from '../host/Project.js';
import type { Diagnostic } from '../diagnostics/Diagnostic.js';
import { displayPath, formatDiagnosticText } from '../diagnostics/format.js';
import { describeFault } from '../io/faults.js';
import { findPolicyFiles, policyPatterns, type PolicySources } from '../policy/policyFiles.js';
import { watchProject, type WatchCycle } from '../watch/watchProject.js';
import type { CliOutput } from './CliOutput.js';
import type { CliOptions } from './options.js';
import { plural } from '../diagnostics/plural.js';

/**
 * `toolgen --watch`: regenerates on every change until SIGINT or SIGTERM (or `signal`), then
 * resolves to 0. Text format prints the diagnostics whenever they change and a summary line per
 * cycle; json format prints one JSON document per cycle, on one line. A generated file changed
 * outside toolgen is said on one line as it is rewritten; one that cannot be written is said on
 * one line on stderr, and named by every summary until it is written. A project that cannot be
 * loaded at start rejects with `ProjectConfigurationError` (exit 2); later failures are printed
 * and the watcher keeps the last good output.
 */
export async function runWatch(options: CliOptions, output: CliOutput, cwd: string, signal?: AbortSignal): Promise<number> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  signal?.addEventListener('abort', stop, { once: true });
  if (signal?.aborted === true) {
    stop();
  }
  const policies: PolicySources = { patterns: options.policies ?? [], cwd, tsconfigPath: options.project };
  // a glob that matches nothing at start is a configuration error (exit 2), as in one-shot runs
  findPolicyFiles(policyPatterns(policies));
  try {
    await watchProject({
      project: options.project,
      outDir: options.outDir,
      backend: options.backend,
      policies,
      signal: controller.signal,
      onCycle: (cycle) => {
        // the one-line error of a file that cannot be written, once (its summary names it until it is written)
        for (const failure of cycle.failedNow) {
          output.stderr(`toolgen: ${failure.describe(cwd)}\n`);
        }
        return options.format === 'json' ? printJson(cycle, output, cwd) : printText(cycle, output, cwd);
      },
      onError: (error) => {
        output.stderr(`toolgen: ${error instanceof ProjectConfigurationError || error instanceof CompilerProcessError ? error.message : describeFault(error, cwd)}\n`);
        if (process.env['TOOLGEN_DEBUG'] === '1' && error instanceof Error && error.stack !== undefined) {
          output.stderr(`${error.stack}\n`);
        }
      },
    });
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    signal?.removeEventListener('abort', stop);
  }
  return 0;
}

function printText(cycle: WatchCycle, output: CliOutput, cwd: string): void {
  if (cycle.index === 0 || cycle.diagnosticsChanged) {
    for (const problem of cycle.syntaxErrors) {
      output.stdout(`${formatSyntaxProblem(problem, cwd)}\n`);
    }
    for (const diagnostic of cycle.diagnostics) {
      output.stdout(`${formatDiagnosticText(diagnostic, cwd)}\n`);
    }
  }
  for (const { file, kind } of cycle.changedOutside) {
    output.stdout(`toolgen: ${displayPath(file, cwd)} was ${kind} outside toolgen; ${kind === 'deleted' ? 'restored' : 'rewritten'}.\n`);
  }
  for (const file of cycle.removed) {
    output.stdout(`toolgen: removed ${displayPath(file, cwd)}: its source no longer holds a toolset.\n`);
  }
  output.stdout(`${summary(cycle, cwd)}\n`);
}

function printJson(cycle: WatchCycle, output: CliOutput, cwd: string): void {
  const diagnostics = [
    ...cycle.syntaxErrors.map((problem) => ({ ...problem, file: displayPath(problem.file, cwd) })),
    ...cycle.diagnostics.map(({ code, severity, file, line, column, message }: Diagnostic) => ({ code, severity, file: displayPath(file, cwd), line, column, message })),
  ];
  const report = {
    diagnostics,
    generated: cycle.written.map((file) => displayPath(file, cwd)),
    removed: cycle.removed.map((file) => displayPath(file, cwd)),
  };
  output.stdout(`${JSON.stringify(report)}\n`);
}

function formatSyntaxProblem(problem: SyntaxProblem, cwd: string): string {
  return `${displayPath(problem.file, cwd)}:${problem.line}:${problem.column} - error ${problem.code}: ${problem.message}`;
}

function summary(cycle: WatchCycle, cwd: string): string {
  const toolsets = cycle.result.manifest.toolsets;
  const tools = toolsets.reduce((count, toolset) => count + toolset.tools.length, 0);
  const errors = cycle.syntaxErrors.length + cycle.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = cycle.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning').length;
  const held = cycle.manifestHeld ? ' (the manifest waits until the syntax errors are fixed)' : '';
  // after a change: how far it reached (the changed files and the files importing them); at start every file is
  const analyzed = cycle.analyzed.length === 0 ? '' : `${plural(cycle.analyzed.length, 'source file')} analyzed, `;
  return (
    `toolgen: ${plural(toolsets.length, 'toolset')}, ${plural(tools, 'tool')}; ${plural(errors, 'error')}, ${plural(warnings, 'warning')}; ` +
    `${analyzed}${plural(cycle.written.length, 'file')} written in ${Math.round(cycle.durationMs)} ms${held}` +
    `${cycle.policyFiles.length === 0 ? '' : `; ${plural(cycle.policyFiles.length, 'policy file')} checked`}` +
    `${cycle.failed.map((failure) => `; ${failure.describe(cwd)}, tried again until it can be`).join('')}. Watching for changes.`
  );
}
