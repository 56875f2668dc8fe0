import type ts from 'typescript';
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
import { TypeNodeViews } from '../typeNodeView.js';

/**
 * The parts of the `ts` namespace the host uses. A structural subset, so any TypeScript 6.0.x
 * namespace fits, whichever copy the caller owns (ts-morph's bundled one differs from the
 * `typescript` package in node-factory brands the host never touches).
 */
export type Ts6Namespace = Pick<
  typeof ts,
  | 'ElementFlags'
  | 'ModifierFlags'
  | 'ObjectFlags'
  | 'SignatureKind'
  | 'SymbolFlags'
  | 'SyntaxKind'
  | 'TypeFlags'
  | 'TypeFormatFlags'
  | 'version'
  | 'getCombinedModifierFlags'
  | 'isArrayTypeNode'
  | 'isClassElement'
  | 'isClassLike'
  | 'isIndexSignatureDeclaration'
  | 'isIndexedAccessTypeNode'
  | 'isInterfaceDeclaration'
  | 'isIntersectionTypeNode'
  | 'isLiteralTypeNode'
  | 'isMappedTypeNode'
  | 'isNamedTupleMember'
  | 'isOptionalTypeNode'
  | 'isParameter'
  | 'isParenthesizedTypeNode'
  | 'isPrivateIdentifier'
  | 'isPropertyDeclaration'
  | 'isPropertySignature'
  | 'isRestTypeNode'
  | 'isTupleTypeNode'
  | 'isTypeLiteralNode'
  | 'isTypeAliasDeclaration'
  | 'isTypeOperatorNode'
  | 'isTypeReferenceNode'
  | 'isUnionTypeNode'
  | 'isVariableDeclaration'
  | 'isVariableStatement'
>;

/** What the TypeScript 6 type host needs: the caller's `ts` namespace (ts-morph's bundle, or the user's in the ESLint plugin), a program and its checker. */
export interface Ts6Compiler {
  readonly ts: Ts6Namespace;
  readonly program: Pick<ts.Program, 'isSourceFileDefaultLibrary'>;
  readonly checker: ts.TypeChecker;
}

const hostsByChecker = new WeakMap<ts.TypeChecker, TypeHost>();

/** The type host of a TypeScript 6 checker: one per checker, so its caches live as long as the program. */
export function ts6TypeHost(compiler: Ts6Compiler): TypeHost {
  let host = hostsByChecker.get(compiler.checker);
  if (host === undefined) {
    checkFlags(compiler.ts);
    host = new Ts6TypeHost(compiler);
    hostsByChecker.set(compiler.checker, host);
  }
  return host;
}

/** The host's `TypeFlag` values are TypeScript's own; a compiler that renumbered them would derive nonsense. */
function checkFlags(t: Ts6Namespace): void {
  for (const [name, value] of Object.entries(TypeFlag)) {
    if ((t.TypeFlags as unknown as Record<string, number>)[name] !== value) {
      throw new Error(`TypeScript ${t.version} numbers TypeFlags.${name} ${String((t.TypeFlags as unknown as Record<string, number>)[name])}, toolgen expects ${value}`);
    }
  }
}

// the handles are the compiler's own objects
const type = (handle: HostType): ts.Type => handle as unknown as ts.Type;
const symbol = (handle: HostSymbol): ts.Symbol => handle as unknown as ts.Symbol;
const node = (handle: HostTypeNode): ts.TypeNode => handle as unknown as ts.TypeNode;
const asType = (value: ts.Type): HostType => value as unknown as HostType;

/** A TypeScript 6 type as the type host's handle (the TS6 host's handles are the compiler's own objects). */
export const hostType = asType;

/** A TypeScript 6 type node as the type host's handle. */
export const hostTypeNode = (value: ts.TypeNode | undefined): HostTypeNode | undefined => value as unknown as HostTypeNode | undefined;
const asTypes = (values: readonly ts.Type[]): readonly HostType[] => values as unknown as readonly HostType[];
const asSymbol = (value: ts.Symbol): HostSymbol => value as unknown as HostSymbol;
const asNode = (value: ts.TypeNode): HostTypeNode => value as unknown as HostTypeNode;

