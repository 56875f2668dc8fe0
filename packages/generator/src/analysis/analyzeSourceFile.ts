import { functionLikeKinds, iterationKinds } from '../host/syntax.js';
import type * as S from '../host/syntax.js';
import type { HostType } from '../host/TypeHost.js';
import { ToolNaming, type Confidentiality } from '@toolgen/runtime';
import type { Diagnostic } from '../diagnostics/Diagnostic.js';
import { DiagnosticSink } from './DiagnosticSink.js';
import type { AnalysisHost } from '../host/AnalysisHost.js';
import { isExported, isRuntimeSymbol } from './hostQueries.js';
import { analyzeTool } from './analyzeTool.js';
import { builderCall, toolsetCalls, type ToolsetCallContext, type ToolsetFacts } from './builderCalls.js';
import { findAddToolCalls, unwindChain, type UnwoundChain } from './chain.js';
import { reportUnknownCall } from './readChainCalls.js';
import type { ToolModel, ToolsetModel } from './model.js';

/** The toolsets a source file declares and the diagnostics about them. */
export interface SourceFileAnalysis {
  readonly toolsets: readonly ToolsetModel[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Analyzes one source file: finds every class deriving from `@toolgen/runtime`'s `Toolset`,
 * reads its constructor's chains and its methods' types and TSDoc, and returns plain data.
 * It never runs user code. Cross-file rules (unique names, TSH007) are checked by the caller.
 */
export function analyzeSourceFile(host: AnalysisHost, sourceFile: S.SourceFile): SourceFileAnalysis {
  const toolsets: ToolsetModel[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const statement of sourceFile.statements) {
    if (!host.syntax.is(statement, 'ClassDeclaration') || statement.name === undefined) {
      continue;
    }
    const base = toolsetBase(host, statement);
    if (base === undefined) {
      diagnostics.push(...unresolvedRuntimeBase(host, sourceFile, statement));
      continue;
    }
    const sink = new DiagnosticSink(host.syntax);
    const toolset = analyzeToolset(host, statement, statement.name, base, sink);
    diagnostics.push(...sink.diagnostics);
    toolsets.push({ ...toolset, hasErrors: sink.hasErrors });
  }
  return { toolsets, diagnostics };
}

type ToolsetBase = { readonly direct: true } | { readonly direct: false; readonly base: string; readonly node: S.Node };

/** The class's `extends` type (`Toolset`, `tg.Toolset`, `BaseToolset<T>`), if it has one. */
function extendsType(host: AnalysisHost, declaration: S.ClassDeclaration): ({ readonly expression: S.Expression } & S.Node) | undefined {
  return declaration.heritageClauses?.find((clause) => host.syntax.kindIs(clause.token, 'ExtendsKeyword'))?.types[0];
}

function toolsetBase(host: AnalysisHost, declaration: S.ClassDeclaration): ToolsetBase | undefined {
  const baseExpression = extendsType(host, declaration);
  if (baseExpression === undefined) {
    return undefined;
  }
  if (isRuntimeSymbol(host, host.symbolAt(baseExpression.expression), 'Toolset')) {
    return { direct: true };
  }
  const classSymbol = declaration.name === undefined ? undefined : host.symbolAt(declaration.name);
  if (classSymbol === undefined) {
    return undefined;
  }
  const pending = [host.declaredType(classSymbol)];
  const seen = new Set<HostType>();
  while (pending.length > 0) {
    const type = pending.pop()!;
    if (seen.has(type) || !host.isClassOrInterface(type)) {
      continue;
    }
    seen.add(type);
    for (const baseType of host.types.baseTypes(type)) {
      if (isRuntimeSymbol(host, host.types.symbolOf(baseType), 'Toolset')) {
        return { direct: false, base: host.syntax.text(baseExpression.expression), node: baseExpression };
      }
      pending.push(baseType);
    }
  }
  return undefined;
}

const runtimeModule = /^@toolgen\/runtime(?:\/|$)/;

/**
 * TSH026 for a class that extends the `Toolset` it imports from `@toolgen/runtime` (or a subpath of it), when that import does
 * not resolve to the installed package (not installed, installed where the project does not look, a `paths` entry elsewhere):
 * without it the class is no toolset to the type checker, and would be left out without a word.
 */
function unresolvedRuntimeBase(host: AnalysisHost, sourceFile: S.SourceFile, declaration: S.ClassDeclaration): readonly Diagnostic[] {
  const baseExpression = extendsType(host, declaration);
  if (baseExpression === undefined || declaration.name === undefined) {
    return [];
  }
  const { expression } = baseExpression;
  // the binding the base names: Toolset (import { Toolset } or { Toolset as Base }) or tg.Toolset (import * as tg)
  const named = host.syntax.is(expression, 'Identifier') ? expression.text : undefined;
  const qualified = host.syntax.is(expression, 'PropertyAccessExpression') && expression.name.text === 'Toolset' ? expression.expression : undefined;
  const namespace = host.syntax.is(qualified, 'Identifier') ? qualified.text : undefined;
  for (const statement of sourceFile.statements) {
    if (!host.syntax.is(statement, 'ImportDeclaration') || !host.syntax.is(statement.moduleSpecifier, 'StringLiteral')) {
      continue;
    }
    const module = statement.moduleSpecifier.text;
    const bindings = statement.importClause?.namedBindings;
    if (!runtimeModule.test(module) || bindings === undefined) {
      continue;
    }
    const imported = host.syntax.is(bindings, 'NamedImports')
      ? bindings.elements.some((specifier) => specifier.name.text === named && (specifier.propertyName ?? specifier.name).text === 'Toolset')
      : host.syntax.is(bindings, 'NamespaceImport') && bindings.name.text === namespace;
    if (imported) {
      const sink = new DiagnosticSink(host.syntax);
      sink.report('TSH026', 'unresolvedRuntime', baseExpression, { className: declaration.name.text, base: host.syntax.text(expression), module });
      return sink.diagnostics;
    }
  }
  return [];
}

function analyzeToolset(
  host: AnalysisHost,
  declaration: S.ClassDeclaration,
  nameNode: S.Identifier,
  base: ToolsetBase,
  sink: DiagnosticSink,
): Omit<ToolsetModel, 'hasErrors'> {
  const className = nameNode.text;
  if (!isExported(host, declaration)) {
    sink.report('TSH001', 'notExported', nameNode, { className });
  }
  if (!base.direct) {
    sink.report('TSH017', 'indirectBase', base.node, { className, base: base.base });
  }
  if (declaration.typeParameters !== undefined && declaration.typeParameters.length > 0) {
    sink.report('TSH017', 'typeParameters', declaration.typeParameters[0]!, { className });
  }

  const constructor = declaration.members.find(
    (member): member is S.ConstructorDeclaration => host.syntax.is(member, 'Constructor') && member.body !== undefined,
  );
  const facts: ToolsetFacts = { chains: [], topLevelChains: new Set() };
  const context: ToolsetCallContext = { host, sink, defaultDisplayName: defaultDisplayNameOf(className) };

  let returned = false;
  for (const statement of constructor?.body?.statements ?? []) {
    if (returned) {
      continue;
    }
    if (host.syntax.is(statement, 'ReturnStatement')) {
      returned = true;
      continue;
    }
    if (host.syntax.is(statement, 'ExpressionStatement')) {
      const chain = unwindChain(host, statement.expression);
      const first = chain.calls[0];
      if (!host.syntax.is(chain.base, 'ThisKeyword') || first === undefined) {
        continue;
      }
      readToolsetStatement(host, chain, facts, context);
      continue;
    }
    if (host.syntax.is(statement, 'VariableStatement')) {
      for (const variable of statement.declarationList.declarations) {
        for (const call of variable.initializer === undefined ? [] : findAddToolCalls(host, variable.initializer)) {
          facts.topLevelChains.add(call);
          sink.report('TSH015', 'splitChain', call, { variable: host.syntax.text(variable.name) });
        }
      }
    }
  }
  reportMisplacedAddTools(host, declaration, constructor, facts.topLevelChains, returned, sink, className);

  if (facts.confidentialOnly !== undefined && facts.nonConfidentialOnly !== undefined) {
    sink.report('TSH018', 'conflictingConfidentiality', facts.nonConfidentialOnly, { subject: `Toolset ${className}` });
  }
  const confidentiality: Confidentiality =
    facts.confidentialOnly !== undefined ? 'confidential_only' : facts.nonConfidentialOnly !== undefined ? 'non_confidential_only' : 'any';

  const tools: ToolModel[] = [];
  const methodsSeen = new Set<string>();
  for (const chain of facts.chains) {
    const tool = analyzeTool(host, { declaration, className, chain, toolsetConfidentiality: confidentiality, methodsSeen, sink });
    if (tool !== undefined) {
      tools.push(tool);
    }
  }
  const owner = ToolNaming.ownerFromClassName(className);
  return {
    className,
    owner,
    displayName: facts.displayName ?? context.defaultDisplayName,
    source: host.syntax.fileName(declaration),
    confidentiality,
    tools,
    location: host.syntax.locate(nameNode),
  };
}

/**
 * A constructor statement `this.<call>(...)…`: a toolset call, a helper of the class (a name the
 * checker resolves to anything else), or a call toolgen does not know (TSH021, as is anything
 * chained onto a toolset call, which returns nothing).
 */
function readToolsetStatement(host: AnalysisHost, chain: UnwoundChain, facts: ToolsetFacts, context: ToolsetCallContext): void {
  const [first, ...rest] = chain.calls as [UnwoundChain['calls'][number], ...UnwoundChain['calls']];
  const handler = builderCall(toolsetCalls, first.name);
  if (handler === undefined) {
    if (host.symbolAt(first.nameNode) === undefined) {
      reportUnknownCall(context.sink, first.nameNode, `this.${first.name}()`, 'toolset call', Object.keys(toolsetCalls).map((name) => `this.${name}()`));
    }
    return;
  }
  handler(facts, chain, context);
  if (first.name !== 'addTool') {
    for (const chained of rest) {
      context.sink.report('TSH021', 'chainedOntoToolsetCall', chained.nameNode, { call: `.${chained.name}()`, toolsetCall: `this.${first.name}()` });
    }
  }
}

/** `TicketToolset` → `Ticket`: the display name of a toolset that calls no `withDisplayName`. */
function defaultDisplayNameOf(className: string): string {
  return className.endsWith('Toolset') && className !== 'Toolset' ? className.slice(0, -'Toolset'.length) : className;
}

/** TSH014: every `this.addTool` that is not the head of a top-level constructor statement. */
function reportMisplacedAddTools(
  host: AnalysisHost,
  declaration: S.ClassDeclaration,
  constructor: S.ConstructorDeclaration | undefined,
  topLevel: ReadonlySet<S.CallExpression>,
  afterReturn: boolean,
  sink: DiagnosticSink,
  className: string,
): void {
  for (const member of declaration.members) {
    for (const call of findAddToolCalls(host, member)) {
      if (topLevel.has(call)) {
        continue;
      }
      let where: string;
      if (member !== constructor) {
        const memberName = member.name !== undefined ? host.syntax.text(member.name) : 'a static block';
        where = `in the member "${memberName}"`;
      } else {
        where = describeEnclosing(host, call, constructor, afterReturn);
      }
      sink.report('TSH014', 'notTopLevel', call, { className, where });
    }
  }
}

function describeEnclosing(host: AnalysisHost, call: S.Node, constructor: S.ConstructorDeclaration, afterReturn: boolean): string {
  const describe = (node: S.Node): string | undefined =>
    host.syntax.is(node, 'IfStatement') || host.syntax.is(node, 'ConditionalExpression') || host.syntax.is(node, 'SwitchStatement')
      ? 'inside a branch'
      : iterationKinds.some((kind) => host.syntax.is(node, kind))
        ? 'inside a loop'
        : host.syntax.is(node, 'TryStatement')
          ? 'inside a try statement'
          : functionLikeKinds.some((kind) => host.syntax.is(node, kind))
            ? 'inside a nested function'
            : host.syntax.is(node, 'Block') && (host.syntax.is(node.parent, 'Block') || node.parent === constructor.body)
              ? 'inside a block'
              : undefined;
  // the innermost construct around the call describes it best; `node` ends as the top-level statement
  let description: string | undefined;
  let node: S.Node = call;
  while (node.parent !== undefined && node.parent !== constructor.body) {
    description ??= describe(node.parent);
    node = node.parent;
  }
  if (afterReturn) {
    const statements: readonly S.Node[] = constructor.body?.statements ?? [];
    const returnIndex = statements.findIndex((statement) => host.syntax.is(statement, 'ReturnStatement'));
    if (returnIndex >= 0 && statements.indexOf(node) > returnIndex) {
      return 'after an early return';
    }
  }
  return description ?? 'nested in an expression';
}
