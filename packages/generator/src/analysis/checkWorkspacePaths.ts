import type { Shape } from '../schema/shape.js';
import type { ParametersAnalysis } from './analyzeParameters.js';
import type { DiagnosticSink } from './DiagnosticSink.js';
import type { ChainFacts } from './builderCalls.js';

/** TSH019: each `workspacePath` names a parameter the model sends, and one of string type. */
export function checkWorkspacePaths(facts: ChainFacts, parameters: ParametersAnalysis, methodName: string, sink: DiagnosticSink): void {
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
