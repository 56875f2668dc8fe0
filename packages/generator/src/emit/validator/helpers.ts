import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { HelperName } from './helperUses.js';

/** The module generated code imports its validators' helpers from. */
const helpersModule = '@toolgen/runtime/generated';

/**
 * The helpers a validator calls on every call, which a module declares itself, copied from the
 * runtime's source: V8 does not inline a call into another module, and a validator calling these
 * through an import took 1.6 times as long on valid arguments and 1.2 times on invalid ones
 * (bench/notes/generated.md). The rest (format grammars, depth, the strict normalizer's entries) is imported.
 */
const copied: ReadonlySet<string> = new Set([
  '__toolgenMaxEchoLength',
  '__toolgenMaxRecordedIssues',
  '__toolgenHasOwn',
  '__toolgenUnrecorded',
  '__toolgenDescribe',
  '__toolgenIsPlain',
  '__toolgenUnchanged',
  '__toolgenEscape',
  '__toolgenIssue',
  '__toolgenOwnKeyCount',
  '__toolgenExtraKeys',
  '__toolgenGot',
  '__toolgenRebase',
  '__toolgenIsReservedKey',
  '__toolgenDefine',
  '__toolgenPut',
  '__toolgenCodePoints',
]);

interface Declaration {
  readonly name: string;
  /** Its text as the module declares it: the runtime's, without `export`. */
  readonly text: string;
}

let declarations: readonly Declaration[] | undefined;

/** The runtime's helper declarations, in its file's order: read once, from the `src` the runtime package ships. */
function helperDeclarations(): readonly Declaration[] {
  if (declarations === undefined) {
    const runtimeRoot = path.dirname(createRequire(import.meta.url).resolve('@toolgen/runtime/package.json'));
    const source = readFileSync(path.join(runtimeRoot, 'src/generated/validation.ts'), 'utf8');
    // a top-level declaration starts after a blank line, at its doc comment or at `export`; a blank line inside a body is followed by indented code
    declarations = source.split(/\n\n+(?=\/\*\*|export )/).flatMap((block) => {
      // values only: the one type (`__toolgenWithin`) is imported where a module passes an argument through it
      const name = /^export (?:const|function) (__toolgen\w+)/m.exec(block)?.[1];
      return name === undefined ? [] : [{ name, text: block.trim().replace(/^export /m, '') }];
    });
    if (!declarations.some((declaration) => declaration.name === '__toolgenIssue')) {
      throw new Error(`toolgen: ${path.join(runtimeRoot, 'src/generated/validation.ts')} does not declare the validators' helpers; reinstall @toolgen/runtime at the generator's version`);
    }
  }
  return declarations;
}

/** Any helper's name as a whole word, longest first (one name may begin another): what a copied declaration calls in turn. */
let namePattern: RegExp | undefined;

function helperNamePattern(): RegExp {
  namePattern ??= new RegExp(
    `\\b(?:${helperDeclarations()
      .map((declaration) => declaration.name)
      .sort((a, b) => b.length - a.length)
      .join('|')})\\b`,
    'g',
  );
  return namePattern;
}

/** What a module needs for the helpers its validators call. */
export interface ModuleHelpers {
  /** The import of the helpers off the hot path, or `''`. */
  readonly importLine: string;
  /** The declarations the module copies, in the runtime's order, or `''`. */
  readonly declarations: string;
  /** Whether the copied declarations read `argumentLimits`, which the module then imports from `@toolgen/runtime`. */
  readonly readsLimits: boolean;
}

/**
 * The helpers a module's printed code calls (`used`, as the printers recorded them through
 * `helper()`): the hot ones copied, with the helpers their declarations call in turn, and the
 * others imported; none that it does not call (an unused one would fail `noUnusedLocals`).
 * Without `used`, every helper. `__toolgenWithin`, a type, is imported when used.
 */
export function moduleHelpers(used?: Iterable<HelperName>): ModuleHelpers {
  const all = helperDeclarations();
  const byName = new Map(all.map((declaration) => [declaration.name, declaration]));
  const namesIn = (text: string) => new Set(text.match(helperNamePattern()) ?? []);
  const wanted = used === undefined ? undefined : new Set<string>(used);
  const within = wanted?.has('__toolgenWithin') === true;
  const pending = wanted === undefined ? all.map((declaration) => declaration.name) : [...wanted].filter((name) => name !== '__toolgenWithin');
  const copy = new Set<string>();
  const imported = new Set<string>();
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (copy.has(name) || imported.has(name)) continue;
    if (!byName.has(name)) throw new Error(`toolgen: the printed code calls ${name}, which the runtime's src/generated/validation.ts does not declare`);
    if (!copied.has(name)) {
      imported.add(name);
      continue;
    }
    copy.add(name);
    for (const reference of namesIn(byName.get(name)!.text)) pending.push(reference);
  }
  // the one shared issue is compared by identity: whatever reads it must see the module's copy
  const split = [...imported].find((name) => /\b__toolgenUnrecorded\b/.test(byName.get(name)?.text ?? ''));
  if (split !== undefined) throw new Error(`toolgen: ${split} reads __toolgenUnrecorded, so a module must copy it too`);
  const names = [...[...imported].sort(), ...(within ? ['type __toolgenWithin'] : [])];
  const text = all
    .filter((declaration) => copy.has(declaration.name))
    .map((declaration) => declaration.text)
    .join('\n\n');
  return {
    importLine: names.length === 0 ? '' : `import { ${names.join(', ')} } from '${helpersModule}';`,
    declarations: text,
    readsLimits: /\bargumentLimits\b/.test(text),
  };
}
