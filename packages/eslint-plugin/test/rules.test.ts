import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TSESLint } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import plugin from '@toolgen/eslint-plugin';
import { diagnosticFixtures, fixtureFile, markedSpans, otherFile, otherSource } from '../../generator/test/analysis/diagnosticFixtures.js';
import { createRuleTester, fixtureProject } from './setupRuleTester.js';

const ruleTester = createRuleTester();
const filename = path.join(fixtureProject, fixtureFile);

describe('the fixture project', () => {
  it('holds the other files the shared fixtures expect', () => {
    expect(readFileSync(path.join(fixtureProject, otherFile), 'utf8')).toBe(otherSource);
    const extras = diagnosticFixtures.flatMap((fixture) => Object.keys(fixture.extra ?? {}));
    expect(new Set(extras)).toEqual(new Set([otherFile]));
  });
});

for (const [name, rule] of Object.entries(plugin.rules)) {
  const fixtures = diagnosticFixtures.filter((fixture) => fixture.code === rule.meta.docs.code);
  // each rule has its own message ids; the fixtures hold them as strings
  ruleTester.run(name, rule as unknown as TSESLint.RuleModule<string, []>, {
    valid: fixtures
      .filter((fixture, index) => fixtures.findIndex((other) => other.fixed === fixture.fixed) === index)
      .map((fixture) => ({ name: `fixed: ${fixture.name}`, code: fixture.fixed, filename })),
    invalid: fixtures.map(({ name: fixtureName, source, messages }) => {
      const { text, spans } = markedSpans(source);
      return {
        name: fixtureName,
        code: text,
        filename,
        errors: spans.map((span, index) => ({ ...messages[index]!, ...span })),
      };
    }),
  });
}
