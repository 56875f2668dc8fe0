import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'toolgen-bundle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Bundles an entry that imports examples/tickets' generated module, as a user's bundler would (the runtime's built files, from its package.json). */
async function bundleTickets(): Promise<{ readonly text: string; readonly file: string }> {
  const entry = path.join(work, 'entry.ts');
  writeFileSync(entry, `import { ticketToolset } from ${JSON.stringify(path.join(repo, 'examples/tickets/src/tickets.tools.ts'))};\nexport const count = ticketToolset.functions.length;\n`);
  const file = path.join(work, 'bundle.mjs');
  const result = await esbuild.build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: file, write: false, logLevel: 'silent' });
  const text = result.outputFiles[0]!.text;
  writeFileSync(file, text);
  return { text, file };
}

// "sideEffects": false in the runtime's package.json (issue 31): a bundle of a generated module keeps what
// its tools use and leaves out the rest of the runtime's main entry
describe('a generated module bundled', () => {
  it('leaves out the parts of the runtime its tools do not use, and still runs', async () => {
    const { text, file } = await bundleTickets();
    // esbuild heads each module it keeps with a comment naming its file
    const kept = (file: string) => text.includes(`runtime/dist/${file}`);
    expect(kept('function/defineTool.js')).toBe(true);
    for (const unused of ['policy/loadToolPolicies.js', 'approval/FileToolApprovalLedger.js', 'approval/ToolApprovalRouter.js', 'naming/ToolNaming.js', 'workspace/openWorkspaceFile.js']) {
      expect(kept(unused), unused).toBe(false);
    }
    const bundled = (await import(pathToFileURL(file).href)) as { readonly count: number };
    expect(bundled.count).toBe(3);
  });
});
