import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { generate, main } from '@toolgen/generator';
import type { GeneratedToolset, JsonSchema } from '@toolgen/runtime';
import { indexToolForSearch } from '@toolgen/runtime/search';
import { countToolTokens } from '../../src/budget/countTokens.js';
import { deriveProviderVariants } from '../../src/schema/variants.js';
import { writeProject } from '../helpers.js';
import { startWatch } from '../watch/watchHarness.js';

const source = `import { Toolset } from '@toolgen/runtime';

export class TicketToolset extends Toolset {
  constructor() {
    super();
    this.addTool(TicketToolset.searchTickets).readOnly();
    this.addTool(TicketToolset.closeTicket);
  }

  /**
   * Searches the customer's support tickets, newest first.
   * @param query Words the ticket's title contains.
   * @param limit How many tickets at most.
   */
  static searchTickets(query: string, limit?: number): string[] {
    return [query, String(limit)];
  }

  /**
   * Closes a ticket with a reason.
   * @param number The ticket's number.
   * @param reason Why it is closed.
   */
  static closeTicket(number: number, reason: 'solved' | 'duplicate'): string {
    return \`\${number} \${reason}\`;
  }
}
`;

async function run(argv: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }, cwd);
  return { code, stdout, stderr };
}

describe('token counts', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: { query: { type: 'string', description: 'Words the title contains.' }, limit: { type: 'integer', minimum: 1, maximum: 50 } },
    required: ['query'],
    additionalProperties: false,
  };
  const tool = { qualifiedName: 'ticket__search_tickets', description: 'Searches support tickets.', parametersSchema: schema };

  it('counts name, description and the compact JSON of each variant with o200k_base', () => {
    const { variants } = deriveProviderVariants(schema);
    const text = countTokens('ticket__search_tickets') + countTokens('Searches support tickets.');
    expect(countToolTokens(tool, variants)).toEqual({
      'openai-strict': text + countTokens(JSON.stringify(variants['openai-strict'])),
      anthropic: text + countTokens(JSON.stringify(variants.anthropic)),
      gemini: text + countTokens(JSON.stringify(variants.gemini)),
      canonical: text + countTokens(JSON.stringify(schema)),
    });
    // the strict variant makes limit nullable and required, so it costs more than the canonical schema
    expect(countToolTokens(tool, variants)['openai-strict']).toBeGreaterThan(countToolTokens(tool, variants).canonical);
  });
});

describe('the manifest and the modules', () => {
  it('give each tool its token counts, and each function its counts and search terms', async () => {
    const root = writeProject({ 'src/tickets.ts': source });
    const result = generate({ project: path.join(root, 'tsconfig.json') });
    expect(result.diagnostics).toEqual([]);
    const tools = result.manifest.toolsets[0]!.tools;
    for (const tool of tools) {
      expect(tool.tokens).toEqual(
        countToolTokens({ qualifiedName: tool.qualifiedName, description: tool.description, parametersSchema: tool.parameters }, tool.variants),
      );
    }
    const manifestText = result.outputs.find((output) => output.path.endsWith('toolgen.manifest.json'))!.content;
    expect(Object.keys(JSON.parse(manifestText).toolsets[0].tools[0])).toEqual([
      'name', 'qualifiedName', 'description', 'parameters', 'returns', 'readOnly', 'approval', 'networkScope', 'confidentiality',
      'workspacePaths', 'settings', 'variants', 'losses', 'tokens',
    ]);
    // the module as a program would load it: its functions carry the same counts, and the search terms the runtime would make
    const module = result.outputs.find((output) => output.path.endsWith('.tools.ts'))!;
    writeFileSync(module.path, module.content);
    const loaded = (await import(pathToFileURL(module.path).href)) as { ticketToolset: GeneratedToolset };
    for (const [index, fn] of loaded.ticketToolset.functions.entries()) {
      const tool = tools[index]!;
      expect(fn.metadata.tokens).toEqual(tool.tokens);
      expect(fn.metadata.search).toEqual(indexToolForSearch({ qualifiedName: tool.qualifiedName, description: tool.description, parameters: tool.parameters }));
    }
  });
});

