import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeProject } from '@toolgen/generator';
import { checkPolicyEntries, toolSurfaceOf } from '../../src/policy/checkPolicies.js';
import { readPolicyFile } from '../../src/policy/readPolicyFile.js';
import { policyProject } from './policyFixture.js';

const diagnosticsMd = readFileSync(path.resolve(import.meta.dirname, '../../../../diagnostics.md'), 'utf8');
const policyCodes = ['TSH030', 'TSH031', 'TSH032', 'TSH033', 'TSH034'];

/** The YAML blocks of a code's section whose first line is `# ❌` or `# ✅`. */
function examples(code: string): { bad: string[]; good: string[] } {
  const section = diagnosticsMd.split(/^## (?=TSH\d{3}\n)/m).find((part) => part.startsWith(`${code}\n`)) ?? '';
  const blocks = [...section.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
  return { bad: blocks.filter((block) => block.startsWith('# ❌')), good: blocks.filter((block) => block.startsWith('# ✅')) };
}

describe('the policy examples of diagnostics.md', () => {
  const analysis = analyzeProject(path.join(policyProject(), 'tsconfig.json'));
  const surface = toolSurfaceOf(analysis.toolsets, []);
  const codesOf = (yaml: string) => {
    const read = readPolicyFile('example.yaml', yaml);
    return ('problem' in read ? [read.problem] : checkPolicyEntries(read.entries, surface)).map((diagnostic) => diagnostic.code);
  };

  it.each(policyCodes)('%s: one ❌ block raising the code, and only it; one ✅ block raising nothing', (code) => {
    const { bad, good } = examples(code);
    expect([bad.length, good.length]).toEqual([1, 1]);
    expect(codesOf(bad[0]!)).toEqual([code]);
    expect(codesOf(good[0]!)).toEqual([]);
  });
});
