import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as runtime from '@toolgen/runtime';
import { toOpenAITools } from '@toolgen/runtime/openai';

// Two copies of the runtime in one program (issue 31): each keeps its own grants and pending
// calls, so where a function of one copy reaches the other's adapters, that is a clear error
// rather than approvals that silently never hold.

const repo = path.resolve(import.meta.dirname, '../../..');
// inside the repository, so the copy resolves its dependencies (yaml, @noble/hashes) as an installed one would
const folder = mkdtempSync(path.join(repo, 'node_modules', '.toolgen-runtime-copy-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let other: typeof runtime;
beforeAll(async () => {
  const built = path.join(repo, 'packages/runtime');
  cpSync(path.join(built, 'dist'), path.join(folder, 'dist'), { recursive: true });
  // as published: the repository's own condition for its sources (which the tests' loader sets) left out
  const manifest = readFileSync(path.join(built, 'package.json'), 'utf8');
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify(JSON.parse(manifest, (key, value: unknown) => (key === '@toolgen/source' ? undefined : value))));
  other = (await import(pathToFileURL(path.join(folder, 'dist/index.js')).href)) as typeof runtime;
});

const options = {
  owner: 'knowledge',
  name: 'recall_facts',
  description: 'Lists remembered facts that contain a word.',
  input: z.object({ word: z.string() }),
  execute: () => [] as string[],
} as const;

describe('two copies of @toolgen/runtime', () => {
  it('are two copies (the test loads a second one)', () => {
    expect(other.ToolFailure).not.toBe(runtime.ToolFailure);
  });

  it("refuse each other's functions where an adapter takes them, naming the fix", () => {
    const foreign = other.tool(options);
    expect(() => toOpenAITools([foreign], { api: 'chat' })).toThrow(
      /The adapter was given knowledge__recall_facts, which another copy of @toolgen\/runtime made: two copies are loaded.*npm dedupe/,
    );
  });

  it("refuse the other copy's approval-wrapped functions too", () => {
    const router = new other.ToolApprovalRouter({ runMode: 'auto_approve_required' });
    const wrapped = other.withApproval(other.tool({ ...options, requiresApproval: true }), router);
    expect(() => toOpenAITools([wrapped], { api: 'chat' })).toThrow(/another copy of @toolgen\/runtime/);
  });

  it('take their own functions, and functions written by hand', () => {
    const own = runtime.tool(options);
    const { invoke, validate, run, ...rest } = own;
    const literal: runtime.AIFunction = { ...rest, invoke, validate, run };
    expect(toOpenAITools([own, { ...literal, qualifiedName: 'knowledge__by_hand' }], { api: 'chat' })).toHaveLength(2);
  });
});
