import { createRequire } from 'node:module';
import path from 'node:path';
import type ts from 'typescript';

type TypeScript = typeof ts;

const require = createRequire(import.meta.url);
const byProgram = new WeakMap<ts.Program, TypeScript>();
const sourceFileClassOf = new WeakMap<TypeScript, object>();
const loadedTypeScript = /[/\\]typescript[/\\]lib[/\\]typescript\.js$/;

/**
 * The `typescript` module that built `program`: the analysis must use the very namespace whose
 * `SyntaxKind`s and flags the program's nodes carry, not a second copy (ts-morph's bundled one, or
 * another version beside the plugin). Candidates are checked by identity: the module's own
 * `SourceFile` class must be the class of the program's source files. Throws when none is.
 *
 * @param cwd the folder ESLint runs in, from which the user's `@typescript-eslint/parser` resolves
 */
export function getTypeScript(program: ts.Program, cwd: string): TypeScript {
  const cached = byProgram.get(program);
  if (cached !== undefined) {
    return cached;
  }
  const probe = program.getSourceFiles()[0];
  const tried: string[] = [];
  if (probe !== undefined) {
    for (const { location, load } of candidates(cwd)) {
      let candidate: TypeScript;
      try {
        candidate = load();
      } catch {
        continue;
      }
      if (Object.getPrototypeOf(probe) === sourceFileClass(candidate)) {
        byProgram.set(program, candidate);
        return candidate;
      }
      tried.push(`${location} (TypeScript ${candidate.version})`);
    }
  }
  throw new Error(
    [
      '@toolgen/eslint-plugin: cannot find the TypeScript module that built the type-checked program, so the rules cannot analyze it safely.',
      `Looked at: ${tried.length > 0 ? tried.join('; ') : 'no loadable "typescript" module'}.`,
      'Install one copy of "typescript" (>=6.0.0 <6.1.0) beside @typescript-eslint/parser, so the parser and the plugin share it.',
    ].join(' '),
  );
}

interface Candidate {
  readonly location: string;
  readonly load: () => TypeScript;
}

/** The parser's TypeScript as the user's project resolves it, then as the plugin resolves it, then every copy already loaded. */
function* candidates(cwd: string): Generator<Candidate> {
  const fromProject = createRequire(path.join(cwd, 'package.json'));
  for (const [label, start] of [
    ['the project', fromProject],
    ['@toolgen/eslint-plugin', require],
  ] as const) {
    let location: string;
    try {
      const parser = start.resolve('@typescript-eslint/parser');
      const estree = createRequire(parser).resolve('@typescript-eslint/typescript-estree');
      location = createRequire(estree).resolve('typescript');
    } catch {
      continue;
    }
    yield { location: `${location}, the parser's from ${label}`, load: () => require(location) as TypeScript };
  }
  for (const id of Object.keys(require.cache)) {
    if (loadedTypeScript.test(id)) {
      yield { location: id, load: () => require.cache[id]!.exports as TypeScript };
    }
  }
}

function sourceFileClass(candidate: TypeScript): object {
  let found = sourceFileClassOf.get(candidate);
  if (found === undefined) {
    found = Object.getPrototypeOf(candidate.createSourceFile('probe.ts', '', candidate.ScriptTarget.Latest)) as object;
    sourceFileClassOf.set(candidate, found);
  }
  return found;
}
