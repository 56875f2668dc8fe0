import type ts from 'typescript';
import { ToolNaming, type Confidentiality } from '@toolgen/runtime';
import type { DiagnosticCode, MessageId } from '../diagnostics/catalogue.js';
import { createDiagnostic, type Diagnostic } from '../diagnostics/Diagnostic.js';
import { isExported, isRuntimeSymbol, locate, type AnalysisHost } from './AnalysisHost.js';
import { analyzeTool } from './analyzeTool.js';
import { builderCall, toolsetCalls, type ToolsetCallContext, type ToolsetFacts } from './builderCalls.js';
import { findAddToolCalls, unwindChain } from './chain.js';
import type { ToolModel, ToolsetModel } from './model.js';

/** The toolsets a source file declares and the diagnostics about them. */
export interface SourceFileAnalysis {
  readonly toolsets: readonly ToolsetModel[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Collects the diagnostics of one toolset and remembers whether any is an error. */
export class DiagnosticSink {
  readonly diagnostics: Diagnostic[] = [];
  hasErrors = false;

  report<C extends DiagnosticCode>(code: C, messageId: MessageId<C>, node: ts.Node, data: Readonly<Record<string, string>> = {}): void {
    const diagnostic = createDiagnostic(code, messageId, locate(node), data);
    this.hasErrors ||= diagnostic.severity === 'error';
    this.diagnostics.push(diagnostic);
  }
}

/**
 * Analyzes one source file: finds every class deriving from `@toolgen/runtime`'s `Toolset`,
 * reads its constructor's chains and its methods' types and TSDoc, and returns plain data.
 * It never runs user code. Cross-file rules (unique names, TSH007) are checked by the caller.
 */
export function analyzeSourceFile(host: AnalysisHost, sourceFile: ts.SourceFile): SourceFileAnalysis {
  const toolsets: ToolsetModel[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const statement of sourceFile.statements) {
    if (!host.ts.isClassDeclaration(statement) || statement.name === undefined) {
      continue;
    }
    const base = toolsetBase(host, statement);
    if (base === undefined) {
      continue;
    }
    const sink = new DiagnosticSink();
    const toolset = analyzeToolset(host, statement, statement.name, base, sink);
    diagnostics.push(...sink.diagnostics);
    toolsets.push({ ...toolset, hasErrors: sink.hasErrors });
  }
  return { toolsets, diagnostics };
}

type ToolsetBase = { readonly direct: true } | { readonly direct: false; readonly base: string; readonly node: ts.Node };

function toolsetBase(host: AnalysisHost, declaration: ts.ClassDeclaration): ToolsetBase | undefined {
  const { ts, checker } = host;
  const extendsClause = declaration.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword);
  const baseExpression = extendsClause?.types[0];
  if (baseExpression === undefined) {
    return undefined;
  }
  if (isRuntimeSymbol(host, checker.getSymbolAtLocation(baseExpression.expression), 'Toolset')) {
    return { direct: true };
  }
  const classSymbol = declaration.name === undefined ? undefined : checker.getSymbolAtLocation(declaration.name);
  if (classSymbol === undefined) {
    return undefined;
  }
  const pending = [checker.getDeclaredTypeOfSymbol(classSymbol)];
  const seen = new Set<ts.Type>();
  while (pending.length > 0) {
    const type = pending.pop()!;
    if (seen.has(type) || !type.isClassOrInterface()) {
      continue;
    }
    seen.add(type);
    for (const baseType of checker.getBaseTypes(type)) {
      if (isRuntimeSymbol(host, baseType.getSymbol(), 'Toolset')) {
        return { direct: false, base: baseExpression.expression.getText(), node: baseExpression };
      }
      pending.push(baseType);
    }
  }
  return undefined;
}

function analyzeToolset(
  host: AnalysisHost,
  declaration: ts.ClassDeclaration,
  nameNode: ts.Identifier,
  base: ToolsetBase,
  sink: DiagnosticSink,
): Omit<ToolsetModel, 'hasErrors'> {
  const { ts } = host;
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
    (member): member is ts.ConstructorDeclaration => ts.isConstructorDeclaration(member) && member.body !== undefined,
  );
  const facts: ToolsetFacts = { chains: [], topLevelChains: new Set() };
  const context: ToolsetCallContext = { host, sink, defaultDisplayName: defaultDisplayNameOf(className) };

  let returned = false;
  for (const statement of constructor?.body?.statements ?? []) {
    if (returned) {
      continue;
    }
    if (ts.isReturnStatement(statement)) {
      returned = true;
      continue;
    }
    if (ts.isExpressionStatement(statement)) {
      const chain = unwindChain(host, statement.expression);
      const first = chain.calls[0];
      if (chain.base.kind !== ts.SyntaxKind.ThisKeyword || first === undefined) {
        continue;
      }
      builderCall(toolsetCalls, first.name)?.(facts, chain, context);
      continue;
    }
    if (ts.isVariableStatement(statement)) {
      for (const variable of statement.declarationList.declarations) {
        for (const call of variable.initializer === undefined ? [] : findAddToolCalls(host, variable.initializer)) {
          facts.topLevelChains.add(call);
          sink.report('TSH015', 'splitChain', call, { variable: variable.name.getText() });
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
    source: declaration.getSourceFile().fileName,
    confidentiality,
    tools,
    location: locate(nameNode),
  };
}

/** `TicketToolset` → `Ticket`: the display name of a toolset that calls no `withDisplayName`. */
function defaultDisplayNameOf(className: string): string {
  return className.endsWith('Toolset') && className !== 'Toolset' ? className.slice(0, -'Toolset'.length) : className;
}

/** TSH014: every `this.addTool` that is not the head of a top-level constructor statement. */
function reportMisplacedAddTools(
  host: AnalysisHost,
  declaration: ts.ClassDeclaration,
  constructor: ts.ConstructorDeclaration | undefined,
  topLevel: ReadonlySet<ts.CallExpression>,
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
        const memberName = member.name !== undefined ? member.name.getText() : 'a static block';
        where = `in the member "${memberName}"`;
      } else {
        where = describeEnclosing(host, call, constructor, afterReturn);
      }
      sink.report('TSH014', 'notTopLevel', call, { className, where });
    }
  }
}

function describeEnclosing(host: AnalysisHost, call: ts.Node, constructor: ts.ConstructorDeclaration, afterReturn: boolean): string {
  const { ts } = host;
  const describe = (node: ts.Node): string | undefined =>
    ts.isIfStatement(node) || ts.isConditionalExpression(node) || ts.isSwitchStatement(node)
      ? 'inside a branch'
      : ts.isIterationStatement(node, false)
        ? 'inside a loop'
        : ts.isTryStatement(node)
          ? 'inside a try statement'
          : ts.isFunctionLike(node)
            ? 'inside a nested function'
            : ts.isBlock(node) && (ts.isBlock(node.parent) || node.parent === constructor.body)
              ? 'inside a block'
              : undefined;
  // the innermost construct around the call describes it best; `node` ends as the top-level statement
  let description: string | undefined;
  let node: ts.Node = call;
  while (node.parent !== undefined && node.parent !== constructor.body) {
    description ??= describe(node.parent);
    node = node.parent;
  }
  if (afterReturn) {
    const statements: readonly ts.Node[] = constructor.body?.statements ?? [];
    const returnIndex = statements.findIndex((statement) => ts.isReturnStatement(statement));
    if (returnIndex >= 0 && statements.indexOf(node) > returnIndex) {
      return 'after an early return';
    }
  }
  return description ?? 'nested in an expression';
}
