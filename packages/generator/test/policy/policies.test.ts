import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommand } from '@toolgen/generator';
import { writeProject } from '../helpers.js';
import { diagnosticLines, policyProject, run, toolsetsSource } from './policyFixture.js';

const testTimeout = 60_000;

const unknownSearch =
  'agents/support.yaml:1:13 - error TSH030: Policy entry "ticket__search_ticket" names no tool of the toolset owner "ticket" in this project or its references, ' +
  'so it never applies. Did you mean "ticket__search_tickets"? Write the qualified name toolgen.manifest.json lists.';

describe('toolgen --policy', () => {
  it('takes the flag repeatedly, and leaves it out of the options when not given', () => {
    const root = policyProject();
    expect(parseCommand(['--policy', 'a.yaml', '--policy', 'agents/*.yaml'], root)).toMatchObject({
      kind: 'run',
      options: { policies: ['a.yaml', 'agents/*.yaml'] },
    });
    expect(parseCommand([], root)).toMatchObject({ kind: 'run', options: { policies: undefined } });
    expect(() => parseCommand(['--policy', 'a.yaml', '--types-only'], root)).toThrow(/--policy cannot be combined with --types-only/);
  });

  it(
    'reports a name that no tool of a known owner has, at the YAML line and column of the name, with the closest qualified name',
    async () => {
      const root = policyProject({
        'agents/support.yaml': '- toolName: ticket__search_ticket\n  approvalMode: deny\n- toolName: Ticket__Close_Ticket\n  approvalMode: require_approval\n',
      });
      const result = await run(['--policy', 'agents/support.yaml'], root);
      expect(diagnosticLines(result.stdout)).toEqual([unknownSearch]);
      expect(result.stdout).toMatch(/toolgen: 3 toolsets, 4 tools; 1 error, 0 warnings; 2 files written; 1 policy file checked\.\n$/);
      expect(result.code).toBe(1);
    },
    testTimeout,
  );

  it(
    'warns when a policy relaxes a requiresApproval tool to auto_approve, at the approval mode, and exits 0',
    async () => {
      const root = policyProject({ 'support.yaml': '# support agent\n- toolName: ticket__close_ticket\n  approvalMode: auto_approve\n' });
      const result = await run(['--policy', 'support.yaml'], root);
      expect(diagnosticLines(result.stdout)).toEqual([
        'support.yaml:3:17 - warning TSH031: The policy sets "ticket__close_ticket" to auto_approve, relaxing the tool\'s requiresApproval(): ' +
          'this agent runs it without asking anyone. If that is not intended, use require_approval or default.',
      ]);
      expect(result.code).toBe(0);
    },
    testTimeout,
  );

  it(
    'only the last entry for a tool counts, as in the resolver: an auto_approve overridden later is not a relaxation',
    async () => {
      const root = policyProject({
        'support.yaml': '- toolName: ticket__close_ticket\n  approvalMode: auto_approve\n- toolName: TICKET__close_ticket\n  approvalMode: require_approval\n',
      });
      const result = await run(['--policy', 'support.yaml'], root);
      expect(diagnosticLines(result.stdout)).toEqual([]);
      expect(result.code).toBe(0);
    },
    testTimeout,
  );

  it(
    'warns on an entry for a tool hidden from the kind of agent the file is for, as its other entries show',
    async () => {
      const root = policyProject({
        'vault-agent.yaml': [
          '- toolName: vault__read_secret',
          '  approvalMode: require_approval',
          '- toolName: notice__post_notice',
          '  approvalMode: deny',
          '',
        ].join('\n'),
        // only denies: the agent's kind is unknown, and a deny is never wrong
        'denies.yaml': '- toolName: vault__read_secret\n  approvalMode: deny\n- toolName: notice__post_notice\n  approvalMode: deny\n',
      });
      const result = await run(['--policy', '*.yaml'], root);
      expect(diagnosticLines(result.stdout)).toEqual([
        'vault-agent.yaml:3:13 - warning TSH032: The entry for "notice__post_notice" (deny) never applies: the tool is marked non_confidential_only, ' +
          'so confidential agents never see it, and this file is a confidential agent\'s policy (it sets "vault__read_secret", a confidential_only tool, ' +
          'to require_approval at line 1). Remove the entry, or move it to a non-confidential agent\'s policy file.',
      ]);
      expect(result.code).toBe(0);
    },
    testTimeout,
  );

  it(
    'reports a policy file that cannot be loaded at the position the runtime gives, and exits 1',
    async () => {
      const root = policyProject({
        'bad-mode.yaml': '- toolName: ticket__close_ticket\n  approvalMode: never\n',
        'bad-yaml.yaml': '- toolName: ticket__close_ticket\n  approvalMode: deny\n - toolName: x\n',
        'not-a-list.yaml': 'toolName: ticket__close_ticket\n',
      });
      const result = await run(['--policy', 'bad-*.yaml', '--policy', 'not-a-list.yaml'], root);
      const lines = diagnosticLines(result.stdout);
      expect(lines).toHaveLength(3);
      expect(lines[0]).toBe(
        'bad-mode.yaml:2:17 - error TSH033: The policy file cannot be loaded (the runtime\'s loadToolPolicies rejects it too): ' +
          'approvalMode "never" is not defined; use default, require_approval, auto_approve or deny.',
      );
      expect(lines[1]).toMatch(/^bad-yaml\.yaml:3:\d+ - error TSH033: The policy file cannot be loaded .*Fix the YAML\.$/);
      expect(lines[2]).toMatch(/^not-a-list\.yaml:1:1 - error TSH033: .*expected a list of entries/);
      expect(result.code).toBe(1);
    },
    testTimeout,
  );

  it(
    'checks every file a glob matches, sorted, once each even when several globs match it',
    async () => {
      const root = policyProject({
        'agents/b.yaml': '- toolName: ticket__search_ticket\n  approvalMode: deny\n',
        'agents/a.yml': '- toolName: ticket__close_ticket\n  approvalMode: auto_approve\n',
        'agents/notes.txt': 'not a policy',
      });
      const result = await run(['--policy', 'agents/*.{yaml,yml}', '--policy', 'agents/b.yaml'], root);
      expect(diagnosticLines(result.stdout).map((line) => line.slice(0, line.indexOf(':', line.indexOf(' - ')))))
        .toEqual(['agents/a.yml:2:17 - warning TSH031', 'agents/b.yaml:1:13 - error TSH030']);
      expect(result.stdout).toMatch(/; 2 policy files checked\.\n$/);
      expect(result.code).toBe(1);
    },
    testTimeout,
  );

  it('exits 2 when a --policy glob matches no file', async () => {
    const root = policyProject();
    const result = await run(['--policy', 'agents/*.yaml'], root);
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'toolgen: --policy agents/*.yaml matches no file. Pass a path or glob of agent policy files (YAML).\n' });
  });

  it(
    'reads the globs of "toolgen.policies" in the package.json beside the tsconfig, relative to it',
    async () => {
      const root = policyProject({
        'package.json': JSON.stringify({ name: 'app', toolgen: { policies: ['agents/*.yaml'] } }),
        'agents/support.yaml': '- toolName: ticket__search_ticket\n  approvalMode: deny\n',
      });
      mkdirSync(path.join(root, 'elsewhere'));
      const result = await run(['-p', '..'], path.join(root, 'elsewhere'));
      expect(diagnosticLines(result.stdout)).toEqual([`../${unknownSearch}`]);
      expect(result.code).toBe(1);
    },
    testTimeout,
  );

  it('exits 2 on a "toolgen.policies" that is not a list of globs, or a glob of it that matches nothing', async () => {
    const notList = policyProject({ 'package.json': JSON.stringify({ toolgen: { policies: 'agents/*.yaml' } }) });
    expect(await run([], notList)).toMatchObject({ code: 2, stderr: expect.stringMatching(/^toolgen: package\.json: "toolgen\.policies" must be a list of globs/) });
    const none = policyProject({ 'package.json': JSON.stringify({ toolgen: { policies: ['agents/*.yaml'] } }) });
    expect(await run([], none)).toMatchObject({ code: 2, stderr: expect.stringMatching(/^toolgen: package\.json: "toolgen\.policies" glob agents\/\*\.yaml matches no file/) });
  });

  it(
    'lets names of tools it cannot know pass (MCP servers, plugins), and warns when one is a near miss of a known name',
    async () => {
      const root = policyProject({
        'support.yaml': [
          '- toolName: github__list_issues',
          '  approvalMode: deny',
          '- toolName: acme_search__greeting__say_hello',
          '  approvalMode: auto_approve',
          '- toolName: tickets__close_ticket',
          '  approvalMode: deny',
          '',
        ].join('\n'),
      });
      const result = await run(['--policy', 'support.yaml'], root);
      expect(diagnosticLines(result.stdout)).toEqual([
        'support.yaml:5:13 - warning TSH034: Policy entry "tickets__close_ticket" names no tool of this project or its references, and is close to "ticket__close_ticket". ' +
          'If it names a tool of an MCP server or plugin, keep it; if it is a misspelling, the entry never applies: write "ticket__close_ticket".',
      ]);
      expect(result.code).toBe(0);
    },
    testTimeout,
  );

  it(
    'warns (TSH034) on an entry that is a tool\'s own name, which only toolgen mcp --names name matches',
    async () => {
      const root = policyProject({ 'support.yaml': '- toolName: close_ticket\n  approvalMode: deny\n' });
      const result = await run(['--policy', 'support.yaml'], root);
      expect(diagnosticLines(result.stdout)).toEqual([
        'support.yaml:1:13 - warning TSH034: Policy entry "close_ticket" is the name of the tool "ticket__close_ticket", and policies match qualified names: ' +
          'an agent\'s policy never applies it (only toolgen mcp --names name does). Write "ticket__close_ticket".',
      ]);
      expect(result.code).toBe(0);
    },
    testTimeout,
  );

  it(
    'knows the tools of referenced projects',
    async () => {
      const library = writeProject({ 'src/tools.ts': toolsetsSource }, { compilerOptions: { composite: true, strict: true }, include: ['src'] });
      const app = writeProject({ 'src/index.ts': 'export const x = 1;\n', 'support.yaml': '- toolName: vault__read_secrets\n  approvalMode: deny\n' }, {
        references: [{ path: `../${path.basename(library)}` }],
      });
      const result = await run(['--policy', 'support.yaml'], app);
      expect(diagnosticLines(result.stdout)).toEqual([
        'support.yaml:1:13 - error TSH030: Policy entry "vault__read_secrets" names no tool of the toolset owner "vault" in this project or its references, ' +
          'so it never applies. Did you mean "vault__read_secret"? Write the qualified name toolgen.manifest.json lists.',
      ]);
    },
    testTimeout,
  );

  it(
    'lists policy diagnostics in --format json with the fields of TSH diagnostics',
    async () => {
      const root = policyProject({ 'agents/support.yaml': '- toolName: ticket__search_ticket\n  approvalMode: deny\n' });
      const result = await run(['--policy', 'agents/support.yaml', '--format', 'json'], root);
      expect(JSON.parse(result.stdout)).toMatchObject({
        diagnostics: [{ code: 'TSH030', severity: 'error', file: 'agents/support.yaml', line: 1, column: 13, message: unknownSearch.slice(unknownSearch.indexOf('Policy entry')) }],
        generated: ['src/tools.tools.ts', 'toolgen.manifest.json'],
        removed: [],
      });
      expect(result.code).toBe(1);
    },
    testTimeout,
  );

  it(
    'runs the check under --check: errors exit 1, warnings alone 0',
    async () => {
      const root = policyProject({
        'relaxed.yaml': '- toolName: ticket__close_ticket\n  approvalMode: auto_approve\n',
        'unknown.yaml': '- toolName: ticket__search_ticket\n  approvalMode: deny\n',
      });
      expect((await run([], root)).code).toBe(0);
      const warned = await run(['--check', '--policy', 'relaxed.yaml'], root);
      expect(diagnosticLines(warned.stdout)).toEqual([expect.stringMatching(/^relaxed\.yaml:2:17 - warning TSH031: /)]);
      expect(warned.code).toBe(0);
      const failed = await run(['--check', '--policy', 'unknown.yaml'], root);
      expect(diagnosticLines(failed.stdout)).toEqual([expect.stringMatching(/^unknown\.yaml:1:13 - error TSH030: /)]);
      expect(failed.code).toBe(1);
      writeFileSync(path.join(root, 'unknown.yaml'), '- toolName: ticket__search_tickets\n  approvalMode: deny\n');
      expect(await run(['--check', '--policy', 'unknown.yaml'], root)).toMatchObject({ code: 0, stderr: '' });
    },
    testTimeout,
  );
});
