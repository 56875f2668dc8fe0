import { describe, expect, it } from 'vitest';
import { defineTool, ToolArgumentError } from '@toolgen/runtime';
import { repairArguments, type ArgumentRepair } from '../src/repair/repairArguments.js';
import type { ArgumentValidator } from '@toolgen/runtime/generated';
import { checkKnown, checkObject, checkRequired, checkScalar, probeDefinition, recordingLogger, rejectionOf, repairRecorder } from './invokeFixtures.js';

/** `{ count: number; page?: integer; urgent?: boolean; note?: string; ids?: integer[]; nested?: { limit?: integer } }` */
const validateReport: ArgumentValidator = (input, issues) => {
  const args = input as Readonly<Record<string, unknown>>;
  checkKnown(args, '', ['count', 'page', 'urgent', 'note', 'ids', 'nested'], issues);
  if (checkRequired(args, '', 'count', issues)) checkScalar(args['count'], '/count', 'number', issues);
  if (Object.hasOwn(args, 'page')) checkScalar(args['page'], '/page', 'integer', issues);
  if (Object.hasOwn(args, 'urgent')) checkScalar(args['urgent'], '/urgent', 'boolean', issues);
  if (Object.hasOwn(args, 'note')) checkScalar(args['note'], '/note', 'string', issues);
  const ids = args['ids'];
  if (Object.hasOwn(args, 'ids')) {
    if (Array.isArray(ids)) ids.forEach((id, index) => checkScalar(id, `/ids/${index}`, 'integer', issues));
    else issues.push({ pointer: '/ids', message: `must be an array; got ${JSON.stringify(ids)}`, expected: 'array' });
  }
  const nested = args['nested'];
  if (Object.hasOwn(args, 'nested') && checkObject(nested, '/nested', issues)) {
    checkKnown(nested, '/nested', ['limit'], issues);
    if (Object.hasOwn(nested, 'limit')) checkScalar(nested['limit'], '/nested/limit', 'integer', issues);
  }
  return { ...args };
};

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

