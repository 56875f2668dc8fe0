import { diagnosticCatalogue, renderMessage, type DiagnosticCode, type DiagnosticSeverity, type MessageId } from './catalogue.js';

/** A diagnostic at a precise place: 1-based line and column, and the 0-based span for editors. */
export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly messageId: string;
  readonly severity: DiagnosticSeverity;
  /** Absolute path of the file. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly start: number;
  readonly end: number;
  readonly message: string;
  /** The values the message template was rendered with (ESLint reports the same). */
  readonly data: Readonly<Record<string, string>>;
}

/** Where a diagnostic points. */
export interface DiagnosticLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly start: number;
  readonly end: number;
}

export function createDiagnostic<C extends DiagnosticCode>(
  code: C,
  messageId: MessageId<C>,
  location: DiagnosticLocation,
  data: Readonly<Record<string, string>> = {},
): Diagnostic {
  const definition = diagnosticCatalogue[code];
  const template = (definition.messages as Readonly<Record<string, string>>)[messageId];
  if (template === undefined) {
    throw new Error(`Unknown message ${messageId} for ${code}`);
  }
  return {
    code,
    messageId,
    severity: definition.severity,
    ...location,
    message: renderMessage(template, data),
    data,
  };
}

/** Sorts by file, position, then code, so output is stable. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.start - b.start || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}
