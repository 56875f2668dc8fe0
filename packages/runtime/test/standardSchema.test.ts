import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { defineTool, type JsonSchema } from '@toolgen/runtime';
import type { ArgumentValidator } from '@toolgen/runtime/generated';
import { checkKnown, checkObject, checkRequired, checkScalar, escapePointer, probeDefinition } from './invokeFixtures.js';

/** `{ title: string; due?: Date; labels?: Record<string, number>; steps?: [string, number] }` */
const taskSchema: JsonSchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    due: { type: 'string', format: 'date-time' },
    labels: { type: 'object', additionalProperties: { type: 'number' } },
    steps: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false },
  },
  required: ['title'],
  additionalProperties: false,
};

const validateTask: ArgumentValidator = (input, issues) => {
  const args = input as Readonly<Record<string, unknown>>;
  const value: Record<string, unknown> = { ...args };
  checkKnown(args, '', ['title', 'due', 'labels', 'steps'], issues);
  if (checkRequired(args, '', 'title', issues)) checkScalar(args['title'], '/title', 'string', issues);
  if (Object.hasOwn(args, 'due') && checkScalar(args['due'], '/due', 'string', issues)) value['due'] = new Date(args['due'] as string);
  const labels = args['labels'];
  if (Object.hasOwn(args, 'labels') && checkObject(labels, '/labels', issues)) {
    for (const [key, label] of Object.entries(labels)) checkScalar(label, `/labels/${escapePointer(key)}`, 'number', issues);
  }
  const steps = args['steps'];
  if (Object.hasOwn(args, 'steps')) {
    if (!Array.isArray(steps) || steps.length !== 2) issues.push({ pointer: '/steps', message: 'must be an array of 2 items' });
    else {
      checkScalar(steps[0], '/steps/0', 'string', issues);
      checkScalar(steps[1], '/steps/1', 'number', issues);
    }
  }
  return value;
};

const taskTool = defineTool(probeDefinition({ parameters: taskSchema, validate: validateTask }));
const standard = taskTool.parameters['~standard'];

describe('parameters: Standard Schema', () => {
  it('identifies itself', () => {
    expect(standard.version).toBe(1);
    expect(standard.vendor).toBe('toolgen');
    expect(taskTool.parameters.jsonSchema).toBe(taskSchema);
  });

  it('validates to the arguments as the method receives them', async () => {
    expect(await standard.validate({ title: 'Call back', due: '2026-01-02T03:04:05Z' })).toEqual({
      value: { title: 'Call back', due: new Date('2026-01-02T03:04:05Z') },
    });
  });

  const failures: { name: string; value: unknown; issues: { message: string; path: PropertyKey[] }[] }[] = [
    { name: 'a non-object', value: 'Call back', issues: [{ message: "must be an object with the tool's arguments; got a string", path: [] }] },
    { name: 'a missing property, at the root', value: {}, issues: [{ message: 'must have the property "title"', path: [] }] },
    { name: 'a wrong type, by key', value: { title: 3 }, issues: [{ message: 'must be a string; got 3', path: ['title'] }] },
    {
      name: 'an array element, by index as a number',
      value: { title: 'a', steps: ['b', 'c'] },
      issues: [{ message: 'must be a number; got "c"', path: ['steps', 1] }],
    },
    {
      name: 'a key with escaped characters, unescaped',
      value: { title: 'a', labels: { 'a/b~c': 'x', '0': 'y' } },
      issues: [
        { message: 'must be a number; got "y"', path: ['labels', '0'] },
        { message: 'must be a number; got "x"', path: ['labels', 'a/b~c'] },
      ],
    },
    {
      name: 'every issue at once',
      value: { title: null, extra: 1 },
      issues: [
        { message: 'is not a parameter of this tool; remove it', path: ['extra'] },
        { message: 'must be a string; got null', path: ['title'] },
      ],
    },
  ];

  it.each(failures)('reports $name as issues with a path', async ({ value, issues }) => {
    expect(await standard.validate(value)).toEqual({ issues });
  });
});

