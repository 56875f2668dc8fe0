import type ts from 'typescript';
import type { DiagnosticLocation } from '../../diagnostics/Diagnostic.js';
import type { AnalysisHost, Modifier, SyntaxHost } from '../../host/AnalysisHost.js';
import type { ClassDeclaration, MethodDeclaration, Node, NodeOfKind, SourceFile, SyntaxKindName } from '../../host/syntax.js';
import type { HostSymbol, HostType, TypeHost } from '../../host/TypeHost.js';
import { ts6TypeHost } from './Ts6TypeHost.js';

/** The analysis host of a TypeScript 6 program, with the program and the namespace it was made with. */
export interface Ts6AnalysisHost extends AnalysisHost {
  readonly ts: typeof ts;
  readonly program: ts.Program;
}

const hostsByProgram = new WeakMap<ts.Program, Ts6AnalysisHost>();

/** The analysis host of a TypeScript 6 program (one per program): `t` is the namespace the program was made with (ts-morph's bundle, or the user's in the ESLint plugin). */
export function ts6AnalysisHost(t: typeof ts, program: ts.Program): Ts6AnalysisHost {
  let host = hostsByProgram.get(program);
  if (host === undefined) {
    host = new Ts6Analysis(t, program);
    hostsByProgram.set(program, host);
  }
  return host;
}

// the handles are the compiler's own objects
const native = <T>(value: unknown): T => value as T;

const modifierFlags: Readonly<Record<Modifier, keyof typeof ts.ModifierFlags>> = {
  export: 'Export',
  static: 'Static',
  readonly: 'Readonly',
  private: 'Private',
  protected: 'Protected',
};

class Ts6Syntax implements SyntaxHost {
  readonly #ts: typeof ts;

  constructor(t: typeof ts) {
    this.#ts = t;
  }

  is<K extends SyntaxKindName>(node: Node | undefined, kind: K): node is NodeOfKind<K> {
    return node !== undefined && node.kind === (this.#ts.SyntaxKind[kind] as number);
  }

  kindIs(kind: number, name: SyntaxKindName): boolean {
    return kind === (this.#ts.SyntaxKind[name] as number);
  }

  children(node: Node): readonly Node[] {
    const children: Node[] = [];
    this.#ts.forEachChild(native<ts.Node>(node), (child) => {
      children.push(native<Node>(child));
    });
    return children;
  }

  text(node: Node): string {
    return native<ts.Node>(node).getText();
  }

  fileName(node: Node): string {
    return native<ts.Node>(node).getSourceFile().fileName;
  }

  locate(node: Node): DiagnosticLocation {
    const tsNode = native<ts.Node>(node);
    const sourceFile = tsNode.getSourceFile();
    const start = tsNode.getStart(sourceFile);
    const position = sourceFile.getLineAndCharacterOfPosition(start);
    return { file: sourceFile.fileName, line: position.line + 1, column: position.character + 1, start, end: tsNode.getEnd() };
  }

  leadingTrivia(node: Node): { text: string; start: number } {
    const tsNode = native<ts.Node>(node);
    const sourceFile = tsNode.getSourceFile();
    const start = tsNode.getFullStart();
    return { text: sourceFile.text.slice(start, tsNode.getStart(sourceFile)), start };
  }

  locateSpan(node: Node, start: number, end: number): DiagnosticLocation {
    const sourceFile = native<ts.Node>(node).getSourceFile();
    const position = sourceFile.getLineAndCharacterOfPosition(start);
    return { file: sourceFile.fileName, line: position.line + 1, column: position.character + 1, start, end };
  }

  hasModifier(node: Node, modifier: Modifier): boolean {
    const flags = this.#ts.getCombinedModifierFlags(native<ts.Declaration>(node));
    return (flags & this.#ts.ModifierFlags[modifierFlags[modifier]]) !== 0;
  }
}

class Ts6Analysis implements Ts6AnalysisHost {
  readonly ts: typeof ts;
  readonly program: ts.Program;
  readonly syntax: SyntaxHost;
  readonly types: TypeHost;
  readonly #checker: ts.TypeChecker;

  constructor(t: typeof ts, program: ts.Program) {
    this.ts = t;
    this.program = program;
    this.#checker = program.getTypeChecker();
    this.syntax = new Ts6Syntax(t);
    this.types = ts6TypeHost({ ts: t, program, checker: this.#checker });
  }

  symbolAt(node: Node): HostSymbol | undefined {
    return native(this.#checker.getSymbolAtLocation(native<ts.Node>(node)));
  }

  resolveAlias(symbol: HostSymbol): HostSymbol {
    const tsSymbol = native<ts.Symbol>(symbol);
    return (tsSymbol.flags & this.ts.SymbolFlags.Alias) !== 0 ? native(this.#checker.getAliasedSymbol(tsSymbol)) : symbol;
  }

  typeAt(node: Node): HostType {
    return native(this.#checker.getTypeAtLocation(native<ts.Node>(node)));
  }

  nonNullable(type: HostType): HostType {
    return native(this.#checker.getNonNullableType(native<ts.Type>(type)));
  }

  declaredType(symbol: HostSymbol): HostType {
    return native(this.#checker.getDeclaredTypeOfSymbol(native<ts.Symbol>(symbol)));
  }

  isClassOrInterface(type: HostType): boolean {
    return native<ts.Type>(type).isClassOrInterface();
  }

  exportsOf(sourceFile: SourceFile): readonly HostSymbol[] {
    const moduleSymbol = this.#checker.getSymbolAtLocation(native<ts.SourceFile>(sourceFile));
    return moduleSymbol === undefined ? [] : native(this.#checker.getExportsOfModule(moduleSymbol));
  }

  returnType(method: MethodDeclaration): HostType | undefined {
    const signature = this.#checker.getSignatureFromDeclaration(native<ts.MethodDeclaration>(method));
    return signature === undefined ? undefined : native(this.#checker.getReturnTypeOfSignature(signature));
  }

  awaited(type: HostType): HostType | undefined {
    return native(this.#checker.getAwaitedType(native<ts.Type>(type)));
  }

  declarations(symbol: HostSymbol): readonly Node[] {
    return native(native<ts.Symbol>(symbol).declarations ?? []);
  }

  declarationFiles(symbol: HostSymbol): readonly { readonly fileName: string; readonly isDeclarationFile: boolean }[] {
    return (native<ts.Symbol>(symbol).declarations ?? []).map((declaration) => {
      const sourceFile = declaration.getSourceFile();
      return { fileName: sourceFile.fileName, isDeclarationFile: sourceFile.isDeclarationFile };
    });
  }

  classSymbol(declaration: ClassDeclaration): HostSymbol | undefined {
    return declaration.name === undefined ? undefined : this.symbolAt(declaration.name);
  }
}
