import { describe, expect, it } from 'vitest';
import { loadToolPolicies, ToolPolicyError, ToolPolicyLoadError, ToolPolicyResolver, type AgentToolPolicy } from '@toolgen/runtime';

// Issue 14, policies: names no tool can have are load errors (a deny that never matches is an
// approval in disguise), input that is not text is a load error, and a BOM is not.
function loadError(text: unknown): ToolPolicyLoadError {
  try {
    loadToolPolicies(text as string);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolPolicyLoadError);
    return error as ToolPolicyLoadError;
  }
  throw new Error('expected a ToolPolicyLoadError');
}

describe('loadToolPolicies refuses tool names no tool can have', () => {
  it.each<[string, string, number, string]>([
    ['a raw NUL byte', '- toolName: a__b\0\n  approvalMode: deny\n', 1, 'U+0000'],
    ['an escaped NUL byte', '- toolName: "a__b\\0"\n  approvalMode: deny\n', 1, 'U+0000'],
    ['a NUL byte on a later entry', '- toolName: a__b\n  approvalMode: deny\n- toolName: "c__d\\0"\n  approvalMode: deny\n', 3, 'U+0000'],
    ['a NUL byte in a flow mapping', '- { approvalMode: deny, toolName: "a__b\\0" }\n', 1, 'U+0000'],
    ['another control character', '- toolName: "a__\\x01b"\n  approvalMode: deny\n', 1, 'U+0001'],
    ['an escape character', '- toolName: "a__b\\e[0m"\n  approvalMode: deny\n', 1, 'U+001B'],
    ['a tab inside the name', '- toolName: "a__\\tb"\n  approvalMode: deny\n', 1, 'U+0009'],
    ['a line break inside the name', '- toolName: "a__b\\nc__d"\n  approvalMode: deny\n', 1, 'U+000A'],
    ['DEL', '- toolName: "a__b\\x7f"\n  approvalMode: deny\n', 1, 'U+007F'],
    ['a C1 control character', '- toolName: "a__b\\x85"\n  approvalMode: deny\n', 1, 'U+0085'],
    ['a zero-width space', '- toolName: "a__\\u200Bb"\n  approvalMode: deny\n', 1, 'U+200B'],
    ['a right-to-left override', '- toolName: "a__\\u202Eb"\n  approvalMode: deny\n', 1, 'U+202E'],
    ['a BOM inside the name', '- toolName: "a__\\uFEFFb"\n  approvalMode: deny\n', 1, 'U+FEFF'],
  ])('%s', (_label, text, line, codePoint) => {
    const error = loadError(text);
    expect(error.line).toBe(line);
    expect(error.message).toContain(`toolName contains ${codePoint}`);
    expect(error.message).toMatch(/^Tool policies, line \d+, column \d+: /);
  });

  it('says which character and where, in words', () => {
    expect(loadError('- toolName: a__b\0\n  approvalMode: deny\n').message).toBe(
      'Tool policies, line 1, column 13: toolName contains U+0000 (a control character), which no qualified tool name has, so the entry would never match; remove it.',
    );
    expect(loadError('- toolName: "a__\\u200Bb"\n  approvalMode: deny\n').message).toBe(
      'Tool policies, line 1, column 13: toolName contains U+200B (an invisible formatting character), which no qualified tool name has, so the entry would never match; remove it.',
    );
  });

  it('still refuses a tool name that is not a string, naming the line', () => {
    for (const value of ['12', 'true', '[a__b]', '{ a: b }', '~']) {
      const error = loadError(`- toolName: a__ok\n  approvalMode: deny\n- toolName: ${value}\n  approvalMode: deny\n`);
      expect(error.line).toBe(3);
      expect(error.message).toContain('toolName must be a string');
    }
  });
});

describe('loadToolPolicies refuses input that is not text', () => {
  it.each<[string, unknown, string]>([
    ['a number', 42, 'a number'],
    ['a boolean', true, 'a boolean'],
    ['an object', { toolName: 'a__b', approvalMode: 'deny' }, 'an object'],
    ['an array', [{ toolName: 'a__b', approvalMode: 'deny' }], 'an array'],
    ['a buffer', Buffer.from('- toolName: a__b\n  approvalMode: deny\n'), 'an object'],
  ])('%s', (_label, input, kind) => {
    const error = loadError(input);
    expect(error.message).toBe(`Tool policies, line 1, column 1: expected YAML text (a string), got ${kind}; read the file as text (utf8) first.`);
  });

  it('still reads null, undefined and blank text as no overrides', () => {
    expect(loadToolPolicies(null)).toEqual([]);
    expect(loadToolPolicies(undefined)).toEqual([]);
    expect(loadToolPolicies('  \n')).toEqual([]);
  });
});

describe('loadToolPolicies reads a file that starts with a UTF-8 BOM', () => {
  it('as if the BOM were not there', () => {
    const text = '- toolName: coding__write_file\n  approvalMode: deny\n';
    expect(loadToolPolicies(`\uFEFF${text}`)).toEqual(loadToolPolicies(text));
    expect(loadToolPolicies(`\uFEFF${text}`)).toEqual([{ toolName: 'coding__write_file', approvalMode: 'deny' }]);
    expect(loadToolPolicies('\uFEFF# nothing yet\n')).toEqual([]);
  });

  it('as decoded from the bytes a Windows editor writes', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('- toolName: a__b\n  approvalMode: auto_approve\n')]);
    expect(loadToolPolicies(bytes.toString('utf8'))).toEqual([{ toolName: 'a__b', approvalMode: 'auto_approve' }]);
  });

  it('keeps line numbers of later problems right', () => {
    expect(loadError('\uFEFF- toolName: a__b\n  approvalMode: allow\n').line).toBe(2);
  });
});

describe('ToolPolicyResolver refuses the same names when policies come from code', () => {
  it.each(['a__b\0', 'a__\u0001b', 'a__\u200Bb', 'a__b\u007F'])('%j', (toolName) => {
    expect(() => new ToolPolicyResolver([{ toolName, approvalMode: 'deny' }])).toThrow(ToolPolicyError);
  });

  it('with a message naming the entry and the character', () => {
    expect(() => new ToolPolicyResolver([{ toolName: 'ok__name', approvalMode: 'deny' }, { toolName: 'a__b\0', approvalMode: 'deny' } as AgentToolPolicy])).toThrow(
      'Tool policy entry 1 has toolName "a__b\\u0000": it contains U+0000 (a control character), which no qualified tool name has, so the entry would never match; remove it.',
    );
  });

  it('still trims surrounding spaces and ignores blank names', () => {
    expect(new ToolPolicyResolver([{ toolName: '  a__b ', approvalMode: 'deny' }, { toolName: ' ', approvalMode: 'deny' }]).getEffectiveApprovalMode('a__b', 'default')).toBe('deny');
  });
});
