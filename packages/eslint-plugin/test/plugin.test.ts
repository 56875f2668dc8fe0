import { describe, expect, it } from 'vitest';
import plugin, { cliOnlyCodes } from '@toolgen/eslint-plugin';
import { diagnosticCatalogue, type DiagnosticCode } from '@toolgen/generator/analysis';

const rules = Object.entries(plugin.rules);
const codes = Object.keys(diagnosticCatalogue) as DiagnosticCode[];

describe('@toolgen/eslint-plugin', () => {
  it('names itself and offers a recommended flat config that registers the plugin', () => {
    expect(plugin.meta).toEqual({ name: '@toolgen/eslint-plugin', version: '0.1.0' });
    expect(plugin.configs.recommended[0]).toMatchObject({ name: '@toolgen/recommended', plugins: { '@toolgen': plugin } });
  });

  it('does not report the unused eslint-disable directive of generated modules in the recommended config', () => {
    expect(plugin.configs.recommended[1]).toEqual({
      name: '@toolgen/recommended/generated',
      files: ['**/*.tools.ts', '**/*.tools.mts', '**/*.tools.cts'],
      linterOptions: { reportUnusedDisableDirectives: 'off' },
    });
  });

  it('has one kebab-case rule per TSH code, except the codes only the CLI can decide', () => {
    expect(cliOnlyCodes).toEqual(['TSH020', 'TSH030', 'TSH031', 'TSH032', 'TSH033', 'TSH034', 'TSH040']);
    expect(rules.map(([, rule]) => rule.meta.docs.code).sort()).toEqual(codes.filter((code) => !cliOnlyCodes.includes(code)));
    for (const [name, rule] of rules) {
      expect(name).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(rule.name).toBe(name);
    }
  });

  it('uses the catalogue message ids, each message prefixed with its code', () => {
    for (const [, rule] of rules) {
      const { code } = rule.meta.docs;
      const expected = Object.fromEntries(Object.entries(diagnosticCatalogue[code].messages).map(([id, template]) => [id, `${code}: ${template}`]));
      expect(rule.meta.messages).toEqual(expected);
    }
  });

  it('links each rule to its section of diagnostics.md and marks it as needing type information', () => {
    for (const [, rule] of rules) {
      const { code } = rule.meta.docs;
      expect(rule.meta.docs).toMatchObject({ recommended: true, requiresTypeChecking: true });
      expect(rule.meta.docs.url).toBe(`https://github.com/toolgen/toolgen/blob/main/diagnostics.md#${code.toLowerCase()}`);
      expect(rule.meta.type).toBe(diagnosticCatalogue[code].severity === 'error' ? 'problem' : 'suggestion');
    }
  });

  it('turns every rule on in the recommended config: errors as errors, warnings as warnings', () => {
    const [rulesConfig] = plugin.configs.recommended;
    expect(rulesConfig.files).toEqual(['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts']);
    expect(rulesConfig.rules).toEqual(
      Object.fromEntries(rules.map(([name, rule]) => [`@toolgen/${name}`, diagnosticCatalogue[rule.meta.docs.code].severity === 'error' ? 'error' : 'warn'])),
    );
  });
});
