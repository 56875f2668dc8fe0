import path from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, it } from 'vitest';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** The typed-linting fixture project: its tsconfig.json includes `src/`, where every rule test's file lives. */
export const fixtureProject = path.join(import.meta.dirname, 'fixtures');

/** A RuleTester whose cases are files of the fixture project, type-checked through the project service. */
export function createRuleTester(): RuleTester {
  return new RuleTester({
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: fixtureProject } },
  });
}
