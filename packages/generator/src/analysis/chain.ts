import type { JsonValue } from '@toolgen/runtime';
import type { CallExpression, Expression, Identifier, Node } from '../host/syntax.js';
import type { AnalysisHost } from '../host/AnalysisHost.js';
import type { ToolsetMethodName } from './builderCalls.js';

/** One call of a builder chain: `.readOnly()`, `.withName('x')`, … */
export interface ChainCall {
  readonly name: string;
  readonly call: CallExpression;
  readonly nameNode: Identifier;
}

/** A call chain unwound from the outside in, listed in source order, with what it starts from. */
export interface UnwoundChain {
  readonly base: Expression;
  readonly calls: readonly ChainCall[];
}

export function unwindChain(host: AnalysisHost, expression: Expression): UnwoundChain {
  const { syntax } = host;
  const calls: ChainCall[] = [];
  let current = skipParentheses(host, expression);
  while (syntax.is(current, 'CallExpression') && syntax.is(current.expression, 'PropertyAccessExpression')) {
    calls.push({ name: current.expression.name.text, call: current, nameNode: current.expression.name });
    current = skipParentheses(host, current.expression.expression);
  }
  return { base: current, calls: calls.reverse() };
}

function skipParentheses(host: AnalysisHost, expression: Expression): Expression {
  let current = expression;
  while (host.syntax.is(current, 'ParenthesizedExpression')) {
    current = current.expression;
  }
  return current;
}

/** `this.addTool(...)` anywhere below `node`, in source order. */
export function findAddToolCalls(host: AnalysisHost, node: Node): CallExpression[] {
  const found: CallExpression[] = [];
  const visit = (child: Node): void => {
    if (isThisCall(host, child, 'addTool')) {
      found.push(child);
    }
    host.syntax.children(child).forEach(visit);
  };
  visit(node);
  return found;
}

/** Whether `node` is `this.<name>(...)`. */
export function isThisCall(host: AnalysisHost, node: Node, name: ToolsetMethodName): node is CallExpression {
  const { syntax } = host;
  return (
    syntax.is(node, 'CallExpression') &&
    syntax.is(node.expression, 'PropertyAccessExpression') &&
    syntax.is(node.expression.expression, 'ThisKeyword') &&
    node.expression.name.text === name
  );
}

/** A string literal's text, or undefined when the expression is anything else. */
export function readStringLiteral(host: AnalysisHost, expression: Expression | undefined): string | undefined {
  if (host.syntax.is(expression, 'StringLiteral') || host.syntax.is(expression, 'NoSubstitutionTemplateLiteral')) {
    return expression.text;
  }
  return undefined;
}

/** A JSON literal written in code (`10`, `-1`, `'x'`, `true`, `null`, arrays and objects of those), or undefined. */
export function readJsonLiteral(host: AnalysisHost, expression: Expression): JsonValue | undefined {
  const { syntax } = host;
  if (syntax.is(expression, 'StringLiteral') || syntax.is(expression, 'NoSubstitutionTemplateLiteral')) {
    return expression.text;
  }
  if (syntax.is(expression, 'NumericLiteral')) {
    return Number(expression.text);
  }
  if (syntax.is(expression, 'PrefixUnaryExpression') && syntax.kindIs(expression.operator, 'MinusToken') && syntax.is(expression.operand, 'NumericLiteral')) {
    return -Number(expression.operand.text);
  }
  if (syntax.is(expression, 'TrueKeyword')) {
    return true;
  }
  if (syntax.is(expression, 'FalseKeyword')) {
    return false;
  }
  if (syntax.is(expression, 'NullKeyword')) {
    return null;
  }
  if (syntax.is(expression, 'ArrayLiteralExpression')) {
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
  if (syntax.is(expression, 'ObjectLiteralExpression')) {
    const result: Record<string, JsonValue> = {};
    for (const property of expression.properties) {
      if (!syntax.is(property, 'PropertyAssignment') || !(syntax.is(property.name, 'Identifier') || syntax.is(property.name, 'StringLiteral'))) {
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
