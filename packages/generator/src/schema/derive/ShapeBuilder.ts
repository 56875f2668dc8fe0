import { TypeFlag, type HostSymbol, type HostType, type HostTypeNode, type TypeHost, type TypeNodeView } from '../../host/TypeHost.js';
import type { Shape, ShapeDocument, ShapeProblem } from '../shape.js';
import { shapeChildren } from '../shapeChildren.js';
import { applyDocumentation } from '../tsdoc/applyDocumentation.js';
import { noticeData } from '../tsdoc/notices.js';
import { aliasKeywordTags, namedTypeNode, symbolDocumentation, typeDocumentation, type SymbolDocumentation } from '../tsdoc/readDocumentation.js';
import type { UnreadTag } from '../tsdoc/tags.js';
import { faults, undefinedFault } from './faults.js';
import { maxAliasExpansions, maxDerivationDepth, maxNestedInstantiations } from './limits.js';
import { processorFor } from './processors.js';
import { reducesToNever } from './processors/intersection.js';
import { isPlainUnion, unionOf, writtenShapes } from './processors/union.js';
import { isUndefined, type Purpose, type Scope, type Site, type Slot, type Walk, type Written } from './Processor.js';
import { unionMemberNodes, writtenOrder } from './unionOrder.js';
import { TypeScopes } from './typeScopes.js';
import { nonNullableArgument } from './writtenNodes.js';

/*
 * The walker of schema derivation: derives toolgen's Shape IR from a type of the host (SPEC §3), asking
 * the processors (`processors.ts`) for each type, and owning what spans types: `undefined` by
 * slot, recursion (`$defs`), the expansion limits and the problems found.
 *
 * Problem pointers are instance pointers from the derived root: `/filter/status` for a member,
 * `/tags/*` for any element of an array (and the rest of a tuple), `/pair/0` for a tuple
 * element, `/counts/*` for any value of an index signature. Members of a union share the
 * union's pointer.
 */

export interface ShapeBuilderOptions {
  readonly host: TypeHost;
  /** 'input' for parameters (what the model sends), 'output' for return types (what JSON.stringify produces). */
  readonly purpose: Purpose;
}

type UndefinedPolicy = 'drop' | 'null' | 'problem';

const undefinedPolicies: Readonly<Record<Slot, Readonly<Record<Purpose, UndefinedPolicy>>>> = {
  root: { input: 'problem', output: 'drop' },
  member: { input: 'drop', output: 'drop' },
  element: { input: 'problem', output: 'null' },
  optionalElement: { input: 'drop', output: 'drop' },
  value: { input: 'drop', output: 'drop' },
};

/** Derives the shapes of one root schema; all shapes it derives share one `$defs` scope. */
export class ShapeBuilder {
  readonly #walk: Walk;
  readonly #problems: ShapeProblem[] = [];
  readonly #problemPointers = new Set<string>();
  readonly #unread: UnreadTag[] = [];
  /** Types being derived right now, by their identity as a def (`#identity`); `recursive` once one of them was reached again. */
  readonly #stack = new Map<object, { recursive: boolean; readonly pointer: string; readonly generic: HostSymbol | undefined; readonly type: HostType }>();
  /** How many instantiations of each generic type are on `#stack`. */
  readonly #nested = new Map<HostSymbol, number>();
  /** How deep the current derivation is, and the root it started from. */
  #depth = 0;
  #root: { readonly type: HostType; readonly pointer: string } | undefined;
  /** Set once an expansion limit is reached: the rest of the root is not derived (a branching expansion would take exponential time). */
  #abandoned = false;
  readonly #defNames = new Map<object, string>();
  /** The identities of a type instantiated with written arguments that say more than its type (`Page<Votes>`). */
  readonly #instantiations = new Map<HostType, Map<string, object>>();
  readonly #usedNames = new Set<string>();
  readonly #defs = new Map<string, Shape>();
  /** Where type nodes are read: the arguments of the generics being derived, as written. */
  readonly #scopes: TypeScopes;
  /** The type aliases being derived as the node they declare (`#deriveWritten`), innermost last, each with its scope. */
  readonly #expansions: { readonly type: HostType; readonly scope: Scope; readonly instantiation: string }[] = [];

