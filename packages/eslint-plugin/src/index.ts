import { createRequire } from 'node:module';
import { diagnosticCatalogue } from '@toolgen/generator/analysis';
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
}

/** The config object that registers the plugin and turns its rules on. */
export interface CompatibleRulesConfig extends CompatibleConfig {
  plugins: Record<string, CompatiblePlugin>;
  rules: Record<string, 'error' | 'warn'>;
}

/** The config object for generated modules: the `eslint-disable` comment of their header is not reported when no rule needed it. */
export interface CompatibleGeneratedConfig extends CompatibleConfig {
  linterOptions: { reportUnusedDisableDirectives: 'off' };
}

/**
 * `recommended` is an array of flat config objects, as typescript-eslint's configs are: put it in
 * `extends` or at the top level of `defineConfig`, or spread it into a plain config array.
 */
export type RecommendedConfig = [rules: CompatibleRulesConfig, generated: CompatibleGeneratedConfig];

export interface ToolgenPlugin extends CompatiblePlugin {
  readonly rules: typeof rules;
  readonly configs: { readonly recommended: RecommendedConfig };
}

const rulesConfig: CompatibleRulesConfig = {
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

// ESLint 10 reports unused disable directives by default, and a generated module's header is unused whenever no rule fires in it.
// toolgen writes `<source>.tools.ts`, or `.tools.mts` / `.tools.cts` beside such sources.
const generatedConfig: CompatibleGeneratedConfig = {
  name: '@toolgen/recommended/generated',
  files: ['**/*.tools.ts', '**/*.tools.mts', '**/*.tools.cts'],
  linterOptions: { reportUnusedDisableDirectives: 'off' },
};

/**
 * The `@toolgen/eslint-plugin` flat-config plugin: one rule per TSH diagnostic, reported with the
 * generator's own analysis and wording. The rules need type information: lint with
 * typescript-eslint's parser and `parserOptions.projectService: true`.
 */
const plugin: ToolgenPlugin = { meta: { name, version }, rules, configs: { recommended: [rulesConfig, generatedConfig] } };
rulesConfig.plugins['@toolgen'] = plugin;

export default plugin;
export { cliOnlyCodes, rules };
