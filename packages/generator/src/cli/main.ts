import { createRequire } from 'node:module';
import { ProjectConfigurationError } from '../host/Project.js';
import { reportSyntaxErrors } from './report.js';
import { displayPath, formatDiagnosticText, formatJsonReport } from '../diagnostics/format.js';
import type { OneShotGeneration } from '../generate.js';
import { describeFault } from '../io/faults.js';
import { holdsPieces, readIfExists, removeFile, writeFileAtomic } from '../io/writeFileAtomic.js';
import { parseCommand, usage, UsageError, type CliOptions } from './options.js';
import { processOutput, type CliOutput } from './CliOutput.js';
import { plural } from '../diagnostics/plural.js';

/**
 * Runs the `toolgen` CLI and resolves to its exit code: 0 success, 1 errors or drift, 2 usage or
 * configuration, 3 a file that cannot be read or written (or a fault of toolgen's own), said on
 * one line, never with a stack trace. `--watch` runs until SIGINT or SIGTERM, or until `signal`
 * aborts, then exits 0.
 */
export async function main(argv: readonly string[], output: CliOutput = processOutput, cwd = process.cwd(), signal?: AbortSignal): Promise<number> {
  try {
    // each command loads its own modules when it runs: `toolgen mcp` starts without the analysis, the emitter and the
    // surface commands (0.77 -> 0.51 CPU s, 0.61 -> 0.42 s, to serve examples/tickets)
    switch (argv[0]) {
      case 'mcp':
      case 'import-mcp':
        return await (await import('./mcpCommands.js')).runMcpSubcommand(argv, output, cwd, signal);
      case 'diff':
      case 'report':
        return (await import('./surfaceCommands.js')).runSurfaceSubcommand(argv, output, cwd);
    }
    const command = parseCommand(argv, cwd);
    switch (command.kind) {
      case 'help':
        output.stdout(`${usage}\n`);
        return 0;
      case 'version':
        output.stdout(`${readVersion()}\n`);
        return 0;
      case 'run':
        if (command.options.typesOnly) {
          return (await import('./typesOnly.js')).runTypesOnly(command.options, output, cwd);
        }
        await (await import('../backends/index.js')).prepareBackend(command.options.backend, command.options.project);
        if (command.options.watch) {
          return await (await import('./watchCommand.js')).runWatch(command.options, output, cwd, signal);
        }
        return await runOnce(command.options, output, cwd);
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ProjectConfigurationError) {
      output.stderr(`toolgen: ${error.message}\n`);
      return 2;
    }
    output.stderr(`toolgen: ${describeFault(error, cwd)}\n`);
    if (process.env['TOOLGEN_DEBUG'] === '1' && error instanceof Error && error.stack !== undefined) {
      output.stderr(`${error.stack}\n`);
    }
    return 3;
  }
}

async function runOnce(options: CliOptions, output: CliOutput, cwd: string): Promise<number> {
  const { GenerationSession } = await import('../generate.js');
  const drift: string[] = [];
  const generated: string[] = [];
  const written: string[] = [];
  const policies = { patterns: options.policies ?? [], cwd, tsconfigPath: options.project };
  // each file is checked or written as soon as it is printed, and not kept
  const result = GenerationSession.generateOnce({ project: options.project, outDir: options.outDir, tokenBudget: options.tokenBudget, backend: options.backend, policies }, (file) => {
    generated.push(file.path);
    const content = 'pieces' in file ? file.pieces : file.content;
    if (options.check) {
      const current = readIfExists(file.path);
      if (!holdsPieces(current, content)) {
        drift.push(`${displayPath(file.path, cwd)} is ${current === undefined ? 'missing' : 'stale'}`);
      }
    } else if (writeFileAtomic(file.path, content)) {
      written.push(file.path);
    }
  });
  if (result.syntaxErrors.length > 0) {
    return reportSyntaxErrors(result.syntaxErrors, options, output, cwd);
  }
  const { diagnostics } = result;
  const removed: string[] = [];
  for (const orphan of result.orphans) {
    if (options.check) {
      drift.push(`${displayPath(orphan, cwd)} is orphaned (its source no longer holds a toolset)`);
    } else {
      removeFile(orphan);
      removed.push(orphan);
    }
  }
  const hasErrors = diagnostics.some((diagnostic) => diagnostic.severity === 'error');
  if (options.format === 'json') {
    output.stdout(formatJsonReport(diagnostics, options.check ? [] : generated, removed, cwd, result.budget));
  } else {
    for (const diagnostic of diagnostics) {
      output.stdout(`${formatDiagnosticText(diagnostic, cwd)}\n`);
    }
    for (const file of removed) {
      output.stdout(`toolgen: removed ${displayPath(file, cwd)}: its source no longer holds a toolset.\n`);
    }
    const files = options.check ? checkedFiles(generated.length + result.orphans.length, drift.length, hasErrors) : `${plural(written.length, 'file')} written`;
    output.stdout(`${summary(result, files, result.policyFiles.length)}\n`);
  }
  for (const line of drift) {
    output.stderr(`toolgen: ${line}; run toolgen without --check to regenerate.\n`);
  }
  return hasErrors || drift.length > 0 ? 1 : 0;
}

/**
 * What `--check` found, for the summary line: the files it compared, and how many are not what toolgen would write. A
 * toolset with errors has no module to compare, so with errors the line says those were not checked.
 */
function checkedFiles(count: number, outOfDate: number, hasErrors: boolean): string {
  const files = `${plural(count, 'file')} checked${hasErrors ? ' (not the modules of toolsets with errors)' : ''}`;
  return outOfDate === 0 ? `${files}, up to date` : `${files}, ${outOfDate} out of date (below)`;
}

function summary(result: OneShotGeneration, files: string, policyCount: number): string {
  const { toolsets, tools } = result;
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = result.diagnostics.length - errors;
  const found = `${plural(toolsets, 'toolset')}, ${plural(tools, 'tool')}`;
  const problems = `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
  const policies = policyCount === 0 ? '' : `; ${plural(policyCount, 'policy file')} checked`;
  return `toolgen: ${found}; ${problems}; ${files}${policies}.`;
}

function readVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('../../package.json') as { version: string }).version;
}
