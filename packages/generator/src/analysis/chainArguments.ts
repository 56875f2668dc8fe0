import type ts from 'typescript';
import type { AnalysisHost } from './AnalysisHost.js';
import type { DiagnosticSink } from './analyzeSourceFile.js';
import { readStringLiteral, type ChainCall } from './chain.js';

/** A chain call's string-literal argument; TSH013 when it is not one. */
export function literalArgument(
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

/** Whether a literal argument is one of the allowed values; TSH013 when it is not. */
export function checkAllowed(value: string, allowed: readonly string[], chainCall: ChainCall, node: ts.Node, sink: DiagnosticSink): boolean {
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
export function readSelector(host: AnalysisHost, argument: ts.Expression | undefined): { name: string; node: ts.Node } | undefined {
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
