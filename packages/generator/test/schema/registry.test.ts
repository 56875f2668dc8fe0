import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AIFunction, GeneratedToolset, SchemaVariantName } from '@toolgen/runtime';
import { generate, main, type Manifest, type ManifestTool } from '@toolgen/generator';
import type { TokenBudget } from '../../src/budget/tokenBudget.js';
import { budgetOf, checkTokenBudget } from '../../src/budget/budgetReport.js';
import { deriveProviderVariants } from '../../src/schema/variants.js';
import { perVariant, variantNames, variantProviders } from '../../src/schema/variants/registry.js';
import { writeProject } from '../helpers.js';

/*
 * The generator lists providers only in schema/variants/registry.ts: each test below reads the
 * registry, so a provider registered there but not carried through to the manifest, a generated
 * module, an AIFunction or the token budget fails here.
 */

/** Tools whose schemas each provider rewrites, with bounds, a tuple, a format and recursion to lose. */
const registryToolset = `import { Toolset } from '@toolgen/runtime';

export interface Window {
  /**
   * How many.
   * @maximum 100
   */
  limit: number;
  /**
   * Its page.
   * @format uri
   */
  site: string;
}

export interface Chain {
  /** This link. */
  label: string;
  /** The next link. */
  next?: Chain;
}

export class RegistryToolset extends Toolset {
  constructor() {
    super();
    this.addTool(RegistryToolset.look).readOnly();
    this.addTool(RegistryToolset.follow);
  }

  /**
   * Looks through a window.
   * @param window Which window.
   * @param point Where, as x and y.
   * @param note Anything to add.
   */
  static look(window: Window, point: [number, number], note?: string | null): string {
    return \`\${window.site} \${point.join(',')} \${note ?? ''}\`;
  }

  /**
   * Follows a chain.
   * @param chain Its first link.
   */
  static follow(chain: Chain): string {
    return chain.label;
  }
}
`;

describe('the provider registry', () => {
  it('lists each variant once, in the order SPEC §4 keys them', () => {
    expect(variantNames).toEqual(['openai-strict', 'anthropic', 'gemini']);
    expect(variantProviders.map((provider) => provider.name)).toEqual(variantNames);
  });

  it('keys perVariant in registry order', () => {
    expect(Object.keys(perVariant((provider) => provider.name))).toEqual(variantNames);
    expect(perVariant((provider) => provider.name)).toEqual(Object.fromEntries(variantNames.map((name) => [name, name])));
  });
});

describe('every registered provider is wired through', () => {
  let root: string;
  let manifest: Manifest;
  let tools: readonly ManifestTool[];
  let functions: readonly AIFunction[];
  const tokenKeys = [...variantNames, 'canonical'];

  beforeAll(async () => {
    root = writeProject({ 'src/registry.ts': registryToolset });
    let stdout = '';
    const code = await main(['-p', root], { stdout: (text) => (stdout += text), stderr: () => undefined }, root);
    expect({ code, stdout }).toMatchObject({ code: 0, stdout: expect.stringMatching(/1 toolset, 2 tools; 0 errors, 0 warnings/) });
    manifest = generate({ project: path.join(root, 'tsconfig.json') }).manifest;
    tools = manifest.toolsets.flatMap((toolset) => toolset.tools);
    const module = (await import(pathToFileURL(path.join(root, 'src/registry.tools.ts')).href)) as { registryToolset: GeneratedToolset };
    functions = module.registryToolset.functions;
  });

  it('manifest: every tool has each registered variant, in registry order, as its provider derives it', () => {
    expect(tools.map((tool) => tool.qualifiedName)).toEqual(['registry__look', 'registry__follow']);
    for (const tool of tools) {
      const derived = deriveProviderVariants(tool.parameters);
      expect(Object.keys(tool.variants), tool.name).toEqual(variantNames);
      expect(tool.variants).toEqual(derived.variants);
      expect(tool.losses).toEqual(derived.losses);
    }
  });

  it('manifest: losses name registered variants only, in registry order, and each provider loses something here', () => {
    const losses = tools.flatMap((tool) => tool.losses);
    const order = (variant: SchemaVariantName) => variantNames.indexOf(variant);
    for (const tool of tools) {
      const ranks = tool.losses.map((loss) => order(loss.variant));
      expect(ranks.every((rank) => rank >= 0), tool.name).toBe(true);
      expect(ranks, tool.name).toEqual([...ranks].sort((a, b) => a - b));
    }
    // a provider that loses nothing on bounds, tuples, formats and recursion would not be exercised by this toolset
    expect(new Set(losses.map((loss) => loss.variant))).toEqual(new Set(variantNames));
  });

  it('manifest: tokens count each registered variant, then the canonical schema', () => {
    for (const tool of tools) {
      expect(Object.keys(tool.tokens ?? {}), tool.name).toEqual(tokenKeys);
      expect(Object.values(tool.tokens ?? {}).every((count) => Number.isInteger(count) && count > 0), tool.name).toBe(true);
    }
  });

  it('module: each AIFunction carries the manifest\'s variants, losses and token counts, keyed in registry order', () => {
    expect(functions.map((fn) => fn.qualifiedName)).toEqual(tools.map((tool) => tool.qualifiedName));
    functions.forEach((fn, index) => {
      const tool = tools[index]!;
      expect(Object.keys(fn.variants), fn.name).toEqual(variantNames);
      expect(fn.variants).toEqual(tool.variants);
      expect(fn.losses).toEqual(tool.losses);
      expect(Object.keys(fn.metadata.tokens ?? {}), fn.name).toEqual(tokenKeys);
      expect(fn.metadata.tokens).toEqual(tool.tokens);
    });
  });

  it('budget: per toolset and in all, each registered variant is summed, and TSH040 weighs each', () => {
    const budget: TokenBudget = { tokens: 1, location: { file: path.join(root, 'tsconfig.json'), line: 1, column: 1, start: 0, end: 0 } };
    const report = budgetOf(manifest, budget);
    const sum = (variant: string) => tools.reduce((total, tool) => total + (tool.tokens as Record<string, number>)[variant]!, 0);
    expect(Object.keys(report.total)).toEqual(tokenKeys);
    expect(Object.values(report.total).every((count) => Number.isInteger(count) && count > 0)).toBe(true);
    expect(report.total).toEqual(Object.fromEntries(tokenKeys.map((variant) => [variant, sum(variant)])));
    expect(Object.keys(report.toolsets[0]!.tokens)).toEqual(tokenKeys);
    const costliest = tokenKeys.reduce((a, b) => (sum(b) > sum(a) ? b : a));
    expect(checkTokenBudget(report, budget).map((diagnostic) => diagnostic.data)).toEqual([
      { tokens: String(sum(costliest)), variant: costliest, tools: '2', budget: '1' },
    ]);
  });
});