describe('repairArguments', () => {
  const repaired: { name: string; raw: unknown; value: unknown; repairs: ArgumentRepair[] }[] = [
    {
      name: 'arguments sent as a JSON string',
      raw: '{"count": 3}',
      value: { count: 3 },
      repairs: [{ pointer: '', kind: 'parsed-json-string', from: '{"count": 3}', to: { count: 3 } }],
    },
    {
      name: 'a JSON string inside a json code fence',
      raw: '```json\n{"count": 3}\n```',
      value: { count: 3 },
      repairs: [
        { pointer: '', kind: 'stripped-code-fence', from: '```json\n{"count": 3}\n```', to: '{"count": 3}' },
        { pointer: '', kind: 'parsed-json-string', from: '{"count": 3}', to: { count: 3 } },
      ],
    },
    {
      name: 'a JSON string inside a bare code fence, with blank space around',
      raw: '\n ```\n{"count": 3}\n``` \n',
      value: { count: 3 },
      repairs: [
        { pointer: '', kind: 'stripped-code-fence', from: '\n ```\n{"count": 3}\n``` \n', to: '{"count": 3}' },
        { pointer: '', kind: 'parsed-json-string', from: '{"count": 3}', to: { count: 3 } },
      ],
    },
    { name: '"10" for a number', raw: { count: '10' }, value: { count: 10 }, repairs: [{ pointer: '/count', kind: 'string-to-number', from: '10', to: 10 }] },
    { name: '" 10 " for a number', raw: { count: ' 10 ' }, value: { count: 10 }, repairs: [{ pointer: '/count', kind: 'string-to-number', from: ' 10 ', to: 10 }] },
    { name: '"-1.5" for a number', raw: { count: '-1.5' }, value: { count: -1.5 }, repairs: [{ pointer: '/count', kind: 'string-to-number', from: '-1.5', to: -1.5 }] },
    { name: '"1e3" for a number', raw: { count: '1e3' }, value: { count: 1000 }, repairs: [{ pointer: '/count', kind: 'string-to-number', from: '1e3', to: 1000 }] },
    { name: '"7" for an integer', raw: { count: 1, page: '7' }, value: { count: 1, page: 7 }, repairs: [{ pointer: '/page', kind: 'string-to-integer', from: '7', to: 7 }] },
    { name: '"TRUE" for a boolean', raw: { count: 1, urgent: 'TRUE' }, value: { count: 1, urgent: true }, repairs: [{ pointer: '/urgent', kind: 'string-to-boolean', from: 'TRUE', to: true }] },
    { name: '"false" for a boolean', raw: { count: 1, urgent: 'false' }, value: { count: 1, urgent: false }, repairs: [{ pointer: '/urgent', kind: 'string-to-boolean', from: 'false', to: false }] },
    {
      name: 'a nested value and an array element',
      raw: { count: 1, nested: { limit: '5' }, ids: [1, '2', 3] },
      value: { count: 1, nested: { limit: 5 }, ids: [1, 2, 3] },
      repairs: [
        { pointer: '/ids/1', kind: 'string-to-integer', from: '2', to: 2 },
        { pointer: '/nested/limit', kind: 'string-to-integer', from: '5', to: 5 },
      ],
    },
    {
      name: 'a JSON string whose values need repairs too',
      raw: '{"count": "3", "urgent": "true"}',
      value: { count: 3, urgent: true },
      repairs: [
        { pointer: '', kind: 'parsed-json-string', from: '{"count": "3", "urgent": "true"}', to: { count: '3', urgent: 'true' } },
        { pointer: '/count', kind: 'string-to-number', from: '3', to: 3 },
        { pointer: '/urgent', kind: 'string-to-boolean', from: 'true', to: true },
      ],
    },
  ];

  it.each(repaired)('repairs $name and reports it', ({ raw, value, repairs }) => {
    const result = repairArguments(deepFreeze(raw), validateReport);
    expect(result.value).toStrictEqual(value);
    expect(result.repairs).toStrictEqual(repairs);
  });

  const untouched: { name: string; raw: unknown }[] = [
    { name: 'valid arguments', raw: { count: 1, page: 2, urgent: true } },
    { name: '"" for a number', raw: { count: '' } },
    { name: '"0x10" for a number', raw: { count: '0x10' } },
    { name: '"NaN" for a number', raw: { count: 'NaN' } },
    { name: '"Infinity" for a number', raw: { count: 'Infinity' } },
    { name: '"1e999" for a number', raw: { count: '1e999' } },
    { name: '"1,5" for a number', raw: { count: '1,5' } },
    { name: '"007" for a number', raw: { count: '007' } },
    { name: '"1.5" for an integer', raw: { count: 1, page: '1.5' } },
    { name: 'an unsafe integer', raw: { count: 1, page: '12345678901234567890' } },
    { name: '"yes" for a boolean', raw: { count: 1, urgent: 'yes' } },
    { name: '"1" for a boolean', raw: { count: 1, urgent: '1' } },
    { name: 'a number for a string', raw: { count: 1, note: 5 } },
    { name: 'a number where an array belongs', raw: { count: 1, ids: 5 } },
    { name: 'a string where an object belongs', raw: { count: 1, nested: '{"limit": 1}' } },
    { name: 'a number sent as a boolean', raw: { count: true } },
    { name: 'an unknown property holding a numeric string', raw: { count: 1, extra: '10' } },
    { name: 'a string that is not JSON', raw: 'count=3' },
    { name: 'a JSON string of an array', raw: '[{"count": 3}]' },
    { name: 'a JSON string of a number', raw: '10' },
    { name: 'a code fence around something that is not JSON', raw: '```json\ncount: 3\n```' },
    { name: 'null', raw: null },
  ];

  it.each(untouched)('leaves $name alone', ({ raw }) => {
    const result = repairArguments(deepFreeze(raw), validateReport);
    expect(result.value).toBe(raw);
    expect(result.repairs).toEqual([]);
  });

  it('never mutates the raw arguments, and copies only what it repairs', () => {
    const raw = { count: '4', nested: { limit: '2' }, ids: [1], note: 'keep' };
    const before = structuredClone(raw);
    const { value } = repairArguments(raw, validateReport);
    expect(raw).toStrictEqual(before);
    expect(value).toStrictEqual({ count: 4, nested: { limit: 2 }, ids: [1], note: 'keep' });
    expect((value as typeof raw).ids).toBe(raw.ids);
  });

  it('keeps a __proto__ member a member when it copies', () => {
    const raw = JSON.parse('{"count": "4", "__proto__": {"polluted": true}}') as unknown;
    const { value } = repairArguments(raw, (input, issues) => {
      checkScalar((input as Record<string, unknown>)['count'], '/count', 'number', issues);
      return {};
    });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value as object, '__proto__')).toBe(true);
    expect((value as Record<string, unknown>)['count']).toBe(4);
  });
});

