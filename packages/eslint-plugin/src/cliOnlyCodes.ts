import type { DiagnosticCode } from '@toolgen/generator';

/**
 * The codes no rule reports, because the file in hand and its program cannot decide them.
 * TSH020 compares the toolgen.manifest.json on disk with the one the CLI is about to write.
 */
export const cliOnlyCodes: readonly DiagnosticCode[] = ['TSH020'];
