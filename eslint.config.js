// @ts-check
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import toolgen from '@toolgen/eslint-plugin';

export default defineConfig(
  // what is generated, and the folders tests write their projects into (the lint runs in a test, beside them)
  { ignores: ['**/dist/**', '**/node_modules/**', '**/*.tools.ts', '**/.tmp/**', '**/.toolgen-tmp-*/**', 'bench/.work/**', '.compat/**'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // toolgen's own rules on the examples' sources (what each example's tsconfig includes): they need type information.
    // No rule here reads JSDoc from the tree (toolgen's read doc comments from the text), so the declarations' JSDoc is not
    // parsed: 'all', the project service's default, parsed it in lib.dom.d.ts and every SDK's (about 1 of 9 CPU s for examples/).
    files: ['examples/*/src/**/*.ts'],
    extends: [toolgen.configs.recommended],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname, jsDocParsingMode: 'type-info' } },
  },
);
