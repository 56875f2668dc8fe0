import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { argumentLimits } from '@toolgen/runtime';
import { emitValidator, moduleHelpers } from '../../../src/emit/validator.js';
import type { ShapeDocument } from '../../../src/schema/shape.js';
import { toJsonSchema } from '../../../src/schema/toJsonSchema.js';
import { derive } from '../../schema/fixture.js';
import { compileValidator, loadPreamble, moduleSource, typeCheck } from './compileValidator.js';
import { documentOf, validatorFixtures } from './fixtures.js';
import { oracle } from './oracle.js';

// each row's samples (the exact issues, the values built, ajv's verdict) run in schema/everyMode.test.ts, with every other row
// of the table of constructs; these are the emitted code's own properties, over the validator rows' documents
describe('emitted code', () => {
  const documents = Object.fromEntries(validatorFixtures.map((fixture, index) => [`fixture${index}`, documentOf(fixture)]));

  it('type-checks under strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, verbatimModuleSyntax and isolatedModules', () => {
    const modules = Object.fromEntries(Object.entries(documents).map(([name, document]) => [name, moduleSource(emitValidator(document, name))]));
    const diagnostics = typeCheck(modules);
    expect(Object.entries(diagnostics).filter(([, list]) => list.length > 0)).toEqual([]);
  });

  it('copies whole declarations of the runtime helpers it copies: every helper, copied or imported, type-checks in a module', () => {
    const every = moduleHelpers();
    expect(every.declarations).toContain('function __toolgenIssue(');
    expect(every.importLine).toContain('__toolgenIsEmail');
    const names = [...every.declarations.matchAll(/^(?:const|function) (__toolgen\w+)/gm)].map((match) => match[1]!);
    const source = ["import { argumentLimits, type ArgumentIssue } from '@toolgen/runtime';", every.importLine, '', every.declarations, `export { ${names.join(', ')} };`, ''].join('\n');
    expect(typeCheck({ helpers: source })).toEqual({ helpers: [] });
  });

  // issue 31: a module's helpers follow from what the printers wrote through helper(), not from a scan of the text; the
  // scan is the oracle here: every helper the code names was recorded, and nothing else was
  it('records exactly the runtime helpers each validator’s code calls, shared object validators included', () => {
    const runtimeHelpers = new Set(Object.keys(loadPreamble()));
    const named = (code: string) => new Set([...code.matchAll(/\b__toolgen\w+/g)].map((match) => match[0]).filter((name) => runtimeHelpers.has(name)));
    const differ: string[] = [];
    for (const [name, document] of Object.entries(documents)) {
      for (const shareObjects of [false, true]) {
        const { emitted } = compileValidator(document, name, { shareObjects });
        const expected = named(`${emitted.code}\n${emitted.normalizeName}`);
        if (!isDeepStrictEqual([...emitted.helpers].sort(), [...expected].sort())) differ.push(`${name}${shareObjects ? ' (shared)' : ''}: recorded ${[...emitted.helpers].sort().join(', ')}; named ${[...expected].sort().join(', ')}`);
      }
    }
    expect(differ).toEqual([]);
    expect(Object.keys(documents).length).toBeGreaterThan(15);
  });

  it('declares no unused local in a tool’s own code', () => {
    const modules = Object.fromEntries(Object.entries(documents).map(([name, document]) => [name, moduleSource(emitValidator(document, name))]));
    const preambleLines = moduleSource({ code: '', validateName: 'a', normalizeName: 'b', helpers: new Set() }).split('\n').length - 2;
    const diagnostics = typeCheck(modules, { noUnusedLocals: true, noUnusedParameters: true });
    const inToolCode = Object.entries(diagnostics).flatMap(([name, list]) =>
      list.filter((line) => Number(line.split(':')[0]) > preambleLines).map((line) => `${name} ${line}`),
    );
    expect(inToolCode).toEqual([]);
  });

  it('is deterministic: the same document prints byte-identical code, also when derived again', () => {
    for (const fixture of validatorFixtures) {
      expect(emitValidator(documentOf(fixture), 'tool').code).toBe(emitValidator(documentOf(fixture), 'tool').code);
    }
    for (const fixture of validatorFixtures.filter((each) => each.source !== undefined).slice(0, 4)) {
      expect(emitValidator(derive(fixture.source!).document, 'tool').code).toBe(emitValidator(documentOf(fixture), 'tool').code);
    }
  });

  it('starts every declared name with the prefix', () => {
    for (const document of Object.values(documents)) {
      const { code } = emitValidator(document, 'myTool');
      const declared = [...code.matchAll(/^(?:function|const) ([A-Za-z0-9_$]+)/gm)].map((match) => match[1]!);
      expect(declared.filter((name) => !name.startsWith('myTool'))).toEqual([]);
    }
  });

  it('prints a small object with a nested array and an enum like this', async () => {
    const { document } = derive(`export interface Subject {
      /** @minLength 1 */
      query: string;
      status?: 'open' | 'closed';
      /** @maxItems 5 */
      tags: { name: string }[];
    }`);
    await expect(emitValidator(document, 'searchTickets').code).toMatchFileSnapshot('__snapshots__/searchTickets.txt');
  });

  it('rejects a prefix that is not an identifier, and a dangling reference', () => {
    const document: ShapeDocument = { root: { kind: 'object', properties: [], additionalProperties: false }, defs: {} };
    expect(() => emitValidator(document, 'search-tickets')).toThrow(/cannot prefix/);
    expect(() => emitValidator({ root: { kind: 'ref', name: 'Missing' }, defs: {} }, 'tool')).toThrow(/no def named "Missing"/);
  });
});

