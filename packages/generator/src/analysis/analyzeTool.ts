import type * as S from '../host/syntax.js';
import { ToolNaming, type Confidentiality, type WorkspacePathMetadata } from '@toolgen/runtime';
import { toJsonSchema } from '../schema/toJsonSchema.js';
import type { AnalysisHost } from '../host/AnalysisHost.js';
import { analyzeParameters } from './analyzeParameters.js';
import { analyzeResult } from './analyzeResult.js';
import { analyzeSettings } from './analyzeSettings.js';
import { statedMetadata } from './builderCalls.js';
import type { DiagnosticSink } from './DiagnosticSink.js';
import type { UnwoundChain } from './chain.js';
import { checkWorkspacePaths } from './checkWorkspacePaths.js';
import { readMethodDocs, withDeprecation } from './methodDocs.js';
import type { ToolModel } from './model.js';
import { readChainCalls } from './readChainCalls.js';
import { unsendableValues } from './unsendableValues.js';
import type { ShapeDocument } from '../schema/shape.js';
import { noticeData } from '../schema/tsdoc/notices.js';

export interface ToolContext {
  readonly declaration: S.ClassDeclaration;
  readonly className: string;
  readonly chain: UnwoundChain;
  readonly toolsetConfidentiality: Confidentiality;
  /** Methods already added by earlier chains of this toolset (TSH016). */
  readonly methodsSeen: Set<string>;
  readonly sink: DiagnosticSink;
}


/** Analyzes one `this.addTool(...)…` chain; undefined when its method cannot be resolved. */
export function analyzeTool(host: AnalysisHost, context: ToolContext): ToolModel | undefined {
  const { chain, sink } = context;
  const [addTool, ...calls] = chain.calls;
  const method = resolveMethod(host, context, addTool!.call);
  const facts = readChainCalls(host, calls, method, sink);
  if (method === undefined) {
    return undefined;
  }
  const methodName = host.syntax.text(method.name);
  if (context.methodsSeen.has(methodName)) {
    sink.report('TSH016', 'addedTwice', addTool!.call.arguments[0]!, { className: context.className, method: methodName });
  }
  context.methodsSeen.add(methodName);

  const name = facts.name?.value ?? ToolNaming.toolNameFromMethod(methodName);
  const nameNode = facts.name?.node ?? method.name;
  if (!ToolNaming.isSnakeCaseName(name)) {
    if (facts.name === undefined) {
      sink.report('TSH008', 'derivedName', nameNode, { name, method: methodName, suggestion: ToolNaming.suggestSnakeCase(name) });
    } else {
      sink.report('TSH008', 'explicitName', nameNode, { name, suggestion: ToolNaming.suggestSnakeCase(name) });
    }
  }

  const docs = readMethodDocs(host, method);
  for (const notice of docs.notices) {
    sink.reportAt('TSH025', notice.messageId, notice.location, noticeData(notice, `the method "${methodName}"`));
  }
  const description = withDeprecation(facts.description ?? docs.description, docs.deprecated);
  if (facts.description === undefined && docs.description === '') {
    sink.report('TSH009', 'noDescription', method.name, { tool: name, method: methodName });
  }

  const settings = facts.settings === undefined ? null : analyzeSettings(host, facts.settings, name, sink);
  const parameters = analyzeParameters(host, method, name, settings?.type, docs, sink);
  checkWorkspacePaths(facts, parameters, methodName, sink);
  const result = analyzeResult(host, method, name, sink);
  reportUnsendableValues(host, method, name, parameters.document, sink);


  let confidentiality: Confidentiality = context.toolsetConfidentiality;
  if (facts.confidentialOnly !== undefined && facts.nonConfidentialOnly !== undefined) {
    sink.report('TSH018', 'conflictingConfidentiality', facts.nonConfidentialOnly, { subject: `Tool "${name}"` });
  } else if (facts.confidentialOnly !== undefined || facts.nonConfidentialOnly !== undefined) {
    const own: Confidentiality = facts.confidentialOnly !== undefined ? 'confidential_only' : 'non_confidential_only';
    if (confidentiality !== 'any' && confidentiality !== own) {
      sink.report('TSH018', 'conflictingConfidentiality', facts.confidentialOnly ?? facts.nonConfidentialOnly!, {
        subject: `Tool "${name}" (its toolset says the opposite)`,
      });
    }
    confidentiality = own;
  }

  return {
    name,
    qualifiedName: ToolNaming.buildToolsetQualifiedName(context.className, name),
    methodName,
    description,
    parameters: parameters.models,
    flattened: parameters.flattened,
    parametersShape: parameters.document,
    parametersSchema: toJsonSchema(parameters.document),
    resultKind: result.kind,
    returnsShape: result.document,
    returnsSchema: result.document === null ? null : toJsonSchema(result.document),
    content: result.content,
    resultOptional: result.optional,
    readOnly: facts.readOnly,
    approval: facts.requiresApproval ? 'require_approval' : 'default',
    networkScope: facts.networkScope,
    confidentiality,
    workspacePaths: facts.workspacePaths.map(({ parameter, access }): WorkspacePathMetadata => ({ parameter, access })),
    settings: settings?.model ?? null,
    deprecated: docs.deprecated !== undefined,
    stated: statedMetadata(facts, name),
    nameLocation: host.syntax.locate(nameNode),
  };
}


