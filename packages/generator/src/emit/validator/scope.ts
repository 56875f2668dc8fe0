import { identifierPart } from './literals.js';

/**
 * The module-level names one tool's validator declares, all starting with its prefix: the
 * validator, the normalizer, one function per def and constants hoisted out of the hot path.
 */
export class ModuleScope {
  readonly prefix: string;
  readonly validateName: string;
  readonly normalizeName: string;
  readonly #constants: { readonly name: string; readonly initializer: string }[] = [];
  readonly #defNames = new Map<string, string>();

  constructor(prefix: string, defNames: readonly string[]) {
    this.prefix = prefix;
    this.validateName = `${prefix}Validate`;
    this.normalizeName = `${prefix}NormalizeStrict`;
    const used = new Set<string>();
    for (const name of [...defNames].sort()) {
      const base = identifierPart(name);
      let unique = base;
      for (let suffix = 2; used.has(unique); suffix++) {
        unique = `${base}_${suffix}`;
      }
      used.add(unique);
      this.#defNames.set(name, unique);
    }
  }

  /** The function validating def `name`. */
  validateDef(name: string): string {
    return `${this.prefix}ValidateDef_${this.#defNames.get(name)!}`;
  }

  /** The function normalizing def `name` for the strict variant. */
  normalizeDef(name: string): string {
    return `${this.prefix}NormalizeDef_${this.#defNames.get(name)!}`;
  }

  /** A module-level constant (`<prefix><stem><n>`); an identical initializer reuses its constant. */
  hoist(stem: string, initializer: string): string {
    const existing = this.#constants.find((constant) => constant.initializer === initializer);
    if (existing !== undefined) {
      return existing.name;
    }
    const name = `${this.prefix}${stem}${this.#constants.filter((constant) => constant.name.startsWith(`${this.prefix}${stem}`)).length}`;
    this.#constants.push({ name, initializer });
    return name;
  }

  get constants(): readonly { readonly name: string; readonly initializer: string }[] {
    return this.#constants;
  }
}

/**
 * Local names of one emitted function, made from a role letter and the last steps of the path
 * to the value (`v_filter_status`, `i_tags`), so a change to one member renames little.
 */
export class LocalNames {
  readonly #used = new Set<string>(['input', 'issues']);

  fresh(role: string, path: readonly string[]): string {
    const tail = path.length === 0 ? 'input' : path.slice(-2).map(identifierPart).join('_');
    const base = `${role}_${tail}`;
    let name = base;
    for (let suffix = 2; this.#used.has(name); suffix++) {
      name = `${base}_${suffix}`;
    }
    this.#used.add(name);
    return name;
  }
}
