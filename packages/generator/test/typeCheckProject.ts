import path from 'node:path';
import ts from 'typescript';

/*
 * TypeScript 6 type checks of projects on disk, in the test's process: what `tsc -p <project> --noEmit` reports, without
 * a process and a parse of the lib and the SDKs' declarations for each. The declaration files that do not change while
 * the tests run (the lib's, and those under node_modules) are parsed once and shared by every program, as a language
 * service's document registry does; a project's own files, and toolgen's packages (which `npm test` builds first), are
 * read for each program.
 */

const libFolder = path.dirname(ts.getDefaultLibFilePath({}));
const sharedSourceFiles = new Map<string, ts.SourceFile>();

/** A compiler host that shares the lib's and node_modules' declaration files between programs. */
export function sharingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
    if (!fileName.endsWith('.d.ts') || !(fileName.includes('/node_modules/') || fileName.startsWith(libFolder))) {
      return getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate);
    }
    const key = `${fileName}\u0000${JSON.stringify(languageVersionOrOptions)}`;
    let file = sharedSourceFiles.get(key);
    if (file === undefined) {
      file = getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate);
      if (file !== undefined) sharedSourceFiles.set(key, file);
    }
    return file;
  };
  return host;
}

/** What `tsc -p <tsconfig> --noEmit` prints for the project (`file(line,col): error TS…`), one line per diagnostic. */
export function typeCheckProject(tsconfig: string): string[] {
  return runTsc(tsconfig, { noEmit: true });
}

/** What `tsc -p <tsconfig>` prints, one line per diagnostic; unless the tsconfig says `noEmit`, it writes the JavaScript too. */
export function compileProject(tsconfig: string): string[] {
  return runTsc(tsconfig, {});
}

function runTsc(tsconfig: string, overrides: ts.CompilerOptions): string[] {
  const configPath = tsconfig.endsWith('.json') ? tsconfig : path.join(tsconfig, 'tsconfig.json');
  const problems: ts.Diagnostic[] = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, overrides, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => problems.push(diagnostic) });
  if (parsed === undefined) return format(problems, path.dirname(configPath));
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    ...(parsed.projectReferences === undefined ? {} : { projectReferences: parsed.projectReferences }),
    host: sharingHost(parsed.options),
  });
  const diagnostics = [...parsed.errors, ...ts.getPreEmitDiagnostics(program)];
  if (parsed.options.noEmit !== true) diagnostics.push(...program.emit().diagnostics);
  return format(diagnostics, path.dirname(configPath));
}

function format(diagnostics: readonly ts.Diagnostic[], root: string): string[] {
  const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  return diagnostics.map((diagnostic) => ts.formatDiagnostic(diagnostic, host).trimEnd());
}
