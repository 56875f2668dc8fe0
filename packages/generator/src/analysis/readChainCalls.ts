import type * as S from '../host/syntax.js';
import { ToolNaming } from '@toolgen/runtime';
import type { AnalysisHost } from '../host/AnalysisHost.js';
import type { DiagnosticSink } from './DiagnosticSink.js';
import { builderCall, settingsBuilderCalls, toolBuilderCalls, type ChainCallContext, type ChainFacts } from './builderCalls.js';
import type { ChainCall } from './chain.js';
import { closestNames } from '../diagnostics/closestName.js';

/** Every call a tool's chain may make, for TSH021's suggestions. */
const chainCallNames = [...Object.keys(toolBuilderCalls), ...Object.keys(settingsBuilderCalls)];

/** Reads the calls chained onto `addTool(...)`, in order; a name no builder has is TSH021, never dropped silently. */
export function readChainCalls(host: AnalysisHost, calls: readonly ChainCall[], method: S.MethodDeclaration | undefined, sink: DiagnosticSink): ChainFacts {
  const facts: ChainFacts = { readOnly: false, requiresApproval: false, networkScope: 'none', workspacePaths: [], clientCapabilities: [], stated: new Map() };
  const context: ChainCallContext = { host, sink, examples: chainExamples(host, method) };
  /** The settings call TSH012 said is not last, once per settings call. */
  let reportedNotLast: ChainCall | undefined;
  for (const chainCall of calls) {
    const settingsCall = builderCall(settingsBuilderCalls, chainCall.name);
    const toolCall = settingsCall === undefined ? builderCall(toolBuilderCalls, chainCall.name) : undefined;
    if (settingsCall === undefined && toolCall === undefined) {
      reportUnknownCall(sink, chainCall.nameNode, `.${chainCall.name}()`, 'builder call', chainCallNames.map((name) => `.${name}()`));
      continue;
    }
    if (facts.settings === undefined && settingsCall !== undefined) {
      sink.report('TSH012', 'noSettings', chainCall.nameNode, { call: chainCall.name });
      continue;
    }
    if (facts.settings !== undefined && settingsCall === undefined && reportedNotLast !== facts.settings.call) {
      sink.report('TSH012', 'settingsNotLast', facts.settings.call.nameNode, { call: facts.settings.call.name });
      reportedNotLast = facts.settings.call;
    }
    (settingsCall ?? toolCall)!(facts, chainCall, context);
  }
  return facts;
}

/**
 * TSH021: a call toolgen does not know, with the known calls nearest to it (`.withTitel()` → `.withTitle()`).
 * `call` and `known` are written as the user would (`.readOnly()`, `this.withDisplayName()`).
 */
export function reportUnknownCall(sink: DiagnosticSink, node: S.Node, call: string, kind: string, known: readonly string[]): void {
  const nearest = closestNames(call, known, 3);
  const best = nearest[0];
  const name = call.replace(/^(?:this)?\.|\(\)$/g, '');
  if (best !== undefined && best.distance <= Math.max(1, Math.floor(name.length / 4))) {
    sink.report('TSH021', 'unknownCall', node, { call, kind, suggestion: best.name });
  } else {
    sink.report('TSH021', 'unknownCallNoMatch', node, { call, kind, closest: nearest.map((candidate) => candidate.name).join(', ') });
  }
}

/** Literal examples for TSH013, in the user's own names where the method gives them. */
function chainExamples(host: AnalysisHost, method: S.MethodDeclaration | undefined): { name: string; description: string; title: string; path: string } {
  const methodName = method === undefined ? undefined : host.syntax.text(method.name);
  const firstParameter = method?.parameters.find((parameter) => host.syntax.is(parameter.name, 'Identifier'));
  return {
    name: `'${methodName === undefined ? 'tool_name' : ToolNaming.toolNameFromMethod(methodName)}'`,
    description: "'…'",
    title: `'${methodName === undefined ? 'Tool title' : titleFromMethod(methodName)}'`,
    path: `'${firstParameter === undefined ? 'path' : host.syntax.text(firstParameter.name)}'`,
  };
}

/** `searchTickets` → `Search tickets`: a title in the user's own words, for the example of TSH013. */
function titleFromMethod(methodName: string): string {
  const words = ToolNaming.toolNameFromMethod(methodName).split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
