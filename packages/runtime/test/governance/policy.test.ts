import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  loadToolPolicies,
  serializeToolPolicies,
  ToolPolicyError,
  ToolPolicyLoadError,
  ToolPolicyResolver,
  toolApprovalModes,
  type AgentToolPolicy,
  type ToolApprovalMode,
} from '@toolgen/runtime';

interface ResolutionCase {
  readonly policies: readonly AgentToolPolicy[];
  readonly tool: string;
  readonly declared: ToolApprovalMode;
  readonly want: ToolApprovalMode;
}

// The seed's resolution rules (003, "Resolve agent policy"), one row per rule and its edges.
const resolutionRows: [string, ResolutionCase][] = [
  ['a non-default override wins over the declared default', { policies: [{ toolName: 'coding__write_file', approvalMode: 'deny' }], tool: 'coding__write_file', declared: 'require_approval', want: 'deny' }],
  ['an auto_approve override wins over a declared require_approval', { policies: [{ toolName: 'coding__write_file', approvalMode: 'auto_approve' }], tool: 'coding__write_file', declared: 'require_approval', want: 'auto_approve' }],
  ['a require_approval override wins over a declared default', { policies: [{ toolName: 'coding__read_file', approvalMode: 'require_approval' }], tool: 'coding__read_file', declared: 'default', want: 'require_approval' }],
  ['a missing override falls through to the declared default', { policies: [], tool: 'coding__write_file', declared: 'require_approval', want: 'require_approval' }],
  ['an override for another tool changes nothing', { policies: [{ toolName: 'coding__read_file', approvalMode: 'deny' }], tool: 'coding__write_file', declared: 'default', want: 'default' }],
  ['an explicit default falls through to the declared default', { policies: [{ toolName: 'coding__write_file', approvalMode: 'default' }], tool: 'coding__write_file', declared: 'require_approval', want: 'require_approval' }],
  ['the lookup ignores case', { policies: [{ toolName: 'Coding__Write_File', approvalMode: 'deny' }], tool: 'CODING__write_file', declared: 'default', want: 'deny' }],
  ['of duplicates, the last entry wins', { policies: [{ toolName: 'coding__write_file', approvalMode: 'deny' }, { toolName: 'coding__write_file', approvalMode: 'auto_approve' }], tool: 'coding__write_file', declared: 'require_approval', want: 'auto_approve' }],
  ['of duplicates differing in case, the last entry wins', { policies: [{ toolName: 'coding__write_file', approvalMode: 'auto_approve' }, { toolName: 'CODING__WRITE_FILE', approvalMode: 'deny' }], tool: 'coding__write_file', declared: 'default', want: 'deny' }],
  ['a last explicit default removes an earlier override', { policies: [{ toolName: 'coding__write_file', approvalMode: 'deny' }, { toolName: 'coding__write_file', approvalMode: 'default' }], tool: 'coding__write_file', declared: 'require_approval', want: 'require_approval' }],
  ['a blank tool name is ignored', { policies: [{ toolName: '', approvalMode: 'deny' }], tool: '', declared: 'default', want: 'default' }],
  ['a whitespace tool name is ignored', { policies: [{ toolName: '   ', approvalMode: 'deny' }], tool: '   ', declared: 'auto_approve', want: 'auto_approve' }],
  ['surrounding whitespace in a name is not part of it', { policies: [{ toolName: ' coding__write_file ', approvalMode: 'deny' }], tool: 'coding__write_file', declared: 'default', want: 'deny' }],
];

describe('ToolPolicyResolver: the seed resolution rules', () => {
  it.each(resolutionRows)('%s', (_rule, { policies, tool, declared, want }) => {
    expect(new ToolPolicyResolver(policies).getEffectiveApprovalMode(tool, declared)).toBe(want);
  });

  it('rejects undefined approval modes when it is built', () => {
    expect(() => new ToolPolicyResolver([{ toolName: 'a__b', approvalMode: 'allow' as ToolApprovalMode }])).toThrow(ToolPolicyError);
    expect(() => new ToolPolicyResolver([{ toolName: 'a__b', approvalMode: 'Deny' as ToolApprovalMode }])).toThrow(
      'Tool policy entry 0 ("a__b") has approvalMode "Deny"; use "default", "require_approval", "auto_approve" or "deny".',
    );
    expect(() => new ToolPolicyResolver([{ toolName: '', approvalMode: 42 as unknown as ToolApprovalMode }])).toThrow(ToolPolicyError);
    expect(() => new ToolPolicyResolver([{ toolName: 7, approvalMode: 'deny' } as unknown as AgentToolPolicy])).toThrow(ToolPolicyError);
    expect(() => new ToolPolicyResolver([null as unknown as AgentToolPolicy])).toThrow(ToolPolicyError);
  });

  it('rejects an undefined declared mode', () => {
    expect(() => new ToolPolicyResolver([]).getEffectiveApprovalMode('a__b', 'maybe' as ToolApprovalMode)).toThrow(ToolPolicyError);
  });

  it('lists the overrides worth persisting: named, non-default, last per tool', () => {
    const resolver = new ToolPolicyResolver([
      { toolName: 'a__x', approvalMode: 'deny' },
      { toolName: '', approvalMode: 'deny' },
      { toolName: 'b__y', approvalMode: 'default' },
      { toolName: 'A__X', approvalMode: 'auto_approve' },
      { toolName: 'c__z', approvalMode: 'require_approval' },
    ]);
    expect(resolver.overrides).toEqual([
      { toolName: 'A__X', approvalMode: 'auto_approve' },
      { toolName: 'c__z', approvalMode: 'require_approval' },
    ]);
    expect(resolver.getOverride('b__y')).toBeUndefined();
  });
});

