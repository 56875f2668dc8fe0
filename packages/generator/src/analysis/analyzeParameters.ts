import type { JsonValue } from '@toolgen/runtime';
import { asHostTypeNode } from '../host/syntax.js';
import type * as S from '../host/syntax.js';
import { hasFlag, TypeFlag, type HostType } from '../host/TypeHost.js';
import { ShapeBuilder } from '../schema/derive/ShapeBuilder.js';
import type { ObjectShape, PropertyShape, Shape, ShapeProblem } from '../schema/shape.js';
import { typeDocumentation } from '../schema/tsdoc/readDocumentation.js';
import { defaultFault } from '../schema/tsdoc/applyDocumentation.js';
import { shapeRefusal } from '../schema/shapeRefusal.js';
import type { AnalysisHost } from '../host/AnalysisHost.js';
import { isAbortSignal, isRuntimeSymbol } from './hostQueries.js';
import type { DiagnosticSink } from './DiagnosticSink.js';
import { readJsonLiteral } from './chain.js';
import type { MethodDocs } from './methodDocs.js';
import type { ParameterModel } from './model.js';
import { applyParamDoc, findingNode, strayTagFindings, type ParamTagFindings } from './parameterTags.js';
import { reportShapeProblems, reportUnreadTags } from './shapeProblems.js';

export interface ParametersAnalysis {
  readonly models: ParameterModel[];
  readonly flattened: boolean;
  readonly document: ReturnType<ShapeBuilder['document']>;
  /** Model-visible argument names with their shapes (for workspacePath checks). */
  readonly argumentShapes: ReadonlyMap<string, Shape>;
}

/** What reading a method's parameters one by one gathers, and what it reads them with. */
interface ParameterReading {
  readonly host: AnalysisHost;
  readonly methodName: string;
  readonly docs: MethodDocs;
  /** The `@param` tags by the name they give. */
  readonly paramDocs: ReadonlyMap<string, MethodDocs['params'][number]>;
  readonly sink: DiagnosticSink;
  readonly builder: ShapeBuilder;
  readonly models: ParameterModel[];
  /** The properties of the arguments object the model sends. */
  readonly properties: PropertyShape[];
  /** Where each property's TSH005 is reported. */
  readonly propertyNodes: Map<string, S.Node>;
  /** The names a `@param` tag may give without TSH011. */
  readonly documented: Set<string>;
  /** Model-visible arguments and whether they are documented, for TSH010 once TSH005 is known. */
  readonly undocumented: { name: string; node: S.Node; documented: boolean; tagged: boolean }[];
  /** The problems of `@param` tags and the tags toolgen does not read there. */
  readonly findings: ParamTagFindings;
  /** Whether the model sends one destructured parameter's properties as the arguments. */
  flattened: boolean;
}

export function analyzeParameters(
  host: AnalysisHost,
  method: S.MethodDeclaration,
  toolName: string,
  settingsType: HostType | undefined,
  docs: MethodDocs,
  sink: DiagnosticSink,
): ParametersAnalysis {
    const reading: ParameterReading = {
    host,
    methodName: host.syntax.text(method.name),
    docs,
    paramDocs: new Map(docs.params.map((param) => [param.name, param])),
    sink,
    builder: new ShapeBuilder({ host: host.types, purpose: 'input' }),
    models: [],
    properties: [],
    propertyNodes: new Map(),
    documented: new Set(),
    undocumented: [],
    findings: { problems: [], unread: [] },
    flattened: false,
  };
  const { methodName, models, documented } = reading;
  const kinds = new Map(method.parameters.map((parameter) => [parameter, injectedKind(host, parameter, settingsType)]));
  const visible = method.parameters.filter((parameter) => kinds.get(parameter) === 'argument');
  const destructured = visible.filter((parameter) => !host.syntax.is(parameter.name, 'Identifier'));

  for (const parameter of method.parameters) {
    const name = host.syntax.text(parameter.name);
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
    if (!host.syntax.is(parameter.name, 'Identifier')) {
      const reason = host.syntax.is(parameter.name, 'ArrayBindingPattern')
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
      readDestructuredParameter(reading, parameter, parameter.name);
      continue;
    }
    readNamedParameter(reading, parameter, name);
  }

  const firstArgument = reading.models.find((model) => model.kind === 'argument' && model.name !== '')?.name ?? reading.properties[0]?.name;
  strayTagFindings(docs, methodName, firstArgument, reading.findings);
  const unrepresentable = reportUnrepresentable(reading, method, toolName);
  reportUndocumented(reading, unrepresentable, toolName);
  reportUnknownParamTags(reading);
  const root: ObjectShape = { kind: 'object', properties: reading.properties, additionalProperties: false };
  return {
    models,
    flattened: reading.flattened,
    document: reading.builder.document(root),
    argumentShapes: new Map(reading.properties.map((property) => [property.name, property.shape])),
  };
}

