import { readdirSync } from 'node:fs';
import path from 'node:path';
import { declarationPathFor, emitDeclarations, isDeclarationOfModule } from '../build/declarations.js';
import { displayPath, formatDiagnosticText, formatJsonReport } from '../diagnostics/format.js';
import { groupBySource, sourcesWithErrors } from '../emit/OutputEmitter.js';
import { GenerationSession } from '../generate.js';
import { startsWithGeneratedHeader } from '../io/generatedFiles.js';
import { removeFile, writeFileAtomic } from '../io/writeFileAtomic.js';
import { modulePathFor } from '../manifest/manifest.js';
import type { CliOutput } from './CliOutput.js';
import type { CliOptions } from './options.js';
import { reportSyntaxErrors } from './report.js';
import { plural } from '../diagnostics/plural.js';

/**
 * `toolgen --types-only`: writes, for each source file holding toolsets, only the declarations of
 * its module (`x.tools.d.ts`, beside the module's path or under `--out-dir`), so that a project
 * whose modules are generated inside the build (the bundler plugin, the transformer) type-checks
 * its imports of `./x.tools.js`. No module and no manifest is written. Declarations of a source
 * whose toolsets have errors stay as they are; those of a source that no longer holds a toolset
 * are removed; a syntax error in the project's files writes and removes nothing. Exit codes as
 * the CLI's: 0, or 1 on error diagnostics.
 */
export function runTypesOnly(options: CliOptions, output: CliOutput, cwd: string): number {
  const session = GenerationSession.open({ project: options.project, outDir: options.outDir, oneShot: true });
  // the analysis alone: declarations need no module, validator or manifest printed
  const { analysis, diagnostics, syntaxErrors } = session.analyze();
  session.analyzer.project.release();
  if (syntaxErrors.length > 0) {
    // as the CLI's one-shot run: nothing is written or removed until they are fixed
    return reportSyntaxErrors(syntaxErrors, options, output, cwd);
  }
  const failing = sourcesWithErrors(analysis.toolsets);
  const expected = new Set<string>();
  const generated: string[] = [];
  let written = 0;
  for (const [source, toolsets] of groupBySource(analysis.toolsets)) {
    const declarationPath = declarationPathFor(modulePathFor(source, session.layout));
    expected.add(declarationPath);
    if (failing.has(source)) {
      continue;
    }
    const displaySource = path.relative(session.layout.rootDir, source).split(path.sep).join('/');
    generated.push(declarationPath);
    if (writeFileAtomic(declarationPath, emitDeclarations(displaySource, toolsets))) {
      written += 1;
    }
  }
  const candidates = options.outDir === undefined ? session.analyzer.project.config.fileNames.filter(isDeclarationOfModule) : declarationsUnder(options.outDir);
  const removed = candidates.filter((file) => !expected.has(file) && startsWithGeneratedHeader(file)).sort();
  for (const file of removed) {
    removeFile(file);
  }
  if (options.format === 'json') {
    output.stdout(formatJsonReport(diagnostics, generated, removed, cwd));
  } else {
    for (const diagnostic of diagnostics) {
      output.stdout(`${formatDiagnosticText(diagnostic, cwd)}\n`);
    }
    for (const file of removed) {
      output.stdout(`toolgen: removed ${displayPath(file, cwd)}: its source no longer holds a toolset.\n`);
    }
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
    output.stdout(
      `toolgen: ${plural(expected.size, 'module')}; ${plural(errors, 'error')}, ${plural(diagnostics.length - errors, 'warning')}; ${plural(written, 'declaration file')} written.\n`,
    );
  }
  return diagnostics.some((diagnostic) => diagnostic.severity === 'error') ? 1 : 0;
}

/** The files under `folder` named like a generated module's declarations. */
function declarationsUnder(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries.map((entry) => path.join(folder, entry)).filter(isDeclarationOfModule);
}
