import type ts from 'typescript';
import type { AnalysisHost } from '../../analysis/AnalysisHost.js';
import { ts6TypeHost } from './Ts6TypeHost.js';

/** The analysis host of a TypeScript 6 program: `t` is the namespace the program was made with (ts-morph's bundle, or the user's in the ESLint plugin). */
export function ts6AnalysisHost(t: typeof ts, program: ts.Program): AnalysisHost {
  const checker = program.getTypeChecker();
  return { ts: t, program, checker, types: ts6TypeHost({ ts: t, program, checker }) };
}
