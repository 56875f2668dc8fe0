import type ts from 'typescript';
import type { JsonValue } from '@toolgen/runtime';
import type { AnalysisHost } from './AnalysisHost.js';
import type { ToolsetMethodName } from './builderCalls.js';

/** One call of a builder chain: `.readOnly()`, `.withName('x')`, … */
export interface ChainCall {
  readonly name: string;
  readonly call: ts.CallExpression;
  readonly nameNode: ts.MemberName;
}

/** A call chain unwound from the outside in, listed in source order, with what it starts from. */
export interface UnwoundChain {
  readonly base: ts.Expression;
  readonly calls: readonly ChainCall[];
}

export function unwindChain(host: AnalysisHost, expression: ts.Expression): UnwoundChain {
  const { ts } = host;
  const calls: ChainCall[] = [];
  let current = skipParentheses(host, expression);
  while (ts.isCallExpression(current) && ts.isPropertyAccessExpression(current.expression)) {
    calls.push({ name: current.expression.name.text, call: current, nameNode: current.expression.name });
    current = skipParentheses(host, current.expression.expression);
  }
  return { base: current, calls: calls.reverse() };
}

function skipParentheses(host: AnalysisHost, expression: ts.Expression): ts.Expression {
  let current = expression;
  while (host.ts.isParenthesizedExpression(current)) {
    current = current.expression;
  }
  return current;
}

/** `this.addTool(...)` anywhere below `node`, in source order. */
export function findAddToolCalls(host: AnalysisHost, node: ts.Node): ts.CallExpression[] {
  const { ts } = host;
  const found: ts.CallExpression[] = [];
  const visit = (child: ts.Node): void => {
    if (isThisCall(host, child, 'addTool')) {
      found.push(child);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** Whether `node` is `this.<name>(...)`. */
export function isThisCall(host: AnalysisHost, node: ts.Node, name: ToolsetMethodName): node is ts.CallExpression {
  const { ts } = host;
  return (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.expression.kind === ts.SyntaxKind.ThisKeyword &&
    node.expression.name.text === name
  );
}

/** A string literal's text, or undefined when the expression is anything else. */
export function readStringLiteral(host: AnalysisHost, expression: ts.Expression | undefined): string | undefined {
  if (expression !== undefined && (host.ts.isStringLiteral(expression) || host.ts.isNoSubstitutionTemplateLiteral(expression))) {
    return expression.text;
  }
  return undefined;
}

/** A JSON literal written in code (`10`, `-1`, `'x'`, `true`, `null`, arrays and objects of those), or undefined. */
export function readJsonLiteral(host: AnalysisHost, expression: ts.Expression): JsonValue | undefined {
  const { ts } = host;
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
    return expression.text;
  }
  if (ts.isNumericLiteral(expression)) {
    return Number(expression.text);
  }
  if (ts.isPrefixUnaryExpression(expression) && expression.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(expression.operand)) {
    return -Number(expression.operand.text);
  }
  switch (expression.kind) {
    case ts.SyntaxKind.TrueKeyword:
      return true;
    case ts.SyntaxKind.FalseKeyword:
      return false;
    case ts.SyntaxKind.NullKeyword:
      return null;
  }
  if (ts.isArrayLiteralExpression(expression)) {
    const items: JsonValue[] = [];
    for (const element of expression.elements) {
      const value = readJsonLiteral(host, element);
      if (value === undefined) {
        return undefined;
      }
      items.push(value);
    }
    return items;
  }
  if (ts.isObjectLiteralExpression(expression)) {
    const result: Record<string, JsonValue> = {};
    for (const property of expression.properties) {
      if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
        return undefined;
      }
      const value = readJsonLiteral(host, property.initializer);
      if (value === undefined) {
        return undefined;
      }
      result[property.name.text] = value;
    }
    return result;
  }
  return undefined;
}
