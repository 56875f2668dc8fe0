import type { TSESLint } from '@typescript-eslint/utils';
import { createRequire } from 'node:module';

const { name, version } = createRequire(import.meta.url)('../package.json') as { name: string; version: string };

const rules: Record<string, TSESLint.RuleModule<string, unknown[]>> = {};

/** The `@toolgen/eslint-plugin` flat-config plugin. Rules arrive with the diagnostics work. */
const plugin = {
  meta: { name, version },
  rules,
  configs: {} as Record<string, TSESLint.FlatConfig.Config>,
};

plugin.configs['recommended'] = {
  name: '@toolgen/recommended',
  plugins: { '@toolgen': plugin },
  rules: {},
};

export default plugin;
