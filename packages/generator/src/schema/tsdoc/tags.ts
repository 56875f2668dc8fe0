import type { DiagnosticLocation } from '../../diagnostics/Diagnostic.js';
import type { HostSymbol } from '../../host/TypeHost.js';

/**
 * Where a tag is written, for a diagnostic about it: a span of the file holding a declaration of
 * `symbol` (its doc comment), or a place the analysis already found.
 */
export type TagSite =
  | { readonly symbol: HostSymbol; readonly file: string; readonly start: number; readonly end: number }
  | { readonly location: DiagnosticLocation };

/** A TSDoc tag as the derivation reads it: its name without the `@`, its text, and where it is written. */
export interface DocTag {
  readonly name: string;
  readonly text: string;
  readonly site?: TagSite | undefined;
}

/** The message ids of TSH023: a tag toolgen does not read where it is written. */
export type UnreadTagMessage = 'foreignTag' | 'inlineTagOnMember' | 'unknownInlineTag' | 'unknownInlineTagInSummary' | 'keywordOnMethod';

/** The message ids of TSH025: doc comment text TSDoc reads differently from what toolgen keeps. */
export type TsdocMessage = 'atInText' | 'tagInText' | 'unknownBlockTag' | 'unescapedBrace' | 'malformedInlineTag' | 'braceInInlineTag';

/**
 * A tag toolgen does not read where it is written (TSH023), or comment text TSDoc reads
 * differently (TSH025): either way the analysis says so, at the tag when it can.
 */
export type UnreadTag = {
  /** The JSON Pointer of what it documents. */
  readonly pointer: string;
  readonly tag: string;
  readonly data: Readonly<Record<string, string>>;
  readonly site?: TagSite | undefined;
} & ({ readonly code: 'TSH023'; readonly messageId: UnreadTagMessage } | { readonly code: 'TSH025'; readonly messageId: TsdocMessage });