describe('parameters: Standard JSON Schema', () => {
  it.each(['input', 'output'] as const)('gives the canonical schema for draft-2020-12 (%s), as a copy', (direction) => {
    const schema = standard.jsonSchema[direction]({ target: 'draft-2020-12' });
    expect(schema).toEqual(taskSchema);
    expect(schema).not.toBe(taskSchema);
    expect(new Ajv2020({ strict: true, validateFormats: false }).validateSchema(schema)).toBe(true);
  });

  const recursive: JsonSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { root: { $ref: '#/$defs/Node' }, pair: { type: 'array', prefixItems: [{ type: 'integer' }, { $ref: '#/$defs/Node' }], items: false } },
    required: ['root'],
    additionalProperties: false,
    $defs: {
      Node: {
        type: 'object',
        properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
        required: ['name'],
        additionalProperties: false,
      },
    },
  };

  it('converts $defs, $ref and prefixItems for draft-07', () => {
    const tool = defineTool(probeDefinition({ parameters: recursive }));
    expect(tool.parameters['~standard'].jsonSchema.input({ target: 'draft-07' })).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        root: { $ref: '#/definitions/Node' },
        pair: { type: 'array', items: [{ type: 'integer' }, { $ref: '#/definitions/Node' }], additionalItems: false },
      },
      required: ['root'],
      additionalProperties: false,
      definitions: {
        Node: {
          type: 'object',
          properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/definitions/Node' } } },
          required: ['name'],
          additionalProperties: false,
        },
      },
    });
  });

  const samples: unknown[] = [
    { root: { name: 'a' } },
    { root: { name: 'a', children: [{ name: 'b' }, { name: 'c', children: [] }] } },
    { root: { name: 'a' }, pair: [1, { name: 'b' }] },
    { root: { name: 'a' }, pair: [1, { name: 'b' }, 3] },
    { root: { name: 'a' }, pair: [1.5, { name: 'b' }] },
    { root: { name: 'a', children: [{}] } },
    { root: { name: 'a' }, extra: true },
    {},
  ];

  it('accepts exactly what the canonical schema accepts, for draft-07 (ajv as oracle)', () => {
    const tool = defineTool(probeDefinition({ parameters: recursive }));
    const draft07 = new Ajv({ strict: true, strictTuples: false }).compile(tool.parameters['~standard'].jsonSchema.input({ target: 'draft-07' }));
    const canonical = new Ajv2020({ strict: true, strictTuples: false }).compile(recursive);
    for (const sample of samples) expect([sample, draft07(sample)]).toEqual([sample, canonical(sample)]);
    expect(samples.map((sample) => canonical(sample))).toEqual([true, true, true, false, false, false, false, false]);
  });

  it('leaves data keywords alone when converting', () => {
    const tool = defineTool(probeDefinition({ parameters: { type: 'object', const: { $defs: 1, prefixItems: [] }, default: { items: [] } } }));
    expect(tool.parameters['~standard'].jsonSchema.output({ target: 'draft-07' })).toEqual({
      type: 'object',
      const: { $defs: 1, prefixItems: [] },
      default: { items: [] },
    });
  });

  it('throws a clear error for a target it does not support', () => {
    expect(() => standard.jsonSchema.input({ target: 'openapi-3.0' })).toThrow(
      'toolgen cannot convert a tool\'s JSON Schema to the target "openapi-3.0"; supported targets are "draft-2020-12", "draft-07".',
    );
  });

  it('throws a clear error for a keyword draft-07 cannot express', () => {
    const tool = defineTool(probeDefinition({ parameters: { type: 'object', properties: { a: { type: 'object', unevaluatedProperties: false } } } }));
    expect(() => tool.parameters['~standard'].jsonSchema.input({ target: 'draft-07' })).toThrow(
      'toolgen cannot convert the keyword "unevaluatedProperties" at "/properties/a/unevaluatedProperties" to JSON Schema draft-07.',
    );
  });
});