  constructor(options: ShapeBuilderOptions) {
    const { host, purpose } = options;
    this.#scopes = new TypeScopes(host);
    this.#walk = {
      host,
      purpose,
      derive: (type, pointer, slot, written) => this.#deriveResolved(type, pointer, slot, written === undefined ? undefined : this.#scopes.resolve(written)),
      deriveWritten: (type, pointer, slot, written) => this.#deriveResolved(type, pointer, slot, written),
      inScopeOf: (type, typeNode, derive) => this.#inScopeOf(type, typeNode, derive),
      member: (typeNode, derive) => this.#scopes.within(this.#scopes.memberScope(typeNode), derive),
      resolve: (typeNode) => this.#scopes.resolve(typeNode),
      within: (scope, derive) => this.#scopes.within(scope, derive),
      fail: (type, pointer, fault) => {
        this.#report({ pointer, typeText: fault.typeText ?? this.#walk.text(type), reason: fault.reason, fix: fault.fix });
        return { kind: 'any' };
      },
      named: (type, pointer, derive, instantiation) => this.#named(type, pointer, derive, instantiation ?? this.#expandedInstantiation(type)),
      // a member TypeScript reduces to never is no member (`A | never` is A), as in the checker's own view of the union
      constituents: (type, typeNode) => writtenOrder(this.#walk, type, typeNode).filter((member) => !reducesToNever(member, this.#walk)),
      documentation: (symbol, shape, pointer, typeText, typeNode) => {
        const found: ShapeProblem[] = [];
        const docs = symbolDocumentation(host, symbol);
        const description = docs.description ?? typeDocumentation(host, this.#namedInScope(typeNode));
        const unread = { tags: this.#unread, subject: memberSubject(pointer) };
        const documented = applyDocumentation(shape, { description, tags: docs.tags, pointer, problems: found, unread, typeText, purpose });
        unreadDocumentation(docs, pointer, unread);
        found.forEach((problem) => this.#report(problem));
        return documented;
      },
      text: (type) => host.text(type),
    };
  }

  /** The members' tags toolgen does not read (TSH023), in discovery order. */
  get unreadTags(): readonly UnreadTag[] {
    return this.#unread;
  }

  /** Everything unrepresentable found so far, in discovery order, deduplicated by pointer. */
  get problems(): readonly ShapeProblem[] {
    return this.#problems;
  }

  /**
   * Derives the shape of `type`. Problems are recorded (see `problems`) with `pointer` as the
   * prefix of their JSON Pointer. Never throws for unsupported types. `typeNode`, the node the
   * type was written as, only orders union members as written.
   */
  shapeOf(type: HostType, pointer: string, typeNode?: HostTypeNode): Shape {
    this.#root = { type, pointer };
    this.#abandoned = false;
    try {
      return this.#deriveWritten(type, pointer, 'root', typeNode);
    } finally {
      this.#scopes.reset();
      this.#expansions.length = 0;
      this.#root = undefined;
      this.#abandoned = false;
    }
  }

  /**
   * Derives a type as written, with the keyword tags of the aliases it is written through. A generic type alias written
   * with its arguments (`Maybe<Votes>`, `List<Votes>`, `Pair<Votes>`) is derived as the node it declares (`T | null`), in a
   * scope mapping its parameters to the arguments as written, so that an argument's tags reach the union's members, the
   * array's elements and the tuple's. A type alias without parameters (`type Names = Name[]`, `type Scores =
   * Record<string, Score>`) is derived as the node it declares too, for the same reach: the checker keeps no alias on an
   * array, a tuple or a `Record` of the lib. One that declares an object type literal is left to `#inScopeOf`, as an
   * interface is.
   */
  #deriveWritten(type: HostType, pointer: string, slot: Slot, typeNode: HostTypeNode | undefined): Shape {
    return this.#withAliasTags(this.#deriveExpanded(type, pointer, slot, typeNode, 0), type, pointer, typeNode);
  }

  /** `#deriveWritten` of a node in the scope it was found in (`TypeScopes.resolve`). */
  #deriveResolved(type: HostType, pointer: string, slot: Slot, written: Written | undefined): Shape {
    return written === undefined
      ? this.#deriveWritten(type, pointer, slot, undefined)
      : this.#scopes.within(written.scope, () => this.#deriveWritten(type, pointer, slot, written.node));
  }

  /**
   * `#deriveWritten` without the tags of the aliases `typeNode` names, which the caller applies: those of an alias without
   * parameters and of the aliases it is declared as (`type Votes = Maybe<Vote>` → `Maybe`'s) come with `Votes`'s.
   */
  #deriveExpanded(type: HostType, pointer: string, slot: Slot, typeNode: HostTypeNode | undefined, aliases: number): Shape {
    // `NonNullable<Name | null>` is the checker's `string`: derived as its argument is written, `Name`, with `Name`'s tags
    const nonNullable = nonNullableArgument(this.#walk.host, typeNode);
    if (nonNullable !== undefined) {
      return this.#deriveResolved(type, pointer, slot, this.#scopes.resolve(nonNullable));
    }
    // `Count | Negative` is the checker's `number`, no union: a number either alias allows (`Count | Count`: a Count)
    const host = this.#walk.host;
    const writtenUnion = typeNode !== undefined && host.typeNode(typeNode).kind === 'union' && (host.flags(type) & TypeFlag.Union) === 0;
    const collapsed = writtenUnion ? (unionMemberNodes(this.#walk, typeNode).get(type) ?? []) : [];
    if (collapsed.length > 1) {
      const shapes = writtenShapes(this.#walk, type, pointer, collapsed);
      return shapes.length === 1 ? shapes[0]! : { kind: 'union', members: shapes };
    }
    const expansion = aliases < maxAliasExpansions ? this.#expansionOf(typeNode) : undefined;
    if (expansion === undefined) {
      return this.#derive(type, pointer, slot, typeNode);
    }
    return this.#scopes.within(expansion.scope, () => {
      this.#expansions.push({ type, scope: expansion.scope, instantiation: this.#scopes.instantiation(expansion.scope) });
      try {
        // what the declared node is written through, read in the arguments' scope: `T | null` of `Maybe<Votes>` is `Votes`,
        // also where the type derived is no longer the union (an optional parameter's, `undefined` and `null` set aside)
        return expansion.generic
          ? this.#withAliasTags(this.#derive(type, pointer, slot, expansion.declared), type, pointer, expansion.declared)
          : this.#deriveExpanded(type, pointer, slot, expansion.declared, aliases + 1);
      } finally {
        this.#expansions.pop();
      }
    });
  }

  /**
   * The node a type alias written as `typeNode` declares, unless an object type literal, and the scope it is read in: a
   * generic one's arguments by its parameters' names, none for one without parameters (its names are its declaration's).
   */
  #expansionOf(typeNode: HostTypeNode | undefined): { declared: HostTypeNode; scope: Scope; generic: boolean } | undefined {
    const host = this.#walk.host;
    const view = typeNode === undefined ? undefined : host.typeNode(typeNode);
    if (view?.kind === 'indexedAccess') return this.#memberExpansion(view.object, view.index);
    if (view?.kind !== 'reference') return undefined;
    const generic = view.typeArguments.length > 0;
    const alias = host.referencedSymbol(typeNode!);
    const declared = alias === undefined ? undefined : generic ? host.genericAliasDeclaredTypeNode(alias) : host.aliasDeclaredTypeNode(alias);
    if (alias === undefined || declared === undefined || !expandedKinds.has(host.typeNode(declared).kind)) return undefined;
    return { declared, scope: this.#scopes.argumentScope(alias, view.typeArguments), generic };
  }

  /**
   * `Ticket['status']`, `Page<Votes>['first']`: the node the member is declared with, in the scope of the object's
   * arguments, so that it is derived as the member is. Only a declared interface, class or object type's member, by a
   * literal key: a mapped type's members are declared elsewhere (see mappedMembers), and a generic's inherited member in
   * the scope of its base's arguments, which are not these.
   */
  #memberExpansion(object: HostTypeNode, index: HostTypeNode): { declared: HostTypeNode; scope: Scope; generic: boolean } | undefined {
    const host = this.#walk.host;
    const view = host.typeNode(object);
    const key = host.literalValue(host.typeFromNode(index));
    if (view.kind !== 'reference' || typeof key !== 'string') return undefined;
    const objectType = host.typeFromNode(object);
    if (host.mappedDeclaration(objectType) !== undefined) return undefined;
    const declared = host.properties(objectType).find((property) => property.name === key)?.typeNode;
    const symbol = host.referencedSymbol(object);
    if (declared === undefined || symbol === undefined) return undefined;
    const generic = host.typeParameterNames(symbol).length > 0;
    if (generic && host.baseTypes(objectType).some((base) => host.properties(base).some((property) => property.name === key))) return undefined;
    return { declared, scope: this.#scopes.argumentScope(symbol, view.typeArguments), generic: true };
  }

  /** What the arguments of the generic alias `type` is being derived as say beyond the checker's type (`''` when nothing): a recursive one's def identity. */
  #expandedInstantiation(type: HostType): string {
    const innermost = this.#expansions.at(-1);
    return innermost !== undefined && innermost.type === type && innermost.scope === this.#scopes.current ? innermost.instantiation : '';
  }

  /** The node whose alias's tags and docs apply: a type parameter's argument also through `T | null` and parentheses. */
  #namedInScope(typeNode: HostTypeNode | undefined): HostTypeNode | undefined {
    const named = namedTypeNode(this.#walk.host, typeNode);
    const argument = named === undefined ? undefined : this.#scopes.resolve(named).node;
    return argument !== named ? argument : typeNode;
  }

  /** Derives an object in the scope its members are written in (`TypeScopes.ofObject`). */
  #inScopeOf<T>(type: HostType, typeNode: HostTypeNode | undefined, derive: (instantiation: string) => T): T {
    const { scope, members, instantiation } = this.#scopes.ofObject(type, typeNode);
    return this.#scopes.within(scope, () => this.#scopes.withMembers(members, () => derive(instantiation)));
  }

