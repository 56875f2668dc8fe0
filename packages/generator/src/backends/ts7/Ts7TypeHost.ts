import type { MappedTypeNode, Node, TypeNode, TypeParameterDeclaration } from 'typescript7/ast';
import type { Checker, IndexedAccessType, MappedType, NodeHandle, Type, TypeReference, UnionOrIntersectionType } from 'typescript7/sync';
import {
  TypeFlag,
  type HostDocComment,
  type HostHeritage,
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
import { lastDocComment } from '../../host/docComment.js';
import { asNode, asSymbol, asType, asTypes, node, objectFlags, symbol, type, type RemoteNode } from './handles.js';
import { aliasSymbolRequests, baseTypeRequests, basicsRequests, constituentRequests, hostIndexInfo, signatureRequests } from './prefetch.js';
import { fetchProperties } from './properties.js';
import { Ts7Context, type Ts7Compiler } from './Ts7Context.js';
import { Ts7TypeNodes } from './Ts7TypeNodes.js';

export type { Ts7Compiler } from './Ts7Context.js';

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

class Ts7TypeHost implements TypeHost {
  readonly #context: Ts7Context;
  readonly #typeNodes: Ts7TypeNodes;
  readonly #typeParameterNames = new WeakMap<object, readonly string[]>();
  /** The generic targets of `T[]` and `readonly T[]`, so `isArray` needs no round trip. */
  #arrayTargets: ReadonlySet<number> | undefined;
  #nullType: Type | undefined;

  constructor(compiler: Ts7Compiler) {
    this.#context = new Ts7Context(compiler);
    this.#typeNodes = new Ts7TypeNodes(this.#context);
  }

  flags(handle: HostType): number {
    return type(handle).flags;
  }

  isErrorType(handle: HostType): boolean {
    return this.#context.sync.isErrorType(type(handle));
  }

  text(handle: HostType): string {
    const { checker, sync } = this.#context;
    const t = type(handle);
    const info = this.#context.info(t);
    info.text ??= checker.typeToString(t, undefined, sync.TypeFormatFlags.NoTruncation);
    return info.text;
  }

  symbolOf(handle: HostType): HostSymbol | undefined {
    const t = type(handle);
    const info = this.#context.info(t);
    if (info.symbol === undefined) {
      this.#context.batch(basicsRequests(this.#context, t));
    }
    return info.symbol === null || info.symbol === undefined ? undefined : asSymbol(info.symbol);
  }

  aliasSymbolOf(handle: HostType): HostSymbol | undefined {
    const t = type(handle);
    const info = this.#context.info(t);
    if (info.aliasSymbol === undefined) {
      this.#context.batch(aliasSymbolRequests(this.#context, t));
    }
    return info.aliasSymbol === null || info.aliasSymbol === undefined ? undefined : asSymbol(info.aliasSymbol);
  }

  constituents(handle: HostType): readonly HostType[] {
    const t = type(handle);
    if ((t.flags & (TypeFlag.Union | TypeFlag.Intersection)) === 0) {
      return [];
    }
    const info = this.#context.info(t);
    if (info.constituents === undefined) {
      this.#context.batch(constituentRequests(this.#context, t));
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
    const info = this.#context.info(t);
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
    this.#context.batch(members.flatMap((member) => basicsRequests(this.#context, member)));
    const positions = members.map((member) => this.#context.info(member).symbol?.declarations[0]);
    const order = members.map((_member, index) => index);
    order.sort((a, b) => comparePositions(positions[a], positions[b]) || a - b);
    return order.map((index) => values[index] as string | number);
  }

  isArray(handle: HostType): boolean {
    const t = type(handle);
    if ((t.flags & TypeFlag.Object) === 0 || (objectFlags(t) & this.#context.sync.ObjectFlags.Reference) === 0) {
      return false;
    }
    this.#arrayTargets ??= this.#findArrayTargets();
    return this.#arrayTargets.has((t as { target?: number }).target ?? -1);
  }

  /** The declared types of the global `Array` and `ReadonlyArray`: what `checker.isArrayType` compares a reference's target with. */
  #findArrayTargets(): ReadonlySet<number> {
    const { api, checker } = this.#context;
    const typeMeaning = this.#context.sync.SymbolFlags.Type;
    const symbols = ['Array', 'ReadonlyArray'].map((name) => checker.resolveName(name, typeMeaning, undefined, false)).filter((found) => found !== undefined);
    const targets = api.batch(...symbols.map((found) => checker.getDeclaredTypeOfSymbol.gen(found)));
    return new Set(targets.map((target) => target.id));
  }

  isTuple(handle: HostType): boolean {
    const t = type(handle);
    return (t.flags & TypeFlag.Object) !== 0 && this.#context.sync.isTupleType(t);
  }

  typeArguments(handle: HostType): readonly HostType[] {
    const t = type(handle);
    if (!this.#isReference(t)) {
      return [];
    }
    const info = this.#context.info(t);
    info.typeArguments ??= this.#context.checker.getTypeArguments(t as TypeReference);
    return asTypes(info.typeArguments);
  }

  tuple(handle: HostType): HostTuple {
    const t = type(handle);
    const info = this.#context.info(t);
    if (info.tupleTarget === undefined || info.typeArguments === undefined) {
      const [target, typeArguments] = this.#context.api.batch((t as TypeReference).getTarget.gen(), this.#context.checker.getTypeArguments.gen(t as TypeReference));
      info.tupleTarget = target;
      info.typeArguments = typeArguments;
    }
    const elementFlags = (info.tupleTarget as { elementFlags?: readonly number[] }).elementFlags ?? [];
    const types = info.typeArguments;
    const flags = this.#context.sync.ElementFlags;
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
    const info = this.#context.info(t);
    info.constituents ??= (t.getTypes() as readonly Type[] | undefined) ?? [];
    return { texts: t.texts ?? [], types: asTypes(info.constituents) };
  }

  properties(handle: HostType): readonly HostProperty[] {
    const t = type(handle);
    const info = this.#context.info(t);
    info.properties ??= fetchProperties(this.#context, t);
    return info.properties;
  }

  isMappedOverKeys(handle: HostType): boolean {
    const declaration = this.mappedDeclaration(handle);
    if (declaration === undefined) {
      return false;
    }
    const ast = this.#context.ast;
    const constraint = (node(declaration) as MappedTypeNode).typeParameter.constraint;
    return !(constraint !== undefined && ast.isTypeOperatorNode(constraint) && constraint.operator === ast.SyntaxKind.KeyOfKeyword);
  }

  mappedDeclaration(handle: HostType): HostTypeNode | undefined {
    const t = type(handle);
    if ((t.flags & TypeFlag.Object) === 0 || (objectFlags(t) & this.#context.sync.ObjectFlags.Mapped) === 0) {
      return undefined;
    }
    // the mapped type's symbol is declared by its `{ [P in …]: … }` node (for `Partial`, in the lib: read once per file)
    const ast = this.#context.ast;
    const handleOfDeclaration = this.symbolOf(handle) === undefined ? undefined : symbol(this.symbolOf(handle)!).declarations[0];
    const declaration = handleOfDeclaration?.kind === ast.SyntaxKind.MappedType ? handleOfDeclaration.resolve() : undefined;
    return declaration !== undefined && ast.isMappedTypeNode(declaration) ? asNode(declaration) : undefined;
  }

  mappedSource(handle: HostType): HostType | undefined {
    const t = type(handle);
    if ((t.flags & TypeFlag.Object) === 0 || (objectFlags(t) & this.#context.sync.ObjectFlags.Mapped) === 0 || this.isMappedOverKeys(handle)) {
      return undefined;
    }
    const info = this.#context.info(t);
    if (info.mappedSource === undefined) {
      // TypeScript 7 writes an optional mapped type's template `T[K] | undefined`
      const template = (t as MappedType).getTemplateType();
      const members = (template.flags & TypeFlag.Union) !== 0 ? this.constituents(asType(template)).map(type) : [template];
      const access = members.find((member) => (member.flags & this.#context.sync.TypeFlags.IndexedAccess) !== 0);
      info.mappedSource = access === undefined ? null : (access as IndexedAccessType).getObjectType();
    }
    return info.mappedSource === null ? undefined : asType(info.mappedSource);
  }

  indexInfos(handle: HostType): readonly HostIndexInfo[] {
    const t = type(handle);
    const info = this.#context.info(t);
    if (info.indexInfos === undefined) {
      this.#context.batch(basicsRequests(this.#context, t));
    }
    // an intersection is no object type, so its basics leave them out
    info.indexInfos ??= this.#context.checker.getIndexInfosOfType(t).map(hostIndexInfo);
    return info.indexInfos;
  }

  hasSignatures(handle: HostType, kind: 'call' | 'construct'): boolean {
    const t = type(handle);
    const info = this.#context.info(t);
    if (info.callSignatures === undefined || info.constructSignatures === undefined) {
      this.#context.batch(signatureRequests(this.#context, t));
    }
    return (kind === 'call' ? info.callSignatures : info.constructSignatures) ?? false;
  }

  baseTypes(handle: HostType): readonly HostType[] {
    const t = type(handle);
    const info = this.#context.info(t);
    if (info.baseTypes === undefined) {
      this.#context.batch(baseTypeRequests(this.#context, t));
    }
    return asTypes(info.baseTypes ?? []);
  }

  nullType(): HostType {
    this.#nullType ??= this.#context.checker.getNullType();
    return asType(this.#nullType);
  }

  symbolName(handle: HostSymbol): string {
    return symbol(handle).name;
  }

  isClass(handle: HostSymbol): boolean {
    return (symbol(handle).flags & this.#context.sync.SymbolFlags.Class) !== 0;
  }

  isGlobalType(handle: HostSymbol): boolean {
    const s = symbol(handle);
    const info = this.#context.symbolInfo(s);
    info.isGlobalType ??= this.#context.checker.resolveName(s.name, this.#context.sync.SymbolFlags.Type, undefined, false) === s;
    return info.isGlobalType;
  }

  docComment(handle: HostSymbol): HostDocComment | undefined {
    const s = symbol(handle);
    const info = this.#context.symbolInfo(s);
    if (info.docComment === undefined) {
      info.docComment = null;
      for (const declaration of s.declarations) {
        const found = declarationDocComment(this.#context, declaration.resolve());
        if (found !== undefined) {
          info.docComment = found;
          break;
        }
      }
    }
    return info.docComment ?? undefined;
  }

  typeNode(handle: HostTypeNode): TypeNodeView {
    return this.#typeNodes.view(handle);
  }

  typeNodeText(handle: HostTypeNode): string {
    return node(handle).getText();
  }

  typeFromNode(handle: HostTypeNode): HostType {
    return this.#typeNodes.typeFromNode(handle);
  }

  aliasTypeNode(handle: HostType): HostTypeNode | undefined {
    return this.#typeNodes.aliasTypeNode(this.aliasSymbolOf(handle));
  }

  aliasDeclaredTypeNode(handle: HostSymbol): HostTypeNode | undefined {
    return this.#typeNodes.aliasTypeNode(handle);
  }

  genericAliasDeclaredTypeNode(handle: HostSymbol): HostTypeNode | undefined {
    return this.#typeNodes.aliasTypeNode(handle, true);
  }

  referencedSymbol(handle: HostTypeNode): HostSymbol | undefined {
    const found = this.#typeNodes.referencedSymbol(handle);
    return found === undefined ? undefined : asSymbol(found);
  }

  typeParameterNames(handle: HostSymbol): readonly string[] {
    // asked for at every object written as a reference to a declared type: its declarations are resolved once
    const declared = symbol(handle);
    let names = this.#typeParameterNames.get(declared);
    if (names === undefined) {
      names = [];
      for (const declaration of declared.declarations) {
        const node = declaration.resolve() as { readonly typeParameters?: readonly { readonly name: { readonly text: string } }[] } | undefined;
        if (node?.typeParameters !== undefined) {
          names = node.typeParameters.map((parameter) => parameter.name.text);
          break;
        }
      }
      this.#typeParameterNames.set(declared, names);
    }
    return names;
  }

  typeParameterDefaults(handle: HostSymbol): readonly (HostTypeNode | undefined)[] {
    // asked for only where a reference leaves out arguments a declaration gives defaults for (TypeScript 7 names it `defaultType`)
    for (const declaration of symbol(handle).declarations) {
      const node = declaration.resolve() as { readonly typeParameters?: readonly Pick<TypeParameterDeclaration, 'defaultType'>[] } | undefined;
      if (node?.typeParameters !== undefined) {
        return node.typeParameters.map((parameter) => (parameter.defaultType === undefined ? undefined : asNode(parameter.defaultType)));
      }
    }
    return [];
  }

  declarationOf(handle: HostTypeNode): HostSymbol | undefined {
    const found = this.#typeNodes.declarationOf(handle);
    return found === undefined ? undefined : asSymbol(found);
  }

  heritage(handle: HostSymbol): readonly HostHeritage[] {
    return this.#typeNodes.heritage(symbol(handle)).map((base) => ({ symbol: asSymbol(base.symbol), typeArguments: base.typeArguments.map((argument) => asNode(argument)) }));
  }

  #isReference(t: Type): boolean {
    return (t.flags & TypeFlag.Object) !== 0 && (objectFlags(t) & this.#context.sync.ObjectFlags.Reference) !== 0;
  }
}

/** The doc comment before a declaration (before its statement, for a variable), as written. */
function declarationDocComment({ ast }: Ts7Context, declaration: Node | undefined): HostDocComment | undefined {
  if (declaration === undefined) {
    return undefined;
  }
  const statement = declaration.parent?.parent;
  const documented = (ast.isVariableDeclaration(declaration) && statement !== undefined && ast.isVariableStatement(statement) ? statement : declaration) as RemoteNode;
  const start = documented.getFullStart();
  const found = lastDocComment(documented.getFullText().slice(0, documented.getStart() - start));
  return found === undefined ? undefined : { text: found.text, file: documented.getSourceFile().fileName, start: start + found.offset };
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