describe('loadToolPolicies', () => {
  it('reads a YAML list of { toolName, approvalMode }', () => {
    const text = ['# agent: support', '- toolName: coding__write_file', '  approvalMode: deny', '- { toolName: ticket__close_ticket, approvalMode: auto_approve }', ''].join('\n');
    expect(loadToolPolicies(text)).toEqual([
      { toolName: 'coding__write_file', approvalMode: 'deny' },
      { toolName: 'ticket__close_ticket', approvalMode: 'auto_approve' },
    ]);
  });

  it.each([
    ['empty text', ''],
    ['whitespace', '  \n\t\n'],
    ['only comments', '# no overrides yet\n# - toolName: x\n'],
    ['an empty document', '---\n'],
    ['null', null],
    ['undefined', undefined],
    ['an explicit null', '~\n'],
  ])('means no overrides for %s', (_label, text) => {
    expect(loadToolPolicies(text)).toEqual([]);
  });

  it('keeps entries with blank names, which the resolver ignores', () => {
    const policies = loadToolPolicies('- toolName: ""\n  approvalMode: deny\n');
    expect(policies).toEqual([{ toolName: '', approvalMode: 'deny' }]);
    expect(new ToolPolicyResolver(policies).overrides).toEqual([]);
  });

  function loadError(text: string): ToolPolicyLoadError {
    try {
      loadToolPolicies(text);
    } catch (error) {
      expect(error).toBeInstanceOf(ToolPolicyLoadError);
      return error as ToolPolicyLoadError;
    }
    throw new Error('expected a ToolPolicyLoadError');
  }

  it.each<[string, string, number, string]>([
    ['bad YAML', '- toolName: a__b\n  approvalMode: deny\n - toolName: c__d\n', 3, 'Fix the YAML'],
    ['an unclosed flow mapping', '- { toolName: a__b, approvalMode: deny\n', 2, 'Fix the YAML'],
    ['a tab indentation', '- toolName: a__b\n\tapprovalMode: deny\n', 2, 'Fix the YAML'],
    ['an undefined approval mode', '- toolName: a__b\n  approvalMode: deny\n- toolName: c__d\n  approvalMode: allow\n', 4, 'approvalMode "allow" is not defined'],
    ['a differently cased approval mode', '- toolName: a__b\n  approvalMode: Deny\n', 2, 'approvalMode "Deny" is not defined'],
    ['a boolean approval mode', '- toolName: a__b\n  approvalMode: true\n', 2, 'approvalMode true is not defined'],
    ['a missing approval mode', '- toolName: a__b\n- toolName: c__d\n  approvalMode: deny\n', 1, 'has no approvalMode'],
    ['a missing tool name', '- approvalMode: deny\n', 1, 'has no toolName'],
    ['a non-string tool name', '- toolName: 12\n  approvalMode: deny\n', 1, 'toolName must be a string'],
    ['an unknown key', '- toolName: a__b\n  aprovalMode: deny\n', 2, 'unknown key "aprovalMode"'],
    ['a duplicate key', '- toolName: a__b\n  approvalMode: deny\n  approvalMode: auto_approve\n', 3, 'Fix the YAML'],
    ['a mapping instead of a list', 'toolName: a__b\napprovalMode: deny\n', 1, 'expected a list of entries'],
    ['a scalar instead of a list', 'deny\n', 1, 'expected a list of entries'],
    ['an entry that is not a mapping', '- a__b\n', 1, 'each entry must be a mapping'],
    ['several documents', '- toolName: a__b\n  approvalMode: deny\n---\n- toolName: c__d\n  approvalMode: deny\n', 3, 'Fix the YAML'],
  ])('throws a load error naming the line for %s', (_label, text, line, message) => {
    const error = loadError(text);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(new RegExp(`^Tool policies, line ${line}, column \\d+: `));
    expect(error.message).toContain(message);
  });

  it('never turns malformed text into overrides', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        let policies: AgentToolPolicy[];
        try {
          policies = loadToolPolicies(text);
        } catch (error) {
          return error instanceof ToolPolicyLoadError;
        }
        return policies.every((policy) => typeof policy.toolName === 'string' && toolApprovalModes.includes(policy.approvalMode));
      }),
    );
  });
});

describe('serializeToolPolicies', () => {
  const policy = fc.record({
    toolName: fc.oneof(fc.constantFrom('a__x', 'A__X', 'b__y', '', ' '), fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/)),
    approvalMode: fc.constantFrom(...toolApprovalModes),
  });

  it('writes what loadToolPolicies reads back to the same effective modes', () => {
    fc.assert(
      fc.property(fc.array(policy, { maxLength: 12 }), fc.constantFrom(...toolApprovalModes), (policies, declared) => {
        const original = new ToolPolicyResolver(policies);
        const reloaded = new ToolPolicyResolver(loadToolPolicies(serializeToolPolicies(policies)));
        for (const { toolName } of policies) {
          expect(reloaded.getEffectiveApprovalMode(toolName, declared)).toBe(original.getEffectiveApprovalMode(toolName, declared));
        }
      }),
    );
  });

  it('persists only named, non-default overrides', () => {
    expect(serializeToolPolicies([{ toolName: 'a__x', approvalMode: 'default' }, { toolName: '', approvalMode: 'deny' }])).toBe('');
    expect(serializeToolPolicies([{ toolName: 'coding__write_file', approvalMode: 'deny' }])).toBe('- toolName: coding__write_file\n  approvalMode: deny\n');
  });
});
