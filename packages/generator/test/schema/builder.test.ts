import { Project, ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { hostType, ts6TypeHost } from '../../src/backends/ts6/Ts6TypeHost.js';
import { ShapeBuilder } from '../../src/schema/derive/ShapeBuilder.js';
import { applyDocumentation } from '../../src/schema/tsdoc/applyDocumentation.js';
import type { Shape, ShapeProblem } from '../../src/schema/shape.js';
import type { UnreadTag } from '../../src/schema/tsdoc/tags.js';
import { toJsonSchema } from '../../src/schema/toJsonSchema.js';
import { derive } from './fixture.js';

describe('determinism', () => {
  const source = `
    export type Priority = 'urgent' | 'high' | 'low';
    interface Tree<T> { value: T; children: Tree<T>[] }
    interface Page<T> { items: T[]; next: Page<T> | null }
    interface Ticket { id: number; priority: 'low' | 'high' | 'urgent'; tags: Tree<string> }
    export type Subject = { page: Page<Ticket>; trees: [Tree<number>, Tree<string[]>]; status: 'closed' | 'open' };
  `;

  it('prints byte-identical JSON from two fresh projects', () => {
    const first = JSON.stringify(derive(source).schema);
    const second = JSON.stringify(derive(source).schema);
    expect(second).toBe(first);
  });

  it('does not depend on what the checker resolved before', () => {
    const fresh = JSON.stringify(derive(source).schema);
    const warmed = JSON.stringify(derive(`export type Early = 'open' | 'closed' | 'low' | 'urgent';\n${source}`, 'input', { resolveFirst: ['Early', 'Priority'] }).schema);
    const cold = JSON.stringify(derive(`export type Early = 'open' | 'closed' | 'low' | 'urgent';\n${source}`).schema);
    expect(warmed).toBe(cold);
    expect(warmed).toBe(fresh);
    expect(fresh).toContain('"enum":["low","high","urgent"]');
    expect(fresh).toContain('"enum":["closed","open"]');
  });
});

describe('union and key order (unionOrder.ts)', () => {
  const ticket = 'interface Ticket { id: number; title: string; status: string }';
  const schemaOf = (source: string, resolveFirst: readonly string[] = []): string => JSON.stringify(derive(source, 'input', { resolveFirst }).schema);

  it('lists the keys of a written keyof T in the order T declares them', () => {
    expect(schemaOf(`${ticket}\nexport function subject(key: keyof Ticket): void { void key; }`)).toBe('{"type":"string","enum":["id","title","status"]}');
  });

  it('orders literals written nowhere it can see by value, whatever the checker met first', () => {
    const source = `${ticket}\nexport type Early = 'title' | 'status';\nexport type Subject = keyof Ticket;`;
    expect(schemaOf(source, ['Early'])).toBe('{"type":"string","enum":["id","status","title"]}');
    expect(schemaOf(source)).toBe('{"type":"string","enum":["id","status","title"]}');
  });

  it("keeps an aliased array's written element order", () => {
    expect(schemaOf("export type Early = 'a' | 'b';\nexport type Subject = ('b' | 'a')[];", ['Early'])).toBe('{"type":"array","items":{"type":"string","enum":["b","a"]}}');
  });

  it("puts a mapped type's members in written key order, else declaration order, else by name", () => {
    const written = schemaOf("export type Early = 'high' | 'low';\nexport function subject(levels: Record<'low' | 'high', number>): void { void levels; }", ['Early']);
    expect(written).toContain('"required":["low","high"]');
    const omitted = schemaOf(`${ticket}\nexport type Early = 'status' | 'title';\nexport type Subject = Omit<Ticket, 'id'>;`, ['Early']);
    expect(omitted).toContain('"required":["title","status"]');
    const computed = schemaOf("type Level = 'low' | 'high';\nexport type Subject = { [K in Level as `${K}Limit`]: number };");
    expect(computed).toContain('"required":["highLimit","lowLimit"]');
  });
});

describe('ShapeBuilder', () => {
  function builderFor(source: string) {
    const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { strict: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'] } });
    const file = project.createSourceFile('/fixture.ts', source);
    const program = project.getProgram().compilerObject;
    const builder = new ShapeBuilder({ host: ts6TypeHost({ ts, program, checker: program.getTypeChecker() }), purpose: 'input' });
    const typeOf = (name: string) => hostType(file.getInterfaceOrThrow(name).getType().compilerType);
    return { builder, typeOf };
  }

  it('puts in a document exactly the defs its root reaches, sorted by name', () => {
    const { builder, typeOf } = builderFor(`
      export interface Zebra { next: Zebra | null }
      export interface Apple { next: Apple | null; zebra: Zebra }
      export interface Plain { name: string }
    `);
    const apple = builder.shapeOf(typeOf('Apple'), '/apple');
    const plain = builder.shapeOf(typeOf('Plain'), '/plain');
    expect(Object.keys(builder.document(apple).defs)).toEqual(['Apple', 'Zebra']);
    expect(builder.document(plain).defs).toEqual({});
    const zebraOnly: Shape = { kind: 'object', properties: [{ name: 'z', shape: { kind: 'ref', name: 'Zebra' }, optional: false }], additionalProperties: false };
    expect(Object.keys(builder.document(zebraOnly).defs)).toEqual(['Zebra']);
  });

  it('shares one $defs scope across the shapes of one builder: a def is derived once', () => {
    const { builder, typeOf } = builderFor(`
      export interface Node { children: Node[] }
      export interface Holder { node: Node }
    `);
    expect(builder.shapeOf(typeOf('Node'), '/a')).toEqual({ kind: 'ref', name: 'Node' });
    expect(builder.shapeOf(typeOf('Holder'), '/b')).toEqual({
      kind: 'object',
      properties: [{ name: 'node', shape: { kind: 'ref', name: 'Node' }, optional: false }],
      additionalProperties: false,
    });
  });

  it('prefixes problem pointers with the pointer it was given, and keeps them across calls', () => {
    const { builder, typeOf } = builderFor('export interface Bad { big: bigint }');
    builder.shapeOf(typeOf('Bad'), '/first');
    builder.shapeOf(typeOf('Bad'), '/second');
    builder.shapeOf(typeOf('Bad'), '/first');
    expect(builder.problems.map((problem) => problem.pointer)).toEqual(['/first/big', '/second/big']);
  });
});

describe('applyDocumentation', () => {
  const number: Shape = { kind: 'number', integer: false };
  const nullableNumber: Shape = { kind: 'union', members: [number, { kind: 'null' }] };
  const string: Shape = { kind: 'string' };

  const rows: readonly {
    readonly name: string;
    readonly shape: Shape;
    readonly description?: string;
    readonly tags: readonly { name: string; text: string }[];
    readonly want: object;
    readonly problems?: readonly Pick<ShapeProblem, 'pointer' | 'typeText' | 'reason'>[];
    /** The tags toolgen does not read (TSH023). */
    readonly unread?: readonly string[];
  }[] = [
    {
      name: 'a description and no tags',
      shape: string,
      description: '  The title.  ',
      tags: [],
      want: { type: 'string', description: 'The title.' },
    },
    {
      name: 'an empty description is none',
      shape: string,
      description: ' ',
      tags: [],
      want: { type: 'string' },
    },
    {
      name: 'tags that are no schema tag are passed over, including inherited object keys',
      shape: string,
      tags: [
        { name: 'remarks', text: 'x' },
        { name: 'toString', text: 'x' },
        { name: 'param', text: 'x y' },
      ],
      want: { type: 'string' },
    },
    {
      name: 'numeric keywords go to the non-null branch, annotations to the whole',
      shape: nullableNumber,
      description: 'Retries.',
      tags: [
        { name: 'minimum', text: '0' },
        { name: 'maximum', text: '5' },
        { name: 'integer', text: '' },
        { name: 'default', text: 'null' },
      ],
      want: { anyOf: [{ type: 'integer', minimum: 0, maximum: 5 }, { type: 'null' }], description: 'Retries.', default: null },
    },
    {
      name: '@default and @example parse as JSON, else stay raw text',
      shape: string,
      tags: [
        { name: 'default', text: 'plain words' },
        { name: 'example', text: '"quoted"' },
        { name: 'example', text: 'raw' },
      ],
      want: { type: 'string', default: 'plain words', examples: ['quoted', 'raw'] },
    },
    {
      name: '@integer on an array of nullable numbers',
      shape: { kind: 'array', items: nullableNumber },
      tags: [{ name: 'integer', text: '' }],
      want: { type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
    },
    {
      name: 'a bad value is a problem and changes nothing',
      shape: number,
      tags: [
        { name: 'minimum', text: 'abc' },
        { name: 'maximum', text: '' },
      ],
      want: { type: 'number' },
      problems: [
        { pointer: '/limit', typeText: 'number', reason: '@minimum takes a number, but got "abc"' },
        { pointer: '/limit', typeText: 'number', reason: '@maximum takes a number, but got ""' },
      ],
    },
    {
      name: 'a keyword on a recursive reference does not fit',
      shape: { kind: 'ref', name: 'Tree' },
      tags: [{ name: 'minItems', text: '1' }],
      want: { $ref: '#/$defs/Tree' },
      problems: [{ pointer: '/limit', typeText: 'ref', reason: '@minItems does not apply to a recursive type' }],
    },
    {
      name: "other generators' schema tags change nothing and are collected, never ignored",
      shape: nullableNumber,
      tags: [
        { name: 'nullable', text: '' },
        { name: 'TJS-type', text: 'integer' },
        { name: 'type', text: 'int32' },
        { name: 'multipleOf', text: '5' },
        { name: 'defaultValue', text: '3' },
        { name: 'see', text: 'elsewhere' },
      ],
      want: { anyOf: [{ type: 'number' }, { type: 'null' }] },
      unread: ['nullable', 'TJS-type', 'type', 'multipleOf', 'defaultValue'],
    },
  ];

  it.each(rows)('$name', ({ shape, description, tags, want, problems: wanted = [], unread: wantedUnread = [] }) => {
    const problems: ShapeProblem[] = [];
    const unread: UnreadTag[] = [];
    const documented = applyDocumentation(shape, { description, tags, pointer: '/limit', problems, unread: { tags: unread, subject: 'the member "limit"' } });
    expect(unread.map((tag) => tag.tag)).toEqual(wantedUnread);
    expect(unread.every((tag) => tag.messageId === 'foreignTag' && tag.data['fix']!.length > 0 && tag.data['subject'] === 'the member "limit"')).toBe(true);
    expect(toJsonSchema({ root: documented, defs: {} })).toEqual(want);
    expect(problems.map(({ pointer, typeText, reason }) => ({ pointer, typeText, reason }))).toEqual(wanted);
    expect(problems.every((problem) => problem.fix.length > 0)).toBe(true);
  });
});
