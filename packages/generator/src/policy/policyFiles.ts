import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import { ProjectConfigurationError } from '../host/Project.js';
import { displayPath } from '../diagnostics/format.js';

/** Where a project's agent policy files are declared (SPEC §8). */
export interface PolicySources {
  /** The `--policy` globs, relative to `cwd`. */
  readonly patterns: readonly string[];
  readonly cwd: string;
  /** The project's tsconfig.json: the package.json beside it may list more globs in `"toolgen": { "policies": [...] }`. */
  readonly tsconfigPath: string;
}

/** One glob, and the folder it is relative to. */
export interface PolicyPattern {
  readonly glob: string;
  readonly base: string;
  /** Names the glob in messages: `--policy x` or `package.json: "toolgen.policies" glob x`. */
  readonly describe: string;
}

/** The package.json beside the tsconfig. */
export function packageJsonOf(sources: PolicySources): string {
  return path.join(path.dirname(sources.tsconfigPath), 'package.json');
}

/**
 * The `--policy` globs and those of `toolgen.policies`. Throws `ProjectConfigurationError` when the
 * package.json does not parse or its `toolgen.policies` is not a list of strings.
 */
export function policyPatterns(sources: PolicySources): PolicyPattern[] {
  const patterns: PolicyPattern[] = sources.patterns.map((glob) => ({ glob, base: sources.cwd, describe: `--policy ${glob}` }));
  const packageJson = packageJsonOf(sources);
  if (!existsSync(packageJson)) {
    return patterns;
  }
  const shown = displayPath(packageJson, sources.cwd);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(packageJson, 'utf8'));
  } catch (error) {
    throw new ProjectConfigurationError(`${shown} does not parse: ${(error as Error).message}. Fix the JSON: toolgen reads "toolgen.policies" from it.`);
  }
  const declared = (parsed as { toolgen?: { policies?: unknown } } | null)?.toolgen?.policies;
  if (declared === undefined) {
    return patterns;
  }
  if (!Array.isArray(declared) || declared.some((glob) => typeof glob !== 'string' || glob.trim() === '')) {
    throw new ProjectConfigurationError(`${shown}: "toolgen.policies" must be a list of globs (non-empty strings) relative to it, e.g. ["agents/*.yaml"].`);
  }
  for (const glob of declared as string[]) {
    patterns.push({ glob, base: path.dirname(packageJson), describe: `${shown}: "toolgen.policies" glob ${glob}` });
  }
  return patterns;
}

/**
 * The files the globs match, absolute and sorted, each once. A glob matching no file is a
 * mistake toolgen cannot check around (a policy it never reads is never checked): it throws
 * `ProjectConfigurationError`.
 */
export function findPolicyFiles(patterns: readonly PolicyPattern[]): string[] {
  const files = new Set<string>();
  for (const pattern of patterns) {
    const matched = globSync([pattern.glob], { cwd: pattern.base, absolute: true, onlyFiles: true, expandDirectories: false, ignore: ['**/node_modules/**'] });
    if (matched.length === 0) {
      throw new ProjectConfigurationError(
        `${pattern.describe} matches no file. ${pattern.describe.startsWith('--policy') ? 'Pass a path or glob of agent policy files (YAML).' : 'Fix the glob, or remove it from the list.'}`,
      );
    }
    for (const file of matched) {
      files.add(path.resolve(file));
    }
  }
  return [...files].sort();
}

const magic = /[*?[\]{}()!+@]/;

/** What to watch for a glob: the folder before its first wildcard segment (or the file itself, for a plain path). */
export function watchedPathOf(pattern: PolicyPattern): string {
  const segments = pattern.glob.split(/[/\\]/);
  const fixed = segments.findIndex((segment) => magic.test(segment));
  return path.resolve(pattern.base, (fixed === -1 ? segments : segments.slice(0, fixed)).join('/'));
}
