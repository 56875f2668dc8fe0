import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { emitValidator } from '../../../src/emit/validator.js';
import type { ShapeDocument } from '../../../src/schema/shape.js';
import { toJsonSchema } from '../../../src/schema/toJsonSchema.js';
import { derive } from '../../schema/fixture.js';
import { compileValidator, moduleSource, typeCheck } from './compileValidator.js';
import { documentOf, validatorFixtures } from './fixtures.js';
import { oracle } from './oracle.js';

/** Whether a sample survives JSON (the validator demands finite numbers, which ajv does not check). */
function isJson({ input }: { readonly input: unknown }): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(input)), input);
}

describe.each(validatorFixtures)('$name', (fixture) => {
  const document = documentOf(fixture);
  const compiled = compileValidator(document);
  const accepts = oracle(toJsonSchema(document));

  it.each(fixture.valid)('accepts %j and builds a fresh value', ({ input, want }) => {
    const { value, issues } = compiled.check(input);
    expect(issues).toEqual([]);
    expect(value).toEqual(want ?? input);
    expect(value).not.toBe(input);
  });

  it.each(fixture.invalid)('rejects %j with exactly these issues', ({ input, issues }) => {
    expect(compiled.check(input).issues).toEqual(issues);
  });

  it.skipIf(fixture.noOracle !== undefined)('agrees with ajv on every JSON sample', () => {
    for (const { input } of fixture.valid.filter(isJson)) {
      expect(accepts(input), JSON.stringify(input)).toBe(true);
    }
    // Reserved map keys are the one thing the validator rejects beyond the schema.
    const rejectedBySchema = fixture.invalid.filter(({ input, issues }) => isJson({ input }) && !issues.every((issue) => issue.message.startsWith('is a reserved name')));
    for (const { input } of rejectedBySchema) {
      expect(accepts(input), JSON.stringify(input)).toBe(false);
    }
  });
});

describe('emitted code', () => {
  const documents = Object.fromEntries(validatorFixtures.map((fixture, index) => [`fixture${index}`, documentOf(fixture)]));

  it('type-checks under strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, verbatimModuleSyntax and isolatedModules', () => {
    const modules = Object.fromEntries(Object.entries(documents).map(([name, document]) => [name, moduleSource(emitValidator(document, name))]));
    const diagnostics = typeCheck(modules);
    expect(Object.entries(diagnostics).filter(([, list]) => list.length > 0)).toEqual([]);
  });

  it('declares no unused local in a tool’s own code', () => {
    const modules = Object.fromEntries(Object.entries(documents).map(([name, document]) => [name, moduleSource(emitValidator(document, name))]));
    const preambleLines = moduleSource({ code: '', validateName: 'a', normalizeName: 'b' }).split('\n').length - 2;
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

  it('drops reserved map keys from the value it builds', () => {
    const { document } = derive('export interface Subject { counts: Record<string, number> }');
    const { value } = compileValidator(document).check({ counts: JSON.parse('{"__proto__": 1, "a": 2}') });
    const counts = value['counts'] as object;
    expect(Object.getPrototypeOf(counts)).toBe(Object.prototype);
    expect(Object.keys(counts)).toEqual(['a']);
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