  /**
   * The keyword tags of the aliases a type is written through (`page: PageNumber`), applied to its
   * shape: before a member's or parameter's own tags, which are nearer and so win.
   */
  #withAliasTags(shape: Shape, type: HostType, pointer: string, typeNode: HostTypeNode | undefined): Shape {
    const host = this.#walk.host;
    const named = typeNode === undefined ? undefined : this.#namedInScope(typeNode);
    const tags = aliasKeywordTags(host, named);
    if (tags.length === 0) {
      return shape;
    }
    const found: ShapeProblem[] = [];
    const alias = namedTypeNode(host, named);
    const unread = { tags: this.#unread, subject: alias === undefined ? memberSubject(pointer) : `the type alias "${host.typeNodeText(alias)}"` };
    const documented = applyDocumentation(shape, { description: undefined, tags, pointer, problems: found, unread, typeText: () => host.text(type), purpose: this.#walk.purpose });
    found.forEach((problem) => this.#report(problem));
    return documented;
  }

  /** The root plus exactly the named shapes (defs) reachable from it, defs sorted by name. */
  document(root: Shape): ShapeDocument {
    const reached = new Set<string>();
    const visit = (shape: Shape): void => {
      if (shape.kind === 'ref') {
        const def = this.#defs.get(shape.name);
        if (!reached.has(shape.name) && def !== undefined) {
          reached.add(shape.name);
          visit(def);
        }
        return;
      }
      shapeChildren(shape).forEach(visit);
    };
    visit(root);
    const defs: Record<string, Shape> = {};
    for (const name of [...reached].sort()) {
      defs[name] = this.#defs.get(name)!;
    }
    return { root, defs };
  }

  #report(problem: ShapeProblem): void {
    if (!this.#problemPointers.has(problem.pointer)) {
      this.#problemPointers.add(problem.pointer);
      this.#problems.push(problem);
    }
  }

  #derive(type: HostType, pointer: string, slot: Slot, typeNode: HostTypeNode | undefined): Shape {
    if (this.#abandoned) {
      return { kind: 'any' };
    }
    if (this.#depth >= maxDerivationDepth) {
      const root = this.#root ?? { type, pointer };
      this.#abandoned = true;
      return this.#walk.fail(root.type, root.pointer, faults.tooDeep);
    }
    this.#depth++;
    try {
      return this.#deriveAt(type, pointer, slot, typeNode);
    } finally {
      this.#depth--;
    }
  }

  #deriveAt(type: HostType, pointer: string, slot: Slot, typeNode: HostTypeNode | undefined): Shape {
    const walk = this.#walk;
    const site: Site = typeNode === undefined ? { pointer } : { pointer, typeNode };
    const members = isPlainUnion(walk, type) ? walk.constituents(type, typeNode) : [type];
    const defined = members.filter((member) => !isUndefined(walk, member));
    if (defined.length === members.length) {
      return processorFor(type, walk).derive(type, site, walk);
    }
    const policy = undefinedPolicies[slot][walk.purpose];
    if (policy === 'problem') {
      walk.fail(type, pointer, undefinedFault(slot));
    } else if (policy === 'null' && !defined.some((member) => (walk.host.flags(member) & TypeFlag.Null) !== 0)) {
      defined.push(walk.host.nullType());
    }
    if (defined.length === 0) {
      return policy === 'problem' ? { kind: 'any' } : walk.fail(type, pointer, undefinedFault(slot));
    }
    const [only] = defined;
    if (defined.length !== 1 || only === undefined) {
      return unionOf(defined, site, walk);
    }
    const written = definedTypeNode(walk.host, typeNode);
    if (written === undefined) {
      return this.#derive(only, pointer, slot, undefined);
    }
    const resolved = this.#scopes.resolve(written);
    return this.#scopes.within(resolved.scope, () => this.#derive(only, pointer, slot, resolved.node));
  }