function resolveMethod(host: AnalysisHost, context: ToolContext, call: S.CallExpression): S.MethodDeclaration | undefined {
    const { declaration, className, sink } = context;
  const methodsNamed = (name: string) =>
    declaration.members.filter((member): member is S.MethodDeclaration => host.syntax.is(member, 'MethodDeclaration') && host.syntax.text(member.name) === name);
  const isStatic = (member: S.ClassElement) => host.syntax.hasModifier(member, 'static');
  // the example names one of the class's own static methods, or none when it has none
  const someStatic = declaration.members.find((member) => host.syntax.is(member, 'MethodDeclaration') && isStatic(member) && host.syntax.is(member.name, 'Identifier'));
  const example = someStatic === undefined ? '' : ` such as "${className}.${host.syntax.text(someStatic.name!)}"`;
  const argument = call.arguments[0];
  if (argument === undefined) {
    sink.report('TSH003', 'notMethodReference', call, { found: 'no argument', className, example });
    return undefined;
  }

  if (host.syntax.is(argument, 'PropertyAccessExpression')) {
    const memberName = argument.name.text;
    const target = argument.expression;
    const referencesClass = host.syntax.is(target, 'Identifier') && host.symbolAt(target) === host.symbolAt(declaration.name!);
    const isPrototype = host.syntax.is(target, 'PropertyAccessExpression') && target.name.text === 'prototype';
    if (host.syntax.is(target, 'ThisKeyword') || isPrototype || referencesClass) {
      const candidates = methodsNamed(memberName);
      const staticMethod = candidates.find((member) => isStatic(member) && member.body !== undefined) ?? candidates.find(isStatic);
      if (referencesClass && staticMethod !== undefined) {
        return staticMethod;
      }
      if (candidates.some((member) => !isStatic(member))) {
        sink.report('TSH002', 'instanceMethod', argument, { method: memberName, className });
        return undefined;
      }
      sink.report('TSH003', 'notMethodReference', argument, { found: `"${host.syntax.text(argument)}", which is not a static method of ${className}`, className, example });
      return undefined;
    }
    sink.report('TSH003', 'notMethodReference', argument, { found: `"${host.syntax.text(argument)}", a member of another class or object`, className, example });
    return undefined;
  }
  const found = host.syntax.is(argument, 'ArrowFunction') || host.syntax.is(argument, 'FunctionExpression')
    ? 'a function expression'
    : host.syntax.is(argument, 'CallExpression')
      ? `the result of a call ("${host.syntax.text(argument)}")`
      : host.syntax.is(argument, 'Identifier')
        ? `the variable "${argument.text}"`
        : `the expression "${host.syntax.text(argument)}"`;
  sink.report('TSH003', 'notMethodReference', argument, { found, className, example });
  return undefined;
}


/** TSH022 for each value a provider variant cannot let the model send, at the parameter it is in. */
function reportUnsendableValues(host: AnalysisHost, method: S.MethodDeclaration, tool: string, document: ShapeDocument, sink: DiagnosticSink): void {
  for (const value of unsendableValues(document)) {
    const first = value.pointer.split('/')[1]?.replaceAll('~1', '/').replaceAll('~0', '~');
    const parameter = method.parameters.find((each) => host.syntax.text(each.name) === first) ?? method.parameters[0];
    sink.report('TSH022', value.reason, parameter ?? method.name, { variants: variantsPhrase(value.variants), tool, pointer: value.pointer });
  }
}

/** `the openai-strict and gemini variants`, `the gemini variant`. */
function variantsPhrase(variants: readonly string[]): string {
  return `the ${variants.join(' and ')} variant${variants.length === 1 ? '' : 's'}`;
}
