import type { DiagnosticCode } from '@toolgen/generator/analysis';
import type { TshCode } from './util/ruleTypes.js';

/**
 * The codes no rule reports, because the file in hand and its program cannot decide them.
 * TSH020 compares the toolgen.manifest.json on disk with the one the CLI is about to write.
 * TSH030-TSH034 check agent policy files (YAML, which the plugin never lints) against the whole project's tools.
 * TSH040 sums the token counts of the whole project's tools.
 */
export const cliOnlyCodes: readonly TshCode[] = ['TSH020', 'TSH030', 'TSH031', 'TSH032', 'TSH033', 'TSH034', 'TSH040'] satisfies readonly DiagnosticCode[];