/** The only parameter the model sends, destructured: its properties are the tool's arguments. */
function readDestructuredParameter(reading: ParameterReading, parameter: S.ParameterDeclaration, pattern: S.Node): void {
  const { host, builder, docs, paramDocs, documented } = reading;
  reading.flattened = true;
  reading.models.push({ name: '', kind: 'argument', optional: parameter.initializer !== undefined || parameter.questionToken !== undefined });
  // the annotation's type keeps its members' docs; the binding pattern's type has fresh symbols
  const typeNode = parameter.type === undefined ? undefined : asHostTypeNode(parameter.type);
  const declaredType = typeNode === undefined ? host.typeAt(parameter) : host.types.typeFromNode(typeNode);
  const objectShape = builder.shapeOf(declaredType, '', typeNode);
  if (objectShape.kind !== 'object' || objectShape.additionalProperties !== false) {
    reading.sink.report('TSH004', 'destructuring', parameter, { method: reading.methodName, reason: 'its type is not an object with named properties' });
    return;
  }
  const defaults = bindingDefaults(host, pattern);
  for (const property of objectShape.properties) {
    const doc = paramDocs.get(property.name) ?? docs.params.find((param) => param.name.endsWith(`.${property.name}`));
    if (doc !== undefined) {
      documented.add(doc.name);
      documented.add(doc.name.split('.')[0]!);
    }
    const defaultValue = defaults.get(property.name);
    let shape = applyParamDoc(property.shape, doc, doc === undefined || doc.text === '' ? undefined : doc.text, `/${property.name}`, reading.findings);
    if (defaultValue !== undefined && defaultValue.value !== undefined) {
      shape = { ...shape, default: defaultValue.value };
      const member = host.types.properties(declaredType).find((candidate) => candidate.name === property.name);
      checkDefault(reading, shape, property.name, defaultValue.value, JSON.stringify(defaultValue.value), () => (member === undefined ? property.name : host.types.text(member.type)));
    }
    reading.properties.push({ name: property.name, shape, optional: property.optional || defaultValue !== undefined });
    reading.propertyNodes.set(property.name, defaultValue?.node ?? parameter);
    reading.undocumented.push({ name: property.name, node: defaultValue?.node ?? parameter, documented: (shape.description ?? '') !== '', tagged: doc !== undefined });
  }
}

/** TSH005 for a parameter's default (its initializer) that its own schema does not take: `size: PageSize = 0` beside `@minimum 1`. */
function checkDefault(reading: ParameterReading, shape: Shape, name: string, value: JsonValue, written: string, typeText: () => string): void {
  const refused = shapeRefusal(shape, value);
  if (refused !== undefined) reading.findings.problems.push({ pointer: `/${name}`, typeText: typeText(), ...defaultFault(`${name} = ${written}`, name, refused) });
}

/** A parameter the model sends by its name. */
function readNamedParameter(reading: ParameterReading, parameter: S.ParameterDeclaration, name: string): void {
  const { host, builder } = reading;
    const type = host.typeAt(parameter);
  const { shape: valueShape, includesUndefined } = shapeWithoutUndefined(host, builder, type, `/${name}`, parameter.type);
  const doc = reading.paramDocs.get(name);
  reading.documented.add(name);
  const defaultValue = parameter.initializer === undefined ? undefined : readJsonLiteral(host, parameter.initializer);
  const ownDoc = doc?.text === '' ? undefined : doc?.text;
  const description = ownDoc ?? typeDocumentation(host.types, parameter.type === undefined ? undefined : asHostTypeNode(parameter.type));
  let shape = applyParamDoc(valueShape, doc, description, `/${name}`, reading.findings, () => host.types.text(host.nonNullable(type)));
  if (defaultValue !== undefined) {
    shape = { ...shape, default: defaultValue };
    const typeText = () => (parameter.type === undefined ? host.types.text(host.nonNullable(type)) : host.syntax.text(parameter.type));
    checkDefault(reading, shape, name, defaultValue, host.syntax.text(parameter.initializer!), typeText);
  }
  const optional = parameter.questionToken !== undefined || parameter.initializer !== undefined || includesUndefined;
  reading.properties.push({ name, shape, optional });
  reading.propertyNodes.set(name, parameter);
  reading.models.push(defaultValue === undefined ? { name, kind: 'argument', optional } : { name, kind: 'argument', optional, defaultValue });
  reading.undocumented.push({ name, node: parameter.name, documented: (shape.description ?? '') !== '', tagged: doc !== undefined });
}

