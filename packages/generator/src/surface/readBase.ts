import { execFileSync, type ExecFileSyncOptionsWithStringEncoding } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { manifestFileName } from '../manifest/manifest.js';
import { emptySurface, surfaceOf, SurfaceReadError, type ToolSurface } from './surfaceOf.js';

/** The side `toolgen diff` compares against: a manifest file, or the manifest (and policy files) at a git revision. */
export interface DiffBase {
  /** How the output names the base: the file as given, or `origin/main`. */
  readonly label: string;
  readonly surface: ToolSurface;
  /** Set when the revision has no manifest: everything is new. */
  readonly note?: string;
  /**
   * A policy file's text at the base (absolute path of the file in the work tree), or undefined
   * when it did not exist there. A file base has no policy files of its own: they are read as they are now.
   */
  readPolicy(file: string): string | undefined;
}

const gitOutput = { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 } satisfies ExecFileSyncOptionsWithStringEncoding;

/**
 * Reads `--base`: a file when `given` names one (relative to `cwd`), else a git revision of the
 * repository holding `rootDir` (the manifest's folder), whose manifest at the same path is read with
 * `git show`.
 *
 * @throws {SurfaceReadError} when `given` is neither, or what it names is not a manifest.
 */
export function readBase(given: string, cwd: string, rootDir: string): DiffBase {
  const file = path.resolve(cwd, given);
  if (existsSync(file) && statSync(file).isDirectory()) {
    throw new SurfaceReadError(`--base ${given} is a folder. Pass a manifest file (a toolgen.manifest.json), or a git revision such as origin/main.`);
  }
  if (existsSync(file) && statSync(file).isFile()) {
    return { label: given, surface: surfaceOf(readFileSync(file, 'utf8'), given), readPolicy: (policy) => readFileSync(policy, 'utf8') };
  }
  const git = (args: readonly string[]) => execFileSync('git', [...args], { ...gitOutput, cwd: rootDir });
  let commit: string;
  try {
    commit = git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${given}^{commit}`]).trim();
  } catch (error) {
    const inRepository = isInGitRepository(rootDir);
    throw new SurfaceReadError(
      inRepository
        ? `--base ${given} is neither a file nor a revision of the git repository at ${rootDir}. Pass a manifest file, or a branch, tag or commit (e.g. origin/main, HEAD~1).`
        : `--base ${given} is not a file, and ${rootDir} is not in a git repository (${describeGitFailure(error)}). Pass a manifest file, or run toolgen diff inside the repository.`,
    );
  }
  const atBase = (absolute: string): string | undefined => {
    const relative = path.relative(rootDir, absolute).split(path.sep).join('/');
    try {
      return git(['show', `${commit}:./${relative}`]);
    } catch {
      return undefined;
    }
  };
  const text = atBase(path.join(rootDir, manifestFileName));
  const label = `${given}:${manifestFileName}`;
  if (text === undefined) {
    return { label: given, surface: emptySurface, note: `${given} has no ${manifestFileName} here: every tool is new.`, readPolicy: atBase };
  }
  return { label: given, surface: surfaceOf(text, label), readPolicy: atBase };
}

function isInGitRepository(folder: string): boolean {
  try {
    execFileSync('git', ['rev-parse', '--git-dir'], { ...gitOutput, cwd: folder });
    return true;
  } catch {
    return false;
  }
}

function describeGitFailure(error: unknown): string {
  const { code, stderr } = error as { code?: string; stderr?: string };
  if (code === 'ENOENT') return 'git is not installed';
  return (stderr ?? '').trim().split('\n')[0] || 'git failed';
}