  #named(type: HostType, pointer: string, derive: () => Shape, instantiation: string): Shape {
    const identity = this.#identity(type, instantiation);
    const defined = this.#defNames.get(identity);
    if (defined !== undefined && this.#defs.has(defined)) {
      return { kind: 'ref', name: defined };
    }
    const active = this.#stack.get(identity);
    if (active !== undefined) {
      active.recursive = true;
      return { kind: 'ref', name: this.#defName(type, identity) };
    }
    // the same type again is a ref (above); the same generic again is another instantiation of it
    const generic = this.#walk.host.aliasSymbolOf(type) ?? this.#walk.host.symbolOf(type);
    const nested = generic === undefined ? 0 : (this.#nested.get(generic) ?? 0);
    if (generic !== undefined && nested >= maxNestedInstantiations) {
      // the outermost instantiation, where the expansion starts, and the one inside it
      const instantiations = [...this.#stack.values()].filter((candidate) => candidate.generic === generic);
      const frame = instantiations[0]!;
      const outermost = frame.type;
      const inner = instantiations[1]!.type;
      this.#abandoned = true;
      const walk = this.#walk;
      return walk.fail(outermost, frame.pointer, faults.expanding(genericName(generic, outermost, walk), walk.text(outermost), walk.text(inner)));
    }
    const frame = { recursive: false, pointer, generic, type };
    this.#stack.set(identity, frame);
    if (generic !== undefined) {
      this.#nested.set(generic, nested + 1);
    }
    let shape: Shape;
    try {
      shape = derive();
    } finally {
      this.#stack.delete(identity);
      if (generic !== undefined) {
        this.#nested.set(generic, nested);
      }
    }
    if (!frame.recursive) {
      return shape;
    }
    const name = this.#defName(type, identity);
    this.#defs.set(name, shape);
    return { kind: 'ref', name };
  }

  /** A type's identity as a def: the type itself, or one per instantiation written with more than its type says. */
  #identity(type: HostType, instantiation: string): object {
    if (instantiation === '') return type;
    let byInstantiation = this.#instantiations.get(type);
    if (byInstantiation === undefined) {
      byInstantiation = new Map();
      this.#instantiations.set(type, byInstantiation);
    }
    let identity = byInstantiation.get(instantiation);
    if (identity === undefined) {
      identity = { type, instantiation };
      byInstantiation.set(instantiation, identity);
    }
    return identity;
  }

  #defName(type: HostType, identity: object): string {
    const known = this.#defNames.get(identity);
    if (known !== undefined) {
      return known;
    }
    const base = sanitizeDefName(this.#walk.text(type));
    let name = base;
    for (let suffix = 2; this.#usedNames.has(name); suffix++) {
      name = `${base}_${suffix}`;
    }
    this.#usedNames.add(name);
    this.#defNames.set(identity, name);
    return name;
  }
}

/** `/filter/max~1min` → `the member "max/min"`: what a member's tags are on, in TSH023's words. */
function memberSubject(pointer: string): string {
  const name = (pointer.split('/').at(-1) ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
  return `the member "${name}"`;
}

/**
 * What a member's TSDoc says that the schema does not take: an inline tag in its summary
 * (`{@maximum 100}`: on a member, keyword tags are block tags), and what TSDoc reads
 * differently (TSH025).
 */
function unreadDocumentation(docs: SymbolDocumentation, pointer: string, unread: { tags: UnreadTag[]; subject: string }): void {
  for (const tag of docs.summaryInlineTags) {
    const data = { tag: tag.name, subject: unread.subject, value: tag.text === '' ? '' : ` ${tag.text}` };
    const messageId = tag.kind === 'unknown' ? 'unknownInlineTagInSummary' : 'inlineTagOnMember';
    unread.tags.push({ code: 'TSH023', pointer, tag: tag.name, messageId, data, site: tag.site });
  }
  for (const notice of docs.notices) {
    unread.tags.push({ code: 'TSH025', pointer, tag: notice.subject, messageId: notice.messageId, data: noticeData(notice, unread.subject), site: notice.site });
  }
}

/** The generic's name as a message says it: `Grow`, or the type's text for an anonymous one. */
function genericName(generic: HostSymbol, type: HostType, walk: Walk): string {
  const name = walk.host.symbolName(generic);
  return name.startsWith('__') ? walk.text(type) : name;
}

/** `T | undefined` as written → `T`, so the rest of the derivation still sees how `T` was written. */
function definedTypeNode(host: TypeHost, node: HostTypeNode | undefined): HostTypeNode | undefined {
  const view = node === undefined ? undefined : host.typeNode(node);
  if (view?.kind !== 'union') {
    return node;
  }
  const defined = view.members.filter((member) => host.typeNode(member).kind !== 'undefined');
  const [only] = defined;
  if (defined.length !== 1 || only === undefined) {
    return undefined;
  }
  const onlyView = host.typeNode(only);
  return onlyView.kind === 'parenthesized' ? onlyView.inner : only;
}

/** What a type alias declares that `#deriveWritten` derives as written (a generic one in its arguments' scope): a union, an array, a tuple, a reference, `readonly …[]`. */
const expandedKinds: ReadonlySet<TypeNodeView['kind']> = new Set(['union', 'array', 'tuple', 'reference', 'parenthesized']);

/** `Tree<string>` → `Tree_string`: a def name valid in a JSON Pointer and for every provider. */
function sanitizeDefName(text: string): string {
  const name = text.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
  return name === '' ? 'Type' : name;
}
