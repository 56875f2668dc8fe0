import type { HostTypeNode, TypeNodeView } from '../host/TypeHost.js';

/*
 * How a written type node looks to the derivation (`TypeNodeView`), read the same way on both
 * compilers: TypeScript 6's `ts` namespace and TypeScript 7's `typescript/ast` name these
 * predicates and kinds alike (their kind numbers differ, which the predicates hide).
 */

interface WrittenNode {
  readonly kind: number;
  getText(): string;
}

/** The predicates and kinds of a compiler's syntax the view reads: a structural part of either compiler's API. */
export interface TypeNodeSyntax<N extends WrittenNode> {
  readonly SyntaxKind: {
    readonly KeyOfKeyword: number;
    readonly ReadonlyKeyword: number;
    readonly UndefinedKeyword: number;
    readonly NullKeyword: number;
    readonly StringKeyword: number;
  };
  isParenthesizedTypeNode(node: N): node is N & { readonly type: N };
  isUnionTypeNode(node: N): node is N & { readonly types: readonly N[] };
  isIntersectionTypeNode(node: N): node is N & { readonly types: readonly N[] };
  isArrayTypeNode(node: N): node is N & { readonly elementType: N };
  isTypeReferenceNode(node: N): node is N & { readonly typeName: WrittenNode; readonly typeArguments?: readonly N[] | undefined };
  isTypeOperatorNode(node: N): node is N & { readonly operator: number; readonly type: N };
  isLiteralTypeNode(node: N): node is N & { readonly literal: WrittenNode };
  isTupleTypeNode(node: N): node is N & { readonly elements: readonly N[] };
  isNamedTupleMember(node: N): node is N & { readonly type: N };
  isOptionalTypeNode(node: N): node is N & { readonly type: N };
  isRestTypeNode(node: N): node is N & { readonly type: N };
  isTypeLiteralNode(node: N): node is N & { readonly members: readonly WrittenNode[] };
  isMappedTypeNode(node: N): node is N & { readonly typeParameter: { readonly name: WrittenNode }; readonly type?: N | undefined };
  isIndexedAccessTypeNode(node: N): node is N & { readonly objectType: N; readonly indexType: N };
  isIndexSignatureDeclaration(node: WrittenNode): node is WrittenNode & { readonly parameters: readonly { readonly type?: WrittenNode | undefined }[]; readonly type: N };
}

const asNode = <N>(node: N): HostTypeNode => node as unknown as HostTypeNode;

/** The views of one compiler's type nodes, each read once (the derivation asks for a node's view again at every union and member it meets). */
export class TypeNodeViews<N extends WrittenNode & object> {
  readonly #syntax: TypeNodeSyntax<N>;
  readonly #views = new WeakMap<N, TypeNodeView>();

  constructor(syntax: TypeNodeSyntax<N>) {
    this.#syntax = syntax;
  }

  of(typeNode: N): TypeNodeView {
    let view = this.#views.get(typeNode);
    if (view === undefined) {
      view = typeNodeView(this.#syntax, typeNode);
      this.#views.set(typeNode, view);
    }
    return view;
  }
}

/** A tuple element's type as written: `T` of `T`, `T?`, `name: T`, `name?: T`; the array `T[]` of a rest element (`...T[]`, `...name: T[]`). */
function tupleElementType<N extends WrittenNode>(syntax: TypeNodeSyntax<N>, element: N): N {
  const inner = syntax.isNamedTupleMember(element) ? element.type : element;
  return syntax.isOptionalTypeNode(inner) || syntax.isRestTypeNode(inner) ? inner.type : inner;
}

/** The view of one type node. */
function typeNodeView<N extends WrittenNode>(syntax: TypeNodeSyntax<N>, typeNode: N): TypeNodeView {
  if (syntax.isParenthesizedTypeNode(typeNode)) {
    return { kind: 'parenthesized', inner: asNode(typeNode.type) };
  }
  if (syntax.isUnionTypeNode(typeNode)) {
    return { kind: 'union', members: typeNode.types.map(asNode) };
  }
  if (syntax.isIntersectionTypeNode(typeNode)) {
    return { kind: 'intersection', members: typeNode.types.map(asNode) };
  }
  if (syntax.isArrayTypeNode(typeNode)) {
    return { kind: 'array', element: asNode(typeNode.elementType) };
  }
  if (syntax.isTypeReferenceNode(typeNode)) {
    return { kind: 'reference', name: typeNode.typeName.getText(), typeArguments: (typeNode.typeArguments ?? []).map(asNode) };
  }
  if (syntax.isTupleTypeNode(typeNode)) {
    return { kind: 'tuple', elements: typeNode.elements.map((element) => asNode(tupleElementType(syntax, element))) };
  }
  if (syntax.isTypeLiteralNode(typeNode)) {
    const signatures = typeNode.members.filter((member) => syntax.isIndexSignatureDeclaration(member));
    const byString = signatures.find((signature) => signature.parameters[0]?.type?.kind === syntax.SyntaxKind.StringKeyword) ?? signatures[0];
    return { kind: 'typeLiteral', indexValue: byString === undefined ? undefined : asNode(byString.type) };
  }
  if (syntax.isMappedTypeNode(typeNode)) {
    return { kind: 'mapped', key: typeNode.typeParameter.name.getText(), template: typeNode.type === undefined ? undefined : asNode(typeNode.type) };
  }
  if (syntax.isIndexedAccessTypeNode(typeNode)) {
    return { kind: 'indexedAccess', object: asNode(typeNode.objectType), index: asNode(typeNode.indexType) };
  }
  if (syntax.isTypeOperatorNode(typeNode) && typeNode.operator === syntax.SyntaxKind.ReadonlyKeyword) {
    // `readonly T[]`, `readonly [A, B]`: JSON has no readonly, so the derivation reads the type it qualifies
    return { kind: 'parenthesized', inner: asNode(typeNode.type) };
  }
  if (syntax.isTypeOperatorNode(typeNode) && typeNode.operator === syntax.SyntaxKind.KeyOfKeyword) {
    return { kind: 'keyof', target: asNode(typeNode.type) };
  }
  if (typeNode.kind === syntax.SyntaxKind.UndefinedKeyword) {
    return { kind: 'undefined' };
  }
  if (syntax.isLiteralTypeNode(typeNode) && typeNode.literal.kind === syntax.SyntaxKind.NullKeyword) {
    return { kind: 'null' };
  }
  return { kind: 'other' };
}