describe('invoke: the lenient step', () => {
  const tool = defineTool(probeDefinition({ qualifiedName: 'report__file_report', validate: validateReport, call: (args) => args }));

  it('is off by default: the model is told what to fix', async () => {
    const error = await rejectionOf(tool.invoke({ count: '10' }));
    expect(error).toBeInstanceOf(ToolArgumentError);
    expect((error as ToolArgumentError).issues).toEqual([{ pointer: '/count', message: 'must be a number; got "10"', expected: 'number' }]);
  });

  it('repairs, reports each repair to onRepair and logger.warn, then calls the tool', async () => {
    const raw = '```json\n{"count": "10", "urgent": "True"}\n```';
    const logger = recordingLogger();
    const { repairs, onRepair } = repairRecorder();
    expect(await tool.invoke(raw, { lenient: true, onRepair, logger })).toEqual({ count: 10, urgent: true });
    expect(repairs.map(({ pointer, kind }) => ({ pointer, kind }))).toEqual([
      { pointer: '', kind: 'stripped-code-fence' },
      { pointer: '', kind: 'parsed-json-string' },
      { pointer: '/count', kind: 'string-to-number' },
      { pointer: '/urgent', kind: 'string-to-boolean' },
    ]);
    expect(logger.warnings).toEqual([
      ['Tool report__file_report: repaired the arguments at "" (stripped-code-fence)', repairs[0]],
      ['Tool report__file_report: repaired the arguments at "" (parsed-json-string)', repairs[1]],
      ['Tool report__file_report: repaired the arguments at "/count" (string-to-number)', repairs[2]],
      ['Tool report__file_report: repaired the arguments at "/urgent" (string-to-boolean)', repairs[3]],
    ]);
    expect(logger.errors).toEqual([]);
  });

  it('hands the tool the repaired arguments object as its raw arguments', async () => {
    const echo = defineTool(probeDefinition({ validate: validateReport, call: (_args, injected) => injected.arguments }));
    expect(await echo.invoke('{"count": "2"}', { lenient: true })).toEqual({ count: 2 });
  });

  it('works with a logger that has no warn', async () => {
    expect(await tool.invoke({ count: '1' }, { lenient: true, logger: { error: () => {} } })).toEqual({ count: 1 });
  });

  it('still rejects what it cannot repair, with every issue', async () => {
    const { repairs, onRepair } = repairRecorder();
    const error = await rejectionOf(tool.invoke({ count: '3', page: 'two', note: 5 }, { lenient: true, onRepair }));
    expect((error as ToolArgumentError).issues).toEqual([
      { pointer: '/page', message: 'must be an integer; got "two"', expected: 'integer' },
      { pointer: '/note', message: 'must be a string; got 5', expected: 'string' },
    ]);
    expect(repairs).toEqual([{ pointer: '/count', kind: 'string-to-number', from: '3', to: 3 }]);
  });
});
