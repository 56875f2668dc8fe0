import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { argumentLimits, ToolArgumentError, type AIFunction, type GeneratedToolset } from '@toolgen/runtime';
import { main } from '@toolgen/generator';
import { writeProject } from './helpers.js';
import { hostileToolsetSource } from './hostile/hostileToolset.js';

/*
 * Issue 14, the argument half, through a module toolgen generates: arguments nested without
 * end, keys by the hundred thousand and by the megabyte, reserved names as map keys, and the
 * formats as their RFCs define them.
 */

let tools: Readonly<Record<string, AIFunction>>;

beforeAll(async () => {
  const root = writeProject({ 'src/hostile.ts': hostileToolsetSource });
  let output = '';
  const code = await main(['--format', 'json'], { stdout: (text) => (output += text), stderr: (text) => (output += text) }, root);
  expect((JSON.parse(output) as { diagnostics: unknown[] }).diagnostics).toEqual([]);
  expect(code).toBe(0);
  const module = (await import(pathToFileURL(path.join(root, 'src/hostile.tools.ts')).href)) as { hostileToolset: GeneratedToolset };
  tools = Object.fromEntries(module.hostileToolset.functions.map((fn) => [fn.name, fn]));
});

async function rejection(promise: Promise<unknown>): Promise<ToolArgumentError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ToolArgumentError);
  return error as ToolArgumentError;
}

const tooDeep = `must nest objects and arrays at most ${argumentLimits.maxDepth} levels deep; got deeper nesting`;

describe('a recursive argument 10,000 levels deep', () => {
  const tree = `${'{"label":"a","children":['.repeat(9_999)}{"label":"z"}${']}'.repeat(9_999)}`;
  const json = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

  it('rejects invoke with a ToolArgumentError saying the limit, not a RangeError', async () => {
    expect(tree.length).toBeGreaterThan(250_000);
    for (const [tool, args] of [
      ['count_nodes', { tree: JSON.parse(tree) as unknown }],
      ['store_json', { document: JSON.parse(json) as unknown }],
    ] as const) {
      const error = await rejection(tools[tool]!.invoke(args));
      expect(error.issues).toEqual([{ pointer: '', message: tooDeep }]);
      expect(error.message).toBe(`Invalid arguments:\n- (arguments): ${tooDeep}\nCorrect these arguments and call the tool again.`);
    }
  });

  it('makes normalizeStrictArguments hand it back unchanged rather than throw, so the strict path fails the same way', async () => {
    const args = { tree: JSON.parse(tree) as unknown };
    const normalized = tools['count_nodes']!.normalizeStrictArguments(args);
    const error = await rejection(tools['count_nodes']!.invoke(normalized));
    expect(error.issues).toEqual([{ pointer: '', message: tooDeep }]);
  });

  it('makes ~standard.validate return that issue rather than throw', () => {
    expect(tools['count_nodes']!.parameters['~standard'].validate({ tree: JSON.parse(tree) })).toEqual({ issues: [{ message: tooDeep, path: [] }] });
  });

  it('still runs a tree 31 nodes deep (62 levels of objects and arrays, with the arguments 63)', async () => {
    const within = `${'{"label":"a","children":['.repeat(30)}{"label":"z"}${']}'.repeat(30)}`;
    expect(await tools['count_nodes']!.invoke({ tree: JSON.parse(within) })).toBe(31);
  });
});

describe('100,000 extra keys and a 10 MB key', () => {
  it('send the model 20 issues and how many more, and keep 20 on the error', async () => {
    const args: Record<string, unknown> = { filter: { query: 'printer' } };
    for (let index = 0; index < 100_000; index++) args[`extra${index}`] = index;
    const error = await rejection(tools['search']!.invoke(args));
    expect(error.issueCount).toBe(100_000);
    expect(error.issues).toHaveLength(20);
    expect(error.message.split('\n').slice(-3)).toEqual(['- /extra19: is not a parameter of this tool; remove it', '- and 99,980 more issues', 'Correct these arguments and call the tool again.']);
    expect(error.message.length).toBeLessThan(1_500);
  });

  it('cut the key to 40 characters where the message names it', async () => {
    const key = 'k'.repeat(10_000_000);
    const error = await rejection(tools['search']!.invoke({ filter: { query: 'printer' }, [key]: 1 }));
    expect(error.message).toBe(`Invalid arguments:\n- /${'k'.repeat(37)}…: is not a parameter of this tool; remove it\nCorrect these arguments and call the tool again.`);
    const mapped = await rejection(tools['tally']!.invoke({ counts: { [key]: 'one' } }));
    expect(mapped.message).toContain(`- /counts/${'k'.repeat(37)}…: must be a number; got "one"`);
  });
});

describe('reserved names as map keys', () => {
  it('are accepted wherever the schema allows any key, as own data properties, with no prototype touched', async () => {
    const args = JSON.parse('{"counts": {"constructor": 1, "__proto__": 2, "prototype": 3}, "groups": {"__proto__": {"__proto__": 4, "polluted": 5}}}') as unknown;
    expect(tools['tally']!.parameters['~standard'].validate(args)).toHaveProperty('value');
    expect(await tools['tally']!.invoke(args)).toEqual(['constructor', '__proto__', 'prototype', '__proto__', 'polluted']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
  });

  it('are still not parameters of a tool that does not declare them', async () => {
    const error = await rejection(tools['search']!.invoke(JSON.parse('{"filter": {"query": "a"}, "__proto__": {}, "constructor": 1}')));
    expect(error.issues.map((issue) => issue.pointer)).toEqual(['/__proto__', '/constructor']);
  });
});

describe('formats as their RFCs define them', () => {
  it('takes a leap second as a date-time, and hands the method 23:59:59.999', async () => {
    expect(await tools['schedule']!.invoke({ at: '2016-12-31T23:59:60Z', until: '2017-01-01T00:59:60+01:00' })).toBe('2016-12-31T23:59:59.999Z 2016-12-31T23:59:59.999Z nowhere');
  });

  it('refuses what the WHATWG URL parser and Date would have repaired or taken', async () => {
    for (const link of [' https://example.com', 'https://exa\tmple.com', 'https://example.com/a b', 'https://example.com/%zz']) {
      const error = await rejection(tools['search']!.invoke({ filter: { query: 'a', link } }));
      expect(error.issues).toEqual([{ pointer: '/filter/link', message: `must be an absolute URI such as "https://example.com/page"; got ${JSON.stringify(link)}` }]);
    }
    const error = await rejection(tools['schedule']!.invoke({ at: '2016-12-31T22:59:60Z', until: null, link: 'http://' }));
    expect(error.issues.map((issue) => issue.pointer)).toEqual(['/at', '/link']);
  });
});
