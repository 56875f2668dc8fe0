import type { HostTypeNode } from './TypeHost.js';

/*
 * The syntax the analysis reads: the parts of TypeScript's syntax tree it walks to find toolsets
 * and read their builder chains, declared here so the analysis imports no compiler. TypeScript 6
 * and 7 build trees with these property names; their `kind` numbers differ, so the analysis
 * never compares numbers: it asks the host for a node's kind by name (`SyntaxHost.is`).
 */

/** A syntax node. */
export interface Node {
  readonly kind: number;
  readonly parent: Node;
  readonly pos: number;
  readonly end: number;
}

export type Expression = Node;
export type Statement = Node;
export type TypeNode = Node;

export type NodeList<T extends Node> = readonly T[];

export interface SourceFile extends Node {
  readonly fileName: string;
  readonly text: string;
  readonly statements: NodeList<Statement>;
  readonly isDeclarationFile: boolean;
}

export interface Identifier extends Node {
  readonly text: string;
}

/** `'x'`, `` `x` `` (without substitutions) and numeric literals: their text, unquoted. */
export interface LiteralLike extends Node {
  readonly text: string;
}

export interface PrefixUnaryExpression extends Node {
  readonly operator: number;
  readonly operand: Expression;
}

export interface ArrayLiteralExpression extends Node {
  readonly elements: NodeList<Expression>;
}

export interface ObjectLiteralExpression extends Node {
  readonly properties: NodeList<Node>;
}

export interface PropertyAssignment extends Node {
  readonly name: Node;
  readonly initializer: Expression;
}

export interface CallExpression extends Node {
  readonly expression: Expression;
  readonly typeArguments: NodeList<TypeNode> | undefined;
  readonly arguments: NodeList<Expression>;
}

export interface PropertyAccessExpression extends Node {
  readonly expression: Expression;
  readonly name: Identifier;
}

export interface ParenthesizedExpression extends Node {
  readonly expression: Expression;
}

export interface ReturnStatement extends Node {
  readonly expression: Expression | undefined;
}

export interface ExpressionStatement extends Node {
  readonly expression: Expression;
}

export interface Block extends Node {
  readonly statements: NodeList<Statement>;
}

export interface VariableDeclaration extends Node {
  readonly name: Node;
  readonly initializer: Expression | undefined;
}

export interface VariableStatement extends Node {
  readonly declarationList: { readonly declarations: NodeList<VariableDeclaration> };
}

export interface BindingElement extends Node {
  readonly propertyName: Node | undefined;
  readonly name: Node;
  readonly initializer: Expression | undefined;
}

export interface BindingPattern extends Node {
  readonly elements: NodeList<BindingElement>;
}

export interface ParameterDeclaration extends Node {
  readonly name: Node;
  readonly type: TypeNode | undefined;
  readonly questionToken: Node | undefined;
  readonly dotDotDotToken: Node | undefined;
  readonly initializer: Expression | undefined;
}

/** An arrow function or a function expression. */
export interface FunctionExpression extends Node {
  readonly parameters: NodeList<ParameterDeclaration>;
  readonly body: Node;
}

export interface ClassElement extends Node {
  readonly name: Node | undefined;
}

export interface MethodDeclaration extends ClassElement {
  readonly name: Node;
  readonly parameters: NodeList<ParameterDeclaration>;
  readonly type: TypeNode | undefined;
  readonly body: Block | undefined;
}

export interface ConstructorDeclaration extends ClassElement {
  readonly parameters: NodeList<ParameterDeclaration>;
  readonly body: Block | undefined;
}

export interface PropertyDeclaration extends ClassElement {
  readonly name: Node;
  readonly type: TypeNode | undefined;
  readonly initializer: Expression | undefined;
}

export interface HeritageClause extends Node {
  /** The kind of its keyword: `extends` or `implements`. */
  readonly token: number;
  readonly types: NodeList<{ readonly expression: Expression } & Node>;
}

export interface ClassDeclaration extends Node {
  readonly name: Identifier | undefined;
  readonly heritageClauses: NodeList<HeritageClause> | undefined;
  readonly typeParameters: NodeList<Node> | undefined;
  readonly members: NodeList<ClassElement>;
}

