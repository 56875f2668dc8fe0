import type { DiagnosticLocation } from '../diagnostics/Diagnostic.js';
import type { ClassDeclaration, MethodDeclaration, Node, NodeOfKind, SourceFile, SyntaxKindName } from './syntax.js';
import type { HostSymbol, HostType, TypeHost } from './TypeHost.js';

/*
 * The analysis host: what the analysis of a toolset asks of a compiler beyond schema derivation
 * (`TypeHost`): the syntax tree by kind name, where a node is, and the checker's answers about
 * the nodes it reads. A backend implements it on one compiler (`backends/ts6`, `backends/ts7`);
 * the analysis imports no compiler.
 */

/** A modifier, as the combined modifier flags of a declaration have it. */
export type Modifier = 'export' | 'static' | 'readonly' | 'private' | 'protected';

export interface SyntaxHost {
  /** Whether `node` is of the kind named `kind`. */
  is<K extends SyntaxKindName>(node: Node | undefined, kind: K): node is NodeOfKind<K>;
  /** Whether a kind number (a node's, a token's, an operator's) is the kind named `kind`. */
  kindIs(kind: number, name: SyntaxKindName): boolean;
  /** A node's children, in source order. */
  children(node: Node): readonly Node[];
  /** A node's source text, without leading trivia. */
  text(node: Node): string;
  /** The name of the file a node is in. */
  fileName(node: Node): string;
  /** Where a node starts and ends, 1-based line and column. */
  locate(node: Node): DiagnosticLocation;
  /** The text before a node's first token, from the end of the token before it (its comments, its TSDoc), and the offset it starts at. */
  leadingTrivia(node: Node): { readonly text: string; readonly start: number };
  /** Where the span from offset `start` to `end` of the file holding `node` is. */
  locateSpan(node: Node, start: number, end: number): DiagnosticLocation;
  /** Whether a declaration has `modifier`, on itself or (for `export`) on the statement that declares it. */
  hasModifier(node: Node, modifier: Modifier): boolean;
}

export interface AnalysisHost {
  readonly syntax: SyntaxHost;
  readonly types: TypeHost;
  /** The symbol a name (an identifier, a string literal module specifier, a source file) refers to, aliases not followed. */
  symbolAt(node: Node): HostSymbol | undefined;
  /** Follows an import or export alias to the declared symbol; any other symbol is itself. */
  resolveAlias(symbol: HostSymbol): HostSymbol;
  /** The type of a node (a parameter: its declared type, `| undefined` included when optional). */
  typeAt(node: Node): HostType;
  /** The type without `null` and `undefined`. */
  nonNullable(type: HostType): HostType;
  /** The instance type a class or interface symbol declares. */
  declaredType(symbol: HostSymbol): HostType;
  /** Whether a type is a class or interface type (whose `baseTypes` the checker knows). */
  isClassOrInterface(type: HostType): boolean;
  /** The symbols a module exports. */
  exportsOf(sourceFile: SourceFile): readonly HostSymbol[];
  /** A method's return type, as declared or inferred. */
  returnType(method: MethodDeclaration): HostType | undefined;
  /** What `await` of a value of `type` gives. */
  awaited(type: HostType): HostType | undefined;
  /** The nodes that declare a symbol. */
  declarations(symbol: HostSymbol): readonly Node[];
  /** The files a symbol is declared in, and whether each is a declaration file. */
  declarationFiles(symbol: HostSymbol): readonly { readonly fileName: string; readonly isDeclarationFile: boolean }[];
  /** The class a class declaration declares: its symbol. */
  classSymbol(declaration: ClassDeclaration): HostSymbol | undefined;
}
