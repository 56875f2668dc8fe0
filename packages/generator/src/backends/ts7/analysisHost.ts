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

// Every answer is a round trip to tsgo, and a round trip costs more than most answers: the analysis asks the same
// questions of every method of a toolset class, so the first question about one member fetches the answers for all
// of the class's members in one request (a batch of generators for the chained ones), and every answer is kept.
class Ts7Analysis implements Ts7AnalysisHost {
  readonly program: Program;
  readonly syntax: SyntaxHost;
  readonly types: TypeHost;
  readonly #api: API;
  readonly #ast: Ts7Modules['ast'];
  readonly #checker: Checker;
  readonly #project: Project;
  readonly #aliasFlag: number;
  readonly #symbolsAt = new Map<Ast.Node, TsSymbol | undefined>();
  readonly #typesAt = new Map<Ast.Node, Type>();
  readonly #returnTypes = new Map<Ast.Node, { readonly returned: Type | undefined; readonly awaited: Type | undefined }>();
  readonly #awaitedTypes = new Map<Type, Type | undefined>();

  constructor({ modules, api, project }: Ts7Connection) {
    this.program = project.program;
    this.#api = api;
    this.#ast = modules.ast;
    this.#project = project;
    this.#checker = project.checker;
    this.#aliasFlag = (modules.sync.SymbolFlags as unknown as Record<string, number>)['Alias']!;
    this.syntax = new Ts7Syntax(modules);
    this.types = ts7TypeHost({ modules, api, program: project.program, checker: project.checker });
  }

  symbolAt(node: Node): HostSymbol | undefined {
    const remote = native<Ast.Node>(node);
    if (!this.#symbolsAt.has(remote)) {
      // the class's name and every `Class.method` receiver in it: what the analysis of its tools asks next
      const declaration = this.#classOf(remote);
      const siblings = declaration === undefined ? [remote] : [remote, ...this.#referencesIn(declaration)];
      const unique = [...new Set(siblings)].filter((candidate) => !this.#symbolsAt.has(candidate));
      const found = this.#checker.getSymbolAtLocation(unique);
      unique.forEach((candidate, index) => this.#symbolsAt.set(candidate, found[index]));
    }
    return native(this.#symbolsAt.get(remote));
  }

  /** The class declaration a node is in (or names), if any. */
  #classOf(node: Ast.Node): Ast.ClassDeclaration | undefined {
    for (let current: Ast.Node | undefined = node; current !== undefined; current = current.parent) {
      if (this.#ast.isClassDeclaration(current)) {
        return current;
      }
    }
    return undefined;
  }

  /** A class's name, its base (`Toolset`) and the identifiers its constructor reads a property of (`TicketToolset.searchTickets`). */
  #referencesIn(declaration: Ast.ClassDeclaration): Ast.Node[] {
    const ast = this.#ast;
    const bases = (declaration.heritageClauses ?? []).flatMap((clause) => clause.types.flatMap((base) => (ast.isExpressionWithTypeArguments(base) ? [base.expression] : [])));
    const found: Ast.Node[] = declaration.name === undefined ? bases : [declaration.name, ...bases];
    const visit = (child: Ast.Node): undefined => {
      if (ast.isPropertyAccessExpression(child) && ast.isIdentifier(child.expression)) {
        found.push(child.expression);
      }
      child.forEachChild(visit);
      return undefined;
    };
    for (const member of declaration.members) {
      if (ast.isConstructorDeclaration(member)) {
        member.forEachChild(visit);
      }
    }
    return found;
  }

  /** The methods' parameters of the class a parameter belongs to: their types are asked one method after another. */
  #parametersBeside(node: Ast.Node): Ast.Node[] {
    const ast = this.#ast;
    const method = node.parent;
    if (!ast.isParameterDeclaration(node) || method === undefined || !ast.isMethodDeclaration(method) || !ast.isClassDeclaration(method.parent)) {
      return [node];
    }
    return method.parent.members.flatMap((member) => (ast.isMethodDeclaration(member) ? [...member.parameters] : []));
  }

  resolveAlias(symbol: HostSymbol): HostSymbol {
    const tsSymbol = native<TsSymbol>(symbol);
    return (tsSymbol.flags & this.#aliasFlag) !== 0 ? native(this.#checker.getAliasedSymbol(tsSymbol)) : symbol;
  }

  typeAt(node: Node): HostType {
    const remote = native<Ast.Node>(node);
    let found = this.#typesAt.get(remote);
    if (found === undefined) {
      const nodes = [remote, ...this.#parametersBeside(remote).filter((candidate) => candidate !== remote && !this.#typesAt.has(candidate))];
      const types = this.#checker.getTypeAtLocation(nodes);
      nodes.forEach((candidate, index) => this.#typesAt.set(candidate, types[index]!));
      found = types[0]!;
    }
    return native(found);
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
    return native(this.#returnTypeOf(native<Ast.SignatureDeclaration>(method)).returned);
  }

  awaited(type: HostType): HostType | undefined {
    const remote = native<Type>(type);
    if (!this.#awaitedTypes.has(remote)) {
      this.#awaitedTypes.set(remote, this.#checker.getAwaitedType(remote));
    }
    return native(this.#awaitedTypes.get(remote));
  }

  /** A method's return type and what it awaits to, fetched with those of every method of its class. */
  #returnTypeOf(method: Ast.SignatureDeclaration): { readonly returned: Type | undefined; readonly awaited: Type | undefined } {
    let known = this.#returnTypes.get(method);
    if (known === undefined) {
      const ast = this.#ast;
      const checker = this.#checker;
      const owner = method.parent;
      const methods = owner !== undefined && ast.isClassDeclaration(owner) ? owner.members.filter((member) => ast.isMethodDeclaration(member) && !this.#returnTypes.has(member)) : [];
      const all = methods.includes(method as Ast.ClassElement) ? methods : [method, ...methods];
      const answers = this.#api.batch(
        ...all.map((declaration) =>
          (function* () {
            const signature = yield* checker.getSignatureFromDeclaration.gen(declaration as Ast.SignatureDeclaration);
            const returned = signature === undefined ? undefined : yield* checker.getReturnTypeOfSignature.gen(signature);
            const awaited = returned === undefined ? undefined : yield* checker.getAwaitedType.gen(returned);
            return { returned, awaited };
          })(),
        ),
      ) as { returned: Type | undefined; awaited: Type | undefined }[];
      all.forEach((declaration, index) => {
        const answer = answers[index]!;
        this.#returnTypes.set(declaration, answer);
        if (answer.returned !== undefined) {
          this.#awaitedTypes.set(answer.returned, answer.awaited);
        }
      });
      known = this.#returnTypes.get(method)!;
    }
    return known;
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
