import type ts from 'typescript';
import {
  networkScopes,
  ToolNaming,
  workspacePathAccesses,
  type Confidentiality,
  type JsonValue,
  type NetworkScope,
  type WorkspacePathAccess,
  type WorkspacePathMetadata,
} from '@toolgen/runtime';
import { ShapeBuilder } from '../schema/derive/ShapeBuilder.js';
import type { ObjectShape, PropertyShape, Shape, ShapeProblem } from '../schema/shape.js';
import { toJsonSchema } from '../schema/toJsonSchema.js';
import { applyDocumentation } from '../schema/tsdoc/applyDocumentation.js';
import { typeDocumentation } from '../schema/tsdoc/readDocumentation.js';
import { hostType, hostTypeNode, isAbortSignal, isExported, isRuntimeSymbol, locate, type AnalysisHost } from './AnalysisHost.js';
import type { DiagnosticSink } from './analyzeSourceFile.js';
import { readJsonLiteral, readStringLiteral, type ChainCall, type UnwoundChain } from './chain.js';
import type { ParameterModel, ResultKind, SettingsModel, ToolModel } from './model.js';

export interface ToolContext {
  readonly declaration: ts.ClassDeclaration;
  readonly className: string;
  readonly chain: UnwoundChain;
  readonly toolsetConfidentiality: Confidentiality;
  /** Methods already added by earlier chains of this toolset (TSH016). */
  readonly methodsSeen: Set<string>;
  readonly sink: DiagnosticSink;
}

interface ChainFacts {
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

/** Analyzes one `this.addTool(...)…` chain; undefined when its method cannot be resolved. */
export function analyzeTool(host: AnalysisHost, context: ToolContext): ToolModel | undefined {
  const { chain, sink } = context;
  const [addTool, ...calls] = chain.calls;
  const method = resolveMethod(host, context, addTool!.call);
  const facts = readChainCalls(host, calls, method, sink);
  if (method === undefined) {
    return undefined;
  }
  const methodName = method.name.getText();
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
  const description = withDeprecation(facts.description ?? docs.description, docs.deprecated);
  if (facts.description === undefined && docs.description === '') {
    sink.report('TSH009', 'noDescription', method.name, { tool: name, method: methodName });
  }

  const settings = facts.settings === undefined ? null : analyzeSettings(host, facts.settings, name, sink);
  const parameters = analyzeParameters(host, method, name, settings?.type, docs, sink);
  checkWorkspacePaths(facts, parameters, methodName, sink);
  const result = analyzeResult(host, method, name, sink);

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
    readOnly: facts.readOnly,
    approval: facts.requiresApproval ? 'require_approval' : 'default',
    networkScope: facts.networkScope,
    confidentiality,
    workspacePaths: facts.workspacePaths.map(({ parameter, access }): WorkspacePathMetadata => ({ parameter, access })),
    settings: settings?.model ?? null,
    deprecated: docs.deprecated !== undefined,
    nameLocation: locate(nameNode),
  };
}

/** The description with the `@deprecated` note after it, so the model reads it too. */
function withDeprecation(description: string, deprecated: string | undefined): string {
  if (deprecated === undefined) {
    return description;
  }
  const note = deprecated === '' ? 'Deprecated: prefer another tool.' : `Deprecated: ${deprecated}`;
  return description === '' ? note : `${description}\n\n${note}`;
}

