import { createRequire } from 'node:module';
import type ts from 'typescript';

/** The TypeScript that ts-morph bundles, and the lib files ts-morph serves from memory. */
export interface BundledCompiler {
  readonly ts: typeof ts;
  /** Where ts-morph's in-memory lib files live (`/node_modules/typescript/lib`): the same paths as ever, so diagnostics and `isSourceFileDefaultLibrary` read as they did. */
  readonly libFolder: string;
  /** File name in `libFolder` → text. */
  readonly libFiles: ReadonlyMap<string, string>;
}

interface MorphCommon {
  readonly ts: typeof ts;
  readonly libFolderInMemoryPath: string;
  getLibFiles(): readonly { readonly fileName: string; readonly text: string }[];
}

let loaded: BundledCompiler | undefined;

/**
 * Loads `@ts-morph/common` (the TypeScript bundle and the lib files) without ts-morph itself,
 * resolved from ts-morph's own folder, so that it is always the copy ts-morph uses (which the
 * TypeScript 6 backend compiles with, and serves the lib texts of).
 * Through createRequire, not import: Node's ESM loader would scan the large CommonJS bundle for
 * named exports (about 0.2 s).
 */
export function loadBundledCompiler(): BundledCompiler {
  if (loaded === undefined) {
    const require = createRequire(import.meta.url);
    const fromMorph = createRequire(require.resolve('ts-morph'));
    const common = fromMorph('@ts-morph/common') as MorphCommon;
    loaded = {
      ts: common.ts,
      libFolder: common.libFolderInMemoryPath,
      libFiles: new Map(common.getLibFiles().map((file) => [file.fileName, file.text])),
    };
  }
  return loaded;
}
