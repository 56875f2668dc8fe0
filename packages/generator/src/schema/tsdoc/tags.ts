import type { DiagnosticLocation } from '../../diagnostics/Diagnostic.js';
import type { HostSymbol } from '../../host/TypeHost.js';

/**
 * Where a tag is written, for a diagnostic about it: the `occurrence`-th `@tag` (or `{@tag}`) in
 * the TSDoc of a member's declaration, which the analysis finds in the source; or a place the
 * analysis already found.
 */
export type TagSite =
  | { readonly symbol: HostSymbol; readonly tag: string; readonly occurrence: number; readonly inline: boolean }
  | { readonly location: DiagnosticLocation };

/** A TSDoc tag as the derivation reads it: its name without the `@`, its text, and where it is written. */
export interface DocTag {
  readonly name: string;
  readonly text: string;
  readonly site?: TagSite | undefined;
}

/** A tag toolgen does not read where it is written (TSH023): it changes nothing, so the analysis says so. */
export interface UnreadTag {
  /** The JSON Pointer of what it documents. */
  readonly pointer: string;
  readonly tag: string;
  readonly messageId: 'foreignTag' | 'inlineTagOnMember' | 'unknownInlineTag' | 'keywordOnMethod' | 'misplacedInlineTag';
  readonly data: Readonly<Record<string, string>>;
  readonly site?: TagSite | undefined;
}
