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
 * `target` (ESNext when unset), case-sensitive file names, and no project references passed to the
 * program. Each file is parsed for the module format TypeScript finds for it (ts-morph's host gave
 * none, so an ES module's imports resolved a package's "require" types, or none).
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
 * `@types/node` generates in about 0.15 s after the first, where it took 0.75 s.
 *
 * The library's files are kept by `target`, for the `keptSettings` targets used last: the host parses
 * them for the target alone, and the binder reads no other setting of a declaration file (strict mode
 * and the switch checks apply to other files), so projects of other module settings share them (the
 * DOM's alone takes 0.2 s to parse). Other declaration files are kept by the settings that change how
 * TypeScript parses and binds them (a document registry's bucket key, as the language service keys
 * them), for the `keptSettings` sets used last. A target or set used less recently is let go with its
 * files, about 70 MB for each target's library: a tsconfig's `target` edited under the watcher frees
 * the old one's within `keptSettings` more edits.
 *
 * Besides the library, each set keeps up to `declarationCacheCharacters` characters of text of files
 * the newest program does not use; the newest program's own stay whatever their size, since it holds
 * them while it lives. A bound on all of them, least recently used first, had a program reading more
 * than the bound find each file let go just before it asked: a project with `@types/node` and five SDKs
 * (999 files, 12.7 Mi characters) parsed every one again for each program.
 *
 * Past the bound, the files used by the fewest programs go first, the least recently used of those
 * first: what programs share stays. Least recently used alone lost every file of programs that take
 * turns (a project's references, a bundler's several tsconfigs, the nine examples of this repository:
 * 1,033 files, 13.8 Mi characters, each parsed again in every round; now 625 are).
 */
class ParsedDeclarations {
  readonly #libraries = new Map<ts.ScriptTarget, Map<string, ts.SourceFile>>();
  readonly #sets = new Map<string, DeclarationSet>();
  /** The programs begun, the newest last: a file records the newest that used it. */
  #program = 0;

  /** A program begins: from now on, the files it uses are its own, kept past the bound. */
  beginProgram(): void {
    this.#program++;
  }

  library(target: ts.ScriptTarget, fileName: string, parse: () => ts.SourceFile): ts.SourceFile {
    const library = recentlyUsed(this.#libraries, target, () => new Map<string, ts.SourceFile>());
    let parsed = library.get(fileName);
    if (parsed === undefined) {
      parsed = parse();
      library.set(fileName, parsed);
    }
    return parsed;
  }

  /** `key` names the file and the module format it was parsed for. */
  other(settings: string, key: string, text: string, parse: () => ts.SourceFile): ts.SourceFile {
    const set = recentlyUsed(this.#sets, settings, (): DeclarationSet => ({ others: new Map(), characters: 0, program: 0, programCharacters: 0, letGo: undefined }));
    if (set.program !== this.#program) {
      set.program = this.#program;
      set.programCharacters = 0;
      set.letGo = undefined;
    }
    const known = set.others.get(key);
    if (known !== undefined) {
      set.others.delete(key);
      if (known.file.text === text) {
        if (known.program !== this.#program) {
          known.program = this.#program;
          known.programs++;
          set.programCharacters += text.length;
        }
        set.others.set(key, known);
        return known.file;
      }
      set.characters -= known.file.text.length;
      if (known.program === this.#program) {
        set.programCharacters -= known.file.text.length;
      }
    }
    const parsed = parse();
    if (text.length <= declarationCacheCharacters) {
      set.others.set(key, { file: parsed, program: this.#program, programs: 1 });
      set.characters += text.length;
      set.programCharacters += text.length;
      this.#letGoPastBound(set);
    }
    return parsed;
  }

  /** Lets go of files the newest program does not use until those left fit the bound: the files fewest programs used first, the least recently used of those first. */
  #letGoPastBound(set: DeclarationSet): void {
    if (set.characters - set.programCharacters <= declarationCacheCharacters) {
      return;
    }
    // sorted once a program: the files it has not used yet, in the order they go (the sort keeps the least recently used first among equals)
    set.letGo ??= { order: [...set.others].filter(([, kept]) => kept.program !== this.#program).sort(([, a], [, b]) => a.programs - b.programs), next: 0 };
    const { letGo } = set;
    while (set.characters - set.programCharacters > declarationCacheCharacters && letGo.next < letGo.order.length) {
      const [key, kept] = letGo.order[letGo.next++]!;
      // one the newest program has used since, or read anew, stays
      if (kept.program !== this.#program && set.others.get(key) === kept) {
        set.others.delete(key);
        set.characters -= kept.file.text.length;
      }
    }
  }
}

/** `map`'s value for `key` (`make`'s when it has none), made the most recently used; past `keptSettings` values, the least recently used goes. */
function recentlyUsed<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  const value = map.get(key) ?? make();
  map.delete(key);
  map.set(key, value);
  if (map.size > keptSettings) {
    // one is added at a time: the least recently used goes
    map.delete(map.keys().next().value!);
  }
  return value;
}

interface DeclarationSet {
  /** By key, the least recently used first. */
  readonly others: Map<string, KeptDeclaration>;
  /** The text length of all of `others`. */
  characters: number;
  /** The newest program that asked this set for a file, and the text length of the files of `others` it used. */
  program: number;
  programCharacters: number;
  /** Once the newest program's files passed the bound: the files it had not used then, in the order they go. */
  letGo: { readonly order: readonly (readonly [string, KeptDeclaration])[]; next: number } | undefined;
}

interface KeptDeclaration {
  readonly file: ts.SourceFile;
  /** The newest program that used the file, and how many programs did. */
  program: number;
  programs: number;
}

/** How many targets keep their library's files, and how many sets of parse settings their other declarations: see `ParsedDeclarations`. */
const keptSettings = 3;

/**
 * 8 Mi characters of declarations besides the default library and the newest program's (about 280 MB parsed): `@types/node` is
 * about 2.2 Mi, the OpenAI SDK's 2.4, the MCP SDK's and the AI SDK's about 1 each.
 */
const declarationCacheCharacters = 8 * 1024 * 1024;
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
      // without a byte order mark, as tsc's ts.sys.readFile reads it: the mark would be a column of the first line
      return readFileSync(fileName, 'utf-8').replace(/^\uFEFF/, '');
    } catch {
      return undefined;
    }
  };
  const languageVersion = options.target ?? ts.ScriptTarget.Latest;
  const settingsKey = String(ts.createDocumentRegistry().getKeyForCompilationSettings(options));
  const base = ts.createCompilerHost(options);
  parsedDeclarations.beginProgram();
  return {
    ...base,
    getSourceFile(fileName, languageVersionOrOptions) {
      const lib = libText(fileName);
      if (lib !== undefined) {
        return parsedDeclarations.library(languageVersion, fileName, () => ts.createSourceFile(fileName, lib, { languageVersion, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }));
      }
      // as ts-morph's host: a file that cannot be read is no source file, and no error
      const text = readFile(fileName);
      if (text === undefined) {
        return undefined;
      }
      // the module format TypeScript found for the file (its package.json's "type" under NodeNext): an ES module's imports
      // resolve a package's "import" condition, where one parsed without a format would resolve "require"
      const format = typeof languageVersionOrOptions === 'object' ? moduleFormat(languageVersionOrOptions) : {};
      const parse = () => ts.createSourceFile(fileName, text, { languageVersion, jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeErrors, ...format });
      return declarationFile.test(fileName) ? parsedDeclarations.other(settingsKey, `${fileName}|${format.impliedNodeFormat ?? ''}`, text, parse) : parse();
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

/** What of the options TypeScript creates a file with says how it is a module: its format, and how to tell it is one. */
export function moduleFormat(options: ts.CreateSourceFileOptions): Pick<ts.CreateSourceFileOptions, 'impliedNodeFormat' | 'setExternalModuleIndicator'> {
  return {
    ...(options.impliedNodeFormat === undefined ? {} : { impliedNodeFormat: options.impliedNodeFormat }),
    ...(options.setExternalModuleIndicator === undefined ? {} : { setExternalModuleIndicator: options.setExternalModuleIndicator }),
  };
}
