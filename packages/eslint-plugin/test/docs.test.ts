import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin, { cliOnlyCodes, type RuleName } from '@toolgen/eslint-plugin';
import { analyzeProject, diagnosticCatalogue, type DiagnosticCode } from '@toolgen/generator';
import { fixtureTsconfig, repoRoot, writeFolder, type Reported } from './helpers.js';

interface Section {
  readonly code: string;
  /** `**error** · rule \`@toolgen/x\` — …` or `**warning** · CLI only — …` */
  readonly lead: string;
  readonly blocks: readonly string[];
}

const diagnosticsMd = readFileSync(path.join(repoRoot, 'diagnostics.md'), 'utf8');
const sections = readSections(diagnosticsMd);
const codes = Object.keys(diagnosticCatalogue) as DiagnosticCode[];
const rules = Object.entries(plugin.rules);
const ruleOf = (code: string) => rules.find(([, rule]) => rule.meta.docs.code === code)?.[0];
const docsDir = path.join(import.meta.dirname, '../docs/rules');

function readSections(markdown: string): Section[] {
  const parts = markdown.split(/^## (TSH\d{3})\n\n/m);
  const found: Section[] = [];
  for (let index = 1; index < parts.length; index += 2) {
    const body = parts[index + 1]!;
    found.push({ code: parts[index]!, lead: body.slice(0, body.indexOf('\n\n')), blocks: fencedTypeScript(body) });
  }
  return found;
}

function fencedTypeScript(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

/** The ❌ and ✅ files of a section: fenced blocks whose first line is `// ❌` or `// ✅` (with an optional note). */
function examples(section: Section): { bad: string[]; good: string[] } {
  return {
    bad: section.blocks.filter((block) => block.startsWith('// ❌')),
    good: section.blocks.filter((block) => block.startsWith('// ✅')),
  };
}

describe('diagnostics.md', () => {
  it('has one section per catalogue code, in order, each with its severity and rule', () => {
    expect(sections.map((section) => section.code)).toEqual(codes);
    for (const { code, lead } of sections) {
      const { severity } = diagnosticCatalogue[code as DiagnosticCode];
      const rule = ruleOf(code);
      expect(lead, code).toMatch(new RegExp(`^\\*\\*${severity}\\*\\* · ${rule === undefined ? 'CLI only' : `rule \`@toolgen/${rule}\``} — `));
    }
  });

  it('lists every code in its table with its severity and rule', () => {
    for (const code of codes) {
      const rule = ruleOf(code);
      const cell = rule === undefined ? '— \\(CLI only\\)' : `\`@toolgen/${rule}\``;
      expect(diagnosticsMd, code).toMatch(new RegExp(`^\\| \\[${code}\\]\\(#${code.toLowerCase()}\\) \\| ${diagnosticCatalogue[code].severity} \\| ${cell} \\| `, 'm'));
    }
  });

  it('gives every code an ESLint can decide exactly one ❌ file and one ✅ file', () => {
    for (const section of sections.filter((section) => !cliOnlyCodes.includes(section.code as DiagnosticCode))) {
      const { bad, good } = examples(section);
      expect([bad.length, good.length], section.code).toEqual([1, 1]);
    }
  });
});

describe('the plugin README', () => {
  it('lists every rule with its code and severity, linking its doc', () => {
    const readme = readFileSync(path.join(import.meta.dirname, '../README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| \[`([a-z-]+)`\]\(docs\/rules\/([a-z-]+)\.md\) \| (TSH\d{3}) \| (error|warning) \|$/gm)];
    expect(rows.map((row) => [row[1], row[2], row[3], row[4]])).toEqual(
      rules.map(([name, rule]) => [name, name, rule.meta.docs.code, diagnosticCatalogue[rule.meta.docs.code].severity]),
    );
  });
});

describe('each rule doc', () => {
  it('exists for every rule, and only for rules', () => {
    expect(readdirSync(docsDir).sort()).toEqual(rules.map(([name]) => `${name}.md`).sort());
  });

  it.each(rules)('%s: names the rule, its description and code, and shows the examples of diagnostics.md', (name, rule) => {
    const doc = readFileSync(path.join(docsDir, `${name}.md`), 'utf8');
    const { code, description } = rule.meta.docs;
    const severity = diagnosticCatalogue[code].severity === 'error' ? 'an error' : 'a warning';
    expect(doc.startsWith(`# \`@toolgen/${name}\`\n\n${description}.\n\nThis rule reports [${code}](../../../../diagnostics.md#${code.toLowerCase()}), ${severity}`)).toBe(true);
    expect(fencedTypeScript(doc)).toEqual(sections.find((section) => section.code === code)!.blocks);
  });
});

const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: repoRoot } } },
    ...plugin.configs.recommended,
  ],
});

/** An example as a project of its own (TSH007 looks at every file of a project), through the CLI's analysis and through ESLint. */
async function check(example: string): Promise<{ cli: Reported[]; eslint: Reported[] }> {
  const root = writeFolder({ 'tsconfig.json': fixtureTsconfig, 'src/example.ts': example });
  const cli = analyzeProject(path.join(root, 'tsconfig.json')).diagnostics.map(({ code, severity, line, column, message }) => ({
    file: 'src/example.ts',
    line,
    column,
    code,
    severity,
    message: `${code}: ${message}`,
  }));
  const [result] = await eslint.lintFiles([path.join(root, 'src/example.ts')]);
  const linted = result!.messages.map(({ ruleId, severity, line, column, message }) => ({
    file: 'src/example.ts',
    line,
    column,
    code: ruleId?.startsWith('@toolgen/') ? plugin.rules[ruleId.slice('@toolgen/'.length) as RuleName].meta.docs.code : String(ruleId),
    severity: severity === 2 ? ('error' as const) : ('warning' as const),
    message,
  }));
  return { cli, eslint: linted };
}

describe.each(sections.filter((section) => !cliOnlyCodes.includes(section.code as DiagnosticCode)))('the examples of $code', (section) => {
  const { bad, good } = examples(section);

  it('❌ raises its code, and only it, identically in the CLI and in ESLint', async () => {
    const { cli, eslint: linted } = await check(bad[0]!);
    expect(new Set(cli.map((diagnostic) => diagnostic.code))).toEqual(new Set([section.code]));
    expect(linted).toEqual(cli);
  });

  it('✅ raises nothing in either', async () => {
    expect(await check(good[0]!)).toEqual({ cli: [], eslint: [] });
  });
});
