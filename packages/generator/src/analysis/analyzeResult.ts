import type ts from 'typescript';
import { ShapeBuilder } from '../schema/derive/ShapeBuilder.js';
import type { Shape } from '../schema/shape.js';
import { hostType, hostTypeNode, type AnalysisHost } from './AnalysisHost.js';
import type { DiagnosticSink } from './analyzeSourceFile.js';
import type { ResultKind } from './model.js';
import { groupProblems, problemData } from './shapeProblems.js';

export interface ResultAnalysis {
  readonly kind: ResultKind;
  readonly document: ReturnType<ShapeBuilder['document']> | null;
}

const asyncIterableNames = new Set(['AsyncIterable', 'AsyncIterableIterator', 'AsyncGenerator']);

export function analyzeResult(host: AnalysisHost, method: ts.MethodDeclaration, toolName: string, sink: DiagnosticSink): ResultAnalysis {
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

/** `Promise<T>` or `AsyncIterable<T>` as written → `T`. */
function unwrappedTypeNode(host: AnalysisHost, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  if (node === undefined || !host.ts.isTypeReferenceNode(node) || node.typeArguments?.length !== 1) {
    return undefined;
  }
  return node.typeArguments[0];
}
