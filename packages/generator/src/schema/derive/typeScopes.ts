import type { HostSymbol, HostType, HostTypeNode, TypeHost } from '../../host/TypeHost.js';
import { maxBaseDepth } from './limits.js';
import type { Scope, Written } from './Processor.js';
import { recordValueNode } from './writtenNodes.js';

/*
 * Where the derivation reads type nodes. A generic's members are written with its type parameters (`items: T[]` of
 * `interface Page<T>`); derived as `Page<Votes>`, each `T` there is the argument `Votes` as written, so that the keyword
 * tags of the alias `Votes` reach the items. A scope maps a declaration's parameters to its arguments as written, each
 * with the scope the argument itself is read in: the `T[]` of `Page<T[]>` written in `Wrap<T>` is read in `Wrap<Votes>`'s
 * scope, never in `Page`'s, whose `T` it is not. A member is read in the scope of the declaration that writes it: an
 * inherited one in the scope its base's arguments make as the `extends` clause writes them (`CodePage extends
 * Page<Code>`). Where no scope is known, a name is read as itself, never as another declaration's parameter.
 */

/** The scope of a type derived without its node, or outside any declared generic: no type parameter is known. */
export const noScope: Scope = { owner: undefined, names: new Map() };

/** The scopes the derivation is in: the current one, and those the members of the object being derived are declared in. */
export class TypeScopes {
  readonly #host: TypeHost;
  #current: Scope = noScope;
  /** The scopes the members of the object being derived are declared in: its declaration's, or an intersection's members'. */
  #members: readonly Scope[] = [];

  constructor(host: TypeHost) {
    this.#host = host;
  }

  /** The scope type nodes are read in now. */
  get current(): Scope {
    return this.#current;
  }

  /** Back to no scope, after a root's derivation. */
  reset(): void {
    this.#current = noScope;
    this.#members = [];
  }

  /** Runs `derive` with `scope` as the current scope. */
  within<T>(scope: Scope, derive: () => T): T {
    const outer = this.#current;
    this.#current = scope;
    try {
      return derive();
    } finally {
      this.#current = outer;
    }
  }

  /** Runs `derive` with `members` as the scopes the object's members are declared in. */
  withMembers<T>(members: readonly Scope[], derive: () => T): T {
    const outer = this.#members;
    this.#members = members;
    try {
      return derive();
    } finally {
      this.#members = outer;
    }
  }

  /**
   * A node as written in the current scope, and the scope it is read in: a reference to a type parameter there is the
   * argument it was given, read where it was written (`T[]` of `Page<T[]>` in `Wrap<Votes>`: its `T` is `Votes`).
   */
  resolve(typeNode: HostTypeNode): Written {
    const scope = this.#current;
    if (scope.names.size === 0) return { node: typeNode, scope };
    const view = this.#host.typeNode(typeNode);
    const argument = view.kind === 'reference' && view.typeArguments.length === 0 ? scope.names.get(view.name) : undefined;
    return argument ?? { node: typeNode, scope };
  }

  /**
   * A declared generic's parameters, each mapped to its argument as written (read in the current scope), or to its
   * default as the declaration writes it where the reference leaves the argument out (`Page` of `interface Page<T = Votes>`):
   * written in that declaration, a default is read in the scope this makes.
   */
  argumentScope(declared: HostSymbol, written: readonly HostTypeNode[]): Scope {
    const host = this.#host;
    const parameters = host.typeParameterNames(declared);
    const defaults = written.length < parameters.length ? host.typeParameterDefaults(declared) : [];
    const names = new Map<string, Written>();
    const scope: Scope = { owner: declared, names };
    parameters.forEach((name, index) => names.set(name, index < written.length ? this.resolve(written[index]!) : { node: defaults[index], scope }));
    return scope;
  }

