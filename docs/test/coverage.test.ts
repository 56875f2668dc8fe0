import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readPage, repoRoot } from './markdown.js';

/*
 * The references cover what the product has: a flag, subcommand, builder call or TSDoc tag
 * added to the code without a word in the docs fails here, naming the page to extend.
 */

const source = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** The usage texts of the CLI (`usage`, `mcpUsage`, … in packages/generator/src/cli). */
function usageTexts(): string[] {
  const folder = 'packages/generator/src/cli';
  return readdirSync(path.join(repoRoot, folder))
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => [...source(`${folder}/${file}`).matchAll(/export const \w*[uU]sage = `([^`]*)`/g)].map((match) => match[1]!));
}

/** The method names an interface or class of a runtime source declares. */
function membersOf(file: string, name: string): string[] {
  const sourceFile = ts.createSourceFile(file, source(file), ts.ScriptTarget.ES2022, true);
  const declaration = sourceFile.statements.find(
    (statement): statement is ts.InterfaceDeclaration | ts.ClassDeclaration =>
      (ts.isInterfaceDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name,
  );
  if (declaration === undefined) throw new Error(`${file} declares no ${name}`);
  return (declaration.members as ts.NodeArray<ts.ClassElement | ts.TypeElement>)
    .filter((member) => ts.isMethodSignature(member) || ts.isMethodDeclaration(member))
    .map((member) => member.name!.getText(sourceFile));
}

describe('docs/cli.md', () => {
  const page = readPage('docs/cli.md');

  it('documents every flag the CLI\'s usage texts list', () => {
    const flags = new Set(usageTexts().flatMap((text) => [...text.matchAll(/(?<![\w-])(--[a-z][a-z-]*)/g)].map((match) => match[1]!)));
    const spans = [...page.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
    expect([...flags].filter((flag) => !spans.some((span) => new RegExp(`(^|[\\s,])${flag}(?![\\w-])`).test(span)))).toEqual([]);
  });

  it('documents every subcommand, under a heading of its own', () => {
    const subcommands = usageTexts().flatMap((text) => [...text.matchAll(/^Usage: toolgen ([a-z][a-z-]*)/gm)].map((match) => match[1]!));
    expect(subcommands.filter((name) => !page.includes(`### \`toolgen ${name}\``))).toEqual([]);
  });
});

describe('docs/authoring.md', () => {
  const page = readPage('docs/authoring.md');

  it('documents every builder call and toolset call', () => {
    const calls = [
      ...membersOf('packages/runtime/src/toolset/ToolBuilder.ts', 'ToolBuilder'),
      ...membersOf('packages/runtime/src/toolset/ToolBuilder.ts', 'SettingsBuilder'),
      ...membersOf('packages/runtime/src/toolset/ToolBuilder.ts', 'ConfigurableSettingsBuilder'),
      ...membersOf('packages/runtime/src/toolset/Toolset.ts', 'Toolset'),
    ];
    expect(calls.filter((call) => !new RegExp(`\`${call}(<[^>]*>)?\\(`).test(page))).toEqual([]);
  });

  it('documents every TSDoc tag the schema derivation reads', () => {
    const table = /const keywordTags[^=]*= \{([\s\S]*?)\n\};/.exec(source('packages/generator/src/schema/tsdoc/keywordTags.ts'))?.[1];
    const tags = [...(table ?? '').matchAll(/^\s+(\w+): \{/gm)].map((match) => match[1]!);
    expect(tags.length).toBeGreaterThan(10);
    expect(tags.filter((tag) => !page.includes(`\`@${tag}`))).toEqual([]);
  });
});