describe('the token budget', () => {
  it('is reported per toolset and in all by --format json', async () => {
    const root = writeProject({ 'src/tickets.ts': source });
    const { code, stdout } = await run(['-p', root, '--format', 'json'], root);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    const manifest = JSON.parse(readFileSync(path.join(root, 'toolgen.manifest.json'), 'utf8'));
    const sum = (variant: string) => manifest.toolsets[0].tools.reduce((total: number, tool: { tokens: Record<string, number> }) => total + tool.tokens[variant]!, 0);
    const total = { 'openai-strict': sum('openai-strict'), anthropic: sum('anthropic'), gemini: sum('gemini'), canonical: sum('canonical') };
    expect(report.diagnostics).toEqual([]);
    expect(report.budget).toEqual({
      encoding: 'o200k_base',
      tokenBudget: null,
      total,
      tools: 2,
      uncounted: 0,
      toolsets: [{ className: 'TicketToolset', owner: 'ticket', module: 'src/tickets.tools.ts', tools: 2, tokens: total }],
    });
  });

  it('warns with TSH040 when the tool list exceeds "toolgen.tokenBudget", at its key, and suggests tool search', async () => {
    const root = writeProject({ 'src/tickets.ts': source, 'package.json': '{\n  "name": "x",\n  "toolgen": {\n    "tokenBudget": 20\n  }\n}\n' });
    const { code, stdout } = await run(['-p', root], root);
    expect(code).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(root, 'toolgen.manifest.json'), 'utf8'));
    const strict = manifest.toolsets[0].tools.reduce((total: number, tool: { tokens: Record<string, number> }) => total + tool.tokens['openai-strict']!, 0);
    expect(stdout).toContain(
      `package.json:4:5 - warning TSH040: The project's 2 tools cost ${strict} tokens in the openai-strict tool list (o200k_base), over the token budget of 20`,
    );
    expect(stdout).toContain('resolveAgentToolsWithSearch');
    expect(stdout).toContain('0 errors, 1 warning');
  });

  it('takes --token-budget over the package.json, and stays quiet within the budget', async () => {
    const root = writeProject({ 'src/tickets.ts': source, 'package.json': '{ "toolgen": { "tokenBudget": 20 } }' });
    const within = await run(['-p', root, '--token-budget', '100000', '--format', 'json'], root);
    expect(JSON.parse(within.stdout)).toMatchObject({ diagnostics: [], budget: { tokenBudget: 100000 } });
    const over = await run(['-p', root, '--token-budget', '10', '--format', 'json'], root);
    expect(JSON.parse(over.stdout).diagnostics).toMatchObject([{ code: 'TSH040', severity: 'warning', file: 'tsconfig.json', line: 1, column: 1 }]);
  });

  it('is reported by every caller alike: the CLI, generate() and the watcher (issue 31)', async () => {
    const root = writeProject({
      'src/tickets.ts': source,
      'package.json': '{ "toolgen": { "tokenBudget": 20, "policies": ["agents/*.yaml"] } }',
      'agents/support.yaml': '- toolName: ticket__no_such_tool\n  approvalMode: auto_approve\n',
    });
    const codes = (diagnostics: readonly { readonly code: string }[]) => diagnostics.map((diagnostic) => diagnostic.code);
    const cli = JSON.parse((await run(['-p', root, '--format', 'json'], root)).stdout) as { diagnostics: { code: string }[] };
    expect(codes(cli.diagnostics)).toEqual(['TSH040', 'TSH030']);
    const policies = { patterns: [], cwd: root, tsconfigPath: path.join(root, 'tsconfig.json') };
    const generated = generate({ project: path.join(root, 'tsconfig.json'), policies });
    expect(codes(generated.diagnostics)).toEqual(['TSH040', 'TSH030']);
    expect(generated.policyFiles.map((file) => path.relative(root, file))).toEqual([path.join('agents', 'support.yaml')]);
    const watch = startWatch(root, { policies });
    try {
      expect(codes((await watch.next()).diagnostics)).toEqual(['TSH040', 'TSH030']);
    } finally {
      await watch.stop();
    }
  });

  it('rejects a budget that is not a positive whole number (exit 2)', async () => {
    const root = writeProject({ 'src/tickets.ts': source });
    expect((await run(['-p', root, '--token-budget', '12k'], root)).code).toBe(2);
    writeFileSync(path.join(root, 'package.json'), '{ "toolgen": { "tokenBudget": "8000" } }');
    const bad = await run(['-p', root], root);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"toolgen.tokenBudget"');
  });
});
