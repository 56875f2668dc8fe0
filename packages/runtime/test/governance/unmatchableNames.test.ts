import { describe, expect, it } from 'vitest';
import {
  AgentDefinitionError,
  loadToolPolicies,
  resolveAgentTools,
  resolveAgentToolsWithSearch,
  ToolApprovalRouter,
  ToolCatalogue,
  ToolPolicyError,
  ToolPolicyLoadError,
  ToolPolicyResolver,
  ToolSearchState,
  type AgentDefinition,
} from '@toolgen/runtime';
import { fakeToolset } from './fixtures.js';

// Finding 5 of the adversarial review: `ticket__close_ticket` spelled with a character no
// qualified name can hold loaded, denied nothing and left close_ticket exposed. Such a name is now
// an error wherever an agent or a policy gives it, naming the code point.

const surface = { approvals: new ToolApprovalRouter({ runMode: 'auto_approve_required' }) };

function ticketCatalogue(): ToolCatalogue {
  const catalogue = new ToolCatalogue();
  catalogue.sync({ toolsets: [fakeToolset('TicketToolset', [{ name: 'search_tickets' }, { name: 'close_ticket' }])] });
  return catalogue;
}

/** `ticket__close_ticket` as the review spelled it, the code point each spelling must be refused for, and how it is described. */
const spellings: [string, string, string, string][] = [
  ['a combining grapheme joiner', 'ticket__close_\u034Fticket', 'U+034F', 'U+034F (an invisible character)'],
  ['variation selector 16', 'ticket__close_ticket\uFE0F', 'U+FE0F', 'U+FE0F (an invisible character)'],
  ['a Hangul filler', 'ticket__close\u3164ticket', 'U+3164', 'U+3164 (an invisible character)'],
  ['a blank Braille pattern', 'ticket__close_ticket\u2800', 'U+2800', 'U+2800 (an invisible character)'],
  ['a Mongolian free variation selector', 'ticket__close_\u180Bticket', 'U+180B', 'U+180B (an invisible character)'],
  ['a Cyrillic і', 'ticket__close_t\u0456cket', 'U+0456', 'U+0456 "\u0456" (a Cyrillic letter)'],
  ['a fullwidth ｔ', 'ticket__close_\uFF54icket', 'U+FF54', 'U+FF54 "\uFF54" (a compatibility form of "t")'],
  ['a combining é', 'ticket__close_ticke\u0301t', 'U+0301', 'U+0301 (a combining mark)'],
  ['an ideographic space', 'ticket__close\u3000ticket', 'U+3000', 'U+3000 "\u3000" (a space other than the ASCII space)'],
  ['a precomposed é', 'ticket__close_tick\u00E9t', 'U+00E9', 'U+00E9 "\u00E9" (a Latin letter)'],
  ['a no-break space', 'ticket__close\u00A0ticket', 'U+00A0', 'U+00A0 "\u00A0" (a space other than the ASCII space)'],
  ['a dotted capital I', 'T\u0130CKET__close_ticket', 'U+0130', 'U+0130 "\u0130" (a Latin letter)'],
];

/** Every place an agent or a policy names a tool, with the name put there. */
const placements: [string, (name: string) => AgentDefinition, string][] = [
  ['toolsets[].exclude', (name) => ({ name: 'support', toolsets: [{ owner: 'ticket', exclude: [name] }] }), 'toolsets[0].exclude[0]'],
  ['toolsets[].include', (name) => ({ name: 'support', toolsets: [{ owner: 'ticket', include: ['search_tickets', name] }] }), 'toolsets[0].include[1]'],
  ['toolsets[].owner', (name) => ({ name: 'support', toolsets: [{ owner: name }] }), 'toolsets[0].owner'],
  ['toolsets[].pluginId', (name) => ({ name: 'support', toolsets: [{ owner: 'ticket', pluginId: name }] }), 'toolsets[0].pluginId'],
  ['allowedTools', (name) => ({ name: 'support', allowedTools: ['ticket__search_tickets', name] }), 'allowedTools[1]'],
  ['pinnedTools', (name) => ({ name: 'support', toolsets: [{ owner: 'ticket' }], pinnedTools: [name] }), 'pinnedTools[0]'],
];

