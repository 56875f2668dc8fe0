import { describe, expect, it } from 'vitest';
import { argumentLimits, defineTool, ToolArgumentError, type ArgumentIssue } from '@toolgen/runtime';
import type { ArgumentValidator } from '@toolgen/runtime/generated';
import { probeDefinition, recordingLogger, rejectionOf } from './invokeFixtures.js';

/** A hand-written validator that walks its input recursively, with no limit: what overflows the stack on deep input. */
const walkEverything: ArgumentValidator = (input, issues) => {
  const walk = (value: unknown, pointer: string): void => {
    if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) walk(child, `${pointer}/${key}`);
    } else if (typeof value !== 'number') {
      issues.push({ pointer, message: 'must be a number' });
    }
  };
  walk(input, '');
  return { ...(input as Record<string, unknown>) };
};

/** Every own key is an issue: what a closed object reports for keys it does not declare. */
const everyKeyAnIssue: ArgumentValidator = (input, issues) => {
  for (const key of Object.keys(input as object)) issues.push({ pointer: `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`, message: 'is not a parameter of this tool; remove it' });
  return {};
};

function deeplyNested(levels: number): unknown {
  return JSON.parse(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);
}

function manyKeys(count: number): Record<string, number> {
  const keys: Record<string, number> = {};
  for (let index = 0; index < count; index++) keys[`extra${index}`] = index;
  return keys;
}

describe('a validator that throws', () => {
  const deepTool = defineTool(probeDefinition({ validate: walkEverything }));
  const arguments_ = { nested: deeplyNested(100_000) };

  it('rejects the call with a ToolArgumentError, never the raw error, and logs the error for the host', async () => {
    const logger = recordingLogger();
    const error = await rejectionOf(deepTool.invoke(arguments_, { logger }));
    expect(error).toBeInstanceOf(ToolArgumentError);
    expect((error as ToolArgumentError).issues).toEqual([{ pointer: '', message: 'must be plain JSON data; got a value the validator could not read' }]);
    expect((error as ToolArgumentError).cause).toBeInstanceOf(RangeError);
    expect(logger.errors).toHaveLength(1);
    expect(logger.errors[0]![0]).toBe('Tool test__probe: its validator could not read the arguments');
  });

  it('also with the lenient step, which runs the validator first', async () => {
    expect(await rejectionOf(deepTool.invoke(arguments_, { lenient: true }))).toBeInstanceOf(ToolArgumentError);
  });

  it('makes Standard Schema validation return an issue rather than throw', () => {
    const result = deepTool.parameters['~standard'].validate(arguments_);
    expect(result).toEqual({ issues: [{ message: 'must be plain JSON data; got a value the validator could not read', path: [] }] });
  });

  it('covers an object a getter of which throws, and a proxy that refuses to be read', async () => {
    const tool = defineTool(probeDefinition({ validate: walkEverything }));
    const getter = Object.defineProperty({}, 'a', { enumerable: true, get: () => { throw new Error('no'); } });
    const proxy = new Proxy({}, { getPrototypeOf: () => { throw new Error('no'); } });
    for (const args of [getter, proxy]) {
      expect(await rejectionOf(tool.invoke(args))).toBeInstanceOf(ToolArgumentError);
    }
  });
});

describe('what an invalid call sends the model is bounded', () => {
  const keysTool = defineTool(probeDefinition({ validate: everyKeyAnIssue }));

  it('lists the first 20 of 100,000 issues, then how many more, and keeps only those 20', async () => {
    const error = (await rejectionOf(keysTool.invoke(manyKeys(100_000)))) as ToolArgumentError;
    const lines = error.message.split('\n');
    expect(lines).toHaveLength(1 + argumentLimits.maxIssues + 2);
    expect(lines.slice(0, 3)).toEqual(['Invalid arguments:', '- /extra0: is not a parameter of this tool; remove it', '- /extra1: is not a parameter of this tool; remove it']);
    expect(lines.slice(-2)).toEqual(['- and 99,980 more issues', 'Correct these arguments and call the tool again.']);
    expect(error.message.length).toBeLessThan(2_000);
    expect(error.issues).toHaveLength(20);
    expect(error.issueCount).toBe(100_000);
  });

  it('says "1 more issue" for one, and lists 20 as they are', () => {
    const issues = (count: number): ArgumentIssue[] => Array.from({ length: count }, (_, index) => ({ pointer: `/a${index}`, message: 'is wrong' }));
    expect(new ToolArgumentError(issues(21)).message).toContain('\n- and 1 more issue\n');
    const twenty = issues(20);
    const error = new ToolArgumentError(twenty);
    expect(error.issues).toBe(twenty);
    expect(error.issueCount).toBe(20);
    expect(error.message).not.toContain('more issue');
  });

  it('cuts a 10 MB key to 40 characters in the message, and keeps the exact pointer on the issue', async () => {
    const key = 'k'.repeat(10_000_000);
    const error = (await rejectionOf(keysTool.invoke({ [key]: 1 }))) as ToolArgumentError;
    expect(error.message).toBe(`Invalid arguments:\n- /${'k'.repeat(37)}…: is not a parameter of this tool; remove it\nCorrect these arguments and call the tool again.`);
    expect(error.issues[0]!.pointer).toBe(`/${key}`);
  });

  it('shows a long pointer by its first and last keys, and cuts a long message', () => {
    const pointer = `/${Array.from({ length: 64 }, (_, index) => `level${index}`).join('/')}`;
    const error = new ToolArgumentError([
      { pointer, message: 'must be a string; got 1' },
      { pointer: '/a', message: `must be one of ${'"x", '.repeat(200)}"y"; got "z"` },
    ]);
    const [, first, second] = error.message.split('\n');
    expect(first).toBe('- /level0/level1/level2/level3/level4/…/level54/level55/level56/level57/level58/level59/level60/level61/level62/level63: must be a string; got 1');
    expect(first!.indexOf(':') - 2).toBeLessThanOrEqual(argumentLimits.maxPointerLength);
    expect(second!.length - '- /a: '.length).toBeLessThanOrEqual(argumentLimits.maxMessageLength);
    expect(second!.length - '- /a: '.length).toBeGreaterThan(argumentLimits.maxMessageLength - 5);
    expect(second!.endsWith('…')).toBe(true);
  });

  it('gives Standard Schema the first 20 issues and one saying how many more', () => {
    const result = keysTool.parameters['~standard'].validate(manyKeys(100_000)) as { issues: { message: string; path?: readonly PropertyKey[] }[] };
    expect(result.issues).toHaveLength(21);
    expect(result.issues[0]).toEqual({ message: 'is not a parameter of this tool; remove it', path: ['extra0'] });
    expect(result.issues[20]).toEqual({ message: 'and 99,980 more issues' });
  });
});
