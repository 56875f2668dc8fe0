import type { TypeNode } from 'typescript7/ast';
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
      // a written union's members are read one after another (union order): fetch its siblings' types with it
      const parent = typeNode.parent;
      const siblings = parent !== undefined && this.#context.ast.isUnionTypeNode(parent) ? parent.types.filter((sibling) => !this.#nodeTypes.has(sibling)) : [typeNode];
      const types = this.#context.api.batch(...siblings.map((sibling) => this.#context.checker.getTypeFromTypeNode.gen(sibling)));
      siblings.forEach((sibling, index) => this.#nodeTypes.set(sibling, types[index]!));
      found = this.#nodeTypes.get(typeNode)!;
    }
    return asType(found);
  }

  /** The type an alias declares, when the alias is a non-generic `type` declaration. */
  aliasTypeNode(alias: HostSymbol | undefined): HostTypeNode | undefined {
    const ast = this.#context.ast;
    const declarationHandle = alias === undefined ? undefined : symbol(alias).declarations.find((candidate) => candidate.kind === ast.SyntaxKind.TypeAliasDeclaration);
    const declaration = declarationHandle === undefined ? undefined : declarationHandle.resolve();
    if (declaration === undefined || !ast.isTypeAliasDeclaration(declaration) || declaration.typeParameters !== undefined) {
      return undefined;
    }
    return asNode(declaration.type);
  }

  /** The symbol a type reference names (through an import alias), unless it is declared only in the default library. */
  referencedSymbol(handle: HostTypeNode): TsSymbol | undefined {
    const { ast, sync, checker } = this.#context;
    const reference = node(handle);
    if (!ast.isTypeReferenceNode(reference)) {
      return undefined;
    }
    let found = checker.getSymbolAtLocation(reference.typeName);
    if (found !== undefined && (found.flags & sync.SymbolFlags.Alias) !== 0) {
      found = checker.getAliasedSymbol(found);
    }
    const declarations = found?.declarations ?? [];
    if (found === undefined || declarations.length === 0 || declarations.every((declaration) => this.#isDefaultLibrary(declaration.path))) {
      return undefined;
    }
    return found;
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