describe('built values', () => {
  it('never lets a __proto__ key change a prototype', () => {
    const fixture = validatorFixtures.find((each) => each.name === 'a declared __proto__ member')!;
    const { value, issues } = compileValidator(documentOf(fixture)).check(JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(issues).toEqual([]);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('keeps reserved map keys as own data properties, with every prototype untouched', () => {
    const { document } = derive('export interface Subject { counts: Record<string, number>; nested: Record<string, Record<string, number>> }');
    const input = JSON.parse('{"counts": {"__proto__": 1, "constructor": 2, "prototype": 3, "a": 4}, "nested": {"__proto__": {"__proto__": 5}}}') as unknown;
    const { value, issues } = compileValidator(document).check(input);
    expect(issues).toEqual([]);
    const counts = value['counts'] as Record<string, unknown>;
    expect(Object.getPrototypeOf(counts)).toBe(Object.prototype);
    expect(Object.keys(counts)).toEqual(['__proto__', 'constructor', 'prototype', 'a']);
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      expect(Object.getOwnPropertyDescriptor(counts, key)).toEqual({ value: counts[key], enumerable: true, writable: true, configurable: true });
    }
    const outer = Object.getOwnPropertyDescriptor(value['nested'], '__proto__')!.value as object;
    expect(Object.getPrototypeOf(outer)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(outer, '__proto__')?.value).toBe(5);
    expect(Object.getPrototypeOf(value['nested'])).toBe(Object.prototype);
  });

  it('copies every object and array, so the method cannot change the input', () => {
    const { document } = derive('export interface Subject { filter: { tags: string[]; any: unknown } }');
    const input = { filter: { tags: ['a'], any: { kept: true } } };
    const { value } = compileValidator(document).check(input);
    const filter = value['filter'] as { tags: unknown; any: unknown };
    expect(filter).not.toBe(input.filter);
    expect(filter.tags).not.toBe(input.filter.tags);
    expect(filter.any).toBe(input.filter.any);
  });

  it('appends its issues to those already in the list, and rebases pointers from defs only for its own', () => {
    const { document } = derive('interface TreeNode { value: string; children: TreeNode[] }\nexport interface Subject { tree: TreeNode }');
    const compiled = compileValidator(document);
    const issues = [{ pointer: '/earlier', message: 'kept as it was' }];
    compiled.validate({ tree: { value: 1, children: [] } }, issues);
    expect(issues).toEqual([
      { pointer: '/earlier', message: 'kept as it was' },
      { pointer: '/tree/value', message: 'must be a string; got 1', expected: 'string' },
    ]);
  });
});

describe('the nesting limit', () => {
  const { document } = derive(`type Json = number | Json[] | { [key: string]: Json };
    interface TreeNode { value: string; children?: TreeNode[] }
    export interface Subject { json?: Json; tree?: TreeNode; payload?: unknown }`);
  const compiled = compileValidator(document);
  const accepts = oracle(toJsonSchema(document));
  const tooDeep = { pointer: '', message: `must nest objects and arrays at most ${argumentLimits.maxDepth} levels deep; got deeper nesting` };
  /** `[[…[]…]]`, `levels` arrays deep. */
  const arrays = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);
  /** A chain of `nodes` tree nodes, the last with an empty `children`: 2 × nodes levels deep. */
  const chain = (nodes: number): unknown => JSON.parse(`${'{"value":"v","children":['.repeat(nodes - 1)}{"value":"v","children":[]}${']}'.repeat(nodes - 1)}`);

  it('accepts objects and arrays 64 levels deep, the arguments object being the first', () => {
    for (const input of [{ json: arrays(63) }, { tree: chain(31) }]) {
      expect(compiled.check(input).issues).toEqual([]);
      expect(accepts(input)).toBe(true);
    }
  });

  it('refuses one level more with that one issue, saying the limit', () => {
    for (const input of [{ json: arrays(64) }, { tree: chain(32) }, { json: JSON.parse(`${'{"a":'.repeat(64)}1${'}'.repeat(64)}`) }]) {
      expect(accepts(input)).toBe(true);
      expect(compiled.check(input).issues).toEqual([tooDeep]);
    }
  });

  it('stops at the limit, however deep the value: 10,000 levels and a cycle are one issue, at once, with no stack overflow', () => {
    const started = performance.now();
    expect(compiled.check({ json: arrays(10_000) }).issues).toEqual([tooDeep]);
    expect(compiled.check({ tree: chain(10_000) }).issues).toEqual([tooDeep]);
    const cyclic: { value: string; children: unknown[] } = { value: 'v', children: [] };
    cyclic.children.push(cyclic, cyclic, cyclic);
    expect(compiled.check({ tree: cyclic }).issues).toEqual([tooDeep]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('drops the issues found on the way, and keeps those already in the list', () => {
    const issues = [{ pointer: '/earlier', message: 'kept as it was' }];
    compiled.validate({ json: [[{ a: 'x' }], arrays(100)], tree: { value: 1 }, extra: true }, issues);
    expect(issues).toEqual([{ pointer: '/earlier', message: 'kept as it was' }, tooDeep]);
  });

  it('does not walk what an unknown parameter holds, so does not limit it', () => {
    const payload = arrays(1_000);
    const { value, issues } = compiled.check({ payload });
    expect(issues).toEqual([]);
    expect(value['payload']).toBe(payload);
  });

  it('counts depth only in the functions of recursive types: a tool without them prints no depth', () => {
    const flat = derive('export interface Subject { filter: { tags: string[]; owner: { name: string } } }').document;
    expect(emitValidator(flat, 'flat').code).not.toMatch(/depth|__toolgenTooDeep/);
    const code = emitValidator(document, 'deep').code;
    expect(code).toContain('function deepValidateDef_Json(input: unknown, issues: ArgumentIssue[], depth: number): unknown');
    expect(code).toContain(`if (depth > ${argumentLimits.maxDepth - 1})`);
  });
});

describe('URL parameters', () => {
  // what a `{ link: URL; links?: URL[] }` parameter derives to (the fixture project has no DOM lib)
  const document: ShapeDocument = {
    root: {
      kind: 'object',
      properties: [
        { name: 'link', shape: { kind: 'url' }, optional: false },
        { name: 'links', shape: { kind: 'array', items: { kind: 'url' } }, optional: true },
      ],
      additionalProperties: false,
    },
    defs: {},
  };
  const compiled = compileValidator(document);

  it('builds a URL from an absolute URI the WHATWG parser takes', () => {
    const { value, issues } = compiled.check({ link: 'https://example.com/a?b#c', links: ['mailto:ada@example.com'] });
    expect(issues).toEqual([]);
    expect(value['link']).toEqual(new URL('https://example.com/a?b#c'));
    expect((value['links'] as unknown[])[0]).toBeInstanceOf(URL);
  });

  it('refuses what RFC 3986 refuses, which the WHATWG parser would have repaired', () => {
    const message = (got: string) => `must be an absolute URI such as "https://example.com/page"; got ${JSON.stringify(got)}`;
    for (const link of [' https://example.com', 'https://exa\tmple.com', 'https://example.com/a b', 'https://example.com/%zz']) {
      expect(compiled.check({ link }).issues).toEqual([{ pointer: '/link', message: message(link) }]);
    }
  });

  it('refuses an RFC 3986 URI no URL can be built from, rather than throwing', () => {
    for (const link of ['http://', 'http://example.com:99999/', 'http://[v1.x]/', 'http://300.1.1.1/']) {
      expect(() => compiled.check({ link })).not.toThrow();
      expect(compiled.check({ link }).issues).toEqual([{ pointer: '/link', message: `must be an absolute URI such as "https://example.com/page"; got ${JSON.stringify(link)}` }]);
    }
  });
});

describe('a flood of issues', () => {
  const { document } = derive(`type Json = number | Json[] | { [key: string]: Json };
    export interface Subject { json?: Json; counts?: Record<string, number> }`);
  const compiled = compileValidator(document);

  it(`describes the first ${argumentLimits.maxRecordedIssues} issues and counts the rest with one shared issue`, () => {
    const counts = Object.fromEntries(Array.from({ length: 5_000 }, (_, index) => [`k${index}`, 'x']));
    const { issues } = compiled.check({ counts, extra: 1 });
    expect(issues).toHaveLength(5_001);
    expect(issues[0]).toEqual({ pointer: '/counts/k0', message: 'must be a number; got "x"', expected: 'number' });
    expect(issues[argumentLimits.maxRecordedIssues - 1]!.pointer).toBe(`/counts/k${argumentLimits.maxRecordedIssues - 1}`);
    const rest = new Set(issues.slice(argumentLimits.maxRecordedIssues));
    expect(rest.size).toBe(1);
    expect(Object.isFrozen([...rest][0])).toBe(true);
  });

  it('rebases only what it describes: 100,000 issues 60 levels down take no longer than a few of them', () => {
    let document: unknown = Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`k${index}`, 'x']));
    for (let level = 0; level < 60; level++) {
      document = { a: document };
    }
    const started = performance.now();
    const { issues } = compiled.check({ json: document });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(issues).toHaveLength(100_000);
    expect(issues[0]!.pointer).toBe(`/json${'/a'.repeat(60)}/k0`);
  });

  it('keeps the issues past the limit the one shared issue where a def rebases the rest, never copied or rebased', () => {
    const nested = { a: { b: Object.fromEntries(Array.from({ length: 3_000 }, (_, index) => [`k${index}`, 'x'])) } };
    const { issues } = compiled.check({ json: nested });
    expect(issues).toHaveLength(3_000);
    expect(issues[argumentLimits.maxRecordedIssues - 1]!.pointer).toBe(`/json/a/b/k${argumentLimits.maxRecordedIssues - 1}`);
    const rest = new Set(issues.slice(argumentLimits.maxRecordedIssues));
    expect(rest.size).toBe(1);
    expect([...rest][0]).toMatchObject({ pointer: '' });
    expect(Object.isFrozen([...rest][0])).toBe(true);
  });
});