  /**
   * Where an object's members are written, and what its arguments say beyond its type (`instantiation`, for its def's
   * identity). An instantiation of a declared generic written with its arguments (`Page<Votes>`) maps the declaration's
   * parameters to them; an object type literal (`{ first: T }`), a mapped type written as one (`{ [K in Keys]: T }`) and
   * the lib's `Record<string, T>` stay in the scope they are written in; an intersection's members, and the lib's
   * `Partial<Page<Votes>>`'s, are those of its written parts, each in its scope; a type derived without its node knows no
   * arguments.
   */
  ofObject(type: HostType, typeNode: HostTypeNode | undefined): { scope: Scope; members: readonly Scope[]; instantiation: string } {
    const host = this.#host;
    const view = typeNode === undefined ? undefined : host.typeNode(typeNode);
    if (view?.kind === 'typeLiteral' || view?.kind === 'mapped' || recordValueNode(host, typeNode) !== undefined) {
      return { scope: this.#current, members: [this.#current], instantiation: '' };
    }
    if (view?.kind === 'intersection') {
      return this.#ofParts(this.#partScopes(typeNode!, 0));
    }
    const declared = view?.kind === 'reference' ? this.#declaredScope(typeNode!) : undefined;
    if (declared !== undefined || view?.kind !== 'reference') {
      const scope = declared?.[0] ?? { owner: host.symbolOf(type), names: new Map() };
      return { scope, members: [scope], instantiation: this.instantiation(scope) };
    }
    return this.#ofParts(this.#partScopes(typeNode!, 0));
  }

  /**
   * The scopes the parts of a written object type declare their members in: a declared type's (`Page<Votes>`), an object
   * type literal's (here), and through the lib's mapped types (`Required<Partial<Page<Votes>>>`), intersections
   * (`Partial<Box<Votes>> & { … }`) and parentheses, those of what they are written of, each read where it is written.
   */
  #partScopes(typeNode: HostTypeNode, depth: number): Scope[] {
    const host = this.#host;
    const written = this.resolve(typeNode);
    if (written.node === undefined || depth > maxBaseDepth) return [];
    const node = written.node;
    return this.within(written.scope, () => {
      const view = host.typeNode(node);
      if (view.kind === 'typeLiteral') return [this.#current];
      if (view.kind === 'parenthesized') return this.#partScopes(view.inner, depth + 1);
      if (view.kind === 'intersection') return view.members.flatMap((member) => this.#partScopes(member, depth + 1));
      if (view.kind !== 'reference') return [];
      return this.#declaredScope(node) ?? view.typeArguments.flatMap((argument) => this.#partScopes(argument, depth + 1));
    });
  }

  #ofParts(members: readonly Scope[]): { scope: Scope; members: readonly Scope[]; instantiation: string } {
    const instantiations = members.map((member) => this.instantiation(member));
    return { scope: noScope, members, instantiation: instantiations.some(Boolean) ? JSON.stringify(instantiations) : '' };
  }

  /** The scope of a reference to a declared type (`Page<Votes>`): its parameters mapped to the arguments as written here. */
  #declaredScope(typeNode: HostTypeNode): [Scope] | undefined {
    const view = this.#host.typeNode(typeNode);
    const declared = view.kind === 'reference' ? this.#host.referencedSymbol(typeNode) : undefined;
    return view.kind === 'reference' && declared !== undefined ? [this.argumentScope(declared, view.typeArguments)] : undefined;
  }

  /**
   * The scope a member or index signature of the object being derived is read in: that of the declaration its node is
   * written in, found among the object's (`ofObject`) and up their `extends` clauses, each base's arguments read in the
   * scope of the declaration that writes them. None where that declaration is not found: a name there is not the current
   * scope's.
   */
  memberScope(typeNode: HostTypeNode | undefined): Scope {
    const host = this.#host;
    const owner = typeNode === undefined ? undefined : host.declarationOf(typeNode);
    if (owner === undefined) return this.#current;
    const queue = [...this.#members];
    const seen = new Set<HostSymbol>();
    for (let index = 0; index < queue.length && seen.size < maxBaseDepth; index++) {
      const scope = queue[index]!;
      if (scope.owner === owner) return scope;
      if (scope.owner === undefined || seen.has(scope.owner)) continue;
      seen.add(scope.owner);
      for (const base of host.heritage(scope.owner)) {
        queue.push(this.within(scope, () => this.argumentScope(base.symbol, base.typeArguments)));
      }
    }
    return noScope;
  }

  /**
   * What a scope's arguments say beyond the checker's types: each argument written otherwise than the type it is
   * (`NonNegative` for `number`, `Other<NonNegative>` for `Other<number>`), or read in a scope that does (`T[]` of
   * `Wrap<NonNegative>`), by its text; `''` when none is.
   */
  instantiation(scope: Scope): string {
    const host = this.#host;
    const written: [string, string][] = [];
    for (const [name, argument] of scope.names) {
      if (argument.node === undefined) continue;
      const outer = argument.scope === scope ? '' : this.instantiation(argument.scope);
      const text = host.typeNodeText(argument.node);
      if (outer !== '' || text !== host.text(host.typeFromNode(argument.node))) written.push([name, outer === '' ? text : `${text} of ${outer}`]);
    }
    return written.length === 0 ? '' : JSON.stringify(written);
  }
}
