import type { Declaration, Node, TypeNode } from 'typescript7/ast';
import type { AnyAPIRequestGenerator, API, Checker, IndexedAccessType, MappedType, NodeHandle, Program, Symbol as TsSymbol, Type, TypeReference, UnionOrIntersectionType } from 'typescript7/sync';
import {
  TypeFlag,
  type Documentation,
  type HostIndexInfo,
  type HostProperty,
  type HostSymbol,
  type HostTemplate,
  type HostTuple,
  type HostTupleElement,
  type HostType,
  type HostTypeNode,
  type TypeHost,
  type TypeNodeView,
} from '../../host/TypeHost.js';
import type { Ts7Modules } from './loadTs7.js';

/** What the TypeScript 7 type host needs: the loaded API modules, the API connection, and one project's program and checker. */
export interface Ts7Compiler {
  readonly modules: Pick<Ts7Modules, 'version' | 'sync' | 'ast'>;
  readonly api: API;
  readonly program: Program;
  readonly checker: Checker;
}

const hostsByChecker = new WeakMap<Checker, TypeHost>();

/**
 * The type host of a TypeScript 7 checker, over the 7.1 JavaScript API: one per checker, so its
 * caches live as long as the snapshot. Each call the derivation makes is answered from what the
 * host already fetched, or with as few round trips to the `tsgo` process as the API allows: a
 * type's properties come with their types, docs and the basics of each member's type in two
 * batched requests.
 */
export function ts7TypeHost(compiler: Ts7Compiler): TypeHost {
  let host = hostsByChecker.get(compiler.checker);
  if (host === undefined) {
    checkFlags(compiler.modules);
    host = new Ts7TypeHost(compiler);
    hostsByChecker.set(compiler.checker, host);
  }
  return host;
}

/** The host's `TypeFlag` values are TypeScript's own; a compiler that renumbered them would derive nonsense. */
function checkFlags({ sync, version }: Ts7Compiler['modules']): void {
  const flags = sync.TypeFlags as unknown as Record<string, number>;
  for (const [name, value] of Object.entries(TypeFlag)) {
    if (flags[name] !== value) {
      throw new Error(`TypeScript ${version} numbers TypeFlags.${name} ${String(flags[name])}, toolgen expects ${value}`);
    }
  }
}

// the handles are the API's own objects, which its registry keeps one per type, symbol and node
const type = (handle: HostType): Type => handle as unknown as Type;
const symbol = (handle: HostSymbol): TsSymbol => handle as unknown as TsSymbol;
const node = (handle: HostTypeNode): TypeNode => handle as unknown as TypeNode;
const asType = (value: Type): HostType => value as unknown as HostType;
const asTypes = (values: readonly Type[]): readonly HostType[] => values as unknown as readonly HostType[];
const asSymbol = (value: TsSymbol): HostSymbol => value as unknown as HostSymbol;
const asNode = (value: TypeNode): HostTypeNode => value as unknown as HostTypeNode;

/** What the host fetched of one type; a field is undefined until it is fetched. */
interface TypeInfo {
  text?: string;
  /** `null`: the type has none. */
  symbol?: TsSymbol | null;
  aliasSymbol?: TsSymbol | null;
  constituents?: readonly Type[];
  typeArguments?: readonly Type[];
  tupleTarget?: Type;
  properties?: readonly HostProperty[];
  indexInfos?: readonly HostIndexInfo[];
  callSignatures?: boolean;
  constructSignatures?: boolean;
  baseTypes?: readonly Type[];
  enumValues?: readonly (string | number)[] | null;
  mappedSource?: Type | null;
}

interface SymbolInfo {
  documentation?: Documentation;
  isGlobalType?: boolean;
}

/** A request generator of the sync API: `batch` runs several at once, one round trip per round of requests. */
type Request = AnyAPIRequestGenerator;

/** A request that stores what it fetched: its results go to the host's caches, so it returns nothing. */
const request = (generator: () => Generator<unknown, void, never>): Request => generator() as unknown as Request;