type TypedMember = ts.PropertySignature | ts.PropertyDeclaration | ts.ParameterDeclaration;

class Ts6TypeHost implements TypeHost {
  readonly #ts: Ts6Namespace;
  readonly #program: Ts6Compiler['program'];
  readonly #checker: ts.TypeChecker;
  readonly #views: TypeNodeViews<ts.TypeNode>;

  constructor({ ts: t, program, checker }: Ts6Compiler) {
    this.#ts = t;
    this.#program = program;
    this.#checker = checker;
    this.#views = new TypeNodeViews<ts.TypeNode>(t);
  }

  flags(handle: HostType): number {
    return type(handle).flags;
  }

  isErrorType(handle: HostType): boolean {
    return (type(handle) as { intrinsicName?: string }).intrinsicName === 'error';
  }

  text(handle: HostType): string {
    return this.#checker.typeToString(type(handle), undefined, this.#ts.TypeFormatFlags.NoTruncation);
  }

  symbolOf(handle: HostType): HostSymbol | undefined {
    const found = type(handle).getSymbol();
    return found === undefined ? undefined : asSymbol(found);
  }

  aliasSymbolOf(handle: HostType): HostSymbol | undefined {
    const found = type(handle).aliasSymbol;
    return found === undefined ? undefined : asSymbol(found);
  }

  constituents(handle: HostType): readonly HostType[] {
    const t = type(handle);
    return (t.flags & (TypeFlag.Union | TypeFlag.Intersection)) !== 0 ? asTypes((t as ts.UnionOrIntersectionType).types) : [];
  }

  literalValue(handle: HostType): string | number | boolean | undefined {
    const t = type(handle);
    if ((t.flags & TypeFlag.BooleanLiteral) !== 0) {
      return (t as { intrinsicName?: string }).intrinsicName === 'true';
    }
    if ((t.flags & (TypeFlag.StringLiteral | TypeFlag.NumberLiteral)) !== 0) {
      return (t as ts.LiteralType).value as string | number;
    }
    return undefined;
  }

  enumValues(handle: HostType): readonly (string | number)[] | undefined {
    // the checker creates an enum's literal types in declaration order, and its union keeps that order
    const members = this.constituents(handle);
    const values = members.map((member) => this.literalValue(member));
    return values.every((value) => typeof value === 'string' || typeof value === 'number') ? (values as (string | number)[]) : undefined;
  }

  isArray(handle: HostType): boolean {
    return this.#checker.isArrayType(type(handle));
  }

  isTuple(handle: HostType): boolean {
    return this.#checker.isTupleType(type(handle));
  }

