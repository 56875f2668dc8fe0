import { readFileSync } from 'node:fs';
import type ts from 'typescript';
import type { BundledCompiler } from './bundledCompiler.js';

/**
 * A TypeScript program for one generation, built with the compiler API directly instead of
 * through a ts-morph project: nothing is kept for a later change, and JSDoc is parsed only where
 * the checker needs it, as tsc does (`ParseForTypeErrors`: a JavaScript file's types, `@see` and
 * `@link`). The analysis reads doc comments from the source text (`host/docComment.ts`), not from
 * the tree; the lib `.d.ts` files parse none, since the analysis never takes documentation from
 * the default library (`typeDocumentation`), and the lib's JSDoc is most of the lib's parse time.
 *
 * Everything else is as ts-morph's compiler host does it, so that the one-shot CLI and the
 * watcher (which keeps a ts-morph project) see the same program: the same in-memory lib files at
 * the same paths, files read as UTF-8 as they are (a byte-order mark stays), source files
 * parsed for the configured `target` (ESNext when unset) without a module format given, case-
 * sensitive file names, and no project references passed to the program.
 */
export function createOneShotProgram(compiler: BundledCompiler, options: ts.CompilerOptions, rootNames: readonly string[]): ts.Program {
  const { ts } = compiler;
  const host = oneShotCompilerHost(compiler, options);
  return ts.createProgram({ rootNames, options, host });
}

function oneShotCompilerHost(compiler: BundledCompiler, options: ts.CompilerOptions): ts.CompilerHost {
  const { ts, libFolder, libFiles } = compiler;
  const libPrefix = `${libFolder}/`;
  const libText = (fileName: string): string | undefined => (fileName.startsWith(libPrefix) ? libFiles.get(fileName.slice(libPrefix.length)) : undefined);
  const readFile = (fileName: string): string | undefined => {
    const lib = libText(fileName);
    if (lib !== undefined) {
      return lib;
    }
    try {
      return readFileSync(fileName, 'utf-8');
    } catch {
      return undefined;
    }
  };
  const languageVersion = options.target ?? ts.ScriptTarget.Latest;
  const base = ts.createCompilerHost(options);
  return {
    ...base,
    getSourceFile(fileName) {
      const lib = libText(fileName);
      if (lib !== undefined) {
        return ts.createSourceFile(fileName, lib, { languageVersion, jsDocParsingMode: ts.JSDocParsingMode.ParseNone });
      }
      // as ts-morph's host: a file that cannot be read is no source file, and no error
      const text = readFile(fileName);
      return text === undefined ? undefined : ts.createSourceFile(fileName, text, { languageVersion, jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeErrors });
    },
    getDefaultLibLocation: () => libFolder,
    getDefaultLibFileName: (compilerOptions) => `${libPrefix}${ts.getDefaultLibFileName(compilerOptions)}`,
    fileExists: (fileName) => libText(fileName) !== undefined || ts.sys.fileExists(fileName),
    readFile,
    directoryExists: (directory) => libFolder === directory || libFolder.startsWith(`${directory}/`) || ts.sys.directoryExists(directory),
    useCaseSensitiveFileNames: () => true,
    getCanonicalFileName: (fileName) => fileName,
  };
}
