import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import path from 'node:path';
import type { CliOutput } from '../cli/CliOutput.js';
import type { CliOptions } from '../cli/options.js';
import { displayPath, formatDiagnosticText, formatJsonReport } from '../diagnostics/format.js';
import { generatedHeader } from '../emit/module.js';
import { groupBySource, sourcesWithErrors } from '../emit/OutputEmitter.js';
import { GenerationSession } from '../generate.js';
import { removeFile, writeFileAtomic } from '../io/writeFileAtomic.js';
import { modulePathFor } from '../manifest/manifest.js';
import { declarationPathFor, emitDeclarations, isDeclarationOfModule } from './declarations.js';

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
  const session = GenerationSession.open({ project: options.project, outDir: options.outDir });
  const { analysis, outputs, diagnostics, syntaxErrors } = session.generate();
  if (syntaxErrors.length > 0) {
    // as the CLI's one-shot run: nothing is written or removed until they are fixed
    if (options.format === 'json') {
      output.stdout(formatJsonReport(syntaxErrors, [], [], cwd));
    } else {
      for (const problem of syntaxErrors) {
        output.stdout(`${formatDiagnosticText(problem, cwd)}\n`);
      }
      output.stdout(`toolgen: ${syntaxErrors.length} syntax error${syntaxErrors.length === 1 ? '' : 's'}; no file written or removed until fixed.\n`);
    }
    return 1;
  }
  const printed = new Set(outputs.map((file) => file.path));
  const failing = sourcesWithErrors(analysis.toolsets);
  const expected = new Set<string>();
  const generated: string[] = [];
  let written = 0;
  for (const [source, toolsets] of groupBySource(analysis.toolsets)) {
    const modulePath = modulePathFor(source, session.layout);
    const declarationPath = declarationPathFor(modulePath);
    expected.add(declarationPath);
    if (failing.has(source) || !printed.has(modulePath)) {
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
    const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
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

function startsWithGeneratedHeader(file: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'r');
  } catch {
    return false;
  }
  try {
    const head = Buffer.alloc(Buffer.byteLength(generatedHeader));
    const read = readSync(descriptor, head, 0, head.length, 0);
    return head.subarray(0, read).toString('utf8') === generatedHeader;
  } finally {
    closeSync(descriptor);
  }
}
