import { readFileSync } from 'node:fs';
import type ts from 'typescript';
import type { BundledCompiler } from './bundledCompiler.js';

/**
 * A project's program, built with the compiler API directly: the one-shot CLI's only program, and
 * the first program of a project the watcher, the bundler plugin or the transformer keep
 * (`IncrementalProgram` takes over from it at the first change). JSDoc is parsed only where the
 * checker needs it, as tsc does (`ParseForTypeErrors`: a JavaScript file's types, `@see` and
 * `@link`). The analysis reads doc comments from the source text (`host/docComment.ts`), not from
 * the tree; the lib `.d.ts` files parse none, since the analysis never takes documentation from
 * the default library (`typeDocumentation`), and the lib's JSDoc is most of the lib's parse time.
 *
 * Everything else is as ts-morph's compiler host does it, which built the watcher's first programs
 * before, so output did not change with it: the same in-memory lib files at the same paths, files
 * read as UTF-8 as they are (a byte-order mark stays), source files parsed for the configured
 * `target` (ESNext when unset) without a module format given, case-sensitive file names, and no
 * project references passed to the program.
 */
export function createProjectProgram(compiler: BundledCompiler, options: ts.CompilerOptions, rootNames: readonly string[]): ts.Program {
  const { ts } = compiler;
  const host = projectCompilerHost(compiler, options);
  return ts.createProgram({ rootNames, options, host });
}

/**
 * Declaration files as parsed, shared by the project programs of one process: the default library
 * (the bundle's text, which never changes) and every other `.d.ts` while its text stays the same
 * (`@types/node`, the runtime's, an SDK's). A program binds a shared file once for all (the binder
 * skips a bound file, which is what lets TypeScript's language service share files between programs),
 * so a process that generates more than once (generate() for several projects, a project's references,
 * a bundler's builds) parses and binds them once: a small project with `lib: ["ES2022", "DOM"]` and
 * `@types/node` generates in about 0.15 s after the first, where it took 0.75 s. Files are keyed
 * by the settings that change how TypeScript parses and binds them (a document registry's bucket key,
 * as the language service keys them). Other declaration files than the library's are kept up to
 * `declarationCacheCharacters` characters of text, the least recently used let go first.
 */
class ParsedDeclarations {
  readonly #library = new Map<string, ts.SourceFile>();
  readonly #others = new Map<string, ts.SourceFile>();
  #othersCharacters = 0;

  library(key: string, parse: () => ts.SourceFile): ts.SourceFile {
    let parsed = this.#library.get(key);
    if (parsed === undefined) {
      parsed = parse();
      this.#library.set(key, parsed);
    }
    return parsed;
  }

  other(key: string, text: string, parse: () => ts.SourceFile): ts.SourceFile {
    const known = this.#others.get(key);
    if (known !== undefined) {
      this.#others.delete(key);
      if (known.text === text) {
        this.#others.set(key, known);
        return known;
      }
      this.#othersCharacters -= known.text.length;
    }
    const parsed = parse();
    if (text.length <= declarationCacheCharacters) {
      this.#others.set(key, parsed);
      this.#othersCharacters += text.length;
      for (const [oldest, file] of this.#others) {
        if (this.#othersCharacters <= declarationCacheCharacters) {
          break;
        }
        this.#others.delete(oldest);
        this.#othersCharacters -= file.text.length;
      }
    }
    return parsed;
  }
}

/** 32 Mi characters of declarations besides the default library: `@types/node` is about 2.5 Mi, the OpenAI SDK's about 4. */
const declarationCacheCharacters = 32 * 1024 * 1024;
let parsedDeclarations = new ParsedDeclarations();

/**
 * Lets go of the shared declaration files, for a large program's memory to be reclaimed with
 * them (the one-shot CLI, before it prints a few thousand tools): the next program parses them again.
 */
export function forgetParsedDeclarations(): void {
  parsedDeclarations = new ParsedDeclarations();
}
const declarationFile = /\.d\.[cm]?ts$/;

function projectCompilerHost(compiler: BundledCompiler, options: ts.CompilerOptions): ts.CompilerHost {
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
  const settingsKey = String(ts.createDocumentRegistry().getKeyForCompilationSettings(options));
  const base = ts.createCompilerHost(options);
  return {
    ...base,
    getSourceFile(fileName) {
      const lib = libText(fileName);
      const key = `${settingsKey}|${fileName}`;
      if (lib !== undefined) {
        return parsedDeclarations.library(key, () => ts.createSourceFile(fileName, lib, { languageVersion, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }));
      }
      // as ts-morph's host: a file that cannot be read is no source file, and no error
      const text = readFile(fileName);
      if (text === undefined) {
        return undefined;
      }
      const parse = () => ts.createSourceFile(fileName, text, { languageVersion, jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeErrors });
      return declarationFile.test(fileName) ? parsedDeclarations.other(key, text, parse) : parse();
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
