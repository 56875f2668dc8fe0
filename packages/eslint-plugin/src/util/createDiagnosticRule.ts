import { ESLintUtils, type TSESLint } from '@typescript-eslint/utils';
import { diagnosticCatalogue, type DiagnosticCode, type MessageId } from '@toolgen/generator/analysis';
import { getDiagnostics } from './getDiagnostics.js';
import { getProgramContext } from './program.js';
import { ruleMessages } from './ruleMessages.js';

/** Where diagnostics.md lives; each code has a section there, anchored by its lowercased code. */
export const diagnosticsDocsUrl = 'https://github.com/toolgen/toolgen/blob/main/diagnostics.md';

/** The `meta.docs` of every toolgen rule. */
export interface ToolgenRuleDocs {
  /** The TSH code the rule reports. */
  readonly code: DiagnosticCode;
  readonly recommended: true;
  readonly requiresTypeChecking: true;
}

/** A rule reporting one TSH code; its docs always name the code. */
export type DiagnosticRule<C extends DiagnosticCode> = TSESLint.RuleModule<MessageId<C>, [], ToolgenRuleDocs> & {
  readonly name: string;
  readonly meta: { readonly docs: ToolgenRuleDocs & TSESLint.RuleMetaDataDocs };
};

export interface DiagnosticRuleOptions<C extends DiagnosticCode> {
  readonly name: string;
  readonly code: C;
  readonly description: string;
}

/**
 * A rule that reports one TSH code: it runs the generator's analysis (once per file, shared by
 * every rule) and reports each diagnostic of its code at the CLI's span, with the catalogue's wording.
 */
export function createDiagnosticRule<C extends DiagnosticCode>({
  name,
  code,
  description,
}: DiagnosticRuleOptions<C>): DiagnosticRule<C> {
  const createRule = ESLintUtils.RuleCreator<ToolgenRuleDocs>(() => `${diagnosticsDocsUrl}#${code.toLowerCase()}`);
  const rule = createRule<[], MessageId<C>>({
    name,
    meta: {
      type: diagnosticCatalogue[code].severity === 'error' ? 'problem' : 'suggestion',
      docs: { description, code, recommended: true, requiresTypeChecking: true },
      messages: ruleMessages(code),
      schema: [],
      defaultOptions: [],
    },
    create(context) {
      return {
        Program() {
          const program = getProgramContext(context);
          for (const diagnostic of getDiagnostics(program, code)) {
            const end = context.sourceCode.getLocFromIndex(diagnostic.end);
            context.report({
              loc: { start: { line: diagnostic.line, column: diagnostic.column - 1 }, end },
              messageId: diagnostic.messageId as MessageId<C>,
              data: diagnostic.data,
            });
          }
        },
      };
    },
  });
  return rule as DiagnosticRule<C>;
}
