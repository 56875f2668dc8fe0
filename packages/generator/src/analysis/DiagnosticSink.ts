import type { SyntaxHost } from '../host/AnalysisHost.js';
import type * as S from '../host/syntax.js';
import type { DiagnosticCode, MessageId } from '../diagnostics/catalogue.js';
import { createDiagnostic, type Diagnostic, type DiagnosticLocation } from '../diagnostics/Diagnostic.js';

/** Collects the diagnostics of one toolset and remembers whether any is an error. */
export class DiagnosticSink {
  readonly diagnostics: Diagnostic[] = [];
  hasErrors = false;
  readonly #syntax: SyntaxHost;
  readonly #reported = new Set<string>();
  readonly #seen = new Set<string>();

  constructor(syntax: SyntaxHost) {
    this.#syntax = syntax;
  }

  report<C extends DiagnosticCode>(code: C, messageId: MessageId<C>, node: S.Node, data: Readonly<Record<string, string>> = {}): void {
    this.reportAt(code, messageId, this.#syntax.locate(node), data);
  }

  /** Whether `key` is met for the first time in this toolset: for what is said once however often it is met. */
  firstTime(key: string): boolean {
    if (this.#seen.has(key)) {
      return false;
    }
    this.#seen.add(key);
    return true;
  }

  /** Reports at a place that is no node (a tag in a comment); the same diagnostic twice at one place is reported once. */
  reportAt<C extends DiagnosticCode>(code: C, messageId: MessageId<C>, location: DiagnosticLocation, data: Readonly<Record<string, string>> = {}): void {
    const diagnostic = createDiagnostic(code, messageId, location, data);
    const key = `${diagnostic.file}:${diagnostic.start}:${diagnostic.end}:${diagnostic.code}:${diagnostic.message}`;
    if (this.#reported.has(key)) {
      return;
    }
    this.#reported.add(key);
    this.hasErrors ||= diagnostic.severity === 'error';
    this.diagnostics.push(diagnostic);
  }
}
