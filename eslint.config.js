// @ts-check
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import toolgen from '@toolgen/eslint-plugin';

export default defineConfig(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/*.tools.ts', '**/.tmp/**', 'bench/.work/**'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // toolgen's own rules on the examples' sources (what each example's tsconfig includes): they need type information
    files: ['examples/*/src/**/*.ts'],
    extends: [toolgen.configs.recommended],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
);