function resolveMethod(host: AnalysisHost, context: ToolContext, call: ts.CallExpression): ts.MethodDeclaration | undefined {
  const { ts } = host;
  const { declaration, className, sink } = context;
  const methodsNamed = (name: string) =>
    declaration.members.filter((member): member is ts.MethodDeclaration => ts.isMethodDeclaration(member) && member.name.getText() === name);
  const isStatic = (member: ts.ClassElement) => (ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Static) !== 0;
  // the example names one of the class's own static methods, or none when it has none
  const someStatic = declaration.members.find((member) => ts.isMethodDeclaration(member) && isStatic(member) && ts.isIdentifier(member.name));
  const example = someStatic === undefined ? '' : ` such as "${className}.${someStatic.name!.getText()}"`;
  const argument = call.arguments[0];
  if (argument === undefined) {
    sink.report('TSH003', 'notMethodReference', call, { found: 'no argument', className, example });
    return undefined;
  }

  if (ts.isPropertyAccessExpression(argument)) {
    const memberName = argument.name.text;
    const target = argument.expression;
    const referencesClass = ts.isIdentifier(target) && host.checker.getSymbolAtLocation(target) === host.checker.getSymbolAtLocation(declaration.name!);
    const isPrototype = ts.isPropertyAccessExpression(target) && target.name.text === 'prototype';
    if (target.kind === ts.SyntaxKind.ThisKeyword || isPrototype || referencesClass) {
      const candidates = methodsNamed(memberName);
      const staticMethod = candidates.find((member) => isStatic(member) && member.body !== undefined) ?? candidates.find(isStatic);
      if (referencesClass && staticMethod !== undefined) {
        return staticMethod;
      }
      if (candidates.some((member) => !isStatic(member))) {
        sink.report('TSH002', 'instanceMethod', argument, { method: memberName, className });
        return undefined;
      }
      sink.report('TSH003', 'notMethodReference', argument, { found: `"${argument.getText()}", which is not a static method of ${className}`, className, example });
      return undefined;
    }
    sink.report('TSH003', 'notMethodReference', argument, { found: `"${argument.getText()}", a member of another class or object`, className, example });
    return undefined;
  }
  const found = ts.isArrowFunction(argument) || ts.isFunctionExpression(argument)
    ? 'a function expression'
    : ts.isCallExpression(argument)
      ? `the result of a call ("${argument.getText()}")`
      : ts.isIdentifier(argument)
        ? `the variable "${argument.text}"`
        : `the expression "${argument.getText()}"`;
  sink.report('TSH003', 'notMethodReference', argument, { found, className, example });
  return undefined;
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

function readChainCalls(host: AnalysisHost, calls: readonly ChainCall[], method: ts.MethodDeclaration | undefined, sink: DiagnosticSink): ChainFacts {
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

interface SettingsAnalysis {
  readonly type: ts.Type;
  readonly model: SettingsModel;
}

function analyzeSettings(
  host: AnalysisHost,
  settings: NonNullable<ChainFacts['settings']>,
  toolName: string,
  sink: DiagnosticSink,
): SettingsAnalysis | undefined {
  const { ts, checker } = host;
  const callName = settings.call.name;
  const typeNode = settings.call.call.typeArguments?.[0];
  if (typeNode === undefined) {
    sink.report('TSH012', 'missingSettingsType', settings.call.nameNode, { call: callName });
    return undefined;
  }
  const type = checker.getTypeFromTypeNode(typeNode);
  const symbol = type.getSymbol();
  const classDeclaration = symbol?.declarations?.find(ts.isClassDeclaration);
  if (symbol === undefined || classDeclaration === undefined || classDeclaration.name === undefined) {
    sink.report('TSH012', 'settingsNotClass', typeNode, { settingsType: typeNode.getText() });
    return undefined;
  }
  // the generated module imports the class and calls `new Settings()`: both must work
  const className = classDeclaration.name.text;
  if (!isExported(host, classDeclaration)) {
    sink.report('TSH012', 'settingsNotExported', typeNode, { settingsType: className });
  }
  const constructor = classDeclaration.members.find(ts.isConstructorDeclaration);
  const required = constructor?.parameters.filter((parameter) => parameter.questionToken === undefined && parameter.initializer === undefined && parameter.dotDotDotToken === undefined);
  if (required !== undefined && required.length > 0) {
    sink.report('TSH012', 'settingsConstructorArguments', typeNode, { settingsType: className, parameters: required.map((parameter) => parameter.name.getText()).join(', ') });
  }
  const settable: string[] = [];
  const readonlyMembers = new Set<string>();
  for (const member of classDeclaration.members) {
    if (!ts.isPropertyDeclaration(member) || member.name === undefined || !ts.isIdentifier(member.name)) {
      continue;
    }
    const flags = ts.getCombinedModifierFlags(member);
    if (flags & (ts.ModifierFlags.Static | ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) {
      continue;
    }
    if (flags & ts.ModifierFlags.Readonly) {
      readonlyMembers.add(member.name.text);
    } else {
      settable.push(member.name.text);
    }
  }
  const selected = new Set<string>();
  for (const selection of settings.selections) {
    if (readonlyMembers.has(selection.member)) {
      sink.report('TSH012', 'readonlyMember', selection.node, { call: selection.call.name, member: selection.member, settingsType: classDeclaration.name.text });
    } else if (!settable.includes(selection.member)) {
      sink.report('TSH012', 'unknownMember', selection.node, {
        call: selection.call.name,
        member: selection.member,
        settingsType: classDeclaration.name.text,
        members: settable.join(', ') || 'none',
      });
    } else {
      selected.add(selection.member);
    }
  }
  const configurable = (settings.configurable ? settable.filter((member) => !selected.has(member)) : [...selected]).sort();
  const builder = new ShapeBuilder({ host: host.types, purpose: 'input' });
  const root = builder.shapeOf(hostType(type), '', hostTypeNode(typeNode));
  for (const [, problems] of groupProblems(builder.problems, () => '')) {
    sink.report('TSH005', 'unrepresentable', typeNode, problemData(toolName, problems));
  }
  const document = builder.document(root);
  return {
    type,
    model: {
      className: classDeclaration.name.text,
      source: classDeclaration.getSourceFile().fileName,
      shape: document,
      schema: toJsonSchema(document),
      configurable,
    },
  };
}

interface MethodDocs {
  readonly description: string;
  /** The `@deprecated` tag's text (`''` without one), or undefined when the method is not deprecated. */
  readonly deprecated: string | undefined;
  /** `@param` tags by the name they give, with the tag's name node. */
  readonly params: readonly { readonly name: string; readonly text: string; readonly node: ts.Node }[];
}

function readMethodDocs(host: AnalysisHost, method: ts.MethodDeclaration): MethodDocs {
  const { ts, checker } = host;
  const signature = checker.getSignatureFromDeclaration(method);
  const summary = signature === undefined ? '' : ts.displayPartsToString(signature.getDocumentationComment(checker)).trim();
  const params: { name: string; text: string; node: ts.Node }[] = [];
  const remarks: string[] = [];
  let deprecated: string | undefined;
  for (const tag of ts.getJSDocTags(method)) {
    if (tag.tagName.text === 'deprecated') {
      deprecated = (ts.getTextOfJSDocComment(tag.comment) ?? '').trim();
    } else if (ts.isJSDocParameterTag(tag)) {
      const text = (ts.getTextOfJSDocComment(tag.comment) ?? '').replace(/^\s*-\s*/, '').trim();
      params.push({ name: tag.name.getText(), text, node: tag.name });
    } else if (tag.tagName.text === 'remarks') {
      const text = (ts.getTextOfJSDocComment(tag.comment) ?? '').trim();
      if (text !== '') {
        remarks.push(text);
      }
    }
  }
  const description = [summary, ...remarks].filter((part) => part !== '').join('\n\n');
  return { description, deprecated, params };
}

interface ParametersAnalysis {
  readonly models: ParameterModel[];
  readonly flattened: boolean;
  readonly document: ReturnType<ShapeBuilder['document']>;
  /** Model-visible argument names with their shapes (for workspacePath checks). */
  readonly argumentShapes: ReadonlyMap<string, Shape>;
}

function analyzeParameters(
  host: AnalysisHost,
  method: ts.MethodDeclaration,
  toolName: string,
  settingsType: ts.Type | undefined,
  docs: MethodDocs,
  sink: DiagnosticSink,
): ParametersAnalysis {
  const { ts, checker } = host;
  const methodName = method.name.getText();
  const builder = new ShapeBuilder({ host: host.types, purpose: 'input' });
  const models: ParameterModel[] = [];
  const properties: PropertyShape[] = [];
  const propertyNodes = new Map<string, ts.Node>();
  const kinds = new Map(method.parameters.map((parameter) => [parameter, injectedKind(host, parameter, settingsType)]));
  const visible = method.parameters.filter((parameter) => kinds.get(parameter) === 'argument');
  const destructured = visible.filter((parameter) => !ts.isIdentifier(parameter.name));
  let flattened = false;
  const documented = new Set<string>();
  const paramDocs = new Map(docs.params.map((param) => [param.name, param]));
  /** Model-visible arguments and whether they are documented, for TSH010 once TSH005 is known. */
  const undocumented: { name: string; node: ts.Node; documented: boolean }[] = [];

  for (const parameter of method.parameters) {
    const name = parameter.name.getText();
    if (name === 'this') {
      sink.report('TSH004', 'thisParameter', parameter, { method: methodName });
      continue;
    }
    if (parameter.dotDotDotToken !== undefined) {
      sink.report('TSH004', 'restParameter', parameter, { method: methodName, parameter: name });
      // its @param is not a stray tag: TSH004 already says what to change
      documented.add(name);
      continue;
    }
    const kind = kinds.get(parameter)!;
    if (kind !== 'argument') {
      models.push({ name, kind, optional: false });
      documented.add(name);
      continue;
    }
    if (!ts.isIdentifier(parameter.name)) {
      const reason = ts.isArrayBindingPattern(parameter.name)
        ? 'array destructuring cannot be named in a schema'
        : destructured.length > 1
          ? 'more than one parameter is destructured'
          : visible.length > 1
            ? 'other parameters are sent by the model too'
            : undefined;
      if (reason !== undefined) {
        sink.report('TSH004', 'destructuring', parameter, { method: methodName, reason });
        continue;
      }
      flattened = true;
      models.push({ name: '', kind: 'argument', optional: parameter.initializer !== undefined || parameter.questionToken !== undefined });
      // the annotation's type keeps its members' docs; the binding pattern's type has fresh symbols
      const declaredType = parameter.type === undefined ? checker.getTypeAtLocation(parameter) : checker.getTypeFromTypeNode(parameter.type);
      const objectShape = builder.shapeOf(hostType(declaredType), '', hostTypeNode(parameter.type));
      if (objectShape.kind !== 'object' || objectShape.additionalProperties !== false) {
        sink.report('TSH004', 'destructuring', parameter, { method: methodName, reason: 'its type is not an object with named properties' });
        continue;
      }
      const defaults = bindingDefaults(host, parameter.name);
      for (const property of objectShape.properties) {
        const doc = paramDocs.get(property.name) ?? docs.params.find((param) => param.name.endsWith(`.${property.name}`));
        if (doc !== undefined) {
          documented.add(doc.name);
          documented.add(doc.name.split('.')[0]!);
        }
        const defaultValue = defaults.get(property.name);
        let shape = doc === undefined || doc.text === '' ? property.shape : { ...property.shape, description: doc.text };
        if (defaultValue !== undefined && defaultValue.value !== undefined) {
          shape = { ...shape, default: defaultValue.value };
        }
        properties.push({ name: property.name, shape, optional: property.optional || defaultValue !== undefined });
        propertyNodes.set(property.name, defaultValue?.node ?? parameter);
        undocumented.push({ name: property.name, node: defaultValue?.node ?? parameter, documented: (shape.description ?? '') !== '' });
      }
      continue;
    }

    const type = checker.getTypeAtLocation(parameter);
    const { shape: valueShape, includesUndefined } = shapeWithoutUndefined(host, builder, type, `/${name}`, parameter.type);
    const doc = paramDocs.get(name);
    documented.add(name);
    const defaultValue = parameter.initializer === undefined ? undefined : readJsonLiteral(host, parameter.initializer);
    const ownDoc = doc?.text === '' ? undefined : doc?.text;
    let shape = applyDocumentation(valueShape, ownDoc ?? typeDocumentation(host.types, hostTypeNode(parameter.type)), [], `/${name}`, []);
    if (defaultValue !== undefined) {
      shape = { ...shape, default: defaultValue };
    }
    const optional = parameter.questionToken !== undefined || parameter.initializer !== undefined || includesUndefined;
    properties.push({ name, shape, optional });
    propertyNodes.set(name, parameter);
    models.push(defaultValue === undefined ? { name, kind: 'argument', optional } : { name, kind: 'argument', optional, defaultValue });
    undocumented.push({ name, node: parameter.name, documented: (shape.description ?? '') !== '' });
  }

  // one diagnostic per parameter, at its first unrepresentable member: the fix is the parameter's type
  const unrepresentable = new Set<string>();
  for (const [parameterName, problems] of groupProblems(builder.problems, (problem) => problem.pointer.split('/')[1] ?? '')) {
    unrepresentable.add(parameterName);
    sink.report('TSH005', 'unrepresentable', propertyNodes.get(parameterName) ?? method.name, problemData(toolName, problems));
  }
  for (const parameter of undocumented) {
    // a parameter whose type cannot be sent needs a new type first; its doc can wait
    if (!parameter.documented && !unrepresentable.has(parameter.name)) {
      sink.report('TSH010', 'noParamDoc', parameter.node, { parameter: parameter.name, tool: toolName, method: methodName });
    }
  }
  const modelParameters = flattened ? properties.map((property) => property.name) : models.filter((model) => model.kind === 'argument').map((model) => model.name);
  for (const param of docs.params) {
    const root = param.name.split('.')[0]!;
    if (!documented.has(param.name) && !documented.has(root) && !(flattened && properties.some((p) => p.name === param.name))) {
      sink.report('TSH011', 'unknownParam', param.node, { name: param.name, method: methodName, parameters: modelParameters.join(', ') || 'none' });
    }
  }
  const root: ObjectShape = { kind: 'object', properties, additionalProperties: false };
  return {
    models,
    flattened,
    document: builder.document(root),
    argumentShapes: new Map(properties.map((property) => [property.name, property.shape])),
  };
}

function bindingDefaults(host: AnalysisHost, pattern: ts.BindingName): Map<string, { value: JsonValue | undefined; node: ts.Node }> {
  const { ts } = host;
  const defaults = new Map<string, { value: JsonValue | undefined; node: ts.Node }>();
  if (!ts.isObjectBindingPattern(pattern)) {
    return defaults;
  }
  for (const element of pattern.elements) {
    const propertyName = element.propertyName?.getText() ?? element.name.getText();
    if (element.initializer !== undefined) {
      defaults.set(propertyName, { value: readJsonLiteral(host, element.initializer), node: element });
    }
  }
  return defaults;
}

/** The parameter's shape with `undefined` removed (it only makes the argument optional). */
function shapeWithoutUndefined(
  host: AnalysisHost,
  builder: ShapeBuilder,
  type: ts.Type,
  pointer: string,
  typeNode: ts.TypeNode | undefined,
): { shape: Shape; includesUndefined: boolean } {
  const { ts, checker } = host;
  if (!type.isUnion() || !type.types.some((member) => (member.flags & ts.TypeFlags.Undefined) !== 0)) {
    return { shape: builder.shapeOf(hostType(type), pointer, hostTypeNode(typeNode)), includesUndefined: false };
  }
  const includesNull = type.types.some((member) => (member.flags & ts.TypeFlags.Null) !== 0);
  const shape = builder.shapeOf(hostType(checker.getNonNullableType(type)), pointer);
  if (!includesNull) {
    return { shape, includesUndefined: true };
  }
  const members = shape.kind === 'union' ? shape.members : [shape];
  return { shape: { kind: 'union', members: [...members, { kind: 'null' }] }, includesUndefined: true };
}

/**
 * How a parameter gets its value, decided by its type alone: `signal?: AbortSignal`,
 * `services?: ToolServices` or a defaulted settings parameter are injected like their required
 * forms, so `undefined` is set aside before the type is compared.
 */
function injectedKind(host: AnalysisHost, parameter: ts.ParameterDeclaration, settingsType: ts.Type | undefined): ParameterModel['kind'] {
  const type = host.checker.getNonNullableType(host.checker.getTypeAtLocation(parameter));
  if (settingsType !== undefined && type === settingsType) {
    return 'settings';
  }
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (isRuntimeSymbol(host, symbol, 'ToolServices')) {
    return 'services';
  }
  if (isRuntimeSymbol(host, symbol, 'ToolArguments')) {
    return 'arguments';
  }
  if (isAbortSignal(type)) {
    return 'signal';
  }
  return 'argument';
}

function checkWorkspacePaths(facts: ChainFacts, parameters: ParametersAnalysis, methodName: string, sink: DiagnosticSink): void {
  for (const path of facts.workspacePaths) {
    const shape = parameters.argumentShapes.get(path.parameter);
    if (shape === undefined) {
      sink.report('TSH019', 'unknownParameter', path.node, {
        parameter: path.parameter,
        method: methodName,
        parameters: [...parameters.argumentShapes.keys()].join(', ') || 'none',
      });
    } else if (!isStringShape(shape)) {
      sink.report('TSH019', 'notString', path.node, { parameter: path.parameter, typeText: describeShape(shape) });
    }
  }
}

function isStringShape(shape: Shape): boolean {
  if (shape.kind === 'union') {
    return shape.members.every((member) => member.kind === 'null' || isStringShape(member));
  }
  return shape.kind === 'string' || (shape.kind === 'literal' && typeof shape.value === 'string');
}

function describeShape(shape: Shape): string {
  return shape.kind === 'union' ? shape.members.map(describeShape).join(' | ') : shape.kind;
}

interface ResultAnalysis {
  readonly kind: ResultKind;
  readonly document: ReturnType<ShapeBuilder['document']> | null;
}

const asyncIterableNames = new Set(['AsyncIterable', 'AsyncIterableIterator', 'AsyncGenerator']);

function analyzeResult(host: AnalysisHost, method: ts.MethodDeclaration, toolName: string, sink: DiagnosticSink): ResultAnalysis {
  const { ts, checker } = host;
  const signature = checker.getSignatureFromDeclaration(method);
  if (signature === undefined) {
    return { kind: 'void', document: null };
  }
  const isVoid = (type: ts.Type) => (type.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined)) !== 0;
  let type = checker.getReturnTypeOfSignature(signature);
  let kind: ResultKind = 'value';
  const awaited = checker.getAwaitedType(type);
  if (awaited !== undefined && awaited !== type) {
    kind = 'promise';
    type = awaited;
  }
  const symbol = type.getSymbol();
  let elementType: ts.Type | undefined;
  if (kind === 'value' && symbol !== undefined && asyncIterableNames.has(symbol.getName())) {
    kind = 'asyncIterable';
    elementType = checker.getTypeArguments(type as ts.TypeReference)[0];
  }
  if (kind !== 'asyncIterable' && isVoid(type)) {
    return { kind: kind === 'promise' ? 'promise' : 'void', document: null };
  }
  const builder = new ShapeBuilder({ host: host.types, purpose: 'output' });
  // the type as written, inside Promise<…> or AsyncIterable<…>: it names a type that does not resolve
  const written = kind === 'value' ? method.type : unwrappedTypeNode(host, method.type);
  const root: Shape =
    elementType === undefined ? builder.shapeOf(hostType(type), '', hostTypeNode(written)) : { kind: 'array', items: builder.shapeOf(hostType(elementType), '/*', hostTypeNode(written)) };
  for (const [, problems] of groupProblems(builder.problems, () => '')) {
    sink.report('TSH006', 'unserializable', method.type ?? method.name, problemData(toolName, problems));
  }
  return { kind, document: builder.document(root) };
}

/** Problems by the root they belong to (a parameter, the result, the settings), in discovery order. */
function groupProblems(problems: readonly ShapeProblem[], rootOf: (problem: ShapeProblem) => string): Map<string, ShapeProblem[]> {
  const groups = new Map<string, ShapeProblem[]>();
  for (const problem of problems) {
    const root = rootOf(problem);
    const group = groups.get(root) ?? [];
    group.push(problem);
    groups.set(root, group);
  }
  return groups;
}

/** The message data of one root's problems: the first in full, the others counted by pointer. */
/** `Promise<T>` or `AsyncIterable<T>` as written → `T`. */
function unwrappedTypeNode(host: AnalysisHost, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  if (node === undefined || !host.ts.isTypeReferenceNode(node) || node.typeArguments?.length !== 1) {
    return undefined;
  }
  return node.typeArguments[0];
}

function problemData(tool: string, problems: readonly ShapeProblem[]): Record<string, string> {
  const [first, ...others] = problems as [ShapeProblem, ...ShapeProblem[]];
  const shown = others.slice(0, 3).map((problem) => pointerText(problem.pointer));
  const more =
    others.length === 0
      ? ''
      : ` Also unrepresentable: ${shown.join(', ')}${others.length > shown.length ? ` and ${others.length - shown.length} more` : ''}.`;
  return {
    tool,
    typeText: first.typeText,
    pointer: pointerText(first.pointer),
    reason: first.reason,
    fix: first.fix.replace(/\.$/, ''),
    more,
  };
}

function pointerText(pointer: string): string {
  return pointer === '' ? '/' : pointer;
}
