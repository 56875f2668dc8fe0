import { createRequire } from 'node:module';
import { diagnosticCatalogue } from '@toolgen/generator';
import { cliOnlyCodes } from './cliOnlyCodes.js';
import { rules } from './rules/index.js';

const { name, version } = createRequire(import.meta.url)('../package.json') as { name: string; version: string };

/** The name of each rule of the plugin. */
export type RuleName = keyof typeof rules;

/**
 * The plugin as a flat config sees it. Loose on purpose, like typescript-eslint's own config types:
 * ESLint's and typescript-eslint's rule types differ, so a config typed by either would not fit the other.
 */
export interface CompatiblePlugin {
  readonly meta: { readonly name: string; readonly version: string };
}

/** A flat config object that fits ESLint's `Linter.Config` and typescript-eslint's `FlatConfig.Config`. */
export interface CompatibleConfig {
  name: string;
  files: string[];
  plugins: Record<string, CompatiblePlugin>;
  rules: Record<string, 'error' | 'warn'>;
}

export interface ToolgenPlugin extends CompatiblePlugin {
  readonly rules: typeof rules;
  readonly configs: { readonly recommended: CompatibleConfig };
}

const recommended: CompatibleConfig = {
  name: '@toolgen/recommended',
  files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
  plugins: {},
  rules: Object.fromEntries(
    Object.entries(rules).map(([ruleName, rule]) => [
      `@toolgen/${ruleName}`,
      diagnosticCatalogue[rule.meta.docs.code].severity === 'error' ? 'error' : 'warn',
    ]),
  ),
};

/**
 * The `@toolgen/eslint-plugin` flat-config plugin: one rule per TSH diagnostic, reported with the
 * generator's own analysis and wording. The rules need type information: lint with
 * typescript-eslint's parser and `parserOptions.projectService: true`.
 */
const plugin: ToolgenPlugin = { meta: { name, version }, rules, configs: { recommended } };
recommended.plugins['@toolgen'] = plugin;

export default plugin;
export { cliOnlyCodes, rules };
