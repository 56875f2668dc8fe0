import type * as S from '../host/syntax.js';
import type { AnalysisHost } from '../host/AnalysisHost.js';
import type { DiagnosticSink } from './DiagnosticSink.js';
import { readStringLiteral, type ChainCall } from './chain.js';

/** A chain call's string-literal argument; TSH013 when it is not one. */
export function literalArgument(
  host: AnalysisHost,
  chainCall: ChainCall,
  argument: S.Expression | undefined,
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
export function checkAllowed(value: string, allowed: readonly string[], chainCall: ChainCall, node: S.Node, sink: DiagnosticSink): boolean {
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
export function readSelector(host: AnalysisHost, argument: S.Expression | undefined): { name: string; node: S.Node } | undefined {
    if (argument === undefined || !host.syntax.is(argument, 'ArrowFunction') || argument.parameters.length !== 1) {
    return undefined;
  }
  const parameter = argument.parameters[0]!;
  let body: S.Node = argument.body;
  if (host.syntax.is(body, 'Block')) {
    const only = body.statements.length === 1 ? body.statements[0] : undefined;
    if (only === undefined || !host.syntax.is(only, 'ReturnStatement') || only.expression === undefined) {
      return undefined;
    }
    body = only.expression;
  }
  while (host.syntax.is(body, 'ParenthesizedExpression')) {
    body = body.expression;
  }
  if (
    host.syntax.is(body, 'PropertyAccessExpression') &&
    host.syntax.is(body.expression, 'Identifier') &&
    host.syntax.is(parameter.name, 'Identifier') &&
    body.expression.text === parameter.name.text
  ) {
    return { name: body.name.text, node: body.name };
  }
  return undefined;
}
