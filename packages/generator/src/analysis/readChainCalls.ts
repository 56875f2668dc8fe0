import type * as S from '../host/syntax.js';
import { ToolNaming } from '@toolgen/runtime';
import type { AnalysisHost } from './AnalysisHost.js';
import type { DiagnosticSink } from './analyzeSourceFile.js';
import { builderCall, settingsBuilderCalls, toolBuilderCalls, type ChainCallContext, type ChainFacts } from './builderCalls.js';
import type { ChainCall } from './chain.js';

/** Reads the calls chained onto `addTool(...)`, in order; names no builder has are ignored. */
export function readChainCalls(host: AnalysisHost, calls: readonly ChainCall[], method: S.MethodDeclaration | undefined, sink: DiagnosticSink): ChainFacts {
  const facts: ChainFacts = { readOnly: false, requiresApproval: false, networkScope: 'none', workspacePaths: [] };
  const context: ChainCallContext = { host, sink, examples: chainExamples(host, method) };
  /** The settings call TSH012 said is not last, once per settings call. */
  let reportedNotLast: ChainCall | undefined;
  for (const chainCall of calls) {
    const settingsCall = builderCall(settingsBuilderCalls, chainCall.name);
    if (facts.settings !== undefined && settingsCall === undefined && reportedNotLast !== facts.settings.call) {
      sink.report('TSH012', 'settingsNotLast', facts.settings.call.nameNode, { call: facts.settings.call.name });
      reportedNotLast = facts.settings.call;
    }
    (settingsCall ?? builderCall(toolBuilderCalls, chainCall.name))?.(facts, chainCall, context);
  }
  return facts;
}

/** Literal examples for TSH013, in the user's own names where the method gives them. */
function chainExamples(host: AnalysisHost, method: S.MethodDeclaration | undefined): { name: string; description: string; path: string } {
  const methodName = method === undefined ? undefined : host.syntax.text(method.name);
  const firstParameter = method?.parameters.find((parameter) => host.syntax.is(parameter.name, 'Identifier'));
  return {
    name: `'${methodName === undefined ? 'tool_name' : ToolNaming.toolNameFromMethod(methodName)}'`,
    description: "'…'",
    path: `'${firstParameter === undefined ? 'path' : host.syntax.text(firstParameter.name)}'`,
  };
}