/**
 * TSH005, once per parameter at its first unrepresentable member (the fix is the parameter's
 * type), and at each tag at fault; TSH023 for the tags toolgen does not read. Returns the
 * parameters with problems.
 */
function reportUnrepresentable(reading: ParameterReading, method: S.MethodDeclaration, toolName: string): Set<string> {
  const { host, sink, builder, findings, propertyNodes } = reading;
  const rootOf = (problem: ShapeProblem): string => problem.pointer.split('/')[1] ?? '';
  const nodeOf = (root: string): S.Node => propertyNodes.get(root) ?? method.name;
  const unrepresentable = reportShapeProblems(host, sink, [...builder.problems, ...findings.problems], { code: 'TSH005', tool: toolName, rootOf, nodeOf });
  reportUnreadTags(host, sink, [...builder.unreadTags, ...findings.unread], (tag) => findingNode(tag.pointer, propertyNodes, method));
  return unrepresentable;
}

/** TSH010: an argument the model sends without a description. */
function reportUndocumented(reading: ParameterReading, unrepresentable: ReadonlySet<string>, toolName: string): void {
  for (const parameter of reading.undocumented) {
    // a parameter whose type cannot be sent needs a new type first; its doc can wait
    if (!parameter.documented && !unrepresentable.has(parameter.name)) {
      reading.sink.report('TSH010', parameter.tagged ? 'emptyParamDoc' : 'noParamDoc', parameter.node, { parameter: parameter.name, tool: toolName, method: reading.methodName });
    }
  }
}

/** TSH011: a `@param` tag that names no parameter. */
function reportUnknownParamTags(reading: ParameterReading): void {
  const { flattened, properties, models, documented } = reading;
  const modelParameters = flattened ? properties.map((property) => property.name) : models.filter((model) => model.kind === 'argument').map((model) => model.name);
  for (const param of reading.docs.params) {
    const root = param.name.split('.')[0]!;
    if (!documented.has(param.name) && !documented.has(root) && !(flattened && properties.some((p) => p.name === param.name))) {
      reading.sink.reportAt('TSH011', 'unknownParam', param.location, { name: param.name, method: reading.methodName, parameters: modelParameters.join(', ') || 'none' });
    }
  }
}

function bindingDefaults(host: AnalysisHost, pattern: S.Node): Map<string, { value: JsonValue | undefined; node: S.Node }> {
    const defaults = new Map<string, { value: JsonValue | undefined; node: S.Node }>();
  if (!host.syntax.is(pattern, 'ObjectBindingPattern')) {
    return defaults;
  }
  for (const element of pattern.elements) {
    const propertyName = host.syntax.text(element.propertyName ?? element.name);
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
  type: HostType,
  pointer: string,
  typeNode: S.TypeNode | undefined,
): { shape: Shape; includesUndefined: boolean } {
  const members = hasFlag(host.types, type, TypeFlag.Union) ? host.types.constituents(type) : [];
  const written = typeNode === undefined ? undefined : asHostTypeNode(typeNode);
  if (!members.some((member) => hasFlag(host.types, member, TypeFlag.Undefined))) {
    return { shape: builder.shapeOf(type, pointer, written), includesUndefined: false };
  }
  const includesNull = members.some((member) => hasFlag(host.types, member, TypeFlag.Null));
  // derived as written, as a required parameter is: `r?: Rating` keeps the alias's keyword tags, `s?: 'b' | 'a'` its order
  const shape = builder.shapeOf(host.nonNullable(type), pointer, written);
  if (!includesNull) {
    return { shape, includesUndefined: true };
  }
  const shapes = shape.kind === 'union' ? shape.members : [shape];
  return { shape: { kind: 'union', members: [...shapes, { kind: 'null' }] }, includesUndefined: true };
}

/**
 * How a parameter gets its value, decided by its type alone: `signal?: AbortSignal`,
 * `services?: ToolServices` or a defaulted settings parameter are injected like their required
 * forms, so `undefined` is set aside before the type is compared.
 */
function injectedKind(host: AnalysisHost, parameter: S.ParameterDeclaration, settingsType: HostType | undefined): ParameterModel['kind'] {
  const type = host.nonNullable(host.typeAt(parameter));
  if (settingsType !== undefined && type === settingsType) {
    return 'settings';
  }
  const symbol = host.types.aliasSymbolOf(type) ?? host.types.symbolOf(type);
  if (isRuntimeSymbol(host, symbol, 'ToolServices')) {
    return 'services';
  }
  if (isRuntimeSymbol(host, symbol, 'ToolArguments')) {
    return 'arguments';
  }
  if (isAbortSignal(host, type)) {
    return 'signal';
  }
  return 'argument';
}
