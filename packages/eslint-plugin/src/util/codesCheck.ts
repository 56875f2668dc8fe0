import type { DiagnosticCode } from '@toolgen/generator/analysis';
import type { TshCode } from './ruleTypes.js';

/** True, or a compile error when the plugin's public list of codes (`TshCode`) and the generator's catalogue differ. */
export const codesMatchCatalogue: [TshCode] extends [DiagnosticCode] ? ([DiagnosticCode] extends [TshCode] ? true : never) : never = true;
