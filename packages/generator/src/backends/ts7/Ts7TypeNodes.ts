import type { Node, TypeNode, TypeReferenceNode } from 'typescript7/ast';
import type { NodeHandle, Symbol as TsSymbol, Type } from 'typescript7/sync';
import type { HostSymbol, HostType, HostTypeNode, TypeNodeView } from '../../host/TypeHost.js';
import { asNode, asType, node, symbol } from './handles.js';
import type { Ts7Context } from './Ts7Context.js';
import { TypeNodeViews } from '../typeNodeView.js';

/** The type host's answers about written type nodes: their views, their types, and what a reference or an alias points at. */
export class Ts7TypeNodes {
  readonly #context: Ts7Context;
  readonly #views: TypeNodeViews<TypeNode>;
  readonly #nodeTypes = new WeakMap<TypeNode, Type>();
  readonly #defaultLibrary = new Map<string, boolean>();
  /** What each type reference of a file names (through an import alias), fetched for the whole file at its first reference. */
  readonly #referenced = new Map<TypeNode, TsSymbol | undefined>();
  readonly #filesReferenced = new Set<object>();
  readonly #filesOfTypeNodes = new Set<object>();
  /** The symbol of each declaration name `declarationOf` asked about. */
  readonly #declared = new Map<Node, TsSymbol | undefined>();
  readonly #filesDeclared = new Set<object>();
  readonly #heritage = new Map<TsSymbol, readonly { readonly symbol: TsSymbol; readonly typeArguments: readonly TypeNode[] }[]>();

  constructor(context: Ts7Context) {
    this.#context = context;
    this.#views = new TypeNodeViews<TypeNode>(context.ast);
  }

  view(handle: HostTypeNode): TypeNodeView {
    return this.#views.of(node(handle));
  }

