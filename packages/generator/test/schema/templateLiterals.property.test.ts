import fc from 'fast-check';
import { Project, ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { hostType, ts6TypeHost } from '../../src/backends/ts6/Ts6TypeHost.js';
import { ShapeBuilder } from '../../src/schema/derive/ShapeBuilder.js';
import { toJsonSchema } from '../../src/schema/toJsonSchema.js';

/*
 * A template literal type's pattern against TypeScript's own verdict (the checker's isTypeAssignableTo of the string's
 * literal type), on templates made of `${string}`, `${number}` and `${bigint}` between short texts, and strings near
 * their edges: the pattern never takes a string TypeScript refuses. Where every text is at most one character, it takes
 * every decimal string TypeScript takes (the documented narrowings aside: hexadecimal, exponents of 3 digits).
 */

const runs = Number(process.env['TOOLGEN_FUZZ_RUNS'] ?? 300);
const placeholders = ['string', 'number', 'bigint'] as const;
const texts = ['', '', '-', '.', 'a', 'ab', '<', '>', '1', 'e', 'x-', '--'];
const alphabet = ['-', '.', 'a', 'b', '1', '2', '0', 'e', '<', '>', 'x', '+'];
const pieces = ['', '1', '-1', '1.5', '1e5', '.5', '007', 'a', 'a-1', '-', '0', 'ab', '1-2', 'e'];

const template = fc
  .array(fc.constantFrom(...placeholders), { minLength: 1, maxLength: 3 })
  .chain((types) => fc.tuple(fc.constant(types), fc.array(fc.constantFrom(...texts), { minLength: types.length + 1, maxLength: types.length + 1 })));
const templates = fc.sample(template, { seed: 32, numRuns: 60 });
const sourceOf = ([types, parts]: (typeof templates)[number]): string =>
  `\`${parts.map((text, index) => text + (index < types.length ? `\${${types[index]}}` : '')).join('')}\``;

const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { strict: true, lib: ['lib.es2022.d.ts'] } });
const file = project.createSourceFile('/templates.ts', templates.map((entry, index) => `export type T${index} = ${sourceOf(entry)};`).join('\n'));
const program = project.getProgram().compilerObject;
const checker = program.getTypeChecker();

const cases = templates.map((entry, index) => {
  const type = file.getTypeAliasOrThrow(`T${index}`).getType().compilerType;
  const builder = new ShapeBuilder({ host: ts6TypeHost({ ts, program, checker }), purpose: 'input' });
  const schema = toJsonSchema(builder.document(builder.shapeOf(hostType(type), '', undefined)));
  const patterns = (schema['anyOf'] === undefined ? [schema] : (schema['anyOf'] as Record<string, unknown>[])).map((member) => member['pattern']);
  const [types, parts] = entry;
  return {
    source: sourceOf(entry),
    /** Whether the schema takes the string: TypeScript's own literals of the template print as a `const` or an `enum`. */
    takes: (text: string): boolean =>
      schema['const'] === text || (schema['enum'] as unknown[] | undefined)?.includes(text) === true ||
      patterns.some((pattern) => typeof pattern === 'string' && new RegExp(pattern, 'u').test(text)),
    typescript: (text: string): boolean => checker.isTypeAssignableTo(checker.getStringLiteralType(text), type),
    exact: parts.every((text) => text.length <= 1),
    near: fc.tuple(...types.map(() => fc.constantFrom(...pieces))).map((values) => parts.map((text, i) => text + (values[i] ?? '')).join('')),
  };
});

const narrowed = (text: string): boolean => /0[xXbBoO]|[eE][+-]?\d{3}/.test(text);

describe('template literal types, against TypeScript', () => {
  it.each(cases.map((entry) => [entry.source, entry] as const))('%s', (_source, entry) => {
    const strings = fc.oneof(entry.near, fc.array(fc.constantFrom(...alphabet), { maxLength: 8 }).map((chars) => chars.join('')));
    fc.assert(
      fc.property(strings, (text) => {
        const typescript = entry.typescript(text);
        if (entry.takes(text)) expect(typescript, `the pattern takes ${JSON.stringify(text)}, which TypeScript refuses`).toBe(true);
        else if (entry.exact && !narrowed(text)) expect(typescript, `the pattern refuses ${JSON.stringify(text)}, which TypeScript takes`).toBe(false);
      }),
      { numRuns: runs },
    );
  });
});
