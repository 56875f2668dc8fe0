import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type ts from 'typescript';
import { readIfExists, writeFileAtomic } from '../../io/writeFileAtomic.js';

/**
 * What a module mirrored for one entry was made from (`ModuleMirror`), so that a later start can
 * import the mirror without loading TypeScript: 0.8 of the 1.6 CPU seconds `toolgen mcp` took to
 * serve examples/tickets went to loading TypeScript, resolving the imports and transpiling.
 * The mirror is fresh while every file read (the sources, the tsconfig and the configs it
 * extends, the package.json files resolution read) has the same content, every place resolution
 * asked whether a file or a folder is there gets the same answer, every symbolic link it followed
 * leads where it led, and every mirrored file is as it was written: what TypeScript's module
 * resolution asked of the file system, answered the same way, resolves the same way.
 */
export interface MirrorStamp {
  /** The code that wrote the mirror: this package's manifest, the TypeScript it transpiled with, and the mirror's code. */
  readonly maker: string;
  /** Absolute path → SHA-256 of its content. */
  readonly inputs: Readonly<Record<string, string>>;
  /** Path → whether a file was there, for each place resolution asked. */
  readonly files: Readonly<Record<string, boolean>>;
  /** Path → whether a folder was there, for each place resolution asked. */
  readonly folders: Readonly<Record<string, boolean>>;
  /** Path → its real path, as resolution followed it. */
  readonly links: Readonly<Record<string, string>>;
  /** Mirrored file → SHA-256 of what was written. */
  readonly outputs: Readonly<Record<string, string>>;
  /** The mirrored file to import. */
  readonly entryOutput: string;
}

/** What TypeScript asked of the file system while reading the tsconfig and resolving imports, with the answers: a stamp's inputs. */
export class FileSystemProbes {
  readonly inputs = new Map<string, string>();
  readonly files = new Map<string, boolean>();
  readonly folders = new Map<string, boolean>();
  readonly links = new Map<string, string>();

  /** `sys` answering as ever, every answer recorded. */
  recording(sys: ts.System): ts.ModuleResolutionHost & ts.ParseConfigHost {
    const answer = (answers: Map<string, boolean>, place: string, exists: boolean) => {
      answers.set(path.resolve(place), exists);
      return exists;
    };
    return {
      useCaseSensitiveFileNames: sys.useCaseSensitiveFileNames,
      readDirectory: (...args) => sys.readDirectory(...args),
      getCurrentDirectory: () => sys.getCurrentDirectory(),
      getDirectories: (place) => sys.getDirectories(place),
      fileExists: (file) => answer(this.files, file, sys.fileExists(file)),
      directoryExists: (folder) => answer(this.folders, folder, sys.directoryExists(folder)),
      readFile: (file) => {
        const text = sys.readFile(file);
        if (text === undefined) this.files.set(path.resolve(file), false);
        else this.inputs.set(path.resolve(file), contentHash(text));
        return text;
      },
      realpath: (place) => {
        const real = sys.realpath?.(place) ?? place;
        this.links.set(path.resolve(place), real);
        return real;
      },
    };
  }
}

export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

let makerOfThisCode: string | undefined;

/** This package's manifest, the version of the TypeScript ts-morph bundles, and the mirror's code: another toolgen makes every stamp stale. */
export function mirrorMaker(): string {
  if (makerOfThisCode === undefined) {
    const here = fileURLToPath(import.meta.url);
    const fromMorph = createRequire(createRequire(here).resolve('ts-morph'));
    const texts = [
      path.resolve(path.dirname(here), '../../../package.json'),
      fromMorph.resolve('@ts-morph/common/package.json'),
      here,
      path.join(path.dirname(here), `ModuleMirror${path.extname(here)}`),
    ].map((file) => readIfExists(file) ?? '');
    makerOfThisCode = contentHash(texts.join('\0'));
  }
  return makerOfThisCode;
}

/** Where the stamp of the mirror of `entry` lives. */
export function stampFile(cacheDir: string, entry: string): string {
  return path.join(cacheDir, 'stamps', `${contentHash(entry).slice(0, 24)}.json`);
}

/** The stamp of `entry`'s mirror when it is still fresh; undefined when there is none or anything it names has changed. */
export function freshStamp(cacheDir: string, entry: string): MirrorStamp | undefined {
  try {
    const stamp = JSON.parse(readFileSync(stampFile(cacheDir, entry), 'utf8')) as MirrorStamp;
    return stamp.maker === mirrorMaker() && holds(stamp) ? stamp : undefined;
  } catch {
    // none yet, or not a stamp this code wrote (cut short, edited): made again
    return undefined;
  }
}

function holds(stamp: MirrorStamp): boolean {
  const same = (hashes: Readonly<Record<string, string>>) => Object.entries(hashes).every(([file, hash]) => hashOfFile(file) === hash);
  const kinds = (answers: Readonly<Record<string, boolean>>, kind: 'file' | 'folder') => Object.entries(answers).every(([place, was]) => (kindOf(place) === kind) === was);
  const links = Object.entries(stamp.links).every(([place, real]) => realPath(place) === real);
  return same(stamp.inputs) && same(stamp.outputs) && kinds(stamp.files, 'file') && kinds(stamp.folders, 'folder') && links;
}

/** Records what `entry`'s mirror was made from; written last, atomically, so a stamp never names a half-made mirror. */
export function writeStamp(cacheDir: string, entry: string, stamp: MirrorStamp): void {
  writeFileAtomic(stampFile(cacheDir, entry), `${JSON.stringify(stamp)}\n`);
}

/** What is at `place`, links followed, as TypeScript's `fileExists` and `directoryExists` see it. */
function kindOf(place: string): 'file' | 'folder' | undefined {
  try {
    const stats = statSync(place);
    return stats.isFile() ? 'file' : stats.isDirectory() ? 'folder' : undefined;
  } catch {
    // nothing there, or a file on the path (ENOTDIR), or no permission: neither, as TypeScript's ts.sys sees it
    return undefined;
  }
}

function realPath(place: string): string | undefined {
  try {
    return realpathSync(place);
  } catch {
    return undefined;
  }
}

function hashOfFile(file: string): string | undefined {
  const text = readIfExists(file);
  return text === undefined ? undefined : contentHash(text);
}
