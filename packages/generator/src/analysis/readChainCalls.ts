import type ts from 'typescript';
import { networkScopes, ToolNaming, workspacePathAccesses, type NetworkScope, type WorkspacePathAccess } from '@toolgen/runtime';
import type { AnalysisHost } from './AnalysisHost.js';
import type { DiagnosticSink } from './analyzeSourceFile.js';
import { readStringLiteral, type ChainCall } from './chain.js';

export interface ChainFacts {
  name?: { value: string; node: ts.Node };
  description?: string;
  readOnly: boolean;
  requiresApproval: boolean;
  networkScope: NetworkScope;
  workspacePaths: { parameter: string; access: WorkspacePathAccess; node: ts.Node }[];
  confidentialOnly?: ts.Node;
  nonConfidentialOnly?: ts.Node;
  settings?: { call: ChainCall; configurable: boolean; selections: { call: ChainCall; member: string; node: ts.Node }[] };
}


/** Literal examples for TSH013, in the user's own names where the method gives them. */
function chainExamples(host: AnalysisHost, method: ts.MethodDeclaration | undefined): { name: string; description: string; path: string } {
  const methodName = method === undefined ? undefined : method.name.getText();
  const firstParameter = method?.parameters.find((parameter) => host.ts.isIdentifier(parameter.name));
  return {
    name: `'${methodName === undefined ? 'tool_name' : ToolNaming.toolNameFromMethod(methodName)}'`,
    description: "'…'",
    path: `'${firstParameter === undefined ? 'path' : firstParameter.name.getText()}'`,
  };
}

export function readChainCalls(host: AnalysisHost, calls: readonly ChainCall[], method: ts.MethodDeclaration | undefined, sink: DiagnosticSink): ChainFacts {
  const facts: ChainFacts = { readOnly: false, requiresApproval: false, networkScope: 'none', workspacePaths: [] };
  const examples = chainExamples(host, method);
  let settingsEnded = false;
  for (const chainCall of calls) {
    const { name, call } = chainCall;
    const [first, second] = call.arguments;
    if (facts.settings !== undefined && name !== 'configurable' && name !== 'notConfigurable' && !settingsEnded) {
      sink.report('TSH012', 'settingsNotLast', facts.settings.call.nameNode, { call: facts.settings.call.name });
      settingsEnded = true;
    }
    switch (name) {
      case 'readOnly':
        facts.readOnly = true;
        break;
      case 'requiresApproval':
        facts.requiresApproval = true;
        break;
      case 'withName': {
        const value = literalArgument(host, chainCall, first, examples.name, sink);
        if (value !== undefined) {
          facts.name = { value, node: first! };
        }
        break;
      }
      case 'withDescription': {
        const value = literalArgument(host, chainCall, first, examples.description, sink);
        if (value !== undefined) {
          facts.description = value;
        }
        break;
      }
      case 'networkScope': {
        const value = literalArgument(host, chainCall, first, "'egress'", sink);
        if (value !== undefined && checkAllowed(value, networkScopes, chainCall, first!, sink)) {
          facts.networkScope = value as NetworkScope;
        }
        break;
      }
      case 'workspacePath': {
        const parameter = literalArgument(host, chainCall, first, examples.path, sink);
        const access = second === undefined ? 'read' : literalArgument(host, chainCall, second, "'write'", sink);
        if (parameter !== undefined && access !== undefined && checkAllowed(access, workspacePathAccesses, chainCall, second!, sink)) {
          facts.workspacePaths.push({ parameter, access: access as WorkspacePathAccess, node: first! });
        }
        break;
      }
      case 'confidentialOnly':
        facts.confidentialOnly = chainCall.nameNode;
        break;
      case 'nonConfidentialOnly':
        facts.nonConfidentialOnly = chainCall.nameNode;
        break;
      case 'withSettings':
      case 'withConfigurableSettings':
        facts.settings = { call: chainCall, configurable: name === 'withConfigurableSettings', selections: [] };
        settingsEnded = false;
        break;
      case 'configurable':
      case 'notConfigurable': {
        const member = readSelector(host, first);
        if (member === undefined) {
          sink.report('TSH012', 'notMemberSelector', first ?? call, { call: name });
        } else if (facts.settings !== undefined) {
          facts.settings.selections.push({ call: chainCall, member: member.name, node: member.node });
        }
        break;
      }
    }
  }
  return facts;
}

function literalArgument(
  host: AnalysisHost,
  chainCall: ChainCall,
  argument: ts.Expression | undefined,
  example: string,
  sink: DiagnosticSink,
): string | undefined {
  const value = readStringLiteral(host, argument);
  if (value === undefined) {
    sink.report('TSH013', 'notLiteral', argument ?? chainCall.call, { call: chainCall.name, example });
  }
  return value;
}

function checkAllowed(value: string, allowed: readonly string[], chainCall: ChainCall, node: ts.Node, sink: DiagnosticSink): boolean {
  if (allowed.includes(value)) {
    return true;
  }
  sink.report('TSH013', 'invalidValue', node, {
    call: chainCall.name,
    allowed: allowed.map((a) => `'${a}'`).join(', '),
    value: `'${value}'`,
  });
  return false;
}

/** `(s) => s.member` → the member's name and node. */
function readSelector(host: AnalysisHost, argument: ts.Expression | undefined): { name: string; node: ts.Node } | undefined {
  const { ts } = host;
  if (argument === undefined || !ts.isArrowFunction(argument) || argument.parameters.length !== 1) {
    return undefined;
  }
  const parameter = argument.parameters[0]!;
  let body: ts.ConciseBody = argument.body;
  if (ts.isBlock(body)) {
    const only = body.statements.length === 1 ? body.statements[0] : undefined;
    if (only === undefined || !ts.isReturnStatement(only) || only.expression === undefined) {
      return undefined;
    }
    body = only.expression;
  }
  while (ts.isParenthesizedExpression(body)) {
    body = body.expression;
  }
  if (
    ts.isPropertyAccessExpression(body) &&
    ts.isIdentifier(body.expression) &&
    ts.isIdentifier(parameter.name) &&
    body.expression.text === parameter.name.text
  ) {
    return { name: body.name.text, node: body.name };
  }
  return undefined;
}