export interface ImportDeclaration extends Node {
  readonly importClause: ImportClause | undefined;
  readonly moduleSpecifier: Expression;
}

export interface ImportClause extends Node {
  /** The default import's name. */
  readonly name: Identifier | undefined;
  /** `{ … }` (NamedImports) or `* as name` (NamespaceImport). */
  readonly namedBindings: Node | undefined;
}

export interface NamedImports extends Node {
  readonly elements: NodeList<ImportSpecifier>;
}

export interface ImportSpecifier extends Node {
  /** The exported name, when it is imported under another (`Toolset as Base`): an identifier or a string literal. */
  readonly propertyName: Identifier | undefined;
  readonly name: Identifier;
}

export interface NamespaceImport extends Node {
  readonly name: Identifier;
}

export interface TypeReferenceNode extends Node {
  readonly typeName: Node;
  readonly typeArguments: NodeList<TypeNode> | undefined;
}

declare const kindBrand: unique symbol;

/**
 * What `SyntaxHost.is(node, kind)` narrows a node to: the node of that kind, tagged with the kind
 * (a type-only tag), so that a failed test does not narrow a plain `Node` away.
 */
export type NodeOfKind<K extends SyntaxKindName> = SyntaxKinds[K] & { readonly [kindBrand]: K };

/** The node each kind name stands for. */
export interface SyntaxKinds {
  SourceFile: SourceFile;
  Identifier: Identifier;
  PrivateIdentifier: Identifier;
  StringLiteral: LiteralLike;
  NoSubstitutionTemplateLiteral: LiteralLike;
  NumericLiteral: LiteralLike;
  PrefixUnaryExpression: PrefixUnaryExpression;
  ArrayLiteralExpression: ArrayLiteralExpression;
  ObjectLiteralExpression: ObjectLiteralExpression;
  PropertyAssignment: PropertyAssignment;
  CallExpression: CallExpression;
  PropertyAccessExpression: PropertyAccessExpression;
  ParenthesizedExpression: ParenthesizedExpression;
  ArrowFunction: FunctionExpression;
  FunctionExpression: FunctionExpression;
  ReturnStatement: ReturnStatement;
  ExpressionStatement: ExpressionStatement;
  VariableStatement: VariableStatement;
  Block: Block;
  IfStatement: Node;
  ConditionalExpression: Node;
  SwitchStatement: Node;
  TryStatement: Node;
  ForStatement: Node;
  ForInStatement: Node;
  ForOfStatement: Node;
  WhileStatement: Node;
  DoStatement: Node;
  ObjectBindingPattern: BindingPattern;
  ArrayBindingPattern: BindingPattern;
  Parameter: ParameterDeclaration;
  ClassDeclaration: ClassDeclaration;
  Constructor: ConstructorDeclaration;
  MethodDeclaration: MethodDeclaration;
  PropertyDeclaration: PropertyDeclaration;
  GetAccessor: ClassElement;
  SetAccessor: ClassElement;
  ClassStaticBlockDeclaration: ClassElement;
  FunctionDeclaration: Node;
  TypeReference: TypeReferenceNode;
  ImportDeclaration: ImportDeclaration;
  NamedImports: NamedImports;
  NamespaceImport: NamespaceImport;
  ThisKeyword: Node;
  TrueKeyword: Node;
  FalseKeyword: Node;
  NullKeyword: Node;
  ExtendsKeyword: Node;
  MinusToken: Node;
}

export type SyntaxKindName = keyof SyntaxKinds;

/** The type host's type nodes are the syntax tree's own nodes. */
export const asHostTypeNode = (node: TypeNode): HostTypeNode => node as unknown as HostTypeNode;

/** The kinds that make a function of their own: code in them does not run when the constructor does. */
export const functionLikeKinds: readonly SyntaxKindName[] = [
  'ArrowFunction',
  'FunctionExpression',
  'FunctionDeclaration',
  'MethodDeclaration',
  'Constructor',
  'GetAccessor',
  'SetAccessor',
];

export const iterationKinds: readonly SyntaxKindName[] = ['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoStatement'];
