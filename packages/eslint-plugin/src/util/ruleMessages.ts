import { diagnosticCatalogue, type DiagnosticCode, type MessageId } from '@toolgen/generator/analysis';

/** The messages of a code as ESLint shows them: the catalogue's templates, each prefixed with the code. */
export function ruleMessages<C extends DiagnosticCode>(code: C): Record<MessageId<C>, string> {
  const messages: Readonly<Record<string, string>> = diagnosticCatalogue[code].messages;
  return Object.fromEntries(Object.entries(messages).map(([id, template]) => [id, `${code}: ${template}`])) as Record<MessageId<C>, string>;
}