class Ts7TypeHost implements TypeHost {
  readonly #sync: Ts7Modules['sync'];
  readonly #ast: Ts7Modules['ast'];
  readonly #api: API;
  readonly #program: Program;
  readonly #checker: Checker;
  readonly #types = new WeakMap<Type, TypeInfo>();
  readonly #symbols = new WeakMap<TsSymbol, SymbolInfo>();
  readonly #views = new WeakMap<TypeNode, TypeNodeView>();
  readonly #nodeTypes = new WeakMap<TypeNode, Type>();
  readonly #defaultLibrary = new Map<string, boolean>();
  /** The generic targets of `T[]` and `readonly T[]`, so `isArray` needs no round trip. */
  #arrayTargets: ReadonlySet<number> | undefined;
  #nullType: Type | undefined;

  constructor({ modules, api, program, checker }: Ts7Compiler) {
    this.#sync = modules.sync;
    this.#ast = modules.ast;
    this.#api = api;
    this.#program = program;
    this.#checker = checker;
  }

  #info(t: Type): TypeInfo {
    let info = this.#types.get(t);
    if (info === undefined) {
      info = {};
      this.#types.set(t, info);
    }
    return info;
  }

  #symbolInfo(s: TsSymbol): SymbolInfo {
    let info = this.#symbols.get(s);
    if (info === undefined) {
      info = {};
      this.#symbols.set(s, info);
    }
    return info;
  }

  /** Runs request generators together: one round trip per round, none when there are none. */
  #batch(requests: readonly Request[]): void {
    if (requests.length > 0) {
      this.#api.batch(...requests);
    }
  }

  flags(handle: HostType): number {
    return type(handle).flags;
  }

  isErrorType(handle: HostType): boolean {
    return this.#sync.isErrorType(type(handle));
  }

  text(handle: HostType): string {
    const t = type(handle);
    const info = this.#info(t);
    info.text ??= this.#checker.typeToString(t, undefined, this.#sync.TypeFormatFlags.NoTruncation);
    return info.text;
  }

  symbolOf(handle: HostType): HostSymbol | undefined {
    const t = type(handle);
    const info = this.#info(t);
    if (info.symbol === undefined) {
      this.#batch(this.#basics(t));
    }
    return info.symbol === null || info.symbol === undefined ? undefined : asSymbol(info.symbol);
  }

  aliasSymbolOf(handle: HostType): HostSymbol | undefined {
    const t = type(handle);
    const info = this.#info(t);
    if (info.aliasSymbol === undefined) {
      this.#batch(this.#aliasSymbolRequests(t));
    }
    return info.aliasSymbol === null || info.aliasSymbol === undefined ? undefined : asSymbol(info.aliasSymbol);
  }

  constituents(handle: HostType): readonly HostType[] {
    const t = type(handle);
    if ((t.flags & (TypeFlag.Union | TypeFlag.Intersection)) === 0) {
      return [];
    }
    const info = this.#info(t);
    if (info.constituents === undefined) {
      this.#batch(this.#constituentRequests(t));
    }
    return asTypes(info.constituents ?? []);
  }

  literalValue(handle: HostType): string | number | boolean | undefined {
    const t = type(handle);
    if ((t.flags & (TypeFlag.BooleanLiteral | TypeFlag.StringLiteral | TypeFlag.NumberLiteral)) === 0) {
      return undefined;
    }
    return (t as { value?: string | number | boolean }).value;
  }

  enumValues(handle: HostType): readonly (string | number)[] | undefined {
    const t = type(handle);
    const info = this.#info(t);
    if (info.enumValues === undefined) {
      info.enumValues = this.#enumValues(t);
    }
    return info.enumValues ?? undefined;
  }

  /**
   * TypeScript 7 orders a union by its own comparison, not by creation, so an enum's members are
   * put back in declaration order: by their symbols' declarations (file, then position).
   */
  #enumValues(t: Type): readonly (string | number)[] | null {
    const members = this.constituents(asType(t)).map(type);
    const values = members.map((member) => this.literalValue(asType(member)));
    if (!values.every((value) => typeof value === 'string' || typeof value === 'number')) {
      return null;
    }
    this.#batch(members.flatMap((member) => this.#basics(member)));
    const positions = members.map((member) => this.#info(member).symbol?.declarations[0]);
    const order = members.map((_member, index) => index);
    order.sort((a, b) => comparePositions(positions[a], positions[b]) || a - b);
    return order.map((index) => values[index] as string | number);
  }

  isArray(handle: HostType): boolean {
    const t = type(handle);
    if ((t.flags & TypeFlag.Object) === 0 || (this.#objectFlags(t) & this.#sync.ObjectFlags.Reference) === 0) {
      return false;
    }
    this.#arrayTargets ??= this.#findArrayTargets();
    return this.#arrayTargets.has((t as { target?: number }).target ?? -1);
  }

  /** The declared types of the global `Array` and `ReadonlyArray`: what `checker.isArrayType` compares a reference's target with. */
  #findArrayTargets(): ReadonlySet<number> {
    const checker = this.#checker;
    const typeMeaning = this.#sync.SymbolFlags.Type;
    const symbols = ['Array', 'ReadonlyArray'].map((name) => checker.resolveName(name, typeMeaning, undefined, false)).filter((found) => found !== undefined);
    const targets = this.#api.batch(...symbols.map((found) => checker.getDeclaredTypeOfSymbol.gen(found)));
    return new Set(targets.map((target) => target.id));
  }

  isTuple(handle: HostType): boolean {
    const t = type(handle);
    return (t.flags & TypeFlag.Object) !== 0 && this.#sync.isTupleType(t);
  }

  typeArguments(handle: HostType): readonly HostType[] {
    const t = type(handle);
    if (!this.#isReference(t)) {
      return [];
    }
    const info = this.#info(t);
    info.typeArguments ??= this.#checker.getTypeArguments(t as TypeReference);
    return asTypes(info.typeArguments);
  }

  tuple(handle: HostType): HostTuple {
    const t = type(handle);
    const info = this.#info(t);
    if (info.tupleTarget === undefined || info.typeArguments === undefined) {
      const [target, typeArguments] = this.#api.batch((t as TypeReference).getTarget.gen(), this.#checker.getTypeArguments.gen(t as TypeReference));
      info.tupleTarget = target;
      info.typeArguments = typeArguments;
    }
    const elementFlags = (info.tupleTarget as { elementFlags?: readonly number[] }).elementFlags ?? [];
    const types = info.typeArguments;
    const flags = this.#sync.ElementFlags;
    const elements = elementFlags.map(
      (flag, index): HostTupleElement => ({
        type: types[index] === undefined ? undefined : asType(types[index]),
        kind: (flag & flags.Variadic) !== 0 ? 'variadic' : (flag & flags.Rest) !== 0 ? 'rest' : (flag & flags.Optional) !== 0 ? 'optional' : 'required',
      }),
    );
    // TypeScript 6's `minLength`: the count of required elements
    return { elements, minLength: elementFlags.filter((flag) => (flag & flags.Required) !== 0).length };
  }

  template(handle: HostType): HostTemplate {
    const t = type(handle) as UnionOrIntersectionType & { texts?: readonly string[] };
    const info = this.#info(t);
    info.constituents ??= (t.getTypes() as readonly Type[] | undefined) ?? [];
    return { texts: t.texts ?? [], types: asTypes(info.constituents) };
  }

  properties(handle: HostType): readonly HostProperty[] {
    const t = type(handle);
    const info = this.#info(t);
    info.properties ??= this.#fetchProperties(t);
    return info.properties;
  }

  /**
   * Two round trips for all of a type's properties: their symbols, then in one batch their
   * types and docs. A third prefetches what the derivation asks next of each member's type
   * (an object's symbol, signatures, index signatures and bases; a union's members).
   */
  #fetchProperties(t: Type): readonly HostProperty[] {
    const checker = this.#checker;
    const members = checker.getPropertiesOfType(t);
    if (members.length === 0) {
      return [];
    }
    let types: readonly Type[] = [];
    const typesRequest = request(function* () {
      types = yield* checker.getTypeOfSymbol.gen(members as TsSymbol[]);
    });
    this.#batch([typesRequest, ...members.map((member) => this.#documentationRequest(member))]);
    const properties = members.map((member, index) => this.#property(member, types[index]!));
    this.#batch(types.flatMap((memberType) => this.#prefetch(memberType)));
    return properties;
  }

  #property(member: TsSymbol, memberType: Type): HostProperty {
    const { SymbolFlags } = this.#sync;
    const handle = member.valueDeclaration ?? member.declarations[0];
    const declaration = handle === undefined ? undefined : this.#resolve(handle);
    const typeNode = declaration !== undefined && this.#hasTypeNode(declaration) ? (declaration as { type?: TypeNode }).type : undefined;
    const parent = declaration?.parent;
    return {
      symbol: asSymbol(member),
      name: this.#memberName(member, declaration),
      type: asType(memberType),
      typeNode: typeNode === undefined ? undefined : asNode(typeNode),
      optional: (member.flags & SymbolFlags.Optional) !== 0,
      hidden: this.#isPrivate(member),
      classBehaviour: parent !== undefined && this.#ast.isClassLikeDeclaration(parent) && (member.flags & (SymbolFlags.Method | SymbolFlags.Accessor)) !== 0,
      symbolKeyed: member.name.startsWith('__@'),
      // the node's index in its file grows with its position, as TypeScript 6's `pos`
      declaredAt: handle === undefined ? undefined : { file: handle.path, index: handle.index },
    };
  }

  #resolve(handle: NodeHandle): Node | undefined {
    return handle.resolve();
  }

  #hasTypeNode(declaration: Node): boolean {
    const ast = this.#ast;
    return ast.isPropertySignatureDeclaration(declaration) || ast.isPropertyDeclaration(declaration) || ast.isParameterDeclaration(declaration);
  }

  /** `private`, `protected` or `#private`: state JSON cannot carry into or out of a class instance. */
  #isPrivate(member: TsSymbol): boolean {
    const ast = this.#ast;
    const { ModifierFlags, SyntaxKind } = ast;
    const classMember = new Set<number>([SyntaxKind.PropertyDeclaration, SyntaxKind.MethodDeclaration, SyntaxKind.GetAccessor, SyntaxKind.SetAccessor, SyntaxKind.Parameter]);
    return member.declarations.some((handle) => {
      // only a class's members and parameter properties can be private: the rest need no source
      if (!classMember.has(handle.kind)) {
        return false;
      }
      const declaration = this.#resolve(handle) as Declaration | undefined;
      if (declaration === undefined) {
        return false;
      }
      const name = (declaration as { name?: Node }).name;
      return (ast.getCombinedModifierFlags(declaration) & (ModifierFlags.Private | ModifierFlags.Protected)) !== 0 || (name !== undefined && ast.isPrivateIdentifier(name));
    });
  }

  /** The member's name as written: the checker names `#x` members `__#<id>@#x` and `[key]` ones `__@key@<id>`. */
  #memberName(member: TsSymbol, declaration: Node | undefined): string {
    const name = member.name;
    if (name.startsWith('__#')) {
      return name.slice(name.indexOf('@') + 1);
    }
    const first = member.declarations[0];
    const declared = first === undefined ? undefined : (first === (member.valueDeclaration ?? first) ? declaration : this.#resolve(first));
    const declaredName = (declared as { name?: Node } | undefined)?.name;
    return name.startsWith('__@') && declaredName !== undefined ? declaredName.getText() : name;
  }

  isMappedOverKeys(handle: HostType): boolean {
    const t = type(handle);
    if ((t.flags & TypeFlag.Object) === 0 || (this.#objectFlags(t) & this.#sync.ObjectFlags.Mapped) === 0) {
      return false;
    }
    // the mapped type's symbol is declared by its `{ [P in …]: … }` node (for `Partial`, in the lib: read once per file)
    const ast = this.#ast;
    const handleOfDeclaration = this.symbolOf(handle) === undefined ? undefined : symbol(this.symbolOf(handle)!).declarations[0];
    const declaration = handleOfDeclaration?.kind === ast.SyntaxKind.MappedType ? this.#resolve(handleOfDeclaration) : undefined;
    const constraint = declaration !== undefined && ast.isMappedTypeNode(declaration) ? declaration.typeParameter.constraint : undefined;
    return !(constraint !== undefined && ast.isTypeOperatorNode(constraint) && constraint.operator === ast.SyntaxKind.KeyOfKeyword);
  }

  mappedSource(handle: HostType): HostType | undefined {
    const t = type(handle);
    if ((t.flags & TypeFlag.Object) === 0 || (this.#objectFlags(t) & this.#sync.ObjectFlags.Mapped) === 0 || this.isMappedOverKeys(handle)) {
      return undefined;
    }
    const info = this.#info(t);
    if (info.mappedSource === undefined) {
      // TypeScript 7 writes an optional mapped type's template `T[K] | undefined`
      const template = (t as MappedType).getTemplateType();
      const members = (template.flags & TypeFlag.Union) !== 0 ? this.constituents(asType(template)).map(type) : [template];
      const access = members.find((member) => (member.flags & this.#sync.TypeFlags.IndexedAccess) !== 0);
      info.mappedSource = access === undefined ? null : (access as IndexedAccessType).getObjectType();
    }
    return info.mappedSource === null ? undefined : asType(info.mappedSource);
  }

  indexInfos(handle: HostType): readonly HostIndexInfo[] {
    const t = type(handle);
    const info = this.#info(t);
    if (info.indexInfos === undefined) {
      this.#batch(this.#basics(t));
    }
    // an intersection is no object type, so its basics leave them out
    info.indexInfos ??= this.#checker.getIndexInfosOfType(t).map((indexInfo) => ({ keyType: asType(indexInfo.keyType), valueType: asType(indexInfo.valueType) }));
    return info.indexInfos;
  }

  hasSignatures(handle: HostType, kind: 'call' | 'construct'): boolean {
    const t = type(handle);
    const info = this.#info(t);
    if (info.callSignatures === undefined || info.constructSignatures === undefined) {
      this.#batch(this.#signatureRequests(t));
    }
    return (kind === 'call' ? info.callSignatures : info.constructSignatures) ?? false;
  }

  baseTypes(handle: HostType): readonly HostType[] {
    const t = type(handle);
    const info = this.#info(t);
    if (info.baseTypes === undefined) {
      this.#batch(this.#baseTypeRequests(t));
    }
    return asTypes(info.baseTypes ?? []);
  }

  nullType(): HostType {
    this.#nullType ??= this.#checker.getNullType();
    return asType(this.#nullType);
  }

  symbolName(handle: HostSymbol): string {
    return symbol(handle).name;
  }

  isClass(handle: HostSymbol): boolean {
    return (symbol(handle).flags & this.#sync.SymbolFlags.Class) !== 0;
  }

  isGlobalType(handle: HostSymbol): boolean {
    const s = symbol(handle);
    const info = this.#symbolInfo(s);
    info.isGlobalType ??= this.#checker.resolveName(s.name, this.#sync.SymbolFlags.Type, undefined, false) === s;
    return info.isGlobalType;
  }

  documentation(handle: HostSymbol): Documentation {
    const s = symbol(handle);
    const info = this.#symbolInfo(s);
    if (info.documentation === undefined) {
      this.#batch([this.#documentationRequest(s)]);
    }
    return info.documentation!;
  }

  typeNode(handle: HostTypeNode): TypeNodeView {
    const typeNode = node(handle);
    let view = this.#views.get(typeNode);
    if (view === undefined) {
      view = this.#view(typeNode);
      this.#views.set(typeNode, view);
    }
    return view;
  }

  #view(typeNode: TypeNode): TypeNodeView {
    const ast = this.#ast;
    if (ast.isParenthesizedTypeNode(typeNode)) {
      return { kind: 'parenthesized', inner: asNode(typeNode.type) };
    }
    if (ast.isUnionTypeNode(typeNode)) {
      return { kind: 'union', members: typeNode.types.map(asNode) };
    }
    if (ast.isArrayTypeNode(typeNode)) {
      return { kind: 'array', element: asNode(typeNode.elementType) };
    }
    if (ast.isTypeReferenceNode(typeNode)) {
      return { kind: 'reference', name: typeNode.typeName.getText(), typeArguments: (typeNode.typeArguments ?? []).map(asNode) };
    }
    if (ast.isTypeOperatorNode(typeNode) && typeNode.operator === ast.SyntaxKind.KeyOfKeyword) {
      return { kind: 'keyof', target: asNode(typeNode.type) };
    }
    if (typeNode.kind === ast.SyntaxKind.UndefinedKeyword) {
      return { kind: 'undefined' };
    }
    if (ast.isLiteralTypeNode(typeNode) && typeNode.literal.kind === ast.SyntaxKind.NullKeyword) {
      return { kind: 'null' };
    }
    return { kind: 'other' };
  }

  typeNodeText(handle: HostTypeNode): string {
    return node(handle).getText();
  }

  typeFromNode(handle: HostTypeNode): HostType {
    const typeNode = node(handle);
    let found = this.#nodeTypes.get(typeNode);
    if (found === undefined) {
      // a written union's members are read one after another (union order): fetch its siblings' types with it
      const parent = typeNode.parent;
      const siblings = parent !== undefined && this.#ast.isUnionTypeNode(parent) ? parent.types.filter((sibling) => !this.#nodeTypes.has(sibling)) : [typeNode];
      const types = this.#api.batch(...siblings.map((sibling) => this.#checker.getTypeFromTypeNode.gen(sibling)));
      siblings.forEach((sibling, index) => this.#nodeTypes.set(sibling, types[index]!));
      found = this.#nodeTypes.get(typeNode)!;
    }
    return asType(found);
  }

  aliasTypeNode(handle: HostType): HostTypeNode | undefined {
    const alias = this.aliasSymbolOf(handle);
    const declarationHandle = alias === undefined ? undefined : symbol(alias).declarations.find((candidate) => candidate.kind === this.#ast.SyntaxKind.TypeAliasDeclaration);
    const declaration = declarationHandle === undefined ? undefined : this.#resolve(declarationHandle);
    if (declaration === undefined || !this.#ast.isTypeAliasDeclaration(declaration) || declaration.typeParameters !== undefined) {
      return undefined;
    }
    return asNode(declaration.type);
  }

  referencedSummary(handle: HostTypeNode): string | undefined {
    const reference = node(handle);
    if (!this.#ast.isTypeReferenceNode(reference)) {
      return undefined;
    }
    let found = this.#checker.getSymbolAtLocation(reference.typeName);
    if (found !== undefined && (found.flags & this.#sync.SymbolFlags.Alias) !== 0) {
      found = this.#checker.getAliasedSymbol(found);
    }
    const declarations = found?.declarations ?? [];
    if (found === undefined || declarations.length === 0 || declarations.every((declaration) => this.#isDefaultLibrary(declaration.path))) {
      return undefined;
    }
    return this.documentation(asSymbol(found)).description;
  }

  #isDefaultLibrary(path: NodeHandle['path']): boolean {
    let known = this.#defaultLibrary.get(path);
    if (known === undefined) {
      known = this.#program.getSourceFileMetadataByPath(path)?.isDefaultLibrary ?? false;
      this.#defaultLibrary.set(path, known);
    }
    return known;
  }

  // Requests: each fills a field of the type's or symbol's info when `#batch` runs it.

  #objectFlags(t: Type): number {
    return (t as { objectFlags?: number }).objectFlags ?? 0;
  }

  #isReference(t: Type): boolean {
    return (t.flags & TypeFlag.Object) !== 0 && (this.#objectFlags(t) & this.#sync.ObjectFlags.Reference) !== 0;
  }

  /** What the processors ask of every object type before its properties: its symbol, signatures, index signatures and bases. */
  #basics(t: Type): Request[] {
    const info = this.#info(t);
    const requests: Request[] = [];
    if (info.symbol === undefined) {
      requests.push(
        request(function* () {
          info.symbol = (yield* t.getSymbol.gen()) ?? null;
        }),
      );
    }
    if ((t.flags & TypeFlag.Object) === 0) {
      return requests;
    }
    if (info.indexInfos === undefined) {
      const checker = this.#checker;
      requests.push(
        request(function* () {
          const infos = (yield* checker.getIndexInfosOfType.gen(t)) ?? [];
          info.indexInfos = infos.map((indexInfo) => ({ keyType: asType(indexInfo.keyType), valueType: asType(indexInfo.valueType) }));
        }),
      );
    }
    return [...requests, ...this.#signatureRequests(t), ...this.#baseTypeRequests(t)];
  }

  #signatureRequests(t: Type): Request[] {
    const info = this.#info(t);
    if (info.callSignatures !== undefined && info.constructSignatures !== undefined) {
      return [];
    }
    const checker = this.#checker;
    const { SignatureKind } = this.#sync;
    return [
      request(function* () {
        info.callSignatures = (yield* checker.getSignaturesOfType.gen(t, SignatureKind.Call)).length > 0;
      }),
      request(function* () {
        info.constructSignatures = (yield* checker.getSignaturesOfType.gen(t, SignatureKind.Construct)).length > 0;
      }),
    ];
  }

  /** A class's or interface's bases, through a reference to a generic one (its target); none for any other type. */
  #baseTypeRequests(t: Type): Request[] {
    const info = this.#info(t);
    if (info.baseTypes !== undefined) {
      return [];
    }
    if ((t.flags & TypeFlag.Object) === 0) {
      info.baseTypes = [];
      return [];
    }
    const checker = this.#checker;
    const { ObjectFlags } = this.#sync;
    const reference = (this.#objectFlags(t) & ObjectFlags.Reference) !== 0;
    const objectFlags = (candidate: Type): number => (candidate as { objectFlags?: number }).objectFlags ?? 0;
    return [
      request(function* () {
        const target = reference ? (yield* (t as TypeReference).getTarget.gen()) : t;
        if ((objectFlags(target) & (ObjectFlags.Class | ObjectFlags.Interface)) === 0) {
          info.baseTypes = [];
          return;
        }
        info.baseTypes = yield* checker.getBaseTypes.gen(target as Parameters<Checker['getBaseTypes']>[0]);
      }),
    ];
  }

  #constituentRequests(t: Type): Request[] {
    const info = this.#info(t);
    if (info.constituents !== undefined || (t.flags & (TypeFlag.Union | TypeFlag.Intersection)) === 0) {
      return [];
    }
    return [
      request(function* () {
        info.constituents = (yield* (t as UnionOrIntersectionType).getTypes.gen()) ?? [];
      }),
    ];
  }

  #aliasSymbolRequests(t: Type): Request[] {
    const info = this.#info(t);
    if (info.aliasSymbol !== undefined) {
      return [];
    }
    return [
      request(function* () {
        info.aliasSymbol = (yield* t.getAliasSymbol.gen()) ?? null;
      }),
    ];
  }

  #documentationRequest(s: TsSymbol): Request {
    const info = this.#symbolInfo(s);
    const checker = this.#checker;
    const all = this.#sync.all;
    return request(function* () {
      if (info.documentation !== undefined) {
        return;
      }
      const [summary, tags] = yield* all(checker.getDocumentationCommentOfSymbol.gen(s), checker.getJsDocTagsOfSymbol.gen(s));
      const description = summary.trim();
      info.documentation = {
        description: description === '' ? undefined : description,
        tags: tags.map((tag) => ({ name: tag.name, text: (tag.text ?? '').trim() })),
      };
    });
  }

  /** What the derivation asks next of a member's type: an object's basics, a union's members and its alias, and theirs. */
  #prefetch(t: Type): Request[] {
    const requests: Request[] = [...this.#aliasSymbolRequests(t)];
    if ((t.flags & TypeFlag.Object) !== 0) {
      requests.push(...this.#basics(t));
    }
    const info = this.#info(t);
    if (info.constituents === undefined && (t.flags & (TypeFlag.Union | TypeFlag.Intersection)) !== 0) {
      const prefetch = (member: Type): Request[] => this.#prefetch(member);
      const all = this.#sync.all;
      requests.push(
        request(function* () {
          const members = (yield* (t as UnionOrIntersectionType).getTypes.gen()) ?? [];
          info.constituents = members;
          yield* all(...members.flatMap(prefetch));
        }),
      );
    }
    return requests;
  }
}

/** Declaration order: by file, then by position in the file. */
function comparePositions(a: NodeHandle | undefined, b: NodeHandle | undefined): number {
  if (a === undefined || b === undefined) {
    return a === b ? 0 : a === undefined ? 1 : -1;
  }
  return a.path < b.path ? -1 : a.path > b.path ? 1 : a.index - b.index;
}

/** A TypeScript 7 type as the type host's handle. */
export const ts7HostType = (value: Type): HostType => asType(value);

/** A TypeScript 7 type node as the type host's handle. */
export const ts7HostTypeNode = (value: TypeNode | undefined): HostTypeNode | undefined => (value === undefined ? undefined : asNode(value));
