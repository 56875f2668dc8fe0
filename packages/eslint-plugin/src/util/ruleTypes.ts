import type { TSESLint } from '@typescript-eslint/utils';

// The plugin's public types, apart from the generator's: the published plugin bundles the analysis
// (scripts/bundle.mjs) and has no dependency on @toolgen/generator, so its declarations name none of its types.

/** A TSH diagnostic code, as diagnostics.md lists them (codesCheck.ts fails to compile when the catalogue's differ). */
export type TshCode =
  | 'TSH001' | 'TSH002' | 'TSH003' | 'TSH004' | 'TSH005' | 'TSH006' | 'TSH007' | 'TSH008' | 'TSH009' | 'TSH010' | 'TSH011'
  | 'TSH012' | 'TSH013' | 'TSH014' | 'TSH015' | 'TSH016' | 'TSH017' | 'TSH018' | 'TSH019' | 'TSH020' | 'TSH021' | 'TSH022'
  | 'TSH023' | 'TSH024' | 'TSH025' | 'TSH026' | 'TSH030' | 'TSH031' | 'TSH032' | 'TSH033' | 'TSH034' | 'TSH040';

/** The `meta.docs` of every toolgen rule. */
export interface ToolgenRuleDocs {
  /** The TSH code the rule reports. */
  readonly code: TshCode;
  readonly recommended: true;
  readonly requiresTypeChecking: true;
}

/** A rule reporting one TSH code; its docs always name the code. */
export type DiagnosticRule = TSESLint.RuleModule<string, [], ToolgenRuleDocs> & {
  readonly name: string;
  readonly meta: { readonly docs: ToolgenRuleDocs & TSESLint.RuleMetaDataDocs };
};
