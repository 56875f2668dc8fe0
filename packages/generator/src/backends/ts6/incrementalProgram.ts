import path from 'node:path';
import type ts from 'typescript';
import { moduleFormat } from './projectProgram.js';

/**
 * The watcher's programs after the first: each is created from the previous one (`oldProgram`)
 * through a compiler host that keeps every parsed source file, lib files included, so that a
 * change parses only the files that changed. Two things make the reuse complete, where a program
 * built afresh at every change would redo them for every file:
 * the root names keep their order (TypeScript reuses an old program's structure only for the
 * same root list), and one module resolution cache serves every program, so the package.json
 * scope of each file (its module format under NodeNext) is looked up once, not once per program.
 */
export class IncrementalProgram {
  readonly #ts: typeof ts;
  readonly #options: ts.CompilerOptions;
  readonly #host: ts.CompilerHost;
  /** Parsed source files by absolute path: what the next program is made of. */
  readonly #files = new Map<string, ts.SourceFile>();
  /** Changed files by absolute path, parsed when the next program asks for them, for the module format TypeScript says then. */
  readonly #changed = new Map<string, { readonly fileName: string; readonly text: string; readonly old: ts.SourceFile | undefined }>();
  #cache: ts.ModuleResolutionCache;
  #rootNames: string[];
  #program: ts.Program | undefined;
  #previous: ts.Program;

  /**
   * Takes over from `program` (the project's first, `createProjectProgram`'s): its files, parsed
   * and bound, and its root names. The default libraries are served from memory, under `libFolder`:
   * `readLib` gives the text of one of them by file name.
   */
  constructor(tsApi: typeof ts, options: ts.CompilerOptions, program: ts.Program, libFolder: string, readLib: (fileName: string) => string | undefined) {
    this.#ts = tsApi;
    this.#options = options;
    this.#previous = program;
    this.#rootNames = [...program.getRootFileNames()];
    for (const sourceFile of program.getSourceFiles()) {
      this.#files.set(path.resolve(sourceFile.fileName), sourceFile);
    }
    const base = tsApi.createCompilerHost(options, true);
    const inLibFolder = (fileName: string) => path.resolve(path.dirname(fileName)) === path.resolve(libFolder);
    this.#cache = this.#newCache(base);
    this.#host = {
      ...base,
      getDefaultLibLocation: () => libFolder,
      getDefaultLibFileName: (compilerOptions) => `${libFolder}/${tsApi.getDefaultLibFileName(compilerOptions)}`,
      getSourceFile: (fileName, languageVersionOrOptions) => {
        const key = path.resolve(fileName);
        const format = typeof languageVersionOrOptions === 'object' ? moduleFormat(languageVersionOrOptions) : {};
        const changed = this.#changed.get(key);
        if (changed !== undefined) {
          this.#changed.delete(key);
          const reparsed = this.#parse(changed.fileName, changed.text, changed.old, format);
          this.#files.set(key, reparsed);
          return reparsed;
        }
        const known = this.#files.get(key);
        if (known !== undefined) {
          return known;
        }
        const text = inLibFolder(fileName) ? readLib(path.basename(fileName)) : tsApi.sys.readFile(fileName);
        if (text === undefined) {
          return undefined;
        }
        const parsed = this.#parse(fileName, text, undefined, format);
        this.#files.set(key, parsed);
        return parsed;
      },
      getModuleResolutionCache: () => this.#cache,
      resolveModuleNameLiterals: (literals, containingFile, redirectedReference, compilerOptions, containingSourceFile) =>
        literals.map((literal) =>
          tsApi.resolveModuleName(
            literal.text,
            containingFile,
            compilerOptions,
            this.#host,
            this.#cache,
            redirectedReference,
            tsApi.getModeForUsageLocation(containingSourceFile, literal, compilerOptions),
          ),
        ),
    };
  }

  /** The text the program holds for `file`, or undefined when it holds none. */
  textOf(file: string): string | undefined {
    const key = path.resolve(file);
    return this.#changed.get(key)?.text ?? this.#files.get(key)?.text;
  }

  /** Replaces a file's text (parsed when the next program asks for it), or drops the file when `text` is undefined (deleted). */
  update(file: string, text: string | undefined): void {
    const key = path.resolve(file);
    const old = this.#files.get(key);
    this.#program = undefined;
    this.#changed.delete(key);
    if (text === undefined) {
      this.#files.delete(key);
      this.#rootNames = this.#rootNames.filter((name) => path.resolve(name) !== key);
      return;
    }
    this.#files.delete(key);
    this.#changed.set(key, { fileName: old?.fileName ?? file, text, old });
  }

  /**
   * The tsconfig's file list changed: `removed` leave the roots and the program, `added` join
   * the roots (read from disk when the next program asks for them). Module resolutions are
   * looked up afresh, since a file that appeared may be what an import now resolves to.
   */
  changeMembership(removed: Iterable<string>, added: Iterable<string>): void {
    const gone = new Set([...removed].map((file) => path.resolve(file)));
    for (const file of gone) {
      this.#files.delete(file);
      this.#changed.delete(file);
    }
    const roots = this.#rootNames.filter((name) => !gone.has(path.resolve(name)));
    for (const file of added) {
      // a file the program already had as an import is read again: it may have changed meanwhile
      this.#files.delete(path.resolve(file));
      this.#changed.delete(path.resolve(file));
      roots.push(file);
    }
    this.#rootNames = roots;
    this.#cache = this.#newCache(this.#host);
    this.#program = undefined;
  }

  /** The program of the current files, created on first use after a change. */
  program(): ts.Program {
    if (this.#program === undefined) {
      this.#program = this.#ts.createProgram({ rootNames: this.#rootNames, options: this.#options, host: this.#host, oldProgram: this.#previous });
      this.#previous = this.#program;
    }
    return this.#program;
  }

  #newCache(host: ts.CompilerHost): ts.ModuleResolutionCache {
    return this.#ts.createModuleResolutionCache(host.getCurrentDirectory(), (fileName) => host.getCanonicalFileName(fileName), this.#options);
  }

  /** Parses a changed or new file: parent pointers set, the tsconfig's target, the module format TypeScript found for it, a version one above the old file's. */
  #parse(fileName: string, text: string, old: ts.SourceFile | undefined, format: ReturnType<typeof moduleFormat>): ts.SourceFile {
    const version = String((Number.parseInt((old as { version?: string } | undefined)?.version ?? '0', 10) || 0) + 1);
    return this.#ts.createLanguageServiceSourceFile(
      fileName,
      this.#ts.ScriptSnapshot.fromString(text),
      { languageVersion: this.#options.target ?? this.#ts.ScriptTarget.Latest, ...format },
      version,
      true,
    );
  }
}
