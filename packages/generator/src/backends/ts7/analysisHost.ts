import type * as Ast from 'typescript7/ast';
import type { API, Checker, Program, Project, Symbol as TsSymbol, Type } from 'typescript7/sync';
import type { DiagnosticLocation } from '../../diagnostics/Diagnostic.js';
import type { AnalysisHost, Modifier, SyntaxHost } from '../../host/AnalysisHost.js';
import type { ClassDeclaration, MethodDeclaration, Node, NodeOfKind, SourceFile, SyntaxKindName } from '../../host/syntax.js';
import type { HostSymbol, HostType, TypeHost } from '../../host/TypeHost.js';
import type { Ts7Modules } from './loadTs7.js';
import type { RemoteNode } from './handles.js';
import { ts7TypeHost } from './Ts7TypeHost.js';

/** The analysis host of a TypeScript 7 project, over the 7.1 JavaScript API. */
export interface Ts7AnalysisHost extends AnalysisHost {
  readonly program: Program;
}

export interface Ts7Connection {
  readonly modules: Ts7Modules;
  readonly api: API;
  readonly project: Project;
}

/** The analysis host of a TypeScript 7 project: its syntax tree is the API's remote tree, its checker the project's. */
export function ts7AnalysisHost(connection: Ts7Connection): Ts7AnalysisHost {
  return new Ts7Analysis(connection);
}

// the handles are the API's own objects, which its registry keeps one per type, symbol and node
const native = <T>(value: unknown): T => value as T;

const modifierFlagNames: Readonly<Record<Modifier, 'Export' | 'Static' | 'Readonly' | 'Private' | 'Protected'>> = {
  export: 'Export',
  static: 'Static',
  readonly: 'Readonly',
  private: 'Private',
  protected: 'Protected',
};

class Ts7Syntax implements SyntaxHost {
  readonly #ast: Ts7Modules['ast'];

  constructor(modules: Ts7Modules) {
    this.#ast = modules.ast;
  }

  is<K extends SyntaxKindName>(node: Node | undefined, kind: K): node is NodeOfKind<K> {
    return node !== undefined && node.kind === (this.#ast.SyntaxKind as unknown as Record<string, number>)[kind];
  }

  kindIs(kind: number, name: SyntaxKindName): boolean {
    return kind === (this.#ast.SyntaxKind as unknown as Record<string, number>)[name];
  }

  children(node: Node): readonly Node[] {
    const children: Node[] = [];
    native<RemoteNode>(node).forEachChild((child) => {
      children.push(native<Node>(child));
      return undefined;
    });
    return children;
  }

  text(node: Node): string {
    return native<RemoteNode>(node).getText();
  }

  fileName(node: Node): string {
    return native<RemoteNode>(node).getSourceFile().fileName;
  }

  locate(node: Node): DiagnosticLocation {
    const remote = native<RemoteNode>(node);
    const sourceFile = remote.getSourceFile();
    const start = remote.getStart();
    const position = sourceFile.getLineAndCharacterOfPosition(start);
    return { file: sourceFile.fileName, line: position.line + 1, column: position.character + 1, start, end: remote.getEnd() };
  }

  leadingTrivia(node: Node): { text: string; start: number } {
    const remote = native<RemoteNode>(node);
    const start = remote.getFullStart();
    return { text: remote.getFullText().slice(0, remote.getStart() - start), start };
  }

  locateSpan(node: Node, start: number, end: number): DiagnosticLocation {
    const sourceFile = native<RemoteNode>(node).getSourceFile();
    const position = sourceFile.getLineAndCharacterOfPosition(start);
    return { file: sourceFile.fileName, line: position.line + 1, column: position.character + 1, start, end };
  }

  hasModifier(node: Node, modifier: Modifier): boolean {
    const flags = this.#ast.getCombinedModifierFlags(native<Ast.Declaration>(node)) as number;
    return (flags & (this.#ast.ModifierFlags as unknown as Record<string, number>)[modifierFlagNames[modifier]]!) !== 0;
  }
}

class Ts7Analysis implements Ts7AnalysisHost {
  readonly program: Program;
  readonly syntax: SyntaxHost;
  readonly types: TypeHost;
  readonly #checker: Checker;
  readonly #project: Project;
  readonly #aliasFlag: number;

  constructor({ modules, api, project }: Ts7Connection) {
    this.program = project.program;
    this.#project = project;
    this.#checker = project.checker;
    this.#aliasFlag = (modules.sync.SymbolFlags as unknown as Record<string, number>)['Alias']!;
    this.syntax = new Ts7Syntax(modules);
    this.types = ts7TypeHost({ modules, api, program: project.program, checker: project.checker });
  }

  symbolAt(node: Node): HostSymbol | undefined {
    return native(this.#checker.getSymbolAtLocation(native<Ast.Node>(node)));
  }

  resolveAlias(symbol: HostSymbol): HostSymbol {
    const tsSymbol = native<TsSymbol>(symbol);
    return (tsSymbol.flags & this.#aliasFlag) !== 0 ? native(this.#checker.getAliasedSymbol(tsSymbol)) : symbol;
  }

  typeAt(node: Node): HostType {
    return native(this.#checker.getTypeAtLocation(native<Ast.Node>(node)));
  }

  nonNullable(type: HostType): HostType {
    return native(this.#checker.getNonNullableType(native<Type>(type)));
  }

  declaredType(symbol: HostSymbol): HostType {
    return native(this.#checker.getDeclaredTypeOfSymbol(native<TsSymbol>(symbol)));
  }

  isClassOrInterface(type: HostType): boolean {
    return native<Type>(type).isClassOrInterface();
  }

  exportsOf(sourceFile: SourceFile): readonly HostSymbol[] {
    const moduleSymbol = this.#checker.getSymbolAtLocation(native<Ast.Node>(sourceFile));
    return moduleSymbol === undefined ? [] : native(this.#checker.getExportsOfModule(moduleSymbol));
  }

  returnType(method: MethodDeclaration): HostType | undefined {
    const signature = this.#checker.getSignatureFromDeclaration(native<Ast.SignatureDeclaration>(method));
    return signature === undefined ? undefined : native(this.#checker.getReturnTypeOfSignature(signature));
  }

  awaited(type: HostType): HostType | undefined {
    return native(this.#checker.getAwaitedType(native<Type>(type)));
  }

  declarations(symbol: HostSymbol): readonly Node[] {
    return (native<TsSymbol>(symbol).declarations ?? []).flatMap((handle) => {
      const resolved = handle.resolve(this.#project);
      return resolved === undefined ? [] : [native<Node>(resolved)];
    });
  }

  declarationFiles(symbol: HostSymbol): readonly { readonly fileName: string; readonly isDeclarationFile: boolean }[] {
    return (native<TsSymbol>(symbol).declarations ?? []).map((handle) => ({
      fileName: String(handle.path),
      isDeclarationFile: /\.d\.[cm]?ts$/.test(String(handle.path)),
    }));
  }

  classSymbol(declaration: ClassDeclaration): HostSymbol | undefined {
    return declaration.name === undefined ? undefined : this.symbolAt(declaration.name);
  }
}