  typeFromNode(handle: HostTypeNode): HostType {
    const typeNode = node(handle);
    let found = this.#nodeTypes.get(typeNode);
    if (found === undefined) {
      // the derivation reads the declared types of a file's parameters and properties and, for union order, its written
      // unions' members, one after another: fetch all of them with the first
      const nodes = [typeNode, ...this.#typeNodesOnce(typeNode).filter((member) => member !== typeNode && !this.#nodeTypes.has(member))];
      const types = this.#context.api.batch(...nodes.map((member) => this.#context.checker.getTypeFromTypeNode.gen(member)));
      nodes.forEach((member, index) => this.#nodeTypes.set(member, types[index]!));
      found = types[0]!;
    }
    return asType(found);
  }

  /** The declared types of the parameters and properties in the file of `typeNode`, and the members of its written unions, the first time the file is asked about; a union's siblings after that. */
  #typeNodesOnce(typeNode: TypeNode): TypeNode[] {
    const sourceFile = typeNode.getSourceFile();
    if (this.#filesOfTypeNodes.has(sourceFile)) {
      const parent = typeNode.parent;
      return parent !== undefined && this.#context.ast.isUnionTypeNode(parent) ? [...parent.types] : [];
    }
    this.#filesOfTypeNodes.add(sourceFile);
    const ast = this.#context.ast;
    const members: TypeNode[] = [];
    const visit = (child: Node): undefined => {
      if (ast.isUnionTypeNode(child)) {
        members.push(...child.types);
      } else if ((ast.isParameterDeclaration(child) || ast.isPropertySignatureDeclaration(child) || ast.isPropertyDeclaration(child)) && child.type !== undefined) {
        members.push(child.type);
      }
      child.forEachChild(visit);
      return undefined;
    };
    sourceFile.forEachChild(visit);
    return members;
  }

  /** The type an alias declares, when the alias is a `type` declaration, generic (`type Maybe<T> = T | null`) or not as `generic` says. */
  aliasTypeNode(alias: HostSymbol | undefined, generic = false): HostTypeNode | undefined {
    const ast = this.#context.ast;
    const declarationHandle = alias === undefined ? undefined : symbol(alias).declarations.find((candidate) => candidate.kind === ast.SyntaxKind.TypeAliasDeclaration);
    const declaration = declarationHandle === undefined ? undefined : declarationHandle.resolve();
    if (declaration === undefined || !ast.isTypeAliasDeclaration(declaration) || (declaration.typeParameters !== undefined) !== generic) {
      return undefined;
    }
    return asNode(declaration.type);
  }

  /** The symbol a type reference names (through an import alias), unless it is declared only in the default library. */
  referencedSymbol(handle: HostTypeNode): TsSymbol | undefined {
    const reference = node(handle);
    if (!this.#context.ast.isTypeReferenceNode(reference)) {
      return undefined;
    }
    if (!this.#referenced.has(reference)) {
      this.#fetchReferences(reference);
    }
    const found = this.#referenced.get(reference);
    const declarations = found?.declarations ?? [];
    if (found === undefined || declarations.length === 0 || declarations.every((declaration) => this.#isDefaultLibrary(declaration.path))) {
      return undefined;
    }
    return found;
  }

  /** Every type reference's symbol in the file of `reference`: one request for the names, one batch for the aliases. */
  #fetchReferences(reference: TypeNode): void {
    const { ast, sync, checker, api } = this.#context;
    const sourceFile = reference.getSourceFile();
    const references: TypeReferenceNode[] = [];
    if (!this.#filesReferenced.has(sourceFile)) {
      this.#filesReferenced.add(sourceFile);
      const visit = (child: Node): undefined => {
        if (ast.isTypeReferenceNode(child) && !this.#referenced.has(child)) {
          references.push(child);
        }
        child.forEachChild(visit);
        return undefined;
      };
      sourceFile.forEachChild(visit);
    }
    if (!references.includes(reference as TypeReferenceNode)) {
      references.push(reference as TypeReferenceNode);
    }
    const named = checker.getSymbolAtLocation(references.map((found) => found.typeName));
    const aliases = named.flatMap((found, index) => (found !== undefined && (found.flags & sync.SymbolFlags.Alias) !== 0 ? [index] : []));
    const targets = aliases.length === 0 ? [] : api.batch(...aliases.map((index) => checker.getAliasedSymbol.gen(named[index]!)));
    const resolved = [...named];
    aliases.forEach((index, position) => {
      resolved[index] = targets[position];
    });
    references.forEach((found, index) => this.#referenced.set(found, resolved[index]));
  }

  /** The interface, class or type alias whose declaration holds `handle`: the innermost, by its name's symbol. */
  declarationOf(handle: HostTypeNode): TsSymbol | undefined {
    const ast = this.#context.ast;
    let current: Node | undefined = node(handle).parent;
    while (current !== undefined && !ast.isInterfaceDeclaration(current) && !ast.isClassDeclaration(current) && !ast.isClassExpression(current) && !ast.isTypeAliasDeclaration(current)) {
      current = current.parent;
    }
    const name = current === undefined ? undefined : (current as { readonly name?: Node }).name;
    if (name === undefined) {
      return undefined;
    }
    if (!this.#declared.has(name)) {
      // asked of every member of an object: the names of every declaration of the file, in one request
      const names = [name, ...this.#declarationNamesOnce(name)].filter((found, index, all) => all.indexOf(found) === index);
      const found = this.#context.checker.getSymbolAtLocation(names);
      names.forEach((declared, index) => this.#declared.set(declared, found[index]));
    }
    return this.#declared.get(name);
  }

  /** The names of the interfaces, classes and type aliases of the file of `node`, the first time the file is asked about. */
  #declarationNamesOnce(node: Node): Node[] {
    const sourceFile = node.getSourceFile();
    if (this.#filesDeclared.has(sourceFile)) {
      return [];
    }
    this.#filesDeclared.add(sourceFile);
    const ast = this.#context.ast;
    const names: Node[] = [];
    const visit = (child: Node): undefined => {
      const named = ast.isInterfaceDeclaration(child) || ast.isClassDeclaration(child) || ast.isClassExpression(child) || ast.isTypeAliasDeclaration(child);
      const name = named ? (child as { readonly name?: Node }).name : undefined;
      if (name !== undefined && !this.#declared.has(name)) names.push(name);
      child.forEachChild(visit);
      return undefined;
    };
    sourceFile.forEachChild(visit);
    return names;
  }

  /** What an interface or class extends, as written: each base's symbol (through an import alias) and type arguments, fetched in one batch. */
  heritage(declared: TsSymbol): readonly { readonly symbol: TsSymbol; readonly typeArguments: readonly TypeNode[] }[] {
    let bases = this.#heritage.get(declared);
    if (bases !== undefined) {
      return bases;
    }
    const { ast, sync, checker, api } = this.#context;
    const written: { readonly expression: Node; readonly typeArguments: readonly TypeNode[] }[] = [];
    for (const handle of declared.declarations) {
      const declaration = handle.resolve();
      if (declaration === undefined || !(ast.isInterfaceDeclaration(declaration) || ast.isClassDeclaration(declaration) || ast.isClassExpression(declaration))) continue;
      for (const clause of declaration.heritageClauses ?? []) {
        if (clause.token !== ast.SyntaxKind.ExtendsKeyword) continue;
        // TypeScript 7 writes an interface's bases as type references, a class's as expressions
        for (const base of clause.types) {
          if (ast.isExpressionWithTypeArguments(base)) written.push({ expression: base.expression, typeArguments: [...(base.typeArguments ?? [])] });
          else if (ast.isTypeReferenceNode(base)) written.push({ expression: base.typeName, typeArguments: [...(base.typeArguments ?? [])] });
        }
      }
    }
    const named = written.length === 0 ? [] : checker.getSymbolAtLocation(written.map((base) => base.expression));
    const aliases = named.flatMap((found, index) => (found !== undefined && (found.flags & sync.SymbolFlags.Alias) !== 0 ? [index] : []));
    const targets = aliases.length === 0 ? [] : api.batch(...aliases.map((index) => checker.getAliasedSymbol.gen(named[index]!)));
    const resolved = [...named];
    aliases.forEach((index, position) => {
      resolved[index] = targets[position];
    });
    bases = written.flatMap((base, index) => {
      const found = resolved[index];
      const declarations = found?.declarations ?? [];
      return found !== undefined && declarations.some((declaration) => !this.#isDefaultLibrary(declaration.path)) ? [{ symbol: found, typeArguments: base.typeArguments }] : [];
    });
    this.#heritage.set(declared, bases);
    return bases;
  }

  #isDefaultLibrary(path: NodeHandle['path']): boolean {
    let known = this.#defaultLibrary.get(path);
    if (known === undefined) {
      known = this.#context.program.getSourceFileMetadataByPath(path)?.isDefaultLibrary ?? false;
      this.#defaultLibrary.set(path, known);
    }
    return known;
  }
}
