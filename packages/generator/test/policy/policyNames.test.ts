import { describe, expect, it } from 'vitest';
import { diagnosticLines, policyProject, run } from './policyFixture.js';

// Findings 4 and 5 of the adversarial review, at build time: `--policy` reads names through the
// runtime's loader and keys them as its resolver does (`ToolNaming.matchKey`), so the build and
// the agent agree on which entries match and which never can.
describe('finding 5: toolgen --policy refuses a name that can never match, as the runtime does', () => {
  it(
    'TSH033 naming the code point for a Cyrillic і; no TSH030 for a spelling the catalogue normalizes to the tool',
    async () => {
      const root = policyProject({
        'homoglyph.yaml': '- toolName: "ticket__close_t\u0456cket"\n  approvalMode: deny\n',
        'spelled.yaml': '- toolName: Ticket/Close Ticket\n  approvalMode: deny\n- toolName: ticket__search.tickets\n  approvalMode: deny\n',
      });
      const result = await run(['--policy', '*.yaml'], root);
      expect(diagnosticLines(result.stdout)).toEqual([
        'homoglyph.yaml:1:13 - error TSH033: The policy file cannot be loaded (the runtime\'s loadToolPolicies rejects it too): ' +
          'toolName contains U+0456 "\u0456" (a Cyrillic letter), which no qualified tool name has, so the entry would never match; ' +
          'write the name in a-z, 0-9, "_" and "-" as the catalogue publishes it.',
      ]);
      expect(result.code).toBe(1);
    },
    60_000,
  );
});