describe('finding 5: a deny entry that can never match is a load error, never a silent no-op', () => {
  it.each(spellings)('loadToolPolicies refuses %s, naming the line and the code point', (_label, toolName, codePoint, description) => {
    const text = `- toolName: ticket__search_tickets\n  approvalMode: auto_approve\n- toolName: ${JSON.stringify(toolName)}\n  approvalMode: deny\n`;
    let error: unknown;
    try {
      loadToolPolicies(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ToolPolicyLoadError);
    expect((error as ToolPolicyLoadError).line).toBe(3);
    expect((error as Error).message).toContain(`toolName contains ${description}, which no qualified tool name has, so the entry would never match; `);
    expect((error as Error).message).toContain(codePoint);
  });

  it.each(spellings)('new ToolPolicyResolver refuses %s', (_label, toolName, codePoint) => {
    expect(() => new ToolPolicyResolver([{ toolName, approvalMode: 'deny' }])).toThrow(ToolPolicyError);
    expect(() => new ToolPolicyResolver([{ toolName, approvalMode: 'deny' }])).toThrow(codePoint);
  });

  it.each(spellings)('resolveAgentTools refuses a policy with %s, and exposes nothing', (_label, toolName, codePoint) => {
    const agent: AgentDefinition = { name: 'support', toolsets: [{ owner: 'ticket' }], policies: [{ toolName, approvalMode: 'deny' }] };
    expect(() => resolveAgentTools(agent, ticketCatalogue(), surface)).toThrow(ToolPolicyError);
    expect(() => resolveAgentToolsWithSearch(agent, ticketCatalogue(), surface, new ToolSearchState())).toThrow(codePoint);
  });

  it('says what to write instead', () => {
    const message = (toolName: string) => {
      try {
        loadToolPolicies(`- toolName: ${JSON.stringify(toolName)}\n  approvalMode: deny\n`);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected a load error');
    };
    expect(message('ticket__close_t\u0456cket')).toBe(
      'Tool policies, line 1, column 13: toolName contains U+0456 "\u0456" (a Cyrillic letter), which no qualified tool name has, so the entry would never match; write the name in a-z, 0-9, "_" and "-" as the catalogue publishes it.',
    );
    expect(message('ticket__close_\uFF54icket')).toBe(
      'Tool policies, line 1, column 13: toolName contains U+FF54 "\uFF54" (a compatibility form of "t"), which no qualified tool name has, so the entry would never match; write the name in a-z, 0-9, "_" and "-" as the catalogue publishes it, e.g. "ticket__close_ticket" if that is the tool meant.',
    );
    expect(message('ticket__close_ticket\uFE0F')).toBe(
      'Tool policies, line 1, column 13: toolName contains U+FE0F (an invisible character), which no qualified tool name has, so the entry would never match; remove it.',
    );
    expect(message('//')).toBe(
      'Tool policies, line 1, column 13: toolName is made only of separators ("/", "\\" or "__"), so it names no tool, so the entry would never match; write the qualified name the catalogue lists, e.g. ticket__close_ticket.',
    );
  });
});

describe('finding 5: an agent name that can never match is an error when the agent is resolved', () => {
  const rows = placements.flatMap(([place, agent, field]) => spellings.map(([label, name, codePoint]) => [place, label, agent(name), field, codePoint] as const));
  it.each(rows)('%s with %s', (_place, _label, agent, field, codePoint) => {
    for (const resolve of [() => resolveAgentTools(agent, ticketCatalogue(), surface), () => resolveAgentToolsWithSearch(agent, ticketCatalogue(), surface, new ToolSearchState())]) {
      let error: unknown;
      try {
        resolve();
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(AgentDefinitionError);
      expect(error).toMatchObject({ agentName: 'support', field });
      expect((error as Error).message.startsWith(`Agent "support": ${field} "`)).toBe(true);
      expect((error as Error).message).toContain(`" contains ${codePoint} `);
    }
  });

  it('names the agent, the field, the character and the fix', () => {
    expect(() => resolveAgentTools({ name: 'support', toolsets: [{ owner: 'ticket', exclude: ['close_t\u0456cket'] }] }, ticketCatalogue(), surface)).toThrow(
      'Agent "support": toolsets[0].exclude[0] "close_t\u0456cket" contains U+0456 "\u0456" (a Cyrillic letter), which no qualified tool name has, so it would never match; write the name in a-z, 0-9, "_" and "-" as the catalogue publishes it.',
    );
  });

  it('refuses names that are not strings, and lists that are not arrays, instead of skipping them', () => {
    const bad = [
      [{ toolsets: [{ owner: 'ticket', exclude: [42] }] }, 'toolsets[0].exclude[0]'],
      [{ toolsets: [{ owner: 'ticket', exclude: 'close_ticket' }] }, 'toolsets[0].exclude'],
      [{ toolsets: [{ owner: 'ticket', include: [null] }] }, 'toolsets[0].include[0]'],
      [{ toolsets: [{ owner: 7 }] }, 'toolsets[0].owner'],
      [{ toolsets: [{ owner: ' ' }] }, 'toolsets[0].owner'],
      [{ toolsets: { owner: 'ticket' } }, 'toolsets'],
      [{ toolsets: ['ticket'] }, 'toolsets[0]'],
      [{ allowedTools: [{}] }, 'allowedTools[0]'],
      [{ pinnedTools: 'ticket__close_ticket' }, 'pinnedTools'],
      [{ allowedTools: ['__'] }, 'allowedTools[0]'],
    ] as const;
    for (const [agent, field] of bad) {
      expect(() => resolveAgentTools(agent as unknown as AgentDefinition, ticketCatalogue(), surface), field).toThrow(AgentDefinitionError);
      try {
        resolveAgentTools(agent as unknown as AgentDefinition, ticketCatalogue(), surface);
      } catch (error) {
        expect((error as AgentDefinitionError).field).toBe(field);
      }
    }
  });
});

describe('finding 5: what can still match loads', () => {
  it.each([
    ['ASCII spaces and dots, which the catalogue turns into _ as well', 'Ticket__Close Ticket'],
    ['a dot', 'ticket__close.ticket'],
    ['a / between segments', 'ticket/close_ticket'],
    ['surrounding spaces', '  ticket__close_ticket '],
    ['a Kelvin sign, which lowercases to k as in every published name', 'tic\u212Aet__close_ticket'],
  ])('%s', (_label, toolName) => {
    const policies = loadToolPolicies(`- toolName: ${JSON.stringify(toolName)}\n  approvalMode: deny\n`);
    const resolved = resolveAgentTools({ toolsets: [{ owner: 'ticket' }], policies }, ticketCatalogue(), surface);
    expect(resolved.tools.map((tool) => tool.qualifiedName)).toEqual(['ticket__search_tickets']);
    expect(resolved.omitted).toEqual([{ name: 'ticket__close_ticket', reason: 'denied' }]);
  });

  it('still ignores blank names', () => {
    expect(new ToolPolicyResolver([{ toolName: '  ', approvalMode: 'deny' }]).overrides).toEqual([]);
    expect(resolveAgentTools({ allowedTools: ['', ' '], pinnedTools: [''] }, ticketCatalogue(), surface).tools).toEqual([]);
  });
});

describe('finding 5: property, every code point is either refused or folds into the qualified-name alphabet', () => {
  it('over the whole Basic Multilingual Plane and a stride through the others', () => {
    const accepted: string[] = [];
    const misnamed: string[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += codePoint < 0x10000 ? 1 : 251) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const character = String.fromCodePoint(codePoint);
      try {
        new ToolPolicyResolver([{ toolName: `ticket__close${character}ticket`, approvalMode: 'deny' }]);
        accepted.push(character);
      } catch (error) {
        const named = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
        if (!(error instanceof ToolPolicyError) || !error.message.includes(named)) misnamed.push(named);
      }
    }
    const printableAscii = Array.from({ length: 0x5f }, (_, index) => String.fromCharCode(0x20 + index));
    expect(accepted).toEqual([...printableAscii, '\u212A']);
    expect(misnamed).toEqual([]);
  });
});
