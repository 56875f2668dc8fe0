import { ESLintUtils } from '@typescript-eslint/utils';
import { diagnosticCatalogue, type DiagnosticCode, type MessageId } from '@toolgen/generator/analysis';
import { getDiagnostics } from './getDiagnostics.js';
import { getProgramContext } from './program.js';
import { ruleMessages } from './ruleMessages.js';
import type { DiagnosticRule, ToolgenRuleDocs } from './ruleTypes.js';

/** Where diagnostics.md lives; each code has a section there, anchored by its lowercased code. */
export const diagnosticsDocsUrl = 'https://github.com/toolgen/toolgen/blob/main/diagnostics.md';

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
}: DiagnosticRuleOptions<C>): DiagnosticRule {
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
  return rule as unknown as DiagnosticRule;
}
