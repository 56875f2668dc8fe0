import { asHostTypeNode, type MethodDeclaration, type TypeNode } from '../host/syntax.js';
import { TypeFlag, type HostType } from '../host/TypeHost.js';
import { ShapeBuilder } from '../schema/derive/ShapeBuilder.js';
import type { Shape } from '../schema/shape.js';
import type { AnalysisHost } from '../host/AnalysisHost.js';
import { isRuntimeSymbol } from './hostQueries.js';
import type { DiagnosticSink } from './DiagnosticSink.js';
import type { ResultKind } from './model.js';
import { reportShapeProblems, reportUnreadTags } from './shapeProblems.js';

export interface ResultAnalysis {
  readonly kind: ResultKind;
  readonly document: ReturnType<ShapeBuilder['document']> | null;
  /** The method returns the runtime's `ContentResult` (in a promise or not): the adapters send its blocks as content. */
  readonly content: boolean;
  /** The method may return nothing (`T | undefined`): `document` describes the result when there is one. */
  readonly optional: boolean;
}

const asyncIterableNames = new Set(['AsyncIterable', 'AsyncIterableIterator', 'AsyncGenerator']);

export function analyzeResult(host: AnalysisHost, method: MethodDeclaration, toolName: string, sink: DiagnosticSink): ResultAnalysis {
  const returned = host.returnType(method);
  if (returned === undefined) {
    return { kind: 'void', document: null, content: false, optional: false };
  }
  const isVoid = (type: HostType) => (host.types.flags(type) & (TypeFlag.Void | TypeFlag.Undefined)) !== 0;
  let type = returned;
  let kind: ResultKind = 'value';
  const awaited = host.awaited(type);
  if (awaited !== undefined && awaited !== type) {
    kind = 'promise';
    type = awaited;
  }
  const symbol = host.types.symbolOf(type);
  let elementType: HostType | undefined;
  if (kind === 'value' && symbol !== undefined && asyncIterableNames.has(host.types.symbolName(symbol))) {
    kind = 'asyncIterable';
    elementType = host.types.typeArguments(type)[0];
  }
  if (kind !== 'asyncIterable' && isVoid(type)) {
    return { kind: kind === 'promise' ? 'promise' : 'void', document: null, content: false, optional: false };
  }
  const builder = new ShapeBuilder({ host: host.types, purpose: 'output' });
  // the type as written, inside Promise<…> or AsyncIterable<…>: it names a type that does not resolve
  const written = kind === 'value' ? method.type : unwrappedTypeNode(host, method.type);
  const writtenNode = written === undefined ? undefined : asHostTypeNode(written);
  const root: Shape =
    elementType === undefined ? builder.shapeOf(type, '', writtenNode) : { kind: 'array', items: builder.shapeOf(elementType, '/*', writtenNode) };
  const node = method.type ?? method.name;
  reportShapeProblems(host, sink, builder.problems, { code: 'TSH006', tool: toolName, rootOf: () => '', nodeOf: () => node });
  reportUnreadTags(host, sink, builder.unreadTags, () => node);
  // `T | undefined`: the JSON is T's when there is one (the shape drops undefined), and the types say it may be absent
  const members = (host.types.flags(type) & TypeFlag.Union) !== 0 ? host.types.constituents(type) : [type];
  const defined = members.filter((member) => !isVoid(member));
  const optional = kind !== 'asyncIterable' && defined.length < members.length;
  // a stream of content results is drained into an array, which is JSON, not content
  const content = kind !== 'asyncIterable' && defined.length === 1 && isRuntimeSymbol(host, host.types.aliasSymbolOf(defined[0]!), 'ContentResult');
  return { kind, document: builder.document(root), content, optional };
}

/** `Promise<T>` or `AsyncIterable<T>` as written → `T`. */
function unwrappedTypeNode(host: AnalysisHost, node: TypeNode | undefined): TypeNode | undefined {
  if (node === undefined || !host.syntax.is(node, 'TypeReference') || node.typeArguments?.length !== 1) {
    return undefined;
  }
  return node.typeArguments[0];
}