  typeArguments(handle: HostType): readonly HostType[] {
    const t = type(handle);
    const reference = (t.flags & TypeFlag.Object) !== 0 && ((t as ts.ObjectType).objectFlags & this.#ts.ObjectFlags.Reference) !== 0;
    return reference ? asTypes(this.#checker.getTypeArguments(t as ts.TypeReference)) : [];
  }

  tuple(handle: HostType): HostTuple {
    const target = (type(handle) as ts.TypeReference).target as ts.TupleType;
    const types = this.typeArguments(handle);
    const flags = this.#ts.ElementFlags;
    const elements = target.elementFlags.map(
      (flag, index): HostTupleElement => ({
        type: types[index],
        kind: (flag & flags.Variadic) !== 0 ? 'variadic' : (flag & flags.Rest) !== 0 ? 'rest' : (flag & flags.Optional) !== 0 ? 'optional' : 'required',
      }),
    );
    return { elements, minLength: target.minLength };
  }

  template(handle: HostType): HostTemplate {
    const t = type(handle) as ts.TemplateLiteralType;
    return { texts: t.texts, types: asTypes(t.types) };
  }

  properties(handle: HostType): readonly HostProperty[] {
    return this.#checker.getPropertiesOfType(type(handle)).map((member) => this.#property(member));
  }

  #property(member: ts.Symbol): HostProperty {
    const t = this.#ts;
    const checker = this.#checker;
    const declaration = member.valueDeclaration ?? member.declarations?.[0];
    const behaviour = t.SymbolFlags.Method | t.SymbolFlags.Accessor;
    const typeNode = declaration !== undefined && hasTypeNode(t, declaration) ? declaration.type : undefined;
    let memberType: HostType | undefined;
    return {
      symbol: asSymbol(member),
      name: memberName(member),
      // the type only when read: a class's methods are skipped without it
      get type(): HostType {
        memberType ??= asType(checker.getTypeOfSymbol(member));
        return memberType;
      },
      typeNode: typeNode === undefined ? undefined : asNode(typeNode),
      optional: (member.flags & t.SymbolFlags.Optional) !== 0,
      hidden: isPrivate(t, member),
      classBehaviour: declaration !== undefined && t.isClassLike(declaration.parent) && (member.flags & behaviour) !== 0,
      symbolKeyed: member.getName().startsWith('__@'),
      declaredAt: declaration === undefined ? undefined : { file: declaration.getSourceFile().fileName, index: declaration.pos },
    };
  }

  isMappedOverKeys(handle: HostType): boolean {
    const declaration = this.mappedDeclaration(handle);
    if (declaration === undefined) {
      return false;
    }
    const constraint = (node(declaration) as ts.MappedTypeNode).typeParameter.constraint;
    return !(constraint !== undefined && this.#ts.isTypeOperatorNode(constraint) && constraint.operator === this.#ts.SyntaxKind.KeyOfKeyword);
  }

  mappedDeclaration(handle: HostType): HostTypeNode | undefined {
    const t = type(handle);
    if ((t.flags & TypeFlag.Object) === 0 || ((t as ts.ObjectType).objectFlags & this.#ts.ObjectFlags.Mapped) === 0) {
      return undefined;
    }
    // the mapped type's symbol is declared by its `{ [P in …]: … }` node
    const declaration = t.getSymbol()?.declarations?.[0];
    return declaration !== undefined && this.#ts.isMappedTypeNode(declaration) ? asNode(declaration) : undefined;
  }

  mappedSource(handle: HostType): HostType | undefined {
    const t = type(handle);
    if ((t.flags & TypeFlag.Object) === 0 || ((t as ts.ObjectType).objectFlags & this.#ts.ObjectFlags.Mapped) === 0 || this.isMappedOverKeys(handle)) {
      return undefined;
    }
    // the checker keeps a mapped type's template once it has resolved its members
    this.#checker.getPropertiesOfType(t);
    const template = (t as { templateType?: ts.Type }).templateType;
    // an optional mapped type's template is `T[K] | undefined` under strictNullChecks
    const members = template === undefined ? [] : (template.flags & this.#ts.TypeFlags.Union) !== 0 ? (template as ts.UnionType).types : [template];
    const access = members.find((member) => (member.flags & this.#ts.TypeFlags.IndexedAccess) !== 0);
    if (access !== undefined) {
      return asType((access as ts.IndexedAccessType).objectType);
    }
    // an instantiation (`Partial<Derived>`) keeps no template of its own, but its modifiers type is `T`
    const modifiers = (t as { modifiersType?: ts.Type }).modifiersType;
    return modifiers === undefined || (modifiers.flags & (this.#ts.TypeFlags.Object | this.#ts.TypeFlags.Intersection)) === 0 ? undefined : asType(modifiers);
  }

  indexInfos(handle: HostType): readonly HostIndexInfo[] {
    return this.#checker.getIndexInfosOfType(type(handle)).map((info) => {
      const valueTypeNode = info.declaration?.type;
      return { keyType: asType(info.keyType), valueType: asType(info.type), valueTypeNode: valueTypeNode === undefined ? undefined : asNode(valueTypeNode) };
    });
  }

  hasSignatures(handle: HostType, kind: 'call' | 'construct'): boolean {
    const signatureKind = kind === 'call' ? this.#ts.SignatureKind.Call : this.#ts.SignatureKind.Construct;
    return this.#checker.getSignaturesOfType(type(handle), signatureKind).length > 0;
  }

  baseTypes(handle: HostType): readonly HostType[] {
    const objectFlags = this.#ts.ObjectFlags;
    const t = type(handle) as ts.ObjectType;
    const target = (t.objectFlags & objectFlags.Reference) !== 0 ? (t as ts.TypeReference).target : t;
    if (((target.objectFlags ?? 0) & (objectFlags.Class | objectFlags.Interface)) === 0) {
      return [];
    }
    return asTypes(this.#checker.getBaseTypes(target as ts.InterfaceType));
  }

  nullType(): HostType {
    return asType(this.#checker.getNullType());
  }

  symbolName(handle: HostSymbol): string {
    return symbol(handle).getName();
  }

  isClass(handle: HostSymbol): boolean {
    return (symbol(handle).flags & this.#ts.SymbolFlags.Class) !== 0;
  }

  isGlobalType(handle: HostSymbol): boolean {
    const s = symbol(handle);
    return this.#checker.resolveName(s.getName(), undefined, this.#ts.SymbolFlags.Type, false) === s;
  }

  docComment(handle: HostSymbol): HostDocComment | undefined {
    for (const declaration of symbol(handle).declarations ?? []) {
      const documented = documentedNode(this.#ts, declaration);
      const sourceFile = documented.getSourceFile();
      const start = documented.getFullStart();
      const found = lastDocComment(sourceFile.text.slice(start, documented.getStart(sourceFile)));
      if (found !== undefined) {
        return { text: found.text, file: sourceFile.fileName, start: start + found.offset };
      }
    }
    return undefined;
  }

  typeNode(handle: HostTypeNode): TypeNodeView {
    return this.#views.of(node(handle));
  }

  typeNodeText(handle: HostTypeNode): string {
    return node(handle).getText();
  }

  typeFromNode(handle: HostTypeNode): HostType {
    return asType(this.#checker.getTypeFromTypeNode(node(handle)));
  }

  aliasTypeNode(handle: HostType): HostTypeNode | undefined {
    const alias = type(handle).aliasSymbol;
    return alias === undefined ? undefined : this.aliasDeclaredTypeNode(asSymbol(alias));
  }

  aliasDeclaredTypeNode(handle: HostSymbol): HostTypeNode | undefined {
    return this.#aliasDeclaredTypeNode(handle, false);
  }

  genericAliasDeclaredTypeNode(handle: HostSymbol): HostTypeNode | undefined {
    return this.#aliasDeclaredTypeNode(handle, true);
  }

  #aliasDeclaredTypeNode(handle: HostSymbol, generic: boolean): HostTypeNode | undefined {
    const t = this.#ts;
    const declaration = symbol(handle).declarations?.find((candidate) => t.isTypeAliasDeclaration(candidate));
    const wanted = declaration !== undefined && t.isTypeAliasDeclaration(declaration) && (declaration.typeParameters !== undefined) === generic;
    return wanted ? asNode(declaration.type) : undefined;
  }

  referencedSymbol(handle: HostTypeNode): HostSymbol | undefined {
    const reference = node(handle);
    if (!this.#ts.isTypeReferenceNode(reference)) {
      return undefined;
    }
    let found = this.#checker.getSymbolAtLocation(reference.typeName);
    if (found !== undefined && (found.flags & this.#ts.SymbolFlags.Alias) !== 0) {
      found = this.#checker.getAliasedSymbol(found);
    }
    const declarations = found?.declarations ?? [];
    if (found === undefined || declarations.length === 0 || declarations.every((declaration) => this.#program.isSourceFileDefaultLibrary(declaration.getSourceFile()))) {
      return undefined;
    }
    return asSymbol(found);
  }

  typeParameterNames(handle: HostSymbol): readonly string[] {
    const declarations = (symbol(handle).declarations ?? []) as readonly { readonly typeParameters?: readonly ts.TypeParameterDeclaration[] }[];
    return declarations.find((declaration) => declaration.typeParameters !== undefined)?.typeParameters?.map((parameter) => parameter.name.text) ?? [];
  }

  typeParameterDefaults(handle: HostSymbol): readonly (HostTypeNode | undefined)[] {
    const declarations = (symbol(handle).declarations ?? []) as readonly { readonly typeParameters?: readonly ts.TypeParameterDeclaration[] }[];
    const parameters = declarations.find((declaration) => declaration.typeParameters !== undefined)?.typeParameters ?? [];
    return parameters.map((parameter) => (parameter.default === undefined ? undefined : asNode(parameter.default)));
  }

  declarationOf(handle: HostTypeNode): HostSymbol | undefined {
    const t = this.#ts;
    let current: ts.Node | undefined = node(handle).parent;
    while (current !== undefined && !t.isInterfaceDeclaration(current) && !t.isClassLike(current) && !t.isTypeAliasDeclaration(current)) {
      current = current.parent;
    }
    const name = current === undefined ? undefined : (current as ts.InterfaceDeclaration | ts.ClassLikeDeclaration | ts.TypeAliasDeclaration).name;
    const found = name === undefined ? undefined : this.#checker.getSymbolAtLocation(name);
    return found === undefined ? undefined : asSymbol(found);
  }

  heritage(handle: HostSymbol): readonly HostHeritage[] {
    const t = this.#ts;
    const bases: HostHeritage[] = [];
    for (const declaration of symbol(handle).declarations ?? []) {
      if (!t.isInterfaceDeclaration(declaration) && !t.isClassLike(declaration)) continue;
      const clauses: readonly ts.HeritageClause[] = (declaration.heritageClauses ?? []).filter((clause) => clause.token === t.SyntaxKind.ExtendsKeyword);
      for (const base of clauses.flatMap((clause) => clause.types)) {
        let found = this.#checker.getSymbolAtLocation(base.expression);
        if (found !== undefined && (found.flags & t.SymbolFlags.Alias) !== 0) {
          found = this.#checker.getAliasedSymbol(found);
        }
        const declarations = found?.declarations ?? [];
        if (found !== undefined && declarations.some((candidate) => !this.#program.isSourceFileDefaultLibrary(candidate.getSourceFile()))) {
          bases.push({ symbol: asSymbol(found), typeArguments: (base.typeArguments ?? []).map((argument) => asNode(argument)) });
        }
      }
    }
    return bases;
  }
}

/** The node a declaration's doc comment is written before: a variable's statement, else the declaration. */
function documentedNode(t: Ts6Namespace, declaration: ts.Node): ts.Node {
  const statement = declaration.parent?.parent;
  return t.isVariableDeclaration(declaration) && statement !== undefined && t.isVariableStatement(statement) ? statement : declaration;
}

function hasTypeNode(t: Ts6Namespace, declaration: ts.Node): declaration is TypedMember {
  return t.isPropertySignature(declaration) || t.isPropertyDeclaration(declaration) || t.isParameter(declaration);
}

/** `private`, `protected` or `#private`: state JSON cannot carry into or out of a class instance. */
function isPrivate(t: Ts6Namespace, member: ts.Symbol): boolean {
  return (member.declarations ?? []).some(
    (declaration) =>
      (t.getCombinedModifierFlags(declaration) & (t.ModifierFlags.Private | t.ModifierFlags.Protected)) !== 0 ||
      (t.isClassElement(declaration) && declaration.name !== undefined && t.isPrivateIdentifier(declaration.name)),
  );
}

/** The member's name as written: the checker names `#x` members `__#<id>@#x` and `[key]` ones `__@key@<id>`. */
function memberName(member: ts.Symbol): string {
  const name = member.getName();
  if (name.startsWith('__#')) {
    return name.slice(name.indexOf('@') + 1);
  }
  const declared = (member.declarations?.[0] as { name?: ts.Node } | undefined)?.name;
  return name.startsWith('__@') && declared !== undefined ? declared.getText() : name;
}
